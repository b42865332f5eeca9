#include "tabletop/json.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace gauntlet::tabletop {
namespace {

using nlohmann::json;

double round2(double v) {
  return std::round(v * 100) / 100;
}

Result<double> number(const json& o, const char* key, const std::string& at, bool positive) {
  auto it = o.find(key);
  if (it == o.end() || !it->is_number() || !std::isfinite(it->get<double>()) ||
      (positive && it->get<double>() <= 0))
    return fail(at + "." + key, "", positive ? "must be a number of inches above 0" : "must be a number");
  return it->get<double>();
}

Result<std::string> text(const json& o, const char* key, const std::string& at) {
  auto it = o.find(key);
  if (it == o.end() || !it->is_string() || it->get_ref<const std::string&>().empty())
    return fail(at + "." + key, "", "must be a non-empty string");
  return it->get<std::string>();
}

Result<Shape::Kind> shape_kind(const json& o, const std::string& at) {
  auto it = o.find("shape");
  if (it == o.end()) return Shape::rect;
  if (*it == "rect") return Shape::rect;
  if (*it == "circle") return Shape::circle;
  return fail(at + ".shape", "", "must be rect or circle");
}

Result<Piece> piece_from_json(const json& j, const std::string& at) {
  if (!j.is_object()) return fail(at, "", "must be an object");
  Piece p;
  GAUNTLET_TRY(p.id, text(j, "id", at));
  GAUNTLET_TRY(p.kind, text(j, "kind", at));
  GAUNTLET_TRY(p.shape.kind, shape_kind(j, at));
  GAUNTLET_TRY(p.shape.centre.x, number(j, "x", at, false));
  GAUNTLET_TRY(p.shape.centre.y, number(j, "y", at, false));
  GAUNTLET_TRY(p.shape.width, number(j, "width", at, true));
  if (p.shape.kind == Shape::circle) {
    p.shape.depth = p.shape.width;
  } else {
    GAUNTLET_TRY(p.shape.depth, number(j, "depth", at, true));
    if (j.contains("rotation")) {
      GAUNTLET_TRY(p.shape.rotation, number(j, "rotation", at, false));
    }
  }
  return p;
}

}  // namespace

Shape as_written(const Shape& s) {
  Shape out = s;
  out.centre = {round2(s.centre.x), round2(s.centre.y)};
  out.width = round2(s.width);
  out.depth = s.kind == Shape::circle ? out.width : round2(s.depth);
  out.rotation = s.kind == Shape::rect ? round2(s.rotation) : 0;
  return out;
}

json to_json(const Placement& p) {
  json pieces = json::array();
  for (const Piece& piece : p.pieces) {
    const Shape& s = piece.shape;
    json j = {{"id", piece.id},
              {"kind", piece.kind},
              {"shape", s.kind == Shape::rect ? "rect" : "circle"},
              {"x", round2(s.centre.x)},
              {"y", round2(s.centre.y)},
              {"width", round2(s.width)}};
    if (s.kind == Shape::rect) j["depth"] = round2(s.depth), j["rotation"] = round2(s.rotation);
    pieces.push_back(std::move(j));
  }
  json out = {{"edition", p.edition},
              {"method", p.method},
              {"rumble", p.rumble},
              {"seed", std::to_string(p.seed)},
              {"pieces", std::move(pieces)}};
  if (p.table_number > 0) out["table"] = p.table_number;
  return out;
}

json to_json(const std::vector<Finding>& findings) {
  json out = json::array();
  for (const Finding& f : findings)
    out.push_back({{"rule", f.rule}, {"error", f.error}, {"pieces", f.pieces}, {"text", f.text}});
  return out;
}

Result<Placement> placement_from_json(const json& j) {
  if (!j.is_object()) return fail("(file)", "", "must be a JSON object with edition and pieces");
  Placement p;
  GAUNTLET_TRY(p.edition, text(j, "edition", "placement"));
  if (auto m = j.find("method"); m != j.end() && m->is_string())
    p.method = m->get<std::string>();
  else
    p.method = "manual";
  if (auto r = j.find("rumble"); r != j.end()) {
    if (!r->is_boolean()) return fail("placement.rumble", "", "must be true or false");
    p.rumble = r->get<bool>();
  }
  if (auto sd = j.find("seed"); sd != j.end()) {
    auto seed = sd->is_string() ? seed_from_digits(sd->get_ref<const std::string&>()) : std::nullopt;
    if (!seed) return fail("placement.seed", "", "must be a string of digits (a 64-bit draw seed)");
    p.seed = *seed;
  }
  if (auto t = j.find("table"); t != j.end()) {
    if (!t->is_number_integer() || t->get<int>() < 1)
      return fail("placement.table", "", "must be a table number from 1");
    p.table_number = t->get<int>();
  }
  auto pieces = j.find("pieces");
  if (pieces == j.end() || !pieces->is_array())
    return fail("placement.pieces", "", "must be an array of pieces");
  if (pieces->size() > kMaxPieces)
    return fail("placement.pieces", "",
                "holds " + std::to_string(pieces->size()) + " pieces; a table holds at most " +
                    std::to_string(kMaxPieces));
  for (std::size_t i = 0; i < pieces->size(); ++i) {
    GAUNTLET_TRY(Piece piece, piece_from_json((*pieces)[i], fmt::format("pieces[{}]", i)));
    for (const Piece& other : p.pieces)
      if (other.id == piece.id)
        return fail(fmt::format("pieces[{}].id", i), "", "duplicate id '" + piece.id + "'");
    p.pieces.push_back(std::move(piece));
  }
  return p;
}

std::optional<std::uint64_t> seed_from_digits(std::string_view digits) {
  std::uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || ec != std::errc{} || ptr != digits.data() + digits.size()) return std::nullopt;
  return v;
}

Result<std::vector<InventoryItem>> inventory_from_json(const json& j) {
  const json& list = j.is_object() && j.contains("inventory") ? j.at("inventory") : j;
  if (!list.is_array())
    return fail("inventory", "", "must be an array of {kind, shape, width, depth, count}");
  if (list.size() > kMaxPieces)
    return fail(
        "inventory", "",
        "lists " + std::to_string(list.size()) + " kinds of piece; at most " + std::to_string(kMaxPieces));
  std::vector<InventoryItem> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string at = fmt::format("inventory[{}]", i);
    const json& o = list[i];
    if (!o.is_object()) return fail(at, "", "must be an object");
    InventoryItem item;
    GAUNTLET_TRY(item.kind, text(o, "kind", at));
    GAUNTLET_TRY(item.shape, shape_kind(o, at));
    GAUNTLET_TRY(item.width, number(o, "width", at, true));
    if (item.shape == Shape::circle) {
      item.depth = item.width;
    } else {
      GAUNTLET_TRY(item.depth, number(o, "depth", at, true));
    }
    if (auto c = o.find("count"); c != o.end()) {
      if (!c->is_number_integer()) return fail(at + ".count", "", "must be a whole number");
      item.count = c->get<int>();
    }
    out.push_back(std::move(item));
  }
  return out;
}

}  // namespace gauntlet::tabletop
