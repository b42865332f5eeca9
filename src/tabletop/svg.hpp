// The table as an SVG picture: the table, each player's deployment and advance deployment zone, the
// Kill Box lines where the scenario uses it, the terrain pieces (restricted ones hatched, labelled
// with their id and kind) and the measures the rules give.
//
//   std::string svg = table_svg(edition, {.placement = &placed, .kill_box = true});
#pragma once

#include <string>
#include <vector>

#include "tabletop/terrain.hpp"

namespace gauntlet::tabletop {

struct Picture {
  const Placement* placement = nullptr;  // terrain to draw, or none
  bool rumble = false;                   // used when there is no placement
  bool kill_box = false;
  std::string title;                 // e.g. "Table 3 - The Pit II"
  std::vector<std::string> notes;    // lines printed under the table (a scenario's elements, scoring)
  std::vector<std::string> flagged;  // ids of pieces a checker finding names: outlined in red
};

std::string table_svg(const Edition& edition, const Picture& picture);

}  // namespace gauntlet::tabletop
