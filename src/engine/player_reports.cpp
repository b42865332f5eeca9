// decide() for results reported by the players themselves (issue: players report from their
// phones; the opponent confirms or disputes; the EO's word is final).
#include <algorithm>

#include "engine/clock_flow.hpp"
#include "engine/engine.hpp"
#include "engine/validate.hpp"

namespace gauntlet::detail {

namespace {

struct Located {
  const Round* round;
  const Table* table;
};

Result<Located> locate(const EventState& s, int& round, int table, const std::string& who) {
  if (s.rounds.empty()) return fail(ErrorKind::precondition, "round", "results", "no round has been paired");
  if (round == 0) round = s.rounds.back().number;
  if (round < 1 || round > static_cast<int>(s.rounds.size()))
    return fail(ErrorKind::not_found, "round", "results",
                "round " + std::to_string(round) + " does not exist");
  const Round& r = s.rounds[round - 1];
  const std::string field = "round " + std::to_string(round) + ", table " + std::to_string(table);
  const Table* t = r.find_table(table);
  if (!t) return fail(ErrorKind::not_found, field, "results", "no such table");
  // No player can change another table's result.
  if (t->players[0] != who && t->players[1] != who)
    return fail(ErrorKind::forbidden, field, "results", who + " does not play at this table");
  if (r.closed)
    return fail(ErrorKind::precondition, field, "results",
                "round " + std::to_string(round) + " is closed; ask the EO");
  if (t->results) return fail(field, "results", "the result is already recorded; the EO can correct it");
  return Located{&r, t};
}

// Two reports of one game agree: the same outcome, CP, AP and ending; a list named in both the same.
bool same_game(const RecordResult& a, const RecordResult& b) {
  if (a.ending != b.ending) return false;
  for (int side = 0; side < 2; ++side) {
    const GameResult &x = a.results[side], &y = b.results[side];
    if (x.outcome != y.outcome || x.cp != y.cp || x.ap != y.ap) return false;
    if (x.list && y.list && *x.list != *y.list) return false;
  }
  return true;
}

// What the clock decided, the players' report must say (the EO's entry is not bound: a ruling).
// SR2017 "Deathclock": "If a player's clock runs out during his turn and a scoring of the current
// game state would result in that player achieving a scenario victory by scoring 5 more CPs than
// the opponent, the scenario is scored immediately, and the player wins via scenario. ... the
// player whose clock ran out loses the game, his warcaster / warlock is immediately destroyed, and
// the loss is scored as an assassination victory for his opponent using current table conditions."
// At the expected end with more than 5 minutes combined: "declared a tie".
Result<void> check_clock_verdict(const EventState& s, const Table& t, const RecordResult& r,
                                 const std::string& field) {
  if (!t.clock) return {};
  const Edition& e = edition_of(s);
  const std::string rule = e.id + " \"Deathclock\"";
  if (t.clock->time_up_tie && r.ending != Ending::tie) return fail(field + ".victory", rule, time_up_text(s));
  if (!t.clock->flagged) return {};
  const int out = *t.clock->flagged;
  const auto& res = r.results;
  if (res[out].outcome == Outcome::loss && (r.ending == Ending::clock || r.ending == Ending::assassination))
    return {};
  if (res[out].outcome == Outcome::win && r.ending == Ending::scenario &&
      res[out].cp - res[1 - out].cp >= e.scenario_win_margin)
    return {};
  return fail(field + ".victory", rule,
              s.label(t.players[static_cast<std::size_t>(out)]) +
                  "'s clock ran out: they lose (scored as an assassination victory for the opponent), unless "
                  "scoring the scenario then gave them a scenario victory (" +
                  std::to_string(e.scenario_win_margin) + " more CP)");
}

}  // namespace

Result<Command> decide_report(const EventState& s, ReportResult c) {
  GAUNTLET_TRY(Located at, locate(s, c.round, c.table, c.reporter));
  c.recorded.reset();  // resolved here, never taken from input
  c.disputes = false;
  // The same checks and scoring as the EO's entry (two winners, scenario margin, concession...).
  GAUNTLET_TRY(Command scored,
               decide_result(s, RecordResult{c.round, c.table, c.results, c.ending, std::nullopt}));
  const auto& r = std::get<RecordResult>(scored);
  GAUNTLET_CHECK(check_clock_verdict(
      s, *at.table, r, "round " + std::to_string(c.round) + ", table " + std::to_string(c.table)));
  c.results = r.results;
  c.ending = r.ending;
  const auto& pending = at.table->report;
  // No report yet, or the reporter corrects their own before the opponent answered.
  if (!pending || pending->reporter == c.reporter) {
    if (pending && pending->disputed)
      return fail(ErrorKind::conflict,
                  "round " + std::to_string(c.round) + ", table " + std::to_string(c.table), "results",
                  "the result is disputed; the EO decides");
    return c;
  }
  if (pending->disputed)
    return fail(ErrorKind::conflict,
                "round " + std::to_string(c.round) + ", table " + std::to_string(c.table), "results",
                "the result is disputed; the EO decides");
  // The opponent reports too: the same result is their confirmation; a different one is a
  // dispute, never a silent replacement of the first report. Compared as scored (a concession's
  // awards are filled in the same way for both).
  GAUNTLET_TRY(Command first, decide_result(s, RecordResult{c.round, c.table, pending->results,
                                                            pending->ending, std::nullopt}));
  RecordResult both = std::get<RecordResult>(first);
  if (same_game(both, r)) {
    // The list a player played may be named in one report only; the record keeps it.
    for (int side = 0; side < 2; ++side)
      if (!both.results[side].list) both.results[side].list = r.results[side].list;
    c.recorded = both;
  } else {
    c.disputes = true;
  }
  return c;
}

Result<Command> decide_confirm(const EventState& s, ConfirmResult c) {
  GAUNTLET_TRY(Located at, locate(s, c.round, c.table, c.by));
  const std::string field = "round " + std::to_string(c.round) + ", table " + std::to_string(c.table);
  if (!at.table->report) return fail(field, "results", "no result has been reported at this table yet");
  const PendingReport& report = *at.table->report;
  if (report.reporter == c.by) return fail(field, "results", "the opponent of the reporting player confirms");
  if (report.disputed) return fail(field, "results", "the result is disputed; the EO decides");
  c.recorded.reset();
  if (c.agree) {
    GAUNTLET_TRY(Command scored, decide_result(s, RecordResult{c.round, c.table, report.results,
                                                               report.ending, std::nullopt}));
    c.recorded = std::get<RecordResult>(scored);
    c.note.clear();
  }
  return c;
}

}  // namespace gauntlet::detail
