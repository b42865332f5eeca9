// Internal: the minimum-cost perfect matching behind pair_round (LEMON, sparse graph + certificate).
//
//   CostModel model(players, options);
//   Result<Matching> m = min_cost_matching(model, pool, seed, GraphMode::automatic);
//   m->pairs, m->bye, m->stats
//
// GraphMode::complete is the reference the tests compare the sparse graph against.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "pairing/swiss_cost.hpp"

namespace gauntlet::swiss_detail {

enum class GraphMode { automatic, sparse, complete };

struct Matching {
  std::vector<std::pair<int, int>> pairs;  // player indices
  std::optional<int> bye;
  PairingStats stats;
};

// From this many vertices a sparse graph's two halves are matched apart first, on two cores
// (swiss_match.cpp "Halves"); tests pass a smaller `halves_from` to try the halves on small fields.
inline constexpr int kHalvesFrom = 20000;

// Optimal pairing of the players `pool` (indices into the model's players) under the model's
// lexicographic cost; ties broken at random from `seed`.
Result<Matching> min_cost_matching(const CostModel& model, const std::vector<int>& pool, std::uint64_t seed,
                                   GraphMode mode = GraphMode::automatic, int halves_from = kHalvesFrom);

}  // namespace gauntlet::swiss_detail
