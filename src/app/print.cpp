// The EO's printouts as documents: pairings (by table, and by name for the wall), table slips,
// standings, PIN slips and the final results. Record sheets are in print_sheets.cpp.
#include "app/print.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "app/print_parts.hpp"
#include "core/text.hpp"
#include "model/records.hpp"
#include "model/rounds.hpp"
#include "standings/render.hpp"
#include "standings/standings.hpp"
#include "tabletop/sheet.hpp"

namespace gauntlet::app {
namespace {

using paper::Column;

constexpr std::pair<PrintKind, const char*> kKinds[] = {
    {PrintKind::pairings, "pairings"},
    {PrintKind::wall, "wall"},
    {PrintKind::table_slips, "table-slips"},
    {PrintKind::standings, "standings"},
    {PrintKind::record_sheets, "record-sheets"},
    {PrintKind::pin_slips, "pin-slips"},
    {PrintKind::results, "results"},
    {PrintKind::scenario_sheet, "scenario-sheet"},
};

std::string faction_of(const EventState& s, const PlayerId& id) {
  const Player* p = s.find_player(id);
  return p ? p->faction : "";
}

// The left player's result: "W · CP 3-1 · AP 25-40 · scenario"; "" while the table has none.
std::string result_text(const EventState& s, const Table& t) {
  if (!t.results) return "";
  const auto& r = *t.results;
  return fmt::format("{} · CP {}-{} · AP {}-{}{}", result_word(s, r[0].outcome), r[0].cp, r[1].cp, r[0].ap,
                     r[1].ap, t.ending ? std::string(" · ") + to_string(*t.ending) : "");
}

paper::Document pairings(const EventState& s, const Round& r) {
  paper::Document d = document(s, fmt::format("Pairings - round {}", r.number), scenario_line(s, r));
  std::vector<std::vector<std::string>> rows;
  for (const Table& t : r.tables)
    rows.push_back({std::to_string(t.number), name_of(s, t.players[0]), faction_of(s, t.players[0]),
                    name_of(s, t.players[1]), faction_of(s, t.players[1]), result_text(s, t)});
  if (r.bye) rows.push_back({"bye", name_of(s, *r.bye), faction_of(s, *r.bye), "", "", "bye"});
  d.blocks.push_back(paper::table({{"Table", 0.85, true},
                                   {"Player", 2.0},
                                   {"Faction", 1.9},
                                   {"Opponent", 2.1},
                                   {"Faction", 1.9},
                                   {"Result (player)", 2.6}},
                                  std::move(rows)));
  return d;
}

// The wall list: every player once, by name, with their table (SR2017 "Pairings": players find
// their own name, not their table).
paper::Document wall(const EventState& s, const Round& r) {
  paper::Document d = document(s, fmt::format("Round {}: find your table", r.number), scenario_line(s, r));
  std::vector<std::vector<std::string>> rows;
  for (const Table& t : r.tables)
    for (int side : {0, 1})
      rows.push_back(
          {name_of(s, t.players[side]), std::to_string(t.number), name_of(s, t.players[1 - side])});
  if (r.bye) rows.push_back({name_of(s, *r.bye), "bye", ""});
  std::sort(rows.begin(), rows.end(),
            [](const auto& a, const auto& b) { return name_key(a[0]) < name_key(b[0]); });
  d.blocks.push_back(paper::table({{"Player", 3}, {"Table", 1, true}, {"Opponent", 3}}, std::move(rows)));
  return d;
}

paper::Document table_slips(const EventState& s, const Round& r) {
  paper::Document d = document(s, fmt::format("Table slips - round {}", r.number), scenario_line(s, r));
  std::vector<paper::Slip> slips;
  for (const Table& t : r.tables)
    slips.push_back(
        {fmt::format("Round {} · Table {}", r.number, t.number),
         std::to_string(t.number),
         {fmt::format("{} ({})", name_of(s, t.players[0]), faction_of(s, t.players[0])), "vs",
          fmt::format("{} ({})", name_of(s, t.players[1]), faction_of(s, t.players[1])), scenario_line(s, r),
          "Winner: ______________________________",
          "Circle: scenario · assassination · clock · tiebreaker · concession",
          "CP ____ : ____     AP ____ : ____", "Signatures: ________________  ________________"}});
  d.blocks.push_back(paper::slips(std::move(slips)));
  return d;
}

std::vector<std::vector<std::string>> standing_rows(const Standings& st, std::vector<Column>& columns) {
  columns = {{"#", 0.5, true}, {"Player", 2.6}, {"Faction", 1.8}, {"W-L-T", 0.9, true}};
  for (const std::string& k : st.criteria) columns.push_back({criterion_header(k), 0.7, true});
  columns.push_back({"Notes", 1.6});
  std::vector<std::vector<std::string>> rows;
  for (const StandingRow& row : st.rows) {
    std::vector<std::string> line{std::to_string(row.rank), row.name, row.faction,
                                  fmt::format("{}-{}-{}", row.wins, row.losses, row.ties)};
    for (const std::string& k : st.criteria) line.push_back(criterion_cell(row, k));
    line.push_back(standing_notes(row));
    rows.push_back(std::move(line));
  }
  return rows;
}

void add_standings(paper::Document& d, const Standings& st) {
  std::vector<Column> columns;
  auto rows = standing_rows(st, columns);
  d.blocks.push_back(paper::table(std::move(columns), std::move(rows)));
  if (!st.rule.empty()) d.blocks.push_back(paper::text(st.rule));
}

paper::Document standings(const EventState& s) {
  const Standings st = compute_standings(s);
  paper::Document d = document(
      s, st.finished ? "Final standings" : fmt::format("Standings after round {}", st.rounds_counted), "");
  add_standings(d, st);
  return d;
}

Result<paper::Document> pin_slips(const EventState& s, const PrintRequest& req) {
  if (req.pins.empty())
    return fail(ErrorKind::precondition, "pins", "",
                "no PINs to print: the server makes them (EO console, PINs)");
  paper::Document d = document(s, "PIN slips", "");
  std::vector<paper::Slip> slips;
  std::vector<const Player*> players;
  for (const Player& p : s.players)
    if (req.pins.count(p.id)) players.push_back(&p);
  std::sort(players.begin(), players.end(),
            [](auto* a, auto* b) { return name_key(a->name) < name_key(b->name); });
  for (const Player* p : players) {
    paper::Slip slip{fmt::format("{} ({})", p->name, p->id),
                     req.pins.at(p->id),
                     {"Your PIN: report results and see your games on your phone."}};
    if (!req.join_url.empty()) slip.lines.push_back(req.join_url + "&player=" + p->id);
    slips.push_back(std::move(slip));
  }
  d.blocks.push_back(paper::slips(std::move(slips)));
  return d;
}

// The end of the event: the podium, the full standings and every player's games.
paper::Document results(const EventState& s) {
  const Standings st = compute_standings(s);
  paper::Document d = document(s, st.finished ? "Final results" : "Results so far", "");
  d.blocks.push_back(paper::heading("Podium"));
  std::vector<std::vector<std::string>> podium;
  for (const StandingRow& row : st.rows)
    if (podium.size() < 3 && !row.disqualified)
      podium.push_back({std::to_string(row.rank), row.name, row.faction,
                        fmt::format("{}-{}-{}", row.wins, row.losses, row.ties)});
  d.blocks.push_back(paper::table({{"Place", 0.6, true}, {"Player", 3}, {"Faction", 2}, {"W-L-T", 1, true}},
                                  std::move(podium)));
  // Only announced awards: this sheet goes on the wall (SR2017 "Prizes": "The EO [...] announces the
  // winner(s)").
  std::vector<std::vector<std::string>> awards;
  for (const Award& a : s.awards)
    if (a.revealed)
      for (const PlayerId& w : a.winners) awards.push_back({a.name, a.category, name_of(s, w)});
  if (!awards.empty()) {
    d.blocks.push_back(paper::heading("Awards"));
    d.blocks.push_back(paper::table({{"Award", 2.4}, {"Category", 2}, {"Winner", 2.4}}, std::move(awards)));
  }
  d.blocks.push_back(paper::heading("Standings"));
  add_standings(d, st);
  d.blocks.push_back(paper::heading("Games"));
  std::vector<std::vector<std::string>> games;
  const auto records = records_by_player(s);
  for (const StandingRow& row : st.rows)
    if (auto rec = records.find(row.id); rec != records.end())
      for (const GameRecord& g : rec->second.history) {
        if (!g.bye() && !g.ending) continue;  // paired, no result yet: nothing to print
        games.push_back({row.name, std::to_string(g.round), g.bye() ? "bye" : name_of(s, g.opponent),
                         result_word(s, g.result.outcome), std::to_string(g.result.cp),
                         std::to_string(g.result.ap)});
      }
  d.blocks.push_back(paper::table({{"Player", 2.4},
                                   {"Round", 0.7, true},
                                   {"Opponent", 2.4},
                                   {"Result", 0.9},
                                   {"CP", 0.6, true},
                                   {"AP", 0.6, true}},
                                  std::move(games)));
  return d;
}

// The round's scenario as its sheet (tabletop/sheet.hpp), the words and the picture, one page: one
// per table, or one to pin up (SR2017: "Players should also bring a copy of the scenario reference").
Result<paper::Document> scenario_sheet(const EventState& s, const Round& r) {
  const Edition& e = edition_of(s);
  const Scenario* sc = r.scenario.empty() ? nullptr : e.find_scenario(r.scenario);
  if (!sc)
    return fail(ErrorKind::precondition, "round", "scenario",
                "round " + std::to_string(r.number) + " has no scenario announced yet");
  paper::Document d = document(s, fmt::format("Round {} - {}", r.number, sc->name), "");
  d.blocks.push_back(paper::picture(tabletop::scenario_svg(e, *sc, nullptr)));
  return d;
}

}  // namespace

std::optional<PrintKind> parse_print_kind(std::string_view s) {
  for (const auto& [kind, name] : kKinds)
    if (s == name) return kind;
  if (s == "slips") return PrintKind::table_slips;
  if (s == "sheets" || s == "record-sheet") return PrintKind::record_sheets;
  if (s == "pins") return PrintKind::pin_slips;
  if (s == "scenario" || s == "scenario-sheets") return PrintKind::scenario_sheet;
  return std::nullopt;
}

const char* to_string(PrintKind k) {
  for (const auto& [kind, name] : kKinds)
    if (kind == k) return name;
  return "?";
}

std::string print_kinds() {
  std::string out;
  for (const auto& [kind, name] : kKinds) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

Result<paper::Document> print_document(const EventState& s, const PrintRequest& req) {
  switch (req.kind) {
    case PrintKind::pairings:
    case PrintKind::wall:
    case PrintKind::table_slips: {
      GAUNTLET_TRY(const Round* r, round_to_print(s, req.round));
      if (req.kind == PrintKind::pairings) return pairings(s, *r);
      return req.kind == PrintKind::wall ? wall(s, *r) : table_slips(s, *r);
    }
    case PrintKind::standings: {
      if (!req.round) return standings(s);
      GAUNTLET_TRY(const Round* r, round_to_print(s, req.round));
      return standings(through_round(s, r->number));
    }
    case PrintKind::record_sheets:
      return record_sheets(s);
    case PrintKind::pin_slips:
      return pin_slips(s, req);
    case PrintKind::results:
      return results(s);
    case PrintKind::scenario_sheet: {
      GAUNTLET_TRY(const Round* r, round_to_print(s, req.round));
      return scenario_sheet(s, *r);
    }
  }
  return fail("kind", "", "is not a printout");
}

}  // namespace gauntlet::app
