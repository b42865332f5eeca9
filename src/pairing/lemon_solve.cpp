// See lemon_solve.hpp. Compiled as C++17 (LEMON 1.3.1 predates C++20).
#include "pairing/lemon_solve.hpp"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <algorithm>
#include <exception>
#include <thread>

namespace gauntlet::swiss_detail {

bool solve_max_weight_perfect_matching(int vertices, const std::vector<std::pair<int, int>>& edges,
                                       const std::vector<long long>& weights, LemonSolution& out) {
  using Graph = lemon::SmartGraph;
  Graph g;
  g.reserveNode(vertices);
  g.reserveEdge(static_cast<int>(edges.size()));
  std::vector<Graph::Node> node(vertices);
  for (int v = 0; v < vertices; ++v) node[v] = g.addNode();
  Graph::EdgeMap<long long> w(g);
  for (std::size_t i = 0; i < edges.size(); ++i)
    w[g.addEdge(node[edges[i].first], node[edges[i].second])] = weights[i];
  lemon::MaxWeightedPerfectMatching<Graph, Graph::EdgeMap<long long>> mwpm(g, w);
  if (!mwpm.run()) return false;
  out.mate.assign(vertices, -1);
  out.potential.assign(vertices, 0);
  out.blossoms.assign(vertices, {});
  for (int v = 0; v < vertices; ++v) {
    out.mate[v] = g.id(mwpm.mate(node[v]));
    out.potential[v] = mwpm.nodeValue(node[v]);
  }
  for (int k = 0; k < mwpm.blossomNum(); ++k) {
    long long z = mwpm.blossomValue(k);
    if (z == 0) continue;
    for (decltype(mwpm)::BlossomIt it(mwpm, k); it != lemon::INVALID; ++it)
      out.blossoms[g.id(static_cast<Graph::Node>(it))].emplace_back(k, z);
  }
  return true;
}

bool solve_sides_apart(int vertices, int cut, const std::vector<std::pair<int, int>>& edges,
                       const std::vector<long long>& weights, LemonSolution& out,
                       std::vector<std::size_t>& across) {
  std::vector<std::pair<int, int>> edges_of[2];
  std::vector<long long> weights_of[2];
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const auto [u, v] = edges[i];
    const int side = u < cut ? 0 : 1;
    if ((v < cut ? 0 : 1) != side) {
      across.push_back(i);
      continue;
    }
    const int shift = side == 0 ? 0 : cut;
    edges_of[side].emplace_back(u - shift, v - shift);
    weights_of[side].push_back(weights[i]);
  }
  LemonSolution sol[2];
  bool ok[2] = {false, false};
  std::exception_ptr failed;
  std::thread second([&] {
    try {
      ok[1] = solve_max_weight_perfect_matching(vertices - cut, edges_of[1], weights_of[1], sol[1]);
    } catch (...) {
      failed = std::current_exception();
    }
  });
  try {
    ok[0] = solve_max_weight_perfect_matching(cut, edges_of[0], weights_of[0], sol[0]);
  } catch (...) {
    second.join();
    throw;
  }
  second.join();
  if (failed) std::rethrow_exception(failed);
  if (!ok[0] || !ok[1]) return false;
  // Side by side: the second side's vertices after the first's, its blossom ids after the first's.
  int ids = 0;
  for (const auto& list : sol[0].blossoms)
    for (const auto& b : list) ids = std::max(ids, b.first + 1);
  out = std::move(sol[0]);
  out.mate.reserve(static_cast<std::size_t>(vertices));
  out.potential.reserve(static_cast<std::size_t>(vertices));
  out.blossoms.reserve(static_cast<std::size_t>(vertices));
  for (int v = 0; v < vertices - cut; ++v) {
    out.mate.push_back(sol[1].mate[static_cast<std::size_t>(v)] + cut);
    out.potential.push_back(sol[1].potential[static_cast<std::size_t>(v)]);
    auto list = std::move(sol[1].blossoms[static_cast<std::size_t>(v)]);
    for (auto& b : list) b.first += ids;
    out.blossoms.push_back(std::move(list));
  }
  return true;
}

}  // namespace gauntlet::swiss_detail
