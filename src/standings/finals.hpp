// Finals Tables (SR2017 / SR2014 "Final Standings Variants"): the last round's first two tables
// decide 1st to 3rd place. Internal to the standings module.
//
//   std::sort(rows.begin(), rows.end(), by_ladder);
//   apply_finals_tables(state, rows);   // table 1 winner, loser, table 2 winner moved to the top
#pragma once

#include <vector>

#include "model/state.hpp"
#include "standings/standings.hpp"

namespace gauntlet::standings_detail {

// Moves the players the finals tables place to the front of `rows` (in ladder order otherwise)
// and sets their placed_by; returns how many it placed. Does nothing (0) until the event's final
// round has results on tables 1 and 2 (table 1 only, when the round has no table 2).
std::size_t apply_finals_tables(const EventState& state, std::vector<StandingRow>& rows);

}  // namespace gauntlet::standings_detail
