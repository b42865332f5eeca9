// Terrain on one table: the pieces, the EO's inventory they come from, and the check of a placement
// against the edition's terrain rules (SR2017 "Terrain": "the following terrain rules must be
// followed when setting up tables").
//
//   Placement p = ...;                                   // generated or entered by the EO
//   for (const Finding& f : check_terrain(edition, p))   // empty: a legal table
//     std::cout << f.text << "\n";
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "editions/edition.hpp"
#include "tabletop/geometry.hpp"

namespace gauntlet::tabletop {

struct Piece {
  std::string id;    // "T1", "T2", ... in placement order
  std::string kind;  // an edition kind: "forest"
  Shape shape;
};

// The table a placement is for: 48" or Rumble's 30", and the deployment zones the rules measure.
struct Table {
  double inches = 48;
  double deployment = 10;  // depth from each player's edge; 0 when there is none (Rumble)
  double advance_deployment = 16;
  bool rumble = false;
  Point centre() const { return {inches / 2, inches / 2}; }
  Box area() const { return {0, 0, inches, inches}; }
};
Table table_of(const Edition& edition, bool rumble);

struct Placement {
  std::string edition;  // "SR2017"
  std::string method;   // "cluster", "quadrant", "scatter", "random" or "manual"
  bool rumble = false;
  std::uint64_t seed = 0;
  int table_number = 0;  // 0: not tied to a table of an event
  std::vector<Piece> pieces;
};

// What the EO owns: `count` pieces of one kind and footprint.
struct InventoryItem {
  std::string kind;
  Shape::Kind shape = Shape::rect;
  double width = 0, depth = 0;
  int count = 1;
};
// A small store's terrain box, from the edition's kinds: two forests, a hill, an obstruction, an
// obstacle, rough terrain, shallow water and a trench (8 pieces of 3"-6", two restricted).
std::vector<InventoryItem> default_inventory(const Edition& edition);
// Every kind known to the edition, count >= 1, sizes in (0, 24]. Errors name "inventory[i].field".
Result<void> validate_inventory(const Edition& edition, const std::vector<InventoryItem>& inventory);

// One broken rule. `rule` is a stable key ("edge", "unrestricted-gap", "restricted-gap", "gap",
// "deployment", "los-blocking", "pieces", "piece-size", "table", "kind"); `error` is false for the
// rules' recommendations ("should", "are best"); `text` names the pieces and quotes the rule.
struct Finding {
  std::string rule;
  bool error = true;
  std::vector<std::string> pieces;
  std::string text;
};

// Every rule the placement breaks, errors first. Preconditions: none (unknown kinds are findings).
std::vector<Finding> check_terrain(const Edition& edition, const Placement& placement);
// True when no finding is an error.
bool legal(const std::vector<Finding>& findings);
// The ids of the pieces the findings name (a picture outlines them), in order, repeats kept.
std::vector<std::string> pieces_at_fault(const std::vector<Finding>& findings);

// The single rules, shared by the checker and the generator (which must not format text for each
// of its candidates). A rule the edition lacks, or Rumble ignores, is never broken.
bool off_table(const Table& table, const Piece& piece);
// The distance to the nearest table edge when it breaks the edge rule, else a negative number.
double edge_breach(const Edition& edition, const Table& table, const Piece& piece);
bool in_deployment(const Edition& edition, const Table& table, const Piece& piece);
// The gap rule two pieces `d` apart break, or nullptr; `key` receives its finding key.
const TerrainRule* broken_gap(const Edition& edition, const Piece& a, const Piece& b, double d,
                              const char** key);
// The candidate breaks none of the rules above against the pieces already placed.
bool piece_fits(const Edition& edition, const Table& table, const std::vector<Piece>& placed,
                const Piece& candidate);

}  // namespace gauntlet::tabletop
