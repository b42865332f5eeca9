// pair_round / pair_finals (with their explanations) and assign_tables; the matching itself is
// in swiss_match.cpp, the cost tiers in swiss_cost.cpp.
#include "pairing/swiss.hpp"

#include <algorithm>
#include <numeric>
#include <set>

#include "core/rng.hpp"
#include "pairing/swiss_match.hpp"

namespace gauntlet {

namespace {

using swiss_detail::CostModel;

std::string name_of(const std::vector<PairingPlayer>& p, int i) {
  return p[i].name.empty() ? "#" + std::to_string(i) : p[i].name;
}

std::string tp(int n) {
  return std::to_string(n) + " TP";
}

// "Ada (p1) (2 TP)" appended to `line`: the one line per pair of a 100 000-player round is built in
// one string, not from a dozen temporaries (issue 16).
void append_player(std::string& line, const std::vector<PairingPlayer>& p, int i) {
  if (p[i].name.empty())
    line.append("#").append(std::to_string(i));
  else
    line.append(p[i].name);
  line.append(" (").append(std::to_string(p[i].tp)).append(" TP)");
}

// One line per pair, float and bye; warnings for broken rules first (issue 3: "say so loudly").
std::vector<std::string> explain(const std::vector<PairingPlayer>& p, const CostModel& m,
                                 const std::vector<std::pair<int, int>>& pairs, std::optional<int> bye,
                                 std::size_t locked, const std::vector<std::string>& lock_reasons) {
  std::vector<std::string> warn, lines;
  lines.reserve(pairs.size() + 1);
  auto nm = [&](int i) { return name_of(p, i); };
  // Pile sizes and floats into each pile, to say why a pile sent a player down.
  std::vector<int> size(m.piles(), 0), in(m.piles(), 0);
  for (std::size_t i = 0; i < p.size(); ++i) ++size[m.rank(static_cast<int>(i))];
  for (auto [a, b] : pairs)
    if (m.rank(a) != m.rank(b)) ++in[std::min(m.rank(a), m.rank(b))];
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    auto [a, b] = pairs[k];
    std::string line;
    line.reserve(p[a].name.size() + p[b].name.size() + 40);
    append_player(line, p, a);
    line.append(" v ");
    append_player(line, p, b);
    line.append(": ");
    if (k < locked) {
      line += k < lock_reasons.size() && !lock_reasons[k].empty() ? lock_reasons[k] : "locked by the EO";
    } else if (!m.history()) {
      line += "drawn at random (SR2017 round 1)";
    } else if (m.rank(a) == m.rank(b)) {
      line += "same TP pile";
    } else {
      const int hi = *m.paired_down(a, b), lo = hi == a ? b : a;
      int r = m.rank(hi), crossed = r - m.rank(lo);
      line = nm(hi) + " paired down from " + tp(p[hi].tp) + " to " + nm(lo) + " (" + tp(p[lo].tp) + "): ";
      line += (size[r] + in[r]) % 2 == 1 ? "odd " + tp(p[hi].tp) + " pile"
                                         : "no better pairing inside the " + tp(p[hi].tp) + " pile";
      if (crossed > 1)
        line += ", crossing " + std::to_string(crossed) + " piles (nothing closer was possible)";
      line += p[hi].times_paired_down == 0 ? "; " + nm(hi) + " had not been paired down before"
                                           : "; " + nm(hi) + " was already paired down (unavoidable)";
    }
    if (m.met(a, b)) {
      line += "; REMATCH";
      warn.push_back("WARNING: rematch " + nm(a) + " v " + nm(b) +
                     ": no rematch-free pairing exists (SR2017 \"Subsequent Pairings\"), this is the fewest");
    }
    // The tier CostModel::pair gives kPairDown: the higher player of a cross-pile pair paired down before.
    if (const auto hi = m.paired_down(a, b); m.history() && hi && p[*hi].times_paired_down > 0 && k >= locked)
      warn.push_back("WARNING: second pair-down unavoidable: " + nm(*hi));
    lines.push_back(std::move(line));
  }
  if (bye) {
    std::string line = nm(*bye) + " gets the bye: ";
    if (!m.history()) {
      line += "drawn at random (SR2017 \"Byes & Odd Number of Players\", round 1)";
    } else {
      line += "lowest TP pile with a player who never had a bye (" + tp(p[*bye].tp) + ")";
      if (p[*bye].had_bye) {
        line = nm(*bye) + " gets a SECOND bye: every other choice breaks a higher-priority rule";
        warn.push_back("WARNING: second bye for " + nm(*bye) + " (SR2017 \"Byes & Odd Number of Players\")");
      } else if (m.bye(*bye)[swiss_detail::kByeRank] > 0) {
        line = nm(*bye) + " gets the bye at " + tp(p[*bye].tp) +
               ": a lower bye would force a rematch or a second pair-down";
      }
    }
    lines.push_back(line);
  }
  warn.insert(warn.end(), std::make_move_iterator(lines.begin()), std::make_move_iterator(lines.end()));
  return warn;
}

}  // namespace

std::string finals_reason(std::size_t k) {
  return k == 0 ? "first finals table, #1 v #2 by the standings before the final round (SR2017 \"Finals "
                  "Tables\")"
                : "second finals table, #3 v #4 by the standings before the final round (SR2017 \"Finals "
                  "Tables\")";
}

Result<PairingOutcome> pair_round(const std::vector<PairingPlayer>& players, const PairingOptions& options) {
  const int n = static_cast<int>(players.size());
  std::vector<char> locked(players.size(), 0);
  std::vector<std::pair<int, int>> pairs;
  for (auto [a, b] : options.locked_pairs) {
    if (a < 0 || b < 0 || a >= n || b >= n || a == b || locked[a] || locked[b])
      return fail("locked_pairs", "issue 3", "a locked pair names an unknown or repeated player");
    locked[a] = locked[b] = 1;
    pairs.emplace_back(a, b);
  }
  std::vector<int> pool;
  for (int i = 0; i < n; ++i)
    if (!locked[i]) pool.push_back(i);

  CostModel model(players, options);
  PairingOutcome out;
  if (!model.history() && !model.club() && !model.faction()) {
    // SR2014 procedure, SR2017 "Pairings": shuffle the sheets, take pairs off the top; the last one has the
    // bye.
    Rng rng(options.seed);
    rng.shuffle(pool);
    for (std::size_t i = 0; i + 1 < pool.size(); i += 2) pairs.emplace_back(pool[i], pool[i + 1]);
    if (needs_bye(pool.size())) out.bye = pool.back();
  } else {
    auto m = swiss_detail::min_cost_matching(model, pool, options.seed);
    if (!m) return tl::unexpected(m.error());
    pairs.insert(pairs.end(), m->pairs.begin(), m->pairs.end());
    out.bye = m->bye;
    out.stats = m->stats;
  }
  for (auto& [a, b] : pairs)
    if (players[b].tp > players[a].tp) std::swap(a, b);
  out.pairs = std::move(pairs);
  out.cost = model.total(out.pairs, out.bye);
  out.rematches = static_cast<int>(out.cost.rematches);
  out.second_pair_downs = static_cast<int>(out.cost.second_pair_downs);
  out.second_bye = out.cost.second_byes > 0;
  out.explain =
      explain(players, model, out.pairs, out.bye, options.locked_pairs.size(), options.lock_reasons);
  return out;
}

Result<PairingOutcome> pair_finals(const std::vector<PairingPlayer>& players,
                                   const std::vector<int>& standing, PairingOptions options) {
  // SR2017 "Finals Tables": the last round pairs #1 v #2 and #3 v #4 by current standings.
  std::vector<std::pair<int, int>> finals;
  for (std::size_t i = 0; i + 1 < standing.size() && i < 4; i += 2)
    finals.emplace_back(standing[i], standing[i + 1]);
  // The finals are set by the rule, not locked by the EO: the explanation says which rule.
  options.lock_reasons.resize(options.locked_pairs.size());
  for (std::size_t k = finals.size(); k-- > 0;)
    options.lock_reasons.insert(options.lock_reasons.begin(), finals_reason(k));
  options.locked_pairs.insert(options.locked_pairs.begin(), finals.begin(), finals.end());
  auto out = pair_round(players, options);
  if (!out) return out;
  for (std::size_t k = 0; k < finals.size(); ++k) {
    auto [a, b] = finals[k];
    out->explain.insert(out->explain.begin() + static_cast<long>(k),
                        "Finals Tables: " + name_of(players, a) + " (#" + std::to_string(2 * k + 1) + ") v " +
                            name_of(players, b) + " (#" + std::to_string(2 * k + 2) + ")");
  }
  return out;
}

std::vector<int> assign_tables(const std::vector<PairingPlayer>& players,
                               const std::vector<std::pair<int, int>>& pairs,
                               const std::vector<int>& standing_rank, const PairingOptions& options) {
  auto rank = [&](int i) { return standing_rank.empty() ? i : standing_rank[i]; };
  // Table 1 = the top pair: best TP, then best standing. Sorted by a key made once per pair, not
  // read from both players' records at each comparison (issue 16: 50 000 tables).
  struct Key {
    int tp, rank, k;
  };
  std::vector<Key> keys(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    auto [a, b] = pairs[k];
    keys[k] = {std::max(players[a].tp, players[b].tp), std::min(rank(a), rank(b)), static_cast<int>(k)};
  }
  std::stable_sort(keys.begin(), keys.end(),
                   [](const Key& x, const Key& y) { return x.tp != y.tp ? x.tp > y.tp : x.rank < y.rank; });
  std::vector<int> order(pairs.size());
  for (std::size_t i = 0; i < keys.size(); ++i) order[i] = keys[i].k;
  std::vector<int> table(pairs.size(), 0);
  std::set<int> fixed;
  for (int k : order) {  // accessibility first
    auto [a, b] = pairs[k];
    for (int i : {a, b})
      if (!table[k] && players[i].fixed_table && *players[i].fixed_table > 0 &&
          fixed.insert(*players[i].fixed_table).second)
        table[k] = *players[i].fixed_table;
  }
  // The free table numbers, smallest first: 1..pairs + fixed, less the fixed ones.
  const int last = static_cast<int>(pairs.size() + fixed.size());
  std::vector<char> taken(static_cast<std::size_t>(last) + 1, 0);
  for (int t : fixed)
    if (t <= last) taken[static_cast<std::size_t>(t)] = 1;
  int first_free = 1;
  auto played = [&](int i, int t) {
    const auto& v = players[i].tables_played;
    return std::find(v.begin(), v.end(), t) != v.end();
  };
  for (int k : order) {
    if (table[k]) continue;
    auto [a, b] = pairs[k];
    while (taken[static_cast<std::size_t>(first_free)]) ++first_free;
    int t = first_free;
    if (options.fresh_tables)
      for (int f = first_free; f <= last; ++f)
        if (!taken[static_cast<std::size_t>(f)] && !played(a, f) && !played(b, f)) {
          t = f;
          break;
        }
    table[k] = t;
    taken[static_cast<std::size_t>(t)] = 1;
  }
  return table;
}

}  // namespace gauntlet
