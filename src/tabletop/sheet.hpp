// A scenario's sheet: the words (elements, scoring, Kill Box, the 3rd tiebreaker's area) and the
// picture of the table with the scenario's zones and lines, optionally with a table's terrain.
//
//   std::string svg = scenario_svg(edition, *edition.find_scenario("the-pit-ii"), nullptr);
#pragma once

#include <string>
#include <vector>

#include "tabletop/svg.hpp"

namespace gauntlet::tabletop {

std::vector<std::string> scenario_sheet_lines(const Edition& edition, const Scenario& scenario);
// `flagged`: ids of pieces a checker finding names, outlined in red.
std::string scenario_svg(const Edition& edition, const Scenario& scenario, const Placement* terrain,
                         const std::vector<std::string>& flagged = {});

}  // namespace gauntlet::tabletop
