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
#pragma once

#include <string>
#include <vector>

#include "core/fraction.hpp"
#include "event/state.hpp"

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
  bool frozen = false;      // outside the cut: rank fixed at the cut
  std::string placed_by;    // "finals table 1 winner", ... when a rule, not the ladder, placed the row
};

struct Standings {
  std::vector<std::string> criteria;  // ladder keys: "tp", "sos", "cp", "ap", "assassinations"
  std::vector<StandingRow> rows;
  int rounds_counted = 0;
  bool finished = false;
};

Standings compute_standings(const EventState& state);

}  // namespace gauntlet
