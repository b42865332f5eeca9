// Text shown to the EO: round pairings and the event summary.
#pragma once

#include <string>

#include "model/state.hpp"

namespace gauntlet::cli {

std::string describe_event(const EventState& state);
// Tables of `round` with names, current TP and results entered so far.
std::string describe_round(const EventState& state, int round);
std::string describe_players(const EventState& state);

}  // namespace gauntlet::cli
