// The terrain checker: each rule of the edition's "terrain" data as a predicate (shared with the
// generator), and the findings that name the pieces and quote the rule.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "tabletop/terrain.hpp"

namespace gauntlet::tabletop {
namespace {

constexpr double kEps = 1e-9;

std::string inches(double v) {
  std::string s = fmt::format("{:.1f}", v);
  if (s.size() > 2 && s.ends_with(".0")) s.resize(s.size() - 2);
  return s + "\"";
}

// A distance that breaks `limit`, with the decimals it takes to show it below: 2.997" from a 3"
// rule reads "2.997"", never "3"" (which looks legal).
std::string inches_below(double v, double limit) {
  for (int decimals = 1; decimals < 4; ++decimals) {
    const double scale = std::pow(10.0, decimals);
    if (std::round(v * scale) / scale < limit)
      return decimals == 1 ? inches(v) : fmt::format("{:.{}f}\"", v, decimals);
  }
  return fmt::format("{:.4f}\"", v);
}

std::string name(const Piece& p) {
  return p.id + " (" + p.kind + ")";
}

bool ignored(const TerrainRules& rules, const Table& table, std::string_view key) {
  return table.rumble && std::find(rules.rumble_ignores.begin(), rules.rumble_ignores.end(), key) !=
                             rules.rumble_ignores.end();
}

bool restricted(const TerrainRules& rules, const Piece& p) {
  const TerrainKind* k = rules.find_kind(p.kind);
  return k && k->restricted;
}

using Findings = std::vector<Finding>;

void check_kinds_and_sizes(const Edition& e, const Placement& placement, Findings& out) {
  const TerrainRules& rules = e.terrain;
  for (const Piece& p : placement.pieces) {
    if (!rules.find_kind(p.kind))
      out.push_back({"kind",
                     true,
                     {p.id},
                     fmt::format("{} is not a terrain kind of {} ({})", name(p), e.id, rules.kind_keys())});
    double lo = std::min(p.shape.width, p.shape.depth), hi = std::max(p.shape.width, p.shape.depth);
    if (lo + kEps < rules.min_piece_inches || hi > rules.max_piece_inches + kEps)
      out.push_back({"piece-size",
                     false,
                     {p.id},
                     fmt::format("{} is {} x {}: {}", name(p), inches(p.shape.width), inches(p.shape.depth),
                                 rules.piece_size_rule)});
  }
  int n = static_cast<int>(placement.pieces.size());
  if (n < rules.min_pieces || n > rules.max_pieces)
    out.push_back({"pieces", false, {}, fmt::format("{} pieces on the table: {}", n, rules.pieces_rule)});
}

void check_single(const Edition& e, const Table& table, const Piece& p, Findings& out) {
  if (off_table(table, p)) {
    out.push_back({"table",
                   true,
                   {p.id},
                   fmt::format("{} is not entirely on the {} table", name(p), inches(table.inches))});
    return;
  }
  if (double gap = edge_breach(e, table, p); gap >= 0)
    out.push_back({"edge",
                   true,
                   {p.id},
                   fmt::format("{} is {} from a table edge: {}", name(p),
                               inches_below(gap, e.terrain.edge->inches), e.terrain.edge->rule)});
  if (in_deployment(e, table, p))
    out.push_back({"deployment",
                   true,
                   {p.id},
                   fmt::format("{} is in a deployment zone (within {} of a player's edge): {}", name(p),
                               inches(table.deployment), e.terrain.deployment->rule)});
}

void check_los_blocking(const Edition& e, const Placement& placement, Findings& out) {
  const TerrainRules& rules = e.terrain;
  if (!rules.min_los_blocking) return;
  int n = 0;
  for (const Piece& p : placement.pieces) {
    const TerrainKind* k = rules.find_kind(p.kind);
    n += k && k->los_blocking;
  }
  if (n < rules.min_los_blocking->count)
    out.push_back(
        {"los-blocking",
         true,
         {},
         fmt::format("{} LOS-blocking piece(s) on the table: {}", n, rules.min_los_blocking->rule)});
}

}  // namespace

Table table_of(const Edition& edition, bool rumble) {
  const TableSize& s = rumble && edition.table.rumble ? *edition.table.rumble : edition.table.standard;
  return {static_cast<double>(s.inches), static_cast<double>(s.deployment_inches),
          static_cast<double>(s.advance_deployment_inches), rumble && edition.table.rumble};
}

bool off_table(const Table& table, const Piece& piece) {
  return !inside(piece.shape, table.area());
}

double edge_breach(const Edition& e, const Table& table, const Piece& piece) {
  if (!e.terrain.edge || ignored(e.terrain, table, "edge")) return -1;
  Box b = bounds(piece.shape);
  double gap = std::min({b.x0, b.y0, table.inches - b.x1, table.inches - b.y1});
  return gap + kEps < e.terrain.edge->inches ? std::max(0.0, gap) : -1;
}

bool in_deployment(const Edition& e, const Table& table, const Piece& piece) {
  const TerrainRules& rules = e.terrain;
  if (!rules.deployment || ignored(rules, table, "deployment") || table.deployment <= 0) return false;
  if (rules.deployment_restricted_only && !restricted(rules, piece)) return false;
  Box b = bounds(piece.shape);
  // Touching the zone's boundary is not being within it.
  return b.y0 + kEps < table.deployment || b.y1 - kEps > table.inches - table.deployment;
}

const TerrainRule* broken_gap(const Edition& e, const Piece& a, const Piece& b, double d, const char** key) {
  const TerrainRules& rules = e.terrain;
  bool ra = restricted(rules, a), rb = restricted(rules, b);
  if (rules.restricted_gap && ra && rb && d + kEps < rules.restricted_gap->inches)
    return *key = "restricted-gap", &*rules.restricted_gap;
  if (rules.any_gap && d + kEps < rules.any_gap->inches) return *key = "gap", &*rules.any_gap;
  // SR2017 "Trenches, however, can be placed in contact with other trenches."
  const auto& touch = rules.may_touch_same;
  bool may_touch = a.kind == b.kind && std::find(touch.begin(), touch.end(), a.kind) != touch.end();
  if (rules.unrestricted_gap && (!ra || !rb) && !may_touch && d + kEps < rules.unrestricted_gap->inches)
    return *key = "unrestricted-gap", &*rules.unrestricted_gap;
  return nullptr;
}

bool piece_fits(const Edition& e, const Table& table, const std::vector<Piece>& placed,
                const Piece& candidate) {
  if (off_table(table, candidate) || edge_breach(e, table, candidate) >= 0 ||
      in_deployment(e, table, candidate))
    return false;
  const char* key = nullptr;
  const TerrainRules& r = e.terrain;
  double widest =
      std::max({r.restricted_gap ? r.restricted_gap->inches : 0.0, r.any_gap ? r.any_gap->inches : 0.0,
                r.unrestricted_gap ? r.unrestricted_gap->inches : 0.0});
  for (const Piece& p : placed) {
    if (box_gap(p.shape, candidate.shape) >= widest + kEps) continue;  // no gap rule reaches that far
    if (broken_gap(e, p, candidate, distance(p.shape, candidate.shape), &key)) return false;
  }
  return true;
}

std::vector<Finding> check_terrain(const Edition& edition, const Placement& placement) {
  std::vector<Finding> out;
  Table table = table_of(edition, placement.rumble);
  check_kinds_and_sizes(edition, placement, out);
  for (const Piece& p : placement.pieces) check_single(edition, table, p, out);
  const auto& ps = placement.pieces;
  for (std::size_t i = 0; i < ps.size(); ++i)
    for (std::size_t j = i + 1; j < ps.size(); ++j) {
      double d = distance(ps[i].shape, ps[j].shape);
      const char* key = nullptr;
      if (const TerrainRule* r = broken_gap(edition, ps[i], ps[j], d, &key))
        out.push_back({key,
                       true,
                       {ps[i].id, ps[j].id},
                       fmt::format("{} and {} are {} apart: {}", name(ps[i]), name(ps[j]),
                                   inches_below(d, r->inches), r->rule)});
    }
  check_los_blocking(edition, placement, out);
  std::stable_sort(out.begin(), out.end(),
                   [](const Finding& a, const Finding& b) { return a.error > b.error; });
  return out;
}

std::vector<std::string> pieces_at_fault(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  for (const Finding& f : findings) out.insert(out.end(), f.pieces.begin(), f.pieces.end());
  return out;
}

bool legal(const std::vector<Finding>& findings) {
  return std::none_of(findings.begin(), findings.end(), [](const Finding& f) { return f.error; });
}

}  // namespace gauntlet::tabletop
