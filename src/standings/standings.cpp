// Standings: see standings.hpp. Rule texts quoted from SR2017 "Final Standings" and "Final
// Standings Variants" and the SR2014 appendix (Large-Event Scoring).
#include "standings/standings.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include "model/records.hpp"
#include "model/rounds.hpp"
#include "standings/finals.hpp"
#include "standings/ladder.hpp"

namespace gauntlet {
namespace {

using namespace standings_detail;

bool by_number(const Round& a, const Round& b) {
  return a.number < b.number;
}

bool has_results(const Round& r) {
  return std::any_of(r.tables.begin(), r.tables.end(), [](const Table& t) { return t.results.has_value(); });
}

// One row per player (in registration order) from the rounds up to `through` (0 = all), and the
// records of those rounds (record i is player i's).
std::vector<StandingRow> build_rows(const EventState& state, int through, const Ladder& ladder,
                                    const std::vector<PlayerRecord>& records) {
  std::vector<StandingRow> rows(state.players.size());
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const Player& p = state.players[i];
    const PlayerRecord& r = records[i];
    StandingRow& row = rows[i];
    row.id = p.id, row.name = p.name, row.faction = p.faction;
    row.dropped = p.status == PlayerStatus::dropped || p.dropped_after.has_value();
    row.disqualified = p.status == PlayerStatus::disqualified;
    row.tp = r.tp, row.cp = r.cp, row.ap = r.ap, row.assassinations = r.assassinations;
    row.wins = r.wins, row.losses = r.losses, row.ties = r.ties, row.games = r.games;
  }
  const PlayerPositions index(state);

  // SoS (SR2017 "Final Standings"): "count the tournament points scored by each opponent" —
  // every opponent met in a game with a result, at their current total (a dropped opponent's
  // TP still count); a bye has no opponent and adds nothing.
  // Large-Event Scoring (SR2014 appendix, the same in SR2013): "count the tournament points scored
  // divided by the number of games played by each opponent ... For an opponent who did not score
  // any tournament points, use a value equal to 1 divided by the total number of rounds in the
  // event." Total rounds = the rounds the event plans. A bye is no game played: SR2014 "A player
  // who receives a bye does not play in the current round", SR2013 "A player receiving a bye sits
  // out of the current round". The TP scored are all the opponent's TP, the bye's included (it is
  // a tournament point the opponent scored), so an opponent with a bye and one lost game counts
  // 1 / 1 (edition notes, docs/standings.md).
  const int total_rounds = ladder.large_event_sos ? std::max(1, planned_rounds(state)) : 1;
  std::vector<int> played;
  if (ladder.large_event_sos) {
    played.reserve(records.size());
    for (const PlayerRecord& r : records) played.push_back(r.games - r.byes);
  }
  auto worth = [&](std::size_t opp) {
    if (rows[opp].tp == 0) return Fraction(1, total_rounds);
    // An opponent met at a table has played that game: at least 1.
    return Fraction(rows[opp].tp, std::max(1, played[opp]));
  };
  for (const Round& round : state.rounds) {
    if (through != 0 && round.number > through) continue;
    for (std::size_t k = 0; k < round.tables.size(); ++k) {
      index.prefetch_ahead(round.tables, k);
      const Table& t = round.tables[k];
      if (!t.results) continue;
      const auto a = index.find(t.players[0]), b = index.find(t.players[1]);
      if (!a || !b) continue;
      if (!ladder.large_event_sos) {  // whole TP: added as integers, no fraction arithmetic (issue 16)
        rows[*a].sos += rows[*b].tp;
        rows[*b].sos += rows[*a].tp;
        continue;
      }
      rows[*a].sos += worth(*b);
      rows[*b].sos += worth(*a);
    }
  }
  return rows;
}

// Puts rows[order[i]] at place i, moving each row once and asking no new memory: 100 000 rows of
// 192 bytes were copied into a fresh vector at each step of the standings, and the kernel clears
// fresh memory slower than the rows are moved (issue 16 point 1). `order` is a permutation.
void permute(std::vector<StandingRow>& rows, std::vector<std::size_t> order) {
  for (std::size_t start = 0; start < order.size(); ++start) {
    if (order[start] == start) continue;
    StandingRow held = std::move(rows[start]);
    std::size_t at = start;
    while (order[at] != start) {  // follow the cycle: each place takes the row it wants
      const std::size_t from = order[at];
      rows[at] = std::move(rows[from]);
      order[at] = at;
      at = from;
    }
    rows[at] = std::move(held);
    order[at] = at;
  }
}

// Sorts `rows` by `less` (a strict total order: every ladder ends on the id) through indices: a
// row is 192 bytes, which a sort of 100 000 rows would move ~17 times each (issue 16).
template <typename Less>
void sort_rows(std::vector<StandingRow>& rows, Less less) {
  std::vector<std::size_t> order(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return less(rows[a], rows[b]); });
  permute(rows, std::move(order));
}

// A row's value on `c`, negated: the smaller ranks above. SoS only when whole (the caller checks).
long long sort_value(const StandingRow& row, Criterion c) {
  switch (c) {
    case Criterion::tp:
      return -static_cast<long long>(row.tp);
    case Criterion::sos:
      return -row.sos.numerator();
    case Criterion::cp:
      return -static_cast<long long>(row.cp);
    case Criterion::ap:
      return -static_cast<long long>(row.ap);
    case Criterion::assassinations:
      return -static_cast<long long>(row.assassinations);
  }
  return 0;
}

// Sorts `rows` as sort_rows(rows, by_ladder) does, `by_ladder` being compare_on(keys) then the id,
// on keys made once per row and sorted side by side: the rows' own comparison read two 192-byte
// rows from all over memory, a fifth of `pair --event` at 100 000 players (issue 16 point 1). A
// fractional SoS (Large-Event Scoring) keeps that comparison.
template <typename Less>
void sort_on_ladder(std::vector<StandingRow>& rows, const std::vector<Criterion>& keys, Less by_ladder) {
  constexpr std::size_t kMost = 8;
  const bool whole =
      std::all_of(rows.begin(), rows.end(), [](const StandingRow& r) { return r.sos.denominator() == 1; });
  if (!whole || keys.size() > kMost) return sort_rows(rows, by_ladder);
  struct Key {
    std::array<long long, kMost> values{};  // unused places 0 for every row
    std::size_t row = 0;
  };
  std::vector<Key> order(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::size_t k = 0; k < keys.size(); ++k) order[i].values[k] = sort_value(rows[i], keys[k]);
    order[i].row = i;
  }
  std::sort(order.begin(), order.end(), [&](const Key& a, const Key& b) {
    if (a.values != b.values) return a.values < b.values;
    return id_less(rows[a.row].id, rows[b.row].id);
  });
  std::vector<std::size_t> places(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) places[i] = order[i].row;
  order = {};
  permute(rows, std::move(places));
}

// `all`: player_totals(state, 0) or player_records(state, 0) (histories are not read).
Standings compute_in_round_order(const EventState& state, const std::vector<PlayerRecord>& all) {
  const Ladder ladder = ladder_for(state.config, edition_of(state));
  Standings out;
  out.criteria = key_names(ladder.keys);
  out.finished = event_finished(state);
  out.rounds_counted = static_cast<int>(std::count_if(state.rounds.begin(), state.rounds.end(), has_results));

  std::vector<StandingRow> rows = build_rows(state, 0, ladder, all);
  auto by_ladder = [&](const StandingRow& a, const StandingRow& b) {
    int c = compare_on(a, b, ladder.keys);
    return c != 0 ? c < 0 : id_less(a.id, b.id);
  };

  // Cut to Top [X] (SR2017): "only the standings of the top X players can change"; everyone
  // else keeps the values and order they had after the cut round.
  std::unordered_map<std::string_view, std::size_t> frozen_pos;
  if (state.cut) {
    std::unordered_set<std::string_view> top(state.cut->top.begin(), state.cut->top.end());
    for (std::size_t i = 0; i < state.cut->frozen_order.size(); ++i)
      frozen_pos.emplace(state.cut->frozen_order[i], i);
    std::vector<StandingRow> at_cut =
        build_rows(state, state.cut->after_round, ladder, player_totals(state, state.cut->after_round));
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (top.contains(rows[i].id)) continue;
      at_cut[i].dropped = rows[i].dropped, at_cut[i].disqualified = rows[i].disqualified;
      rows[i] = std::move(at_cut[i]);
      rows[i].frozen = true;
    }
  }

  // The few disqualified and frozen rows are taken out; the rest stay where they are and become
  // the ranked group (no copy of 100 000 rows; issue 16 point 1).
  // A moved-from row keeps its flags (plain bools), so erase_if finds the rows taken out.
  const auto apart = [](const StandingRow& row) { return row.disqualified || row.frozen; };
  std::vector<StandingRow> frozen, disqualified;
  for (StandingRow& row : rows)
    if (apart(row)) (row.disqualified ? disqualified : frozen).push_back(std::move(row));
  std::erase_if(rows, apart);
  std::vector<StandingRow> ranked = std::move(rows);
  sort_on_ladder(ranked, ladder.keys, by_ladder);
  sort_on_ladder(disqualified, ladder.keys, by_ladder);
  sort_rows(frozen, [&](const StandingRow& a, const StandingRow& b) {
    auto pa = frozen_pos.find(a.id), pb = frozen_pos.find(b.id);
    std::size_t ia = pa == frozen_pos.end() ? SIZE_MAX : pa->second;
    std::size_t ib = pb == frozen_pos.end() ? SIZE_MAX : pb->second;
    return ia != ib ? ia < ib : by_ladder(a, b);
  });
  // SR2017 "Finals Tables": "Standings beyond third place are calculated using strength of
  // schedule, followed by control points in the case of a tie."
  std::vector<Criterion> rank_keys = ladder.keys;
  if (ladder.finals_tables)
    if (const std::size_t placed = apply_finals_tables(state, ranked); placed > 0) {
      rank_keys = ladder.after_finals;
      out.criteria = key_names(rank_keys);
      std::stable_sort(ranked.begin() + static_cast<std::ptrdiff_t>(placed), ranked.end(),
                       [&](const StandingRow& a, const StandingRow& b) {
                         const int c = compare_on(a, b, rank_keys);
                         return c != 0 ? c < 0 : id_less(a.id, b.id);
                       });
    }
  if (!ladder.variant.empty())
    if (const Variant* v = edition_of(state).find_variant(ladder.variant))
      out.rule = v->name + " (" + edition_of(state).id + "): " + v->summary;

  // Competition ranking (1, 2, 2, 4): a row equal to the one above on every criterion, in the
  // same group and placed by neither rule, shares its rank. The ranked rows stay where they are;
  // the other groups follow them.
  const std::size_t ranked_count = ranked.size(), frozen_end = ranked_count + frozen.size();
  out.rows = std::move(ranked);
  out.rows.reserve(frozen_end + disqualified.size());
  std::move(frozen.begin(), frozen.end(), std::back_inserter(out.rows));
  std::move(disqualified.begin(), disqualified.end(), std::back_inserter(out.rows));
  for (std::size_t i = 0; i < out.rows.size(); ++i) {
    StandingRow& row = out.rows[i];
    row.rank = static_cast<int>(i) + 1;
    const bool group_start = i == 0 || i == ranked_count || i == frozen_end;
    const StandingRow* above = group_start ? nullptr : &out.rows[i - 1];
    if (above && row.placed_by.empty() && above->placed_by.empty() && compare_on(*above, row, rank_keys) == 0)
      row.rank = above->rank;
  }
  return out;
}

}  // namespace

Standings compute_standings(const EventState& state) {
  // player_totals reads rounds in stored order (through_round stops at the first later round);
  // the engine stores them in order, any other input order is sorted here first.
  if (std::is_sorted(state.rounds.begin(), state.rounds.end(), by_number))
    return compute_in_round_order(state, player_totals(state, 0));
  EventState sorted = state;
  std::stable_sort(sorted.rounds.begin(), sorted.rounds.end(), by_number);
  return compute_in_round_order(sorted, player_totals(sorted, 0));
}

Standings compute_standings(const EventState& state, const std::vector<PlayerRecord>& records) {
  if (records.size() != state.players.size() ||
      !std::is_sorted(state.rounds.begin(), state.rounds.end(), by_number))
    return compute_standings(state);
  return compute_in_round_order(state, records);
}

}  // namespace gauntlet
