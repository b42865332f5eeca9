// The scenario of the next round, as the EO sees it before publishing (issue 12 point 4): the one
// announced in the event's plan, or the roll on the edition's table (never a scenario already
// played: SR2017 "Scenario Selection": "A scenario should not be repeated"), a re-roll, or the EO's
// own choice among the scenarios not yet played. When every scenario of the table has been played
// (seven rounds, six scenarios) nothing can be rolled: the EO chooses one to repeat, and the
// proposal says so instead of leaving the round without a scenario.
//
//   ScenarioChoice c = next_scenario(state, 1);      // the draw the engine would make
//   ScenarioChoice again = next_scenario(state, 2);  // the EO's re-roll: another draw
//   // publish with PairRound::scenario = c.key (journaled with the round)
#pragma once

#include <string>
#include <vector>

#include "model/state.hpp"

namespace gauntlet::app {

struct ScenarioOption {
  std::string key, name;
  bool rumble = false;
  int played_in = 0;  // the round that played it; 0 when not played
  std::string group;  // its group's name (SR2013 "six groups of scenarios"); "" without groups
  bool open = true;   // may be chosen now: not played and, with groups, in a group not yet due again
};

struct ScenarioChoice {
  int round = 0;
  std::string key, name;                // empty when `how` is "exhausted"
  std::string how;                      // "announced" (the event's plan), "rolled", "exhausted"
  int draw = 1;                         // 1: the engine's own roll; 2, 3...: the EO's re-rolls
  std::string text;                     // one sentence for the EO, quoting the rule
  std::vector<ScenarioOption> options;  // every scenario of the edition, with where it was played
};

// Preconditions: `draw` >= 1. Pure: the draws derive from the event's journaled seed.
ScenarioChoice next_scenario(const EventState& state, int draw);

}  // namespace gauntlet::app
