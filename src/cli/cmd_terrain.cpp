// gauntlet terrain ... (place a table's terrain), gauntlet terrain check FILE, gauntlet scenario show.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "editions/edition.hpp"
#include "model/json_read.hpp"
#include "tabletop/generate.hpp"
#include "tabletop/json.hpp"
#include "tabletop/sheet.hpp"
#include "tabletop/svg.hpp"

namespace gauntlet::cli {
namespace {

using nlohmann::json;
namespace tt = tabletop;

json parse_json_file(const std::string& path, const std::string& field) {
  return unwrap(read_json_text(read_file(path, field), field));
}

void write_out(const std::string& text, const std::string& out, const std::string& field = "--out") {
  if (out.empty()) return fmt::print("{}", text);
  write_file(out, text, field);
}

std::string describe(const tt::Placement& p) {
  std::string s = fmt::format("{} terrain, {} method{}, table {}, seed {}\n", p.edition, p.method,
                              p.rumble ? " (Rumble)" : "", p.table_number, p.seed);
  for (const tt::Piece& piece : p.pieces) {
    const tt::Shape& sh = piece.shape;
    s += sh.kind == tt::Shape::circle
             ? fmt::format("  {:<4} {:<14} circle {}\" at ({:.1f}, {:.1f})\n", piece.id, piece.kind, sh.width,
                           sh.centre.x, sh.centre.y)
             : fmt::format("  {:<4} {:<14} {}\" x {}\" at ({:.1f}, {:.1f}) turned {}°\n", piece.id,
                           piece.kind, sh.width, sh.depth, sh.centre.x, sh.centre.y, sh.rotation);
  }
  return s;
}

struct PlaceFlags {
  std::string edition, method, scenario, inventory, out;
  std::uint64_t seed = 0;
  int tables = 1, first_table = 1;
  bool rumble = false, svg = false;
};

void place(const Options& o, const PlaceFlags& f) {
  const Edition& e = *unwrap(require_edition(f.edition, "--edition"));
  const Scenario* scenario =
      f.scenario.empty() ? nullptr : unwrap(require_scenario(e, f.scenario, "--scenario"));
  bool rumble = f.rumble || (scenario && scenario->rumble);
  tt::GenerateRequest req{f.method, rumble, f.seed, f.first_table, {}};
  if (!f.inventory.empty())
    req.inventory = unwrap(tt::inventory_from_json(parse_json_file(f.inventory, "--inventory")));
  if (f.tables < 1 || f.tables > 512) reject(Error{"--tables", "", "must be 1 to 512"});
  json all = json::array();
  std::string text;
  for (int t = 0; t < f.tables; ++t) {
    req.table = f.first_table + t;
    tt::Placement p = unwrap(tt::generate_terrain(e, req));
    if (f.svg) {
      text += scenario
                  ? tt::scenario_svg(e, *scenario, &p)
                  : tt::table_svg(e, {&p, rumble, false, fmt::format("Table {}", p.table_number), {}, {}});
    } else if (o.json) {
      all.push_back(tt::to_json(p));
    } else {
      text += describe(p);
    }
  }
  if (o.json && !f.svg) text = (f.tables == 1 ? all[0] : all).dump(2) + "\n";
  write_out(text, f.out);
}

void check(const Options& o, const std::string& file, const std::string& svg_out) {
  json j = parse_json_file(file, "file");
  tt::Placement p = unwrap(tt::placement_from_json(j));
  const Edition& e = *unwrap(require_edition(p.edition, "placement.edition"));
  auto findings = tt::check_terrain(e, p);
  if (!svg_out.empty()) {  // the table with every piece a finding names outlined in red
    write_out(tt::table_svg(e, {&p, p.rumble, false, "Checked table", {}, tt::pieces_at_fault(findings)}),
              svg_out, "--svg");
  }
  if (o.json) {
    fmt::print("{}\n", json{{"legal", tt::legal(findings)}, {"findings", tt::to_json(findings)}}.dump(2));
  } else {
    for (const tt::Finding& f : findings) fmt::print("{}: {}\n", f.error ? "refused" : "warning", f.text);
    fmt::print("{}\n", tt::legal(findings) ? "legal: every terrain rule of " + e.id + " is followed"
                                           : "not legal: fix the pieces named above");
  }
  if (!tt::legal(findings)) std::exit(2);
}

void show_scenario(const Options& o, const std::string& edition, const std::string& key, bool svg) {
  const Edition& e = *unwrap(require_edition(edition, "edition"));
  if (key.empty()) {  // the list to choose from
    if (o.json) {
      json list = json::array();
      for (const Scenario& x : e.scenarios)
        list.push_back({{"key", x.key}, {"name", x.name}, {"rumble", x.rumble}});
      return fmt::print("{}\n", list.dump(2));
    }
    for (const Scenario& x : e.scenarios)
      fmt::print("{:<24} {}{}\n", x.key, x.name, x.rumble ? " (Rumble)" : "");
    return;
  }
  const Scenario* s = unwrap(require_scenario(e, key, "scenario"));
  if (svg) return fmt::print("{}", tt::scenario_svg(e, *s, nullptr));
  if (o.json) {
    json j = {{"edition", e.id},       {"key", s->key},
              {"name", s->name},       {"kill_box", s->kill_box},
              {"rumble", s->rumble},   {"elements", s->elements},
              {"scoring", s->scoring}, {"tiebreak_area", s->tiebreak_area},
              {"notes", s->notes}};
    if (const ScenarioGroup* g = e.group_of(s->key)) j["group"] = g->name;
    return fmt::print("{}\n", j.dump(2));
  }
  fmt::print("{} - {}{}\n", e.id, s->name, s->rumble ? " (Rumble)" : "");
  for (const std::string& l : tt::scenario_sheet_lines(e, *s)) fmt::print("  {}\n", l);
}

}  // namespace

void add_scenario_commands(CLI::App& app, Options& o) {
  auto* scenario = app.add_subcommand("scenario", "Scenario sheets")->require_subcommand(1);
  auto* show = scenario->add_subcommand("show", "One scenario's sheet (text, --json or --svg)");
  struct Flags {
    std::string edition, key;
    bool svg = false;
  };
  auto f = std::make_shared<Flags>();
  show->add_option("edition", f->edition, "sr2013, sr2014, sr2017 or sr2023")->required();
  show->add_option("scenario", f->key, "Scenario key or name, e.g. the-pit-ii (none: list them)");
  show->add_flag("--svg", f->svg, "Print the diagram as SVG");
  show->callback([&o, f] { show_scenario(o, f->edition, f->key, f->svg); });
}

void add_terrain_commands(CLI::App& app, Options& o) {
  auto f = std::make_shared<PlaceFlags>();
  auto* terrain = app.add_subcommand("terrain", "Place legal terrain for a table (or check a placement)");
  terrain->add_option("--edition", f->edition, "sr2013, sr2014, sr2017 or sr2023");
  terrain->add_option("--method", f->method, "cluster, quadrant, scatter (SR2014/SR2013: random)");
  terrain->add_option("--scenario", f->scenario, "The round's scenario (draws its Kill Box)");
  terrain->add_option("--seed", f->seed, "The draw's seed (same seed, same table)");
  terrain->add_option("--inventory", f->inventory, "JSON file: [{kind, shape, width, depth, count}]");
  terrain->add_option("--tables", f->tables, "How many tables (numbered from --first-table)");
  terrain->add_option("--first-table", f->first_table, "Number of the first table");
  terrain->add_flag("--rumble", f->rumble, "A Rumble table (SR2017, 30\" x 30\")");
  terrain->add_flag("--svg", f->svg, "Print the picture instead");
  terrain->add_option("--out", f->out, "Write to this file");
  auto file = std::make_shared<std::pair<std::string, std::string>>();
  auto* chk = terrain->add_subcommand("check", "Check a placement file against its edition's terrain rules");
  chk->add_option("file", file->first, "Placement JSON (as `gauntlet terrain --json` prints)")->required();
  chk->add_option("--svg", file->second, "Also write the picture, the pieces at fault outlined in red");
  chk->callback([&o, file] { check(o, file->first, file->second); });
  terrain->callback([&o, f, chk] {
    if (chk->parsed()) return;
    if (f->edition.empty()) reject(Error{"--edition", "", "is required (sr2013, sr2014, sr2017 or sr2023)"});
    place(o, *f);
  });
}

}  // namespace gauntlet::cli
