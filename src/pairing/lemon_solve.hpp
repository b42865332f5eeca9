// Internal: LEMON's MaxWeightedPerfectMatching behind a plain interface.
//
//   LemonSolution s;
//   bool ok = solve_max_weight_perfect_matching(vertices, edges, weights, s);
//   s.mate[v], s.potential[v] (dual, scaled by 4), s.blossoms[v] = {(blossom id, z_B)...}
//
// LEMON 1.3.1's graph maps call std::allocator::construct, removed in C++20, so this one file
// is compiled as C++17 (see CMakeLists.txt) and this header must stay C++17.
#pragma once

#include <utility>
#include <vector>

namespace gauntlet::swiss_detail {

struct LemonSolution {
  std::vector<int> mate;
  std::vector<long long> potential;  // y_v, scaled by 4 (LEMON's dualScale for integers)
  std::vector<std::vector<std::pair<int, long long>>> blossoms;  // per vertex: blossoms with z > 0
};

// Maximum-weight perfect matching; false when the graph has no perfect matching.
bool solve_max_weight_perfect_matching(int vertices, const std::vector<std::pair<int, int>>& edges,
                                       const std::vector<long long>& weights, LemonSolution& out);

// The same for the vertices [0, cut) and [cut, vertices) apart, each on a thread of its own: the
// edges across the cut are left out, their indices listed in `across`. The matching and the duals
// are the two sides' side by side (blossom ids of the second side after the first's); whether the
// duals also hold on the edges across is the caller's to check. False when a side has no perfect
// matching. `cut` and `vertices` - `cut` must be even and positive.
bool solve_sides_apart(int vertices, int cut, const std::vector<std::pair<int, int>>& edges,
                       const std::vector<long long>& weights, LemonSolution& out,
                       std::vector<std::size_t>& across);

}  // namespace gauntlet::swiss_detail
