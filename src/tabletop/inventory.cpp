// The EO's terrain box: the default one and its validation.
#include <fmt/format.h>

#include "tabletop/terrain.hpp"

namespace gauntlet::tabletop {

std::vector<InventoryItem> default_inventory(const Edition& edition) {
  // Footprints within SR2017's "3\" to 6\"" and SR2014's "4\" to 7\"" guidance.
  const std::vector<InventoryItem> box = {
      {"forest", Shape::rect, 6, 4, 2},        {"hill", Shape::circle, 5, 5, 1},
      {"obstruction", Shape::rect, 5, 4, 1},   {"obstacle", Shape::rect, 5, 4, 1},
      {"rough terrain", Shape::rect, 5, 4, 1}, {"shallow water", Shape::circle, 5, 5, 1},
      {"trench", Shape::rect, 6, 4, 1},
  };
  std::vector<InventoryItem> out;
  for (const InventoryItem& item : box)
    if (edition.terrain.find_kind(item.kind)) out.push_back(item);
  return out;
}

Result<void> validate_inventory(const Edition& edition, const std::vector<InventoryItem>& inventory) {
  if (inventory.empty()) return fail("inventory", edition.terrain.pieces_rule, "lists no terrain pieces");
  for (std::size_t i = 0; i < inventory.size(); ++i) {
    const InventoryItem& item = inventory[i];
    std::string at = fmt::format("inventory[{}]", i);
    if (!edition.terrain.find_kind(item.kind))
      return fail(at + ".kind", edition.terrain.kinds_rule,
                  fmt::format("'{}' is not a terrain kind of {} ({})", item.kind, edition.id,
                              edition.terrain.kind_keys()));
    if (item.count < 1 || item.count > 64) return fail(at + ".count", "", "must be 1 to 64");
    for (auto [field, v] : {std::pair{"width", item.width}, std::pair{"depth", item.depth}})
      if (!(v > 0 && v <= 24)) return fail(at + "." + field, "", "must be more than 0 and at most 24 inches");
  }
  return {};
}

}  // namespace gauntlet::tabletop
