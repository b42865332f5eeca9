// The plain-text rules sheet printed by `gauntlet rules show <edition>`.
#pragma once

#include <string>

#include "editions/edition.hpp"

namespace gauntlet {

// Point sizes, list window, bye, concession, army-point values, scenario victory, tiebreaker ladder,
// Deathclock and classic timing tables, scenarios with their roll, variants by category, rounds.
std::string render_edition(const Edition& edition);

}  // namespace gauntlet
