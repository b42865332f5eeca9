// decide() and apply() for the round clock and the tables' clocks (issue 11). The rules, SR2017
// "Tournament Timing: The Deathclock" (SR2023 the same; SR2014/SR2013 "Death Clock" variant) and
// "Classic Turn Timing", are quoted beside the checks. Times are data on the command.
#include "engine/clock_flow.hpp"

#include <algorithm>

#include "engine/validate.hpp"

namespace gauntlet::detail {

namespace {

struct At {
  const Round* round;
  const Table* table;
  std::string field;
};

bool is_player(const EventState& s, const std::string& by) {
  return s.find_player(by) != nullptr;
}

std::string seat_name(const EventState& s, const Table& t, int seat) {
  const Player* p = s.find_player(t.players[static_cast<std::size_t>(seat)]);
  return p ? p->name : t.players[static_cast<std::size_t>(seat)];
}

Result<At> locate(const EventState& s, ClockAction& c) {
  const std::string rule = "clock";
  if (s.rounds.empty())
    return fail(ErrorKind::precondition, "round", rule, "no round is published: there is no clock to run");
  if (c.round == 0) c.round = s.rounds.back().number;
  if (c.round < 1 || c.round > static_cast<int>(s.rounds.size()))
    return fail(ErrorKind::not_found, "round", rule,
                "round " + std::to_string(c.round) + " is not published");
  const Round& r = s.rounds[c.round - 1];
  const std::string field = "round " + std::to_string(c.round) + ", table " + std::to_string(c.table);
  const Table* t = r.find_table(c.table);
  if (!t) return fail(ErrorKind::not_found, field, rule, "no such table");
  if (is_player(s, c.by) && t->players[0] != c.by && t->players[1] != c.by)
    return fail(ErrorKind::forbidden, field, rule, s.label(c.by) + " does not play at this table");
  if (r.closed)
    return fail(ErrorKind::precondition, field, rule, "round " + std::to_string(c.round) + " is closed");
  if (t->results)
    return fail(ErrorKind::precondition, field, rule, "the game is finished: its result is recorded");
  return At{&r, t, field};
}

Result<void> check_time(const At& at, const ClockAction& c) {
  if (at.round->started_ms && c.at_ms < *at.round->started_ms)
    return fail(at.field + ".at_ms", "clock", "is before the round started");
  if (at.table->clock && c.at_ms < at.table->clock->since_ms)
    return fail(ErrorKind::conflict, at.field + ".at_ms", "clock",
                "a later clock action at this table is already recorded (" +
                    clock_text(at.table->clock->since_ms - c.at_ms) + " after this one)");
  return {};
}

bool judge_action(ClockActionKind k) {
  return k == ClockActionKind::pause || k == ClockActionKind::resume || k == ClockActionKind::adjust;
}

// The turn's owner acts (pass, switch, extension); a judge may act for a table without phones.
Result<void> check_turn(const EventState& s, const At& at, const ClockAction& c, const TableClock& k) {
  if (!is_player(s, c.by)) return {};
  if (at.table->players[static_cast<std::size_t>(k.turn)] == c.by) return {};
  return fail(ErrorKind::precondition, at.field, "clock",
              "it is " + seat_name(s, *at.table, k.turn) + "'s turn: only they can " + to_string(c.action));
}

Result<void> check_not_stopped(const EventState& s, const At& at, const TableClock& k, const ClockAction& c) {
  const std::string rule = edition_of(s).id + " \"Deathclock\"";
  // A judge may resume a game stopped at the expected end, or give a flagged player time back
  // (a ruling, a tap the server never got): the judge's word, journaled with the reason.
  if (c.action == ClockActionKind::resume || c.action == ClockActionKind::adjust) return {};
  if (k.flagged)
    return fail(ErrorKind::precondition, at.field, rule,
                seat_name(s, *at.table, *k.flagged) +
                    "'s clock ran out: \"the player whose clock ran out loses "
                    "the game\"; enter the result");
  if (k.time_up_tie)
    return fail(
        ErrorKind::precondition, at.field, rule,
        "the expected end of the round came with more than 5 minutes on the clocks: the game is a tie");
  if (k.paused && !judge_action(c.action))
    return fail(ErrorKind::precondition, at.field, rule,
                "the clock is paused by a judge; the judge resumes it");
  // A Deathclock that ran out before this action: the flag fell first.
  if (auto flag = flag_instant(k);
      flag && *flag < c.at_ms && c.action != ClockActionKind::flag && !judge_action(c.action))
    return fail(ErrorKind::precondition, at.field, rule,
                seat_name(s, *at.table, k.running) + "'s clock ran out " + clock_text(c.at_ms - *flag) +
                    " before this " + to_string(c.action));
  return {};
}

Result<void> decide_start(const EventState& s, const At& at, ClockAction& c) {
  if (at.table->clock) return fail(ErrorKind::conflict, at.field, "clock", "the clock is already started");
  if (!at.round->started_ms)
    return fail(ErrorKind::precondition, at.field, edition_of(s).id + " \"Deathclock\"",
                "the EO has not started round " + std::to_string(c.round) +
                    ": the first player starts the clock upon the EO's notification");
  if (c.seat != 0 && c.seat != 1) return fail(at.field + ".seat", "clock", "who goes first: 0 or 1");
  GAUNTLET_TRY(RoundTiming timing, timing_of(s));
  if (!clock_setup(timing))
    return fail(ErrorKind::precondition, at.field, edition_of(s).id + " \"No Time Limits\"",
                "games are untimed at this event");
  return {};
}

// SR2017: "Players must use at least 15 seconds per turn" — "If a player would achieve a scenario
// victory by scoring 5 more CPs than the opponent, and both players verify this, a player can
// immediately end his turn." A short pass is recorded with a warning for the EO, not refused: a
// phone cannot know whether the players verified the scenario win aloud.
void note_short_turn(const EventState& s, const At& at, const TableClock& k, ClockAction& c) {
  if (k.setup.classic || k.in_deployment() || c.scenario_win) return;
  const auto timing = timing_of(s);
  if (!timing || !timing->deathclock || timing->deathclock->min_turn_seconds == 0) return;
  const std::int64_t min_ms = std::int64_t{timing->deathclock->min_turn_seconds} * 1000;
  TableClock now = k;
  settle(now, c.at_ms);
  if (now.turn_used_ms >= min_ms) return;
  c.notes.push_back(seat_name(s, *at.table, k.turn) + "'s turn lasted " + clock_text(now.turn_used_ms) +
                    ", under the minimum of " + std::to_string(timing->deathclock->min_turn_seconds) +
                    " seconds (" + edition_of(s).id + " \"Deathclock\")");
}

Result<void> decide_extension(const EventState& s, const At& at, const TableClock& k, const ClockAction& c) {
  const std::string rule = edition_of(s).id + " \"Turn Extension\"";
  if (!k.setup.classic)
    return fail(ErrorKind::precondition, at.field, rule, "the Deathclock has no turn extensions");
  GAUNTLET_TRY(RoundTiming timing, timing_of(s));
  const ClassicRoundTiming& t = *timing.classic;
  if (t.extensions_per_player == 0 || t.extension_minutes == 0)
    return fail(ErrorKind::precondition, at.field, rule, "this event has no turn extensions");
  if (k.extensions_used[static_cast<std::size_t>(k.turn)] >= t.extensions_per_player)
    return fail(ErrorKind::precondition, at.field, rule,
                seat_name(s, *at.table, k.turn) + " has used every extension of this game (" +
                    std::to_string(t.extensions_per_player) + ")");
  (void)c;
  return {};
}

Result<void> decide_adjust(const EventState& s, const At& at, const TableClock& k, ClockAction& c) {
  if (c.seat != 0 && c.seat != 1) return fail(at.field + ".seat", "clock", "whose clock: 0 or 1");
  if (c.delta_ms == 0) return fail(at.field + ".delta_ms", "clock", "add or remove some time");
  const auto left = remaining_at(k, c.at_ms)[static_cast<std::size_t>(c.seat)];
  if (left + c.delta_ms < 0)
    return fail(at.field + ".delta_ms", "clock",
                seat_name(s, *at.table, c.seat) + " has " + clock_text(std::max<std::int64_t>(0, left)) +
                    " left: at most that can be removed");
  return {};
}

Result<void> decide_flag(const EventState& s, const At& at, const TableClock& k, ClockAction& c) {
  const auto flag = flag_instant(k);
  if (!flag || *flag != c.at_ms)  // set_due_time moved a fallen flag's time to its instant
    return fail(ErrorKind::precondition, at.field, "clock", "no clock has run out at this table");
  c.seat = k.running;
  c.notes.push_back(seat_name(s, *at.table, k.running) + "'s clock ran out");
  return {};
}

// SR2017: "When the expected end time for the round arrives, the EO checks on all remaining active
// games. Games with less than 5 minutes combined on both player clocks are played to completion.
// Games with more than 5 minutes combined on both player clocks are declared a tie (unless the EO
// paused their clocks during the round)." The table's end moves with its judge pauses.
Result<void> decide_time_up(const EventState& s, const At& at, const TableClock& k, ClockAction& c) {
  GAUNTLET_TRY(RoundTiming timing, timing_of(s));
  const auto end = table_end_ms(s, *at.round, *at.table);
  if (!timing.deathclock || !end || k.setup.classic)
    return fail(ErrorKind::precondition, at.field, "clock",
                "only the Deathclock has an expected end per table");
  if (k.playing_on || k.paused || *end > c.at_ms)
    return fail(ErrorKind::precondition, at.field, "clock", "the table's expected end has not come");
  const auto left = remaining_at(k, c.at_ms);
  const std::int64_t combined = std::max<std::int64_t>(0, left[0]) + std::max<std::int64_t>(0, left[1]);
  const bool tie = combined > timing.deathclock->play_on_under_minutes * kMinute;
  c.notes.push_back(
      clock_text(combined) + " combined on both clocks at the expected end: " +
      (tie ? "the game is a " + timing.deathclock->at_expected_end : "the game is played to completion"));
  return {};
}

}  // namespace

// "the expected end came with more than 5 minutes combined on both clocks: the game is a tie"
// (SR2014: "a draw"), from the edition's timing data.
std::string time_up_text(const EventState& s) {
  const auto timing = timing_of(s);
  const int minutes = timing && timing->deathclock ? timing->deathclock->play_on_under_minutes : 5;
  const std::string word = timing && timing->deathclock ? timing->deathclock->at_expected_end : "tie";
  return "the expected end came with more than " + std::to_string(minutes) +
         " minutes combined on both clocks: the game is a " + word;
}

Result<Command> decide_start_round(const EventState& s, StartRound c) {
  if (s.rounds.empty()) return fail(ErrorKind::precondition, "round", "clock", "no round is published");
  if (c.round == 0) c.round = s.rounds.back().number;
  if (c.round != static_cast<int>(s.rounds.size()))
    return fail(ErrorKind::precondition, "round", "clock", "only the latest round can be started");
  const Round& r = s.rounds.back();
  if (r.closed)
    return fail(ErrorKind::precondition, "round", "clock", "round " + std::to_string(c.round) + " is closed");
  if (r.started_ms)
    return fail(ErrorKind::conflict, "round", "clock",
                "round " + std::to_string(c.round) + " is already started");
  return c;
}

// The server's own actions happen when the clock says, not when the server noticed: a flag at the
// instant the running clock reached 0, a time-up at the table's expected end (or its last action,
// when the players tapped on past the end before the server looked).
static void set_due_time(const EventState& s, const At& at, ClockAction& c) {
  if (!at.table->clock) return;
  const TableClock& k = *at.table->clock;
  if (c.action == ClockActionKind::flag)
    if (auto flag = flag_instant(k); flag && *flag <= c.at_ms) c.at_ms = *flag;
  if (c.action == ClockActionKind::time_up)
    if (auto end = table_end_ms(s, *at.round, *at.table); end && *end <= c.at_ms)
      c.at_ms = std::max(*end, k.since_ms);
}

Result<Command> decide_clock(const EventState& s, ClockAction c) {
  c.notes.clear();  // resolved here, never taken from input
  GAUNTLET_TRY(At at, locate(s, c));
  set_due_time(s, at, c);
  GAUNTLET_CHECK(check_time(at, c));
  const std::string rule = edition_of(s).id + " \"Deathclock\"";
  if (judge_action(c.action) && is_player(s, c.by))
    return fail(
        ErrorKind::forbidden, at.field, rule,
        "\"players cannot pause the chess clock at any time\": a judge pauses, resumes and adjusts it");
  if (c.action == ClockActionKind::start) {
    GAUNTLET_CHECK(decide_start(s, at, c));
    return c;
  }
  if (!at.table->clock)
    return fail(ErrorKind::precondition, at.field, "clock", "the clock is not started; start it first");
  const TableClock& k = *at.table->clock;
  GAUNTLET_CHECK(check_not_stopped(s, at, k, c));
  if ((c.action == ClockActionKind::pause || c.action == ClockActionKind::adjust) && c.reason.empty())
    return fail(at.field + ".reason", "clock", "a judge gives a reason (shown to the players and the EO)");
  switch (c.action) {
    case ClockActionKind::pass:
      GAUNTLET_CHECK(check_turn(s, at, c, k));
      note_short_turn(s, at, k, c);
      break;
    case ClockActionKind::switch_over:
      GAUNTLET_CHECK(check_turn(s, at, c, k));
      if (k.in_deployment())
        return fail(ErrorKind::precondition, at.field, rule,
                    "the clock is switched during a turn, not in deployment");
      break;
    case ClockActionKind::extension:
      GAUNTLET_CHECK(check_turn(s, at, c, k));
      GAUNTLET_CHECK(decide_extension(s, at, k, c));
      break;
    case ClockActionKind::pause:
      if (k.paused) return fail(ErrorKind::conflict, at.field, "clock", "the clock is already paused");
      break;
    case ClockActionKind::resume:
      if (!k.paused && !k.stopped() && !k.playing_on)
        return fail(ErrorKind::conflict, at.field, "clock", "the clock is not paused");
      break;
    case ClockActionKind::adjust:
      GAUNTLET_CHECK(decide_adjust(s, at, k, c));
      break;
    case ClockActionKind::flag:
      GAUNTLET_CHECK(decide_flag(s, at, k, c));
      break;
    case ClockActionKind::time_up:
      GAUNTLET_CHECK(decide_time_up(s, at, k, c));
      break;
    case ClockActionKind::start:
      break;
  }
  return c;
}

void apply_start_round(EventState& s, const StartRound& c) {
  if (c.round < 1 || c.round > static_cast<int>(s.rounds.size())) return;  // see apply_clock
  s.rounds[c.round - 1].started_ms = c.at_ms;
}

}  // namespace gauntlet::detail
