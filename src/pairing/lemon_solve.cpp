// See lemon_solve.hpp. Compiled as C++17 (LEMON 1.3.1 predates C++20).
#include "pairing/lemon_solve.hpp"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

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

}  // namespace gauntlet::swiss_detail
