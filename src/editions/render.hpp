// The plain-text rules sheet printed by `gauntlet rules show <edition>`.
#pragma once

#include <string>

#include "editions/edition.hpp"
#include "editions/timing.hpp"

namespace gauntlet {

// Point sizes, list window, bye, concession, army-point values, scenario victory, tiebreaker ladder,
// Deathclock and classic timing tables, scenarios with their roll, variants by category, rounds.
std::string render_edition(const Edition& edition);
// `gauntlet rules timing`: one round's timing in the EO's words ("SR2017, 75 points, Deathclock: 60
// minutes per player; the round's expected end 2:00 after it starts; ...") and the rules applied.
std::string render_timing(const Edition& edition, const RoundTiming& timing);

}  // namespace gauntlet
