// Places a legal table from the EO's inventory with one of the edition's setup methods (SR2017
// "Terrain Setup Methods": cluster, quadrant, scatter; SR2014 leaves placement to the EO, so
// "random"). The draw comes from the seed alone, so a table can be re-made exactly.
//
//   auto placed = generate_terrain(*find_edition("sr2017"), {.method = "cluster", .seed = 7, .table = 3});
//   if (placed) assert(legal(check_terrain(edition, *placed)));
#pragma once

#include "tabletop/terrain.hpp"

namespace gauntlet::tabletop {

struct GenerateRequest {
  std::string method;  // "" = the edition's first (Rumble: its recommended) method
  bool rumble = false;
  std::uint64_t seed = 0;
  int table = 1;                         // each table of an event draws its own stream
  std::vector<InventoryItem> inventory;  // empty = default_inventory(edition)
};

// A placement every rule of check_terrain accepts that also follows the method's steps, or an
// error naming the method and why the inventory cannot make it (too few pieces, no LOS-blocking
// piece for the centre, no room found after many draws).
Result<Placement> generate_terrain(const Edition& edition, const GenerateRequest& request);

}  // namespace gauntlet::tabletop
