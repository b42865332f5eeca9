// JSON for placements, inventories and findings (docs/terrain.md). Readers refuse bad input with
// an Error naming the field ("pieces[2].width: must be a number of inches above 0").
//
//   nlohmann::json j = to_json(placement);
//   Result<Placement> back = placement_from_json(j);
#pragma once

#include <nlohmann/json.hpp>

#include "tabletop/terrain.hpp"

namespace gauntlet::tabletop {

nlohmann::json to_json(const Placement& p);
nlohmann::json to_json(const std::vector<Finding>& findings);
Result<Placement> placement_from_json(const nlohmann::json& j);
Result<std::vector<InventoryItem>> inventory_from_json(const nlohmann::json& j);

}  // namespace gauntlet::tabletop
