// Properties over thousands of random events, every variant: the rows are a total order
// consistent with their ranks, every player appears once, input order never matters, and TP and
// SoS match a direct reading of the rules (SR2017 "Final Standings", SR2014 Large-Event Scoring).
#include "support/property.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "engine/engine.hpp"
#include "model/records.hpp"
#include "support/random_state.hpp"

namespace gauntlet {
namespace {

using namespace testing;

constexpr int kEventsPerVariant = 500;  // x 7 variants; property_cases() refuses 0

std::vector<Fraction> key(const StandingRow& r, const std::vector<std::string>& criteria) {
  std::vector<Fraction> k;
  for (const std::string& c : criteria) {
    if (c == "tp")
      k.emplace_back(r.tp);
    else if (c == "sos")
      k.push_back(r.sos);
    else if (c == "cp")
      k.emplace_back(r.cp);
    else if (c == "ap")
      k.emplace_back(r.ap);
    else if (c == "assassinations")
      k.emplace_back(r.assassinations);
    else
      ADD_FAILURE() << "unknown criterion " << c;
  }
  return k;
}

int group(const StandingRow& r) {
  return r.disqualified ? 2 : r.frozen ? 1 : 0;
}

// SR2017: "count the tournament points scored by each opponent"; SR2014 large-event: TP / games
// played (a bye is none: "A player who receives a bye does not play in the current round"), 1 /
// rounds for a 0-TP opponent. Read straight off the tables, independent of records.
std::map<PlayerId, Fraction> oracle_sos(const EventState& s) {
  std::map<PlayerId, int> tp, games;
  for (const Round& r : s.rounds) {
    if (r.bye) ++tp[*r.bye];
    for (const Table& t : r.tables) {
      if (!t.results) continue;
      for (int i = 0; i < 2; ++i)
        tp[t.players[i]] += (*t.results)[i].outcome == Outcome::win, ++games[t.players[i]];
    }
  }
  const bool large = s.config.has_variant("large-event-scoring");
  std::map<PlayerId, Fraction> sos;
  for (const Round& r : s.rounds)
    for (const Table& t : r.tables) {
      if (!t.results) continue;
      for (int i = 0; i < 2; ++i) {
        const PlayerId& opp = t.players[1 - i];
        sos[t.players[i]] += !large         ? Fraction(tp[opp])
                             : tp[opp] == 0 ? Fraction(1, planned_rounds(s))
                                            : Fraction(tp[opp], games[opp]);
      }
    }
  return sos;
}

void check_invariants(const EventState& s, const Standings& st) {
  ASSERT_EQ(st.rows.size(), s.players.size());
  std::set<PlayerId> seen;
  for (const StandingRow& r : st.rows) seen.insert(r.id);
  for (const Player& p : s.players) EXPECT_TRUE(seen.contains(p.id)) << p.id;
  EXPECT_EQ(seen.size(), s.players.size());

  const auto sos = oracle_sos(s);
  std::vector<std::vector<Fraction>> keys;
  for (const StandingRow& r : st.rows) {
    keys.push_back(key(r, st.criteria));
    if (!r.frozen) {
      EXPECT_EQ(r.sos, sos.contains(r.id) ? sos.at(r.id) : Fraction(0)) << r.id;
    }
    EXPECT_EQ(r.tp, r.wins + (r.games - r.wins - r.losses - r.ties)) << r.id;  // wins + byes
  }
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    const StandingRow& a = st.rows[i];
    // Competition ranking: either the row's position or the rank of the row above.
    if (i == 0) {
      EXPECT_EQ(a.rank, 1);
    } else {
      EXPECT_TRUE(a.rank == static_cast<int>(i) + 1 || a.rank == st.rows[i - 1].rank) << i;
    }
    if (i > 0) {
      EXPECT_LE(group(st.rows[i - 1]), group(a));
      // A group (ranked, frozen at the cut, disqualified) starts a rank of its own: a row never
      // shares the rank of a row of the group above, however equal their values.
      if (group(st.rows[i - 1]) != group(a)) {
        EXPECT_EQ(a.rank, static_cast<int>(i) + 1) << a.id;
      }
    }
    if (!a.placed_by.empty()) {
      EXPECT_EQ(a.rank, static_cast<int>(i) + 1);
      if (i > 0) {  // placed rows lead
        EXPECT_FALSE(st.rows[i - 1].placed_by.empty());
      }
    }
    if (i + 1 < st.rows.size()) {  // the module's comparator agrees with the keys, both ways
      const StandingRow& b = st.rows[i + 1];
      const int ab = compare_on(a, b, st.criteria);
      EXPECT_EQ(ab, -compare_on(b, a, st.criteria));
      EXPECT_EQ((ab < 0), (keys[i] > keys[i + 1]));
      EXPECT_EQ(ab == 0, keys[i] == keys[i + 1]);
    }
    for (std::size_t j = i + 1; j < st.rows.size(); ++j) {
      const StandingRow& b = st.rows[j];
      if (keys[i] == keys[j]) {
        EXPECT_NE(id_less(a.id, b.id), id_less(b.id, a.id));
      }
      if (group(a) != group(b) || !a.placed_by.empty() || !b.placed_by.empty()) continue;
      // Sorted by the ladder (higher first), then by id: checked over all pairs, not just
      // neighbours, so the order is transitive; equal rows and only they share a rank.
      EXPECT_GE(keys[i], keys[j]) << a.id << " above " << b.id;
      if (keys[i] == keys[j]) {
        EXPECT_TRUE(id_less(a.id, b.id)) << a.id << " before " << b.id;
      }
      EXPECT_EQ(a.rank == b.rank, keys[i] == keys[j]) << a.id << " " << b.id;
    }
  }
}

// Same event, every input order shuffled: players, rounds, tables, and the sides of each table.
EventState shuffled(EventState s, std::mt19937_64& rng) {
  std::shuffle(s.players.begin(), s.players.end(), rng);
  std::shuffle(s.rounds.begin(), s.rounds.end(), rng);
  for (Round& r : s.rounds) {
    std::shuffle(r.tables.begin(), r.tables.end(), rng);
    for (Table& t : r.tables)
      if (percent(rng, 50)) {
        std::swap(t.players[0], t.players[1]);
        if (t.results) std::swap((*t.results)[0], (*t.results)[1]);
      }
  }
  return s;
}

class StandingsProperties : public ::testing::TestWithParam<VariantKind> {};

// player_totals (what the standings read) is player_records without the histories (issue 16).
void expect_same_totals(const EventState& s, int through) {
  const std::vector<PlayerRecord> totals = player_totals(s, through), full = player_records(s, through);
  ASSERT_EQ(totals.size(), full.size());
  for (std::size_t i = 0; i < full.size(); ++i) {
    PlayerRecord expected = full[i];
    expected.history.clear();
    const PlayerRecord& got = totals[i];
    EXPECT_TRUE(got.history.empty());
    EXPECT_EQ(std::tie(got.id, got.tp, got.cp, got.ap, got.wins, got.losses, got.ties, got.assassinations,
                       got.games, got.byes),
              std::tie(expected.id, expected.tp, expected.cp, expected.ap, expected.wins, expected.losses,
                       expected.ties, expected.assassinations, expected.games, expected.byes))
        << "player " << full[i].id << ", through round " << through;
  }
}

TEST_P(StandingsProperties, TotalOrderEveryPlayerOnceInputOrderFree) {
  std::mt19937_64 rng(0x5eed + static_cast<int>(GetParam()));
  int placed = 0, frozen = 0, fractional = 0;
  const int events = property_cases(kEventsPerVariant);
  for (int n = 0; n < events; ++n) {
    EventState s = random_state(rng, GetParam());
    Standings st = compute_standings(s);
    SCOPED_TRACE("event " + std::to_string(n) + ", " + std::to_string(s.players.size()) + " players");
    check_invariants(s, st);
    EXPECT_EQ(compute_standings(shuffled(s, rng)), st);
    expect_same_totals(s, 0);
    expect_same_totals(s, 1);
    EXPECT_EQ(compute_standings(s, player_records(s)), st);  // the pairer's records, histories and all
    for (const StandingRow& r : st.rows) {
      placed += !r.placed_by.empty();
      frozen += r.frozen;
      fractional += r.sos.denominator() != 1;
    }
    if (HasFailure()) return;
  }
  // The generator really exercises each rule.
  if (GetParam() == VariantKind::finals) {
    EXPECT_GT(placed, 0);
  }
  if (GetParam() == VariantKind::cut_to_top) {
    EXPECT_GT(frozen, 0);
  }
  if (GetParam() == VariantKind::large_event) {
    EXPECT_GT(fractional, 0);
  }
}

std::string variant_name(const ::testing::TestParamInfo<VariantKind>& info) {
  static const char* names[] = {"baseline",    "assassin", "control_point", "destruction",
                                "large_event", "finals",   "cut_to_top"};
  return names[static_cast<int>(info.param)];
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, StandingsProperties,
                         ::testing::Values(VariantKind::baseline, VariantKind::assassin,
                                           VariantKind::control_point, VariantKind::destruction,
                                           VariantKind::large_event, VariantKind::finals,
                                           VariantKind::cut_to_top),
                         variant_name);

}  // namespace
}  // namespace gauntlet
