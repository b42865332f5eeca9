#include "tabletop/svg.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/text.hpp"

namespace gauntlet::tabletop {
namespace {

constexpr double kScale = 12;   // pixels per inch
constexpr double kMargin = 36;  // room for the edge labels

double px(double inches) {
  return kMargin + inches * kScale;
}

void zones(const Edition& e, const Table& t, bool kill_box, std::string& out) {
  double w = t.inches * kScale;
  if (t.deployment > 0) {
    out += fmt::format(
        R"svg(<rect x="{}" y="{}" width="{}" height="{}" fill="#2b6cb0" fill-opacity="0.14"/>)svg", px(0),
        px(0), w, t.deployment * kScale);
    out += fmt::format(
        R"svg(<rect x="{}" y="{}" width="{}" height="{}" fill="#c53030" fill-opacity="0.14"/>)svg", px(0),
        px(t.inches - t.deployment), w, t.deployment * kScale);
  }
  for (auto [y, label] : {std::pair{t.advance_deployment, "P2 advance deployment"},
                          std::pair{t.inches - t.advance_deployment, "P1 advance deployment"}}) {
    out += fmt::format(
        R"svg(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#4a5568" stroke-dasharray="6 4"/>)svg", px(0),
        px(y), px(t.inches), px(y));
    out += fmt::format(R"svg(<text x="{}" y="{}" font-size="11" fill="#4a5568">{} ({}")</text>)svg", px(0.5),
                       px(y) - 3, label, t.advance_deployment);
  }
  if (t.deployment > 0)
    out += fmt::format(
        R"svg(<text x="{}" y="{}" font-size="11" fill="#2b6cb0">P2 deployment ({}")</text><text x="{}" y="{}" font-size="11" fill="#c53030">P1 deployment ({}")</text>)svg",
        px(0.5), px(t.deployment) - 3, t.deployment, px(0.5), px(t.inches) - 3, t.deployment);
  if (!kill_box) return;
  double k = e.table.kill_box.inches;
  std::string style = R"svg(stroke="#b7791f" stroke-width="2" stroke-dasharray="2 4" fill="none")svg";
  if (e.table.kill_box.from == "any-edge") {
    out += fmt::format(R"svg(<rect x="{}" y="{}" width="{}" height="{}" {}/>)svg", px(k), px(k),
                       (t.inches - 2 * k) * kScale, (t.inches - 2 * k) * kScale, style);
  } else {
    out += fmt::format(
        R"svg(<line x1="{}" y1="{}" x2="{}" y2="{}" {}/><line x1="{}" y1="{}" x2="{}" y2="{}" {}/>)svg",
        px(0), px(k), px(t.inches), px(k), style, px(0), px(t.inches - k), px(t.inches), px(t.inches - k),
        style);
  }
  out += fmt::format(
      R"svg(<text x="{}" y="{}" font-size="11" fill="#975a16" text-anchor="end">Kill Box {}" ({})</text>)svg",
      px(t.inches) - 4, px(t.inches - k) - 3, k,
      e.table.kill_box.from == "any-edge" ? "any edge" : "own edge");
}

void piece(const Edition& e, const Piece& p, bool flagged, std::string& out) {
  const TerrainKind* k = e.terrain.find_kind(p.kind);
  bool restricted = k && k->restricted, los = k && k->los_blocking;
  std::string fill = los ? "#2f855a" : (restricted ? "#744210" : "#a0aec0");
  std::string extra = flagged      ? R"svg( stroke="#e53e3e" stroke-width="3" stroke-dasharray="5 3")svg"
                      : restricted ? R"svg( stroke="#1a202c" stroke-width="2")svg"
                                   : R"svg( stroke="#2d3748")svg";
  const Shape& s = p.shape;
  if (s.kind == Shape::circle) {
    out +=
        fmt::format(R"svg(<circle cx="{:.1f}" cy="{:.1f}" r="{:.1f}" fill="{}" fill-opacity="0.75"{}/>)svg",
                    px(s.centre.x), px(s.centre.y), s.width / 2 * kScale, fill, extra);
  } else {
    out += fmt::format(
        R"svg(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}" fill-opacity="0.75"{} transform="rotate({} {:.1f} {:.1f})"/>)svg",
        px(s.centre.x - s.width / 2), px(s.centre.y - s.depth / 2), s.width * kScale, s.depth * kScale, fill,
        extra, s.rotation, px(s.centre.x), px(s.centre.y));
  }
  out += fmt::format(
      R"svg(<text x="{:.1f}" y="{:.1f}" font-size="11" text-anchor="middle" fill="#1a202c"><tspan font-weight="bold">{}</tspan><tspan x="{:.1f}" dy="12">{}</tspan></text>)svg",
      px(s.centre.x), px(s.centre.y) - 2, markup_escape(p.id), px(s.centre.x), markup_escape(p.kind));
}

}  // namespace

std::string table_svg(const Edition& e, const Picture& pic) {
  bool rumble = pic.placement ? pic.placement->rumble : pic.rumble;
  Table t = table_of(e, rumble);
  double size = t.inches * kScale + 2 * kMargin;
  double notes_height = 18.0 * static_cast<double>(pic.notes.size());
  // The notes are wrapped for a 48" table's width: a Rumble table's picture keeps that width.
  double width = pic.notes.empty() ? size : std::max(size, 48 * kScale + 2 * kMargin);
  std::string out = fmt::format(
      R"svg(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {0} {1}" width="{0}" height="{1}" font-family="sans-serif" role="img" aria-label="{2}">)svg",
      width, size + 20 + notes_height, markup_escape(pic.title.empty() ? "Table" : pic.title));
  out += fmt::format(R"svg(<title>{}</title>)svg", markup_escape(pic.title.empty() ? "Table" : pic.title));
  out += fmt::format(
      R"svg(<rect x="{0}" y="{0}" width="{1}" height="{1}" fill="#f7fafc" stroke="#1a202c" stroke-width="2"/>)svg",
      kMargin, t.inches * kScale);
  zones(e, t, pic.kill_box, out);
  out += fmt::format(
      R"svg(<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#2b6cb0">Player 2 edge</text>)svg",
      px(t.inches / 2), kMargin - 8);
  out += fmt::format(
      R"svg(<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#c53030">Player 1 edge</text>)svg",
      px(t.inches / 2), px(t.inches) + 16);
  out +=
      fmt::format(R"svg(<text x="{}" y="{}" font-size="12" text-anchor="middle">{}" x {}" table</text>)svg",
                  px(t.inches / 2), px(t.inches) + 34, t.inches, t.inches);
  if (pic.placement)
    for (const Piece& p : pic.placement->pieces)
      piece(e, p, std::find(pic.flagged.begin(), pic.flagged.end(), p.id) != pic.flagged.end(), out);
  if (!pic.title.empty())
    out += fmt::format(R"svg(<text x="{}" y="{}" font-size="14" font-weight="bold">{}</text>)svg", kMargin,
                       16, markup_escape(pic.title));
  for (std::size_t i = 0; i < pic.notes.size(); ++i)
    out += fmt::format(R"svg(<text x="{}" y="{}" font-size="12">{}</text>)svg", kMargin,
                       size + 24 + 18.0 * static_cast<double>(i), markup_escape(pic.notes[i]));
  out += "</svg>\n";
  return out;
}

}  // namespace gauntlet::tabletop
