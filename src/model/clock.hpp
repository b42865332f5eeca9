// A table's clock: the Deathclock (a chess clock, one time bank per player) or, with classic turn
// timing, a turn timer. Plain data and pure arithmetic over times given as data (milliseconds
// since the epoch, taken by the adapter when the action happened): the core never reads a clock.
//
//   TableClock c = start_clock(ClockSetup{false, 60 * 60000, 0, 0}, /*first seat*/ 0, t0);
//   settle(c, t0 + 90000);                 // Ada's clock ran 90 s: remaining_ms[0] == 3510000
//   auto flag = flag_instant(c);           // when Ada's clock would reach 0 if nobody taps
//   auto left = remaining_at(c, t0 + 100000);
//
// SR2017 "Tournament Timing: The Deathclock": "When a player completes his turn, he taps the clock
// to his opponent"; "The active player can switch the clock to the inactive player's time when the
// inactive player rolls one or more dice, ... "; "the EO, at his own discretion, can pause the chess
// clock when he arrives at the table". SR2017 "Classic Turn Timing": "Players in each game use a
// timer to track the amount of time available to them for each turn"; the active player "can choose
// to stop the clock" while the inactive player acts.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gauntlet {

// What a clock is set up with, from the round's timing (editions/timing.hpp).
struct ClockSetup {
  bool classic = false;        // a turn timer instead of a time bank per player
  std::int64_t player_ms = 0;  // Deathclock: each player's clock
  std::int64_t turn_ms = 0;    // classic: each turn's length
  int deployment_taps = 0;     // Deathclock: taps before the first turn (no minimum turn for them)
  bool operator==(const ClockSetup&) const = default;
};

// A judge's action at the table, kept for the EO's board and the players' phones.
struct ClockNote {
  std::int64_t at_ms = 0;
  std::string by;    // "EO", "judge:Kim"
  std::string what;  // "paused", "resumed", "added 2:00 to Ada", "removed 0:30 from Boris"
  std::string reason;
  bool operator==(const ClockNote&) const = default;
};

struct TableClock {
  ClockSetup setup;
  std::array<std::int64_t, 2> remaining_ms{};  // as of since_ms; classic: [turn] is the turn's time left
  std::int64_t since_ms = 0;                   // when remaining_ms was last settled
  std::int64_t started_ms = 0;
  int turn = 0;                   // seat whose turn (or deployment step) it is
  int running = 0;                // seat whose time runs; -1 = held (classic "stop the clock")
  int taps = 0;                   // passes so far (deployment taps included)
  std::int64_t turn_used_ms = 0;  // time the turn's owner has used in this turn (minimum turn)
  bool paused = false;            // by a judge
  std::int64_t paused_at_ms = 0;
  std::int64_t paused_total_ms = 0;  // judge pauses: they move this table's expected end
  std::int64_t added_total_ms = 0;   // time judges gave (not took): it moves it too
  std::array<int, 2> short_turns{};  // passes under the minimum turn, per seat
  std::array<int, 2> extensions_used{};
  std::optional<int> flagged;  // seat whose clock ran out
  std::int64_t flag_ms = 0;    // when it ran out
  // At the expected end (SR2017): "Games with less than 5 minutes combined on both player clocks
  // are played to completion. Games with more than 5 minutes combined ... are declared a tie."
  bool time_up_tie = false;
  bool playing_on = false;
  std::int64_t time_up_ms = 0;
  std::vector<ClockNote> notes;
  bool operator==(const TableClock&) const = default;

  bool stopped() const { return flagged.has_value() || time_up_tie; }
  bool in_deployment() const { return !setup.classic && taps < setup.deployment_taps; }
};

TableClock start_clock(const ClockSetup& setup, int first_seat, std::int64_t at_ms);
// Moves `since_ms` to `at_ms` (>= since_ms), taking the elapsed time off the running seat unless
// paused, held or stopped. Classic: a turn's time stops at 0 (the turn is over, nobody loses).
void settle(TableClock& clock, std::int64_t at_ms);
// Both remaining times at `at_ms` without changing the clock.
std::array<std::int64_t, 2> remaining_at(const TableClock& clock, std::int64_t at_ms);
// Deathclock: when the running seat's clock reaches 0 if nobody taps; nullopt when nothing runs.
std::optional<std::int64_t> flag_instant(const TableClock& clock);
// "1:05:09", "4:07", "0:09": how clocks read on every page.
std::string clock_text(std::int64_t ms);

}  // namespace gauntlet
