// JSON for placements, inventories and findings (docs/terrain.md). Readers refuse bad input with
// an Error naming the field ("pieces[2].width: must be a number of inches above 0").
//
//   nlohmann::json j = to_json(placement);
//   Result<Placement> back = placement_from_json(j);
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "tabletop/terrain.hpp"

namespace gauntlet::tabletop {

// The shape as a placement's JSON writes it: centre, width, depth and rotation to the hundredth of
// an inch (of a degree). Placing this and checking it is checking what the EO gets: a piece placed
// at a rule's limit and rounded afterwards could end 0.01" inside it (SR2014 "at least 3" away").
Shape as_written(const Shape& s);
nlohmann::json to_json(const Placement& p);
nlohmann::json to_json(const std::vector<Finding>& findings);
// SR2017 "an average table should have six to eight pieces of terrain ... We highly recommend using
// eight pieces of terrain per table if possible": a placement or an inventory of more than 64 is no
// table, and the checker's pairwise rules would cost a stranger's request the square of its size.
inline constexpr std::size_t kMaxPieces = 64;
Result<Placement> placement_from_json(const nlohmann::json& j);
Result<std::vector<InventoryItem>> inventory_from_json(const nlohmann::json& j);
// A draw seed written as digits ("7", up to 18446744073709551615): JSON numbers lose digits above
// 2^53, so placements carry the seed as a string. Nothing else (no sign, space or empty string).
std::optional<std::uint64_t> seed_from_digits(std::string_view digits);

}  // namespace gauntlet::tabletop
