// Minimum-cost perfect matching for one Swiss round, on a sparse graph, certified optimal.
//
// Formulation. Vertices: the players of the pool, plus one dummy "bye" vertex when the count is
// odd. Edge (a, b) costs the packed tier vector of pairing a with b, edge (a, bye) the tiers of
// giving a the bye. Tiers are packed into one integer C = sum_k M_k * c_k with multipliers large
// enough that the order of packed sums is the lexicographic order (see "Packing" below). LEMON's
// MaxWeightedPerfectMatching maximises w = -C + r, where r in [0, R) is a seeded per-edge
// perturbation (tier 6, random among ties; R = 1 disables it when 63-bit weights are too tight).
//
// Sparse graph. A complete graph on 100 000 players has 5e9 edges, so we start from:
//   - a Hamiltonian path through all vertices sorted by pile (so a perfect matching always exists),
//   - each player to K random players of its own pile (rematches left out),
//   - a few players of each pile to a few of the next two lower piles (the floats),
//   - the bye vertex to every player (only n edges).
// Optimality on the COMPLETE graph (the argument). LEMON returns, with the matching M, a dual
// solution of Edmonds' LP: potentials y_v and blossom values z_B >= 0 (scaled by 4) such that
// y_u + y_v + sum_{B containing u,v} z_B >= w_uv on every edge of the sparse graph, with
// complementary slackness (M's edges tight; z_B > 0 only on full blossoms). These conditions
// don't involve the missing edges except through dual feasibility, so if every missing edge also
// satisfies y_u + y_v + z_uv >= -C_uv (its noise-free weight), the dual is feasible on the complete
// graph up to the noise R-1 per edge, and by weak duality every perfect matching M' of the
// complete graph has w(M') <= w(M) + (V/2)(R-1), hence C(M) <= C(M') + V(R-1) (r sums differ by at
// most (V/2)(R-1) too). We check every missing edge without enumerating them: within each pile
// vertices are sorted by potential, and for a vertex u and a pile Q, -C_uv <= -Cmin(u, Q) (the
// float and pair-down cost of u against Q, ignoring v's rematch/club/pair-down, which only add
// cost); the scan stops at the first v with y_u + y_v >= -4 Cmin(u, Q). Violated edges are added
// and the graph is solved again; the loop ends (there are finitely many edges) with a certificate.
// Packing. With M_last = V(R-1) + 1 and M_k = M_{k+1} (b_{k+1} + 1), where b_j bounds the tier-j
// sum of the returned M (checked afterwards; if wrong, b_j grows and we re-solve), any M' that is
// lexicographically better than M would have C(M) - C(M') >= M_k - sum_{j>k} M_j c_j(M) > V(R-1),
// contradicting the bound above. So M is lexicographically optimal on tiers 1-5, and among the
// optima it maximises the perturbation, up to the certificate's slack. Weights stay <= 2^58 so
// LEMON's 4x-scaled duals fit in long long.
#include "pairing/swiss_match.hpp"

#include <algorithm>
#include <boost/unordered/unordered_flat_set.hpp>
#include <future>
#include <limits>

#include "core/rng.hpp"
#include "pairing/lemon_solve.hpp"

namespace gauntlet::swiss_detail {

namespace {

constexpr long long kMaxWeight = 1LL << 58;
constexpr int kPileDegree = 3;   // random same-pile neighbours per player (each side)
constexpr int kFloatSample = 6;  // players per pile offered to the next two lower piles
constexpr int kCompleteBelow = 24;
// Perturbation range for tier 6. Measured: with R = 16 LEMON's duals on the sparse graph leave
// ~100 000 violated edges at 1024 players (nested blossoms in odd piles), R = 1 none; so ties are
// broken by the seeded vertex order and the seeded sparse sample instead (still a function of the seed).
constexpr long long kNoise = 1;

using Mults = std::array<long long, kTiers>;

std::optional<Mults> pack(const Tiers& bound, const Tiers& max_edge, long long vertices, long long noise) {
  Mults m{};
  long long cur = 0, worst = noise, term = 0;
  if (__builtin_mul_overflow(vertices, noise - 1, &cur)) return std::nullopt;
  m[kTiers - 1] = ++cur;
  for (int k = kTiers - 1; k > 0; --k) {
    if (__builtin_mul_overflow(cur, bound[k] + 1, &cur) || cur > kMaxWeight) return std::nullopt;
    m[k - 1] = cur;
  }
  for (int k = 0; k < kTiers; ++k)
    if (__builtin_mul_overflow(m[k], max_edge[k], &term) || __builtin_add_overflow(worst, term, &worst))
      return std::nullopt;
  if (worst > kMaxWeight) return std::nullopt;
  return m;
}

long long packed(const Mults& m, const Tiers& t) {
  long long c = 0;
  for (int k = 0; k < kTiers; ++k) c += m[k] * t[k];
  return c;
}

unsigned long long edge_key(int a, int b) {
  if (a > b) std::swap(a, b);
  return (static_cast<unsigned long long>(static_cast<unsigned>(a)) << 32) | static_cast<unsigned>(b);
}

long long noise_of(std::uint64_t seed, int a, int b, long long range) {
  if (range <= 1) return 0;
  Rng r(seed ^ (edge_key(a, b) * 0x9E3779B97F4A7C15ULL));
  return static_cast<long long>(r.below(static_cast<std::uint64_t>(range)));
}

struct Problem {
  const CostModel& model;
  std::vector<int> vp;                          // vertex -> player; -1 = the bye vertex
  std::vector<std::pair<int, int>> pile_range;  // by pile rank: [begin, end) of vertices
  std::vector<std::pair<int, int>> edges;
  boost::unordered_flat_set<unsigned long long> have;  // open addressing: no node per edge (issue 16)

  void add(int u, int v) {
    if (u != v && have.insert(edge_key(u, v)).second) edges.emplace_back(u, v);
  }
  Tiers tiers(int u, int v) const {
    if (vp[u] < 0) return model.bye(vp[v]);
    if (vp[v] < 0) return model.bye(vp[u]);
    return model.pair(vp[u], vp[v]);
  }
};

void build_sparse(Problem& pb, Rng& rng) {
  const int V = static_cast<int>(pb.vp.size());
  for (int v = 0; v + 1 < V; ++v) pb.add(v, v + 1);  // the path: a perfect matching always exists
  if (pb.vp.back() < 0)
    for (int v = 0; v + 1 < V; ++v) pb.add(v, V - 1);
  const CostModel& m = pb.model;
  for (int q = 0; q < m.piles(); ++q) {
    auto [b, e] = pb.pile_range[q];
    int s = e - b;
    for (int i = 0; i < s; ++i)
      for (int j = 2; j <= std::min(kPileDegree + 1, s - 1); ++j) {
        int u = b + i, v = b + (i + j) % s;
        if (!m.met(pb.vp[u], pb.vp[v])) pb.add(u, v);
      }
    // Floats: a sample of players not yet paired down, to the next two lower piles.
    std::vector<int> hi;
    for (int u = b; u < e && static_cast<int>(hi.size()) < kFloatSample; ++u)
      if (m.player(pb.vp[u]).times_paired_down == 0) hi.push_back(u);
    for (int u = b; u < std::min(e, b + 2); ++u) hi.push_back(u);
    for (int lower = q - 1; lower >= std::max(0, q - 2); --lower) {
      auto [lb, le] = pb.pile_range[lower];
      int start = lb + static_cast<int>(rng.below(static_cast<std::uint64_t>(le - lb)));
      for (int u : hi)
        for (int j = 0; j < std::min(kFloatSample, le - lb); ++j)
          pb.add(u, lb + (start - lb + j) % (le - lb));
    }
  }
}

// Missing edges whose dual constraint fails (see the argument at the top of the file).
// For u, the blossoms containing u form a chain A_0 < A_1 < ... < A_k; a vertex v in A_j but not
// in A_{j-1} shares exactly A_j..A_k with u, so z_uv = Z_j = sum_{i>=j} z(A_i). Per blossom (and
// for "no common blossom") the candidates are the v of pile Q with y_v < -4 Cmin(u,Q) - y_u - Z_j;
// vertex lists sorted by (pile, y) let us count them by binary search and skip empty levels.
// `two_cores`: the vertices are scanned in two ranges, the second on a thread of its own (issue 16:
// at 100 000 players the scan came after the matching on one core while the other sat idle); the
// list is the same, in the same order, either way.
std::vector<std::pair<int, int>> violations(
    const Problem& pb, const Mults& mult, const std::vector<long long>& y,
    const std::vector<std::vector<std::pair<int, long long>>>& blossoms, bool two_cores) {
  const CostModel& m = pb.model;
  const int V = static_cast<int>(pb.vp.size());
  auto pile = [&](int v) { return m.rank(pb.vp[v]); };
  auto less = [&](int a, int b) { return std::make_pair(pile(a), y[a]) < std::make_pair(pile(b), y[b]); };
  std::vector<std::vector<int>> members;  // per blossom id; index 0 = every vertex
  std::vector<int> id_of;                 // LEMON blossom id -> index in members
  members.emplace_back();
  for (int v = 0; v < V; ++v) {
    if (pb.vp[v] < 0) continue;  // the bye vertex is joined to everyone
    members[0].push_back(v);
    for (auto [k, z] : blossoms[v]) {
      if (k >= static_cast<int>(id_of.size())) id_of.resize(k + 1, -1);
      if (id_of[k] < 0) id_of[k] = static_cast<int>(members.size()), members.emplace_back();
      members[id_of[k]].push_back(v);
    }
  }
  for (auto& list : members) std::sort(list.begin(), list.end(), less);
  auto first = [&](const std::vector<int>& list, int q, long long c) {  // first with (pile, y) >= (q, c)
    return std::lower_bound(
        list.begin(), list.end(), std::make_pair(q, c),
        [&](int v, const std::pair<int, long long>& key) { return std::make_pair(pile(v), y[v]) < key; });
  };
  auto count = [&](const std::vector<int>& list, int q, long long c) {
    return first(list, q, c) - first(list, q, std::numeric_limits<long long>::min());
  };
  // Per list and pile, the smallest y among the list's vertices of that pile: when it is not below
  // the threshold, the list holds no candidate there and its counts need no search (issue 16: 100 000
  // vertices by 6 piles, nearly every level empty).
  std::vector<std::vector<long long>> min_y(
      members.size(),
      std::vector<long long>(static_cast<std::size_t>(m.piles()), std::numeric_limits<long long>::max()));
  for (std::size_t l = 0; l < members.size(); ++l)
    for (std::size_t i = 0; i < members[l].size(); ++i)
      if (i == 0 || pile(members[l][i]) != pile(members[l][i - 1]))
        min_y[l][static_cast<std::size_t>(pile(members[l][i]))] = y[members[l][i]];
  auto in = [&](int v, int k) {
    return std::any_of(blossoms[v].begin(), blossoms[v].end(), [&](const auto& b) { return b.first == k; });
  };
  auto z = [&](int u, int v) {
    long long s = 0;
    for (auto [k, val] : blossoms[u])
      if (in(v, k)) s += val;
    return s;
  };
  // The missing edges of u in [from, to) that fail, in order of u. Reads only what is above.
  const auto scan = [&](int from, int to) {
    std::vector<std::pair<int, int>> bad;
    std::vector<std::pair<int, long long>> chain;
    std::vector<long long> zsum;
    for (int u = from; u < to; ++u) {
      if (pb.vp[u] < 0) continue;
      const PairingPlayer& pu = m.player(pb.vp[u]);
      int ru = pile(u);
      // u's chain, outermost first, with Z_j.
      chain.assign(blossoms[u].begin(), blossoms[u].end());
      std::sort(chain.begin(), chain.end(), [&](const auto& a, const auto& b) {
        return members[id_of[a.first]].size() > members[id_of[b.first]].size();
      });
      zsum.assign(chain.size() + 1, 0);
      for (std::size_t j = 0; j < chain.size(); ++j) zsum[j + 1] = zsum[j] + chain[j].second;
      for (int q = 0; q < m.piles(); ++q) {
        Tiers lo{};
        if (q != ru) {
          lo[kFloats] = std::abs(ru - q);
          long long gap = pu.tp - m.pile_tp(q);
          lo[kGap2] = gap * gap;
          lo[kPairDown] = ru > q && pu.times_paired_down > 0;
        }
        long long thr = -4 * packed(mult, lo);
        // Level j = 0: no common blossom (list = everyone, minus the outermost blossom of u), etc.
        for (std::size_t j = 0; j <= chain.size(); ++j) {
          const int l = j == 0 ? 0 : id_of[chain[j - 1].first];
          const auto& list = members[static_cast<std::size_t>(l)];
          int inner = j < chain.size() ? chain[j].first : -1;
          long long c = thr - y[u] - zsum[j];
          if (min_y[static_cast<std::size_t>(l)][static_cast<std::size_t>(q)] >= c)
            continue;  // count(list) = 0
          auto n = count(list, q, c) - (inner >= 0 ? count(members[id_of[inner]], q, c) : 0);
          if (n <= 0) continue;
          for (auto it = first(list, q, std::numeric_limits<long long>::min()); it != first(list, q, c);
               ++it) {
            int v = *it;
            if (v == u || (inner >= 0 && in(v, inner)) || pb.have.count(edge_key(u, v))) continue;
            if (y[u] + y[v] + z(u, v) < -4 * packed(mult, pb.tiers(u, v))) bad.emplace_back(u, v);
          }
        }
      }
    }
    return bad;
  };
  if (!two_cores) return scan(0, V);
  // A std::async future waits for its thread when destroyed, also when scan() below throws.
  std::future<std::vector<std::pair<int, int>>> later = std::async(std::launch::async, scan, V / 2, V);
  std::vector<std::pair<int, int>> bad = scan(0, V / 2);
  const std::vector<std::pair<int, int>> rest = later.get();
  bad.insert(bad.end(), rest.begin(), rest.end());
  return bad;
}

// The vertices: the pool in a seeded random order, then sorted by pile (highest first), and the
// bye vertex when the count is odd.
Problem vertices_of(const CostModel& model, const std::vector<int>& pool, Rng& rng) {
  Problem pb{model, pool, {}, {}, {}};
  rng.shuffle(pb.vp);  // random vertex order: part of the tie-break, and random samples below
  std::stable_sort(pb.vp.begin(), pb.vp.end(), [&](int a, int b) { return model.rank(a) > model.rank(b); });
  pb.pile_range.assign(model.piles(), {0, 0});
  for (int v = static_cast<int>(pb.vp.size()) - 1; v >= 0; --v) pb.pile_range[model.rank(pb.vp[v])].first = v;
  for (int v = 0; v < static_cast<int>(pb.vp.size()); ++v) pb.pile_range[model.rank(pb.vp[v])].second = v + 1;
  if (needs_bye(pb.vp.size())) pb.vp.push_back(-1);  // the dummy vertex: its partner has the bye
  return pb;
}

// Largest per-edge value of each tier.
Tiers max_edge_tiers(const CostModel& model) {
  long long span = model.pile_tp(model.piles() - 1) - model.pile_tp(0);
  if (model.history())
    return {1, 1, 1, model.piles(), model.piles(), span * span, model.club(), model.faction()};
  return {0, 0, 0, 0, 0, 0, model.club(), model.faction()};
}

// First guesses of the optimum's tier sums (grown and solved again when too small, see "Packing").
Tiers first_bound(const CostModel& model, const std::vector<int>& pool, int vertices, const Tiers& max_edge) {
  int pd = 0;
  for (int p : pool) pd += model.player(p).times_paired_down > 0;
  Tiers bound = {0,
                 std::min(pd, 8),
                 1,
                 model.piles(),
                 2LL * model.piles() + 8,
                 (2LL * model.piles() + 8) * 4,
                 model.club() ? 16 + vertices / 16 : 0,
                 model.faction() ? 16 + vertices / 16 : 0};
  for (int k = 0; k < kTiers; ++k) bound[k] = std::min(bound[k], max_edge[k] * (vertices / 2 + 1));
  return bound;
}

// Halves (issue 16: at 100 000 players LEMON is the largest part of pairing a round). The vertices
// are sorted by pile, so a pile boundary cuts them into the upper piles and the lower
// ones. Matched apart, each half on a core of its own, they give a perfect matching and, side by
// side, duals that satisfy complementary slackness on each half. The certificate below then checks
// those duals on every edge of the complete graph as usual, and on the edges of the sparse graph
// across the cut, which neither half saw (holds_across). When both hold, the argument at the top of
// the file applies unchanged: the halves' matching is optimal on the complete graph. When not (the
// optimum floats someone across the cut), the whole graph is solved as one, as for a small field.
// The cut: the pile boundary nearest the middle with an even number of vertices above it, so that
// the optimum rarely needs a float across it; none within the middle half, no cut.
int cut_between_piles(const Problem& pb) {
  const int V = static_cast<int>(pb.vp.size());
  int best = -1;
  for (const auto& [begin, end] : pb.pile_range) {
    if (begin == end || begin % 2 != 0 || begin < V / 4 || begin > V - V / 4) continue;
    if (best < 0 || std::abs(begin - V / 2) < std::abs(best - V / 2)) best = begin;
  }
  return best;
}

// Whether the duals of halves matched apart hold on the sparse graph's edges across the cut: no
// blossom spans the cut, so y_u + y_v >= w_uv (LEMON's duals are scaled by 4).
bool holds_across(const Problem& pb, const std::vector<long long>& weights, const LemonSolution& sol,
                  const std::vector<std::size_t>& across) {
  return std::all_of(across.begin(), across.end(), [&](std::size_t i) {
    const auto [u, v] = pb.edges[i];
    return sol.potential[static_cast<std::size_t>(u)] + sol.potential[static_cast<std::size_t>(v)] >=
           4 * weights[i];
  });
}

// LEMON maximises: each edge weighs minus its packed cost, plus its seeded noise.
std::vector<long long> edge_weights(const Problem& pb, const Mults& mult, std::uint64_t seed,
                                    long long noise) {
  std::vector<long long> w(pb.edges.size());
  for (std::size_t i = 0; i < pb.edges.size(); ++i) {
    auto [u, v] = pb.edges[i];
    w[i] = -packed(mult, pb.tiers(u, v)) + noise_of(seed, pb.vp[u], pb.vp[v], noise);
  }
  return w;
}

// Reads the pairs and the bye out of LEMON's matching; returns the matching's tier sums.
Tiers read_matching(const Problem& pb, const LemonSolution& sol, Matching& out) {
  out.pairs.clear();
  out.bye.reset();
  Tiers sum{};
  for (int u = 0; u < static_cast<int>(pb.vp.size()); ++u) {
    int v = sol.mate[u];
    if (v < u) continue;
    Tiers t = pb.tiers(u, v);
    for (int k = 0; k < kTiers; ++k) sum[k] += t[k];
    if (pb.vp[u] < 0 || pb.vp[v] < 0)
      out.bye = pb.vp[u] < 0 ? pb.vp[v] : pb.vp[u];
    else
      out.pairs.emplace_back(pb.vp[u], pb.vp[v]);
  }
  return sum;
}

}  // namespace

Result<Matching> min_cost_matching(const CostModel& model, const std::vector<int>& pool, std::uint64_t seed,
                                   GraphMode mode, int halves_from) {
  Matching out;
  if (pool.empty()) return out;
  Rng rng(seed);
  Problem pb = vertices_of(model, pool, rng);
  const int V = static_cast<int>(pb.vp.size());
  if (mode == GraphMode::automatic) mode = V < kCompleteBelow ? GraphMode::complete : GraphMode::sparse;
  if (mode == GraphMode::complete) {
    for (int u = 0; u < V; ++u)
      for (int v = u + 1; v < V; ++v) pb.add(u, v);
  } else {
    build_sparse(pb, rng);
  }

  const Tiers max_edge = max_edge_tiers(model);
  Tiers bound = first_bound(model, pool, V, max_edge);
  const int cut = mode == GraphMode::sparse && V >= halves_from ? cut_between_piles(pb) : -1;
  bool apart = cut > 0;  // the halves first; the whole once they fail to certify
  while (true) {
    long long noise = kNoise;
    auto mult = pack(bound, max_edge, V, noise);
    if (!mult) mult = pack(bound, max_edge, V, noise = 1);
    if (!mult)
      return fail("pairing", "issue 3",
                  "field too large for exact packed weights (" + std::to_string(V) + ")");
    out.stats.noise = noise > 1;
    ++out.stats.solves;

    LemonSolution sol;
    const std::vector<long long> weights = edge_weights(pb, *mult, seed, noise);
    std::vector<std::size_t> across;
    if (apart && !solve_sides_apart(V, cut, pb.edges, weights, sol, across)) {
      apart = false;  // a half without a perfect matching of its own
      continue;
    }
    if (!apart && !solve_max_weight_perfect_matching(V, pb.edges, weights, sol))
      return fail("pairing", "issue 3", "no perfect matching (internal error)");
    const Tiers sum = read_matching(pb, sol, out);
    bool regrow = false;
    for (int k = 1; k < kTiers; ++k)
      if (sum[k] > bound[k]) bound[k] = 2 * sum[k] + 8, regrow = true;
    if (regrow) continue;  // the packing was too tight for this optimum: solve again
    if (mode == GraphMode::complete) break;
    if (apart && !holds_across(pb, weights, sol, across)) {
      apart = false;  // the optimum crosses the cut: solve the whole graph
      continue;
    }

    auto bad = violations(pb, *mult, sol.potential, sol.blossoms, V >= halves_from);
    if (bad.empty()) break;
    for (auto [u, v] : bad) pb.add(u, v);
    out.stats.added_edges += static_cast<int>(bad.size());
  }
  out.stats.vertices = V;
  out.stats.edges = static_cast<int>(pb.edges.size());
  out.stats.halves = apart;
  return out;
}

}  // namespace gauntlet::swiss_detail
