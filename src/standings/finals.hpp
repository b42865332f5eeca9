// Finals Tables (SR2017 / SR2014 "Final Standings Variants"): the final round's two finals games
// decide 1st to 3rd place. Internal to the standings module.
//
//   std::sort(rows.begin(), rows.end(), by_ladder);
//   apply_finals_tables(state, rows);   // finals 1 winner, loser, finals 2 winner moved to the top
#pragma once

#include <vector>

#include "model/state.hpp"
#include "standings/standings.hpp"

namespace gauntlet::standings_detail {

// Moves the players the finals place to the front of `rows` (in ladder order otherwise) and sets
// their placed_by; returns how many it placed. The finals are the final round's games between the
// top four as ranked before that round (#1 v #2, #3 v #4), whatever table numbers they were
// given (a fixed table may seat the first finals game at table 8). Does nothing (0) until the
// event's final round has a result for each finals game it holds, or when #1 and #2 did not meet.
std::size_t apply_finals_tables(const EventState& state, std::vector<StandingRow>& rows);

}  // namespace gauntlet::standings_detail
