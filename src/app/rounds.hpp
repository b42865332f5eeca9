// Changing the planned rounds once round 1 is paired (issue 10 point 7), with what it means shown
// first: the edition's attendance table, Cut to Top X and Finals Tables if configured, when the
// event finishes.
//
//   Result<app::RoundsPlan> plan = app::plan_rounds(state, 3);   // validated, nothing written
//   for (const std::string& line : plan->explain) show(line);
//   app::execute(session, plan->command, app::Caller::organizer());
//   app::plan_rounds(state, app::end_now(state));                 // "end the event now"
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"
#include "model/commands.hpp"

namespace gauntlet::app {

struct RoundsPlan {
  SetRounds command;
  std::vector<std::string> explain;  // the consequences, in the order the EO reads them
};

Result<RoundsPlan> plan_rounds(const EventState& state, int rounds);
// "End the event now": the rounds paired so far (it finishes when the open round closes, or at
// once when it is closed).
int end_now(const EventState& state);

}  // namespace gauntlet::app
