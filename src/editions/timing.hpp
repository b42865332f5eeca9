// A round's timing for an edition, a point size and the event's variants: the Deathclock (a chess
// clock per player), classic turn timing (round, turn and extension lengths, dice down) or none.
//
// SR2017/SR2023 "Tournament Timing: The Deathclock" (baseline), "Classic Turn Timing" (variant);
// SR2014/SR2013 "Game Timing" (baseline: classic with a secret variable round length), "Death Clock"
// (variant). Every number and every variant's effect is read from the edition's data file; no
// code here tests an edition's name.
//
//   auto t = round_timing(*find_edition("sr2017"), 75, {"classic-turn-timing"});
//   if (t && t->kind == TimingKind::classic) use(t->classic->round_minutes);  // 100
//   auto d = round_timing(*find_edition("sr2017"), 75, {});
//   d->deathclock->player_minutes;                                            // 60
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "editions/edition.hpp"

namespace gauntlet {

enum class TimingKind { deathclock, classic, untimed };

struct DeathclockTiming {
  int player_minutes = 0;    // each player's clock
  int min_turn_seconds = 0;  // SR2017: 15 ("Players must use at least 15 seconds per turn"); 0 = none
  // At the expected end, games with less than this many minutes combined on both clocks play on;
  // the others end as `at_expected_end` (SR2017/SR2023 "tie", SR2014/SR2013 "draw": both a tie).
  int play_on_under_minutes = 5;
  std::string at_expected_end = "tie";
  // The deployment taps before the first turn, in order, alternating first player / second player
  // (SR2017: normal then advance deployment for each; SR2014: pre-deployment first). Labels only:
  // the 15-second minimum counts from the first turn.
  std::vector<std::string> deployment_steps;
};

struct ClassicRoundTiming {
  int round_minutes = 0;  // base round length (SR2014 Reinforcements: its own table)
  int turn_minutes = 0;
  int extension_minutes = 0;      // 0 = no extension at this size
  int extensions_per_player = 0;  // per game: 1, 2 with SR2014 Reinforcements, 0 with No Extensions
  // The secret variable round length: d3 x this many minutes, subtracted on a d6 of 1–3, added on
  // 4–6. SR2014 "Game Timing": 5. SR2013: "d3 × extension length" (0 where a size has none).
  // 0 = no variable (SR2017/SR2023 Classic Turn Timing: "a fixed base round length").
  int variable_step_minutes = 0;
};

struct RoundTiming {
  TimingKind kind = TimingKind::deathclock;
  int points = 0;        // the event's point size
  int table_points = 0;  // the row of the timing table used (Casual Time Limits: one size higher, ...)
  std::optional<DeathclockTiming> deathclock;  // set when kind == deathclock
  std::optional<ClassicRoundTiming> classic;   // set when kind == classic
  std::vector<std::string> rules;  // what was applied, each citing its rule ("SR2017 \"Deathclock\": ...")

  // Minutes from the start of the round to its expected end, before any secret variable: both
  // player clocks (Deathclock), the base round length (classic); 0 when untimed.
  int expected_minutes() const;
};

// The timing of every round of an event. Errors (kind invalid) name the field ("variants" or
// "points") and the rule: a point size the clock's table has no row for (a Rumble event's 30
// points is fine untimed), a time-limit variant with no point size to move to (Casual Time Limits at the
// largest size), Reinforcements at a size its table lacks.
Result<RoundTiming> round_timing(const Edition& edition, int points,
                                 const std::vector<std::string>& variant_keys);

// The kind of round timing the variants give, whatever the point size (No Time Limits wins).
TimingKind timing_kind(const Edition& edition, const std::vector<std::string>& variant_keys);

// The secret variable of a classic round from the edition's dice: d3 x step minutes, negative on
// a d6 of 1–3. 0 when the timing has no variable.
int roll_round_variable(const ClassicRoundTiming& timing, Rng& rng);

const char* to_string(TimingKind k);  // "deathclock", "classic", "untimed"

}  // namespace gauntlet
