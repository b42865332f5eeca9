// What the results say about a computed award, and who may win an award at all.
//
//   for (const AwardScore& s : award_scores(state, AwardMetric::army_points)) ...  // best first
//   if (!eligible_for_awards(*player)) ...  // disqualified
//
// The award commands themselves are decided by decide() (engine.hpp); model/awards.hpp has the data.
#pragma once

#include <vector>

#include "model/commands.hpp"
#include "model/state.hpp"

namespace gauntlet {

struct AwardScore {
  PlayerId player;
  int value = 0;
};

// SR2017 "Sportsmanship": "Disqualified players are not eligible for any awards or prizes".
bool eligible_for_awards(const Player& p);
// Every eligible player's count of `metric` over their games (byes score nothing here: an award
// for army points destroyed counts armies destroyed), best first, ties in registration order.
std::vector<AwardScore> award_scores(const EventState& state, AwardMetric metric);
// The players sharing the best score above zero; empty before any result counts.
std::vector<PlayerId> award_leaders(const EventState& state, AwardMetric metric);
// What the edition's rules ask of an award that decide() accepts anyway, one sentence each quoting
// the rule; empty when nothing. SR2017/SR2023 "Prizes": the EO "must determine a category that the
// award will be chosen for and clearly communicate this information well in advance of the event"
// (said of Best Painted: an award players enter, by the EO's choice or a blind vote). A warning, not
// a refusal: the EO may have announced it elsewhere, and Best Sport (every participant) needs none.
std::vector<std::string> award_warnings(const EventState& state, const DefineAward& resolved);

}  // namespace gauntlet
