// Standings: a pure function of the event.
//
//   Standings s = compute_standings(state);
//   for (const StandingRow& row : s.rows) print(row.rank, row.name, row.tp, to_string(row.sos));
//   s.criteria == {"tp", "sos", "cp", "ap"}   // the ladder in force, for column headers
//
// The ladder follows the event's final-standings variant (SR2017 "Final Standings Variants"):
// baseline TP, SoS, CP, AP; assassin-scoring TP, assassinations, CP, SoS; control-point-scoring
// TP, CP, AP, SoS; destruction-scoring AP, CP, SoS; large-event-scoring changes SoS to
// sum(opponent TP / opponent games) (SR2014 appendix); finals-tables fixes 1st–3rd from the
// last round's first two tables; cut-to-top freezes everyone outside the top X at the cut.
// Rows are a total order: rows equal on every criterion share a rank and are listed by id.
// Groups, in order: players still ranked normally; players frozen by a cut (in their order at the
// cut); disqualified players (SR2017 "Sportsmanship": not eligible for any awards or prizes).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/fraction.hpp"
#include "model/records.hpp"
#include "model/state.hpp"

namespace gauntlet {

struct StandingRow {
  int rank = 0;
  PlayerId id;
  std::string name;
  std::string faction;
  int tp = 0;
  Fraction sos{0};
  int cp = 0;
  int ap = 0;
  int assassinations = 0;
  int wins = 0, losses = 0, ties = 0;
  int games = 0;
  bool dropped = false;
  bool disqualified = false;
  bool frozen = false;    // outside the cut: rank fixed at the cut
  std::string placed_by;  // "finals table 1 winner", ... when a rule, not the ladder, placed the row

  bool operator==(const StandingRow&) const = default;
};

struct Standings {
  std::vector<std::string> criteria;  // ladder keys: "tp", "sos", "cp", "ap", "assassinations"
  // The final-standings variant in force, to show beside the table so nobody is surprised:
  // "Finals Tables (SR2017): ... the rest by SoS then CP." Empty for the baseline.
  std::string rule;
  std::vector<StandingRow> rows;
  int rounds_counted = 0;
  bool finished = false;
  bool operator==(const Standings&) const = default;
};

Standings compute_standings(const EventState& state);
// The same, from records the caller already made: `records` must be player_records(state, 0) or
// player_totals(state, 0) (the pairer's records when it pairs the round after the last; issue 16
// point 1: making them twice was a tenth of `gauntlet pair`). Ignored (made again) when the rounds
// are not in order.
Standings compute_standings(const EventState& state, const std::vector<PlayerRecord>& records);

// Natural order of player ids: "p2" < "p10" (digit runs by value). Total: ids equal by value
// ("p01", "p1") fall back to plain string order.
bool id_less(std::string_view a, std::string_view b);

// Compares two rows on `criteria` (keys as in Standings::criteria): negative when `a` ranks above
// `b`, 0 when they are equal on every criterion (they then share a rank), positive otherwise.
// Throws std::invalid_argument on an unknown key.
int compare_on(const StandingRow& a, const StandingRow& b, const std::vector<std::string>& criteria);

}  // namespace gauntlet
