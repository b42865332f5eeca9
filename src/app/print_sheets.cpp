// The player record sheet of the event's edition (edition data `record_sheet`), one page per
// player, pre-filled with what the event knows: the header, each round's opponent, table, scenario,
// list played, result, control points and army points, and the lists. SR2017 "Tournament Rounds":
// "players must write their opponent's name on their player record sheet in the indicated
// section"; at the end of a game each player enters "the list he played, his result in the game
// (Win/Loss/Tie), the number of control points he scored, and the number of the opponent's army
// points that were destroyed" - printed here once known, blank (or the marks to circle) before.
#include <fmt/format.h>

#include <algorithm>

#include "app/print_parts.hpp"
#include "core/text.hpp"
#include "model/records.hpp"
#include "model/rounds.hpp"

namespace gauntlet::app {
namespace {

bool has(const std::string& text, const char* word) {
  return text.find(word) != std::string::npos;
}

// One round's row, in the sheet's own column order (plus Table and Scenario after Round).
std::vector<std::string> round_row(const EventState& s, const Player& p, const RecordSheet& sheet, int number,
                                   const GameRecord* game) {
  const Round* r =
      number <= static_cast<int>(s.rounds.size()) ? &s.rounds[static_cast<std::size_t>(number - 1)] : nullptr;
  const Table* t = r ? r->table_of(p.id) : nullptr;
  const bool bye = r && r->bye == p.id;
  if (!t || !t->results) game = nullptr;  // paired, not played yet: the player fills it in
  const std::string lists = p.lists.size() > 1 ? "1 / 2" : "";
  std::vector<std::string> row;
  for (const std::string& c : sheet.columns) {
    if (c == "Round") {
      row.push_back(std::to_string(number));
      row.push_back(t ? std::to_string(t->number) : bye ? "bye" : "");
      row.push_back(r ? scenario_name(s, r->scenario) : "");
    } else if (has(c, "Army Points")) {
      row.push_back(game ? std::to_string(game->result.ap) : "");
    } else if (has(c, "Opponent")) {
      row.push_back(t ? name_of(s, t->players[t->players[0] == p.id ? 1 : 0]) : bye ? "bye" : "");
    } else if (has(c, "List")) {
      row.push_back(game && game->result.list ? std::to_string(*game->result.list) : lists);
    } else if (has(c, "Result")) {
      row.push_back(game ? result_word(s, game->result.outcome) : sheet.result_marks);
    } else if (has(c, "Control")) {
      row.push_back(game ? std::to_string(game->result.cp) : "");
    } else {
      row.push_back("");
    }
  }
  return row;
}

std::vector<paper::Column> sheet_columns(const RecordSheet& sheet) {
  std::vector<paper::Column> out;
  for (const std::string& c : sheet.columns) {
    const bool number = c == "Round" || has(c, "Points");
    const double weight = c == "Round"            ? 0.8
                          : has(c, "Army Points") ? 1.7
                          : has(c, "Opponent")    ? 2.0
                          : has(c, "Control")     ? 1.1
                                                  : 1.0;
    out.push_back({c, weight, number});
    if (c == "Round") out.push_back({"Table", 0.8, true}), out.push_back({"Scenario", 1.6});
  }
  return out;
}

void add_lists(paper::Document& d, const EventState& s, const Player& p, const RecordSheet& sheet) {
  const int shown = std::max<int>(static_cast<int>(p.lists.size()), s.config.lists);
  for (int i = 0; i < shown; ++i) {
    const bool optional = i > 0 && !s.config.lists_required;
    d.blocks.push_back(paper::heading(fmt::format("Army List {}{}", i + 1, optional ? " (Optional)" : "")));
    const ArmyList* list =
        i < static_cast<int>(p.lists.size()) ? &p.lists[static_cast<std::size_t>(i)] : nullptr;
    std::vector<std::pair<std::string, std::string>> fields;
    for (const std::string& f : sheet.list_fields)
      fields.push_back({f, list && has(f, "Point") ? std::to_string(list->total_cost()) : ""});
    if (!fields.empty()) d.blocks.push_back(paper::fields(std::move(fields)));
    if (!list) continue;
    std::vector<std::vector<std::string>> rows;
    for (const ListEntry& e : list->entries)
      rows.push_back({e.models > 1 ? fmt::format("{} ({} models)", e.name, e.models) : e.name,
                      e.kind == EntryKind::leader ? fmt::format("{:+}", e.cost) : std::to_string(e.cost)});
    d.blocks.push_back(paper::table({{"Model", 4}, {"Point Cost", 1, true}}, std::move(rows)));
  }
}

}  // namespace

paper::Document record_sheets(const EventState& s) {
  const RecordSheet& sheet = edition_of(s).record_sheet;
  paper::Document d = document(s, "Player record sheets", "");
  std::vector<const Player*> players;
  for (const Player& p : s.players) players.push_back(&p);
  std::sort(players.begin(), players.end(),
            [](auto* a, auto* b) { return name_key(a->name) < name_key(b->name); });
  const auto records = records_by_player(s);
  // A row per round the event plays (a 3-round event printed 5, the paper sheet's); the sheet's own
  // count only when the event cannot tell yet.
  int rows = std::max(planned_rounds(s), static_cast<int>(s.rounds.size()));
  if (rows < 1) rows = sheet.rows;
  for (const Player* p : players) {
    if (p != players.front()) d.blocks.push_back(paper::page_break());
    d.blocks.push_back(paper::heading(sheet.title));
    std::vector<std::pair<std::string, std::string>> head;
    for (const std::string& h : sheet.header)
      head.push_back({h, has(h, "Name") ? p->name : has(h, "Faction") ? p->faction : ""});
    head.push_back({"Player id", p->id});
    d.blocks.push_back(paper::fields(std::move(head)));
    const auto rec = records.find(p->id);
    std::vector<std::vector<std::string>> table;
    for (int n = 1; n <= rows; ++n) {
      const GameRecord* game = nullptr;
      if (rec != records.end())
        for (const GameRecord& g : rec->second.history)
          if (g.round == n && !g.bye()) game = &g;
      table.push_back(round_row(s, *p, sheet, n, game));
    }
    d.blocks.push_back(paper::table(sheet_columns(sheet), std::move(table)));
    add_lists(d, s, *p, sheet);
  }
  return d;
}

}  // namespace gauntlet::app
