// decide() for results reported by the players themselves (issue: players report from their
// phones; the opponent confirms or disputes; the EO's word is final).
#include <algorithm>

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

}  // namespace

Result<Command> decide_report(const EventState& s, ReportResult c) {
  GAUNTLET_TRY(Located at, locate(s, c.round, c.table, c.reporter));
  (void)at;
  // The same checks and scoring as the EO's entry (two winners, scenario margin, concession...).
  GAUNTLET_TRY(Command scored,
               decide_result(s, RecordResult{c.round, c.table, c.results, c.ending, std::nullopt}));
  const auto& r = std::get<RecordResult>(scored);
  c.results = r.results;
  c.ending = r.ending;
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
