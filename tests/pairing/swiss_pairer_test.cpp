// SwissPairer (the adapter from EventState to the pure core) on real events built through
// decide()/apply(): every proposal must also pass decide() (issue 3, RULES.md §4, §10).
#include "pairing/swiss_pairer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/rng.hpp"
#include "model/records.hpp"
#include "standings/standings.hpp"
#include "support/event_fixtures.hpp"
#include "support/property.hpp"
#include "support/random_event.hpp"

namespace gauntlet {
namespace {

using namespace testing;

EventConfig event_config(std::uint64_t seed, std::optional<int> rounds = std::nullopt,
                         std::vector<VariantChoice> variants = {}) {
  EventConfig c = config();
  c.seed = seed;
  c.rounds = rounds;
  c.variants = std::move(variants);
  return c;
}

// Proposes round `round`, checks that decide() accepts it, publishes it; returns the proposal.
SwissPairer::Proposal publish(EventState& s, const SwissPairer& pairer = SwissPairer{}) {
  const int round = static_cast<int>(s.rounds.size()) + 1;
  auto p = pairer.propose(s, round);
  EXPECT_TRUE(p) << p.error().describe();
  if (!p) return {};
  auto resolved = decide(s, p->round);
  EXPECT_TRUE(resolved) << resolved.error().describe();
  if (resolved) apply(s, *resolved);
  return *p;
}

std::set<PlayerId> paired(const PairRound& p) {
  std::set<PlayerId> ids;
  for (const Table& t : p.tables) ids.insert(t.players.begin(), t.players.end());
  if (p.bye) ids.insert(*p.bye);
  return ids;
}

bool same_table(const Table& t, const PlayerId& a, const PlayerId& b) {
  return (t.players[0] == a && t.players[1] == b) || (t.players[0] == b && t.players[1] == a);
}

// SR2017 "Pairings": round 1 at random, from the event's seed.
TEST(SwissPairer_Round1, SeededShuffleReplaysAndDependsOnTheSeed) {
  EventState a = event_with_players(16, event_config(42)), b = event_with_players(16, event_config(42));
  EventState c = event_with_players(16, event_config(43));
  auto pa = SwissPairer().pair(a, 1), pb = SwissPairer().pair(b, 1), pc = SwissPairer().pair(c, 1);
  ASSERT_TRUE(pa && pb && pc);
  EXPECT_EQ(pa->tables, pb->tables);
  EXPECT_NE(pa->tables, pc->tables);
  EXPECT_EQ(pa->tables.size(), 8u);
  EXPECT_NE(pa->explain.front().find("drawn at random"), std::string::npos);
  // Published and replayed from the journal's commands: the same round.
  publish(a);
  EXPECT_EQ(a.rounds[0].tables, pa->tables);
  EXPECT_EQ(SwissPairer().pair(b, 1)->tables, pa->tables);
}

// SR2017 "Byes & Odd Number of Players": the bye to a lowest-TP player who never had one.
TEST(SwissPairer_Byes, OddFieldByeGoesToTheLowestTpWithoutABye) {
  EventState s = event_with_players(7, event_config(5, 4));
  Rng rng(11);
  std::set<PlayerId> had;
  for (int round = 1; round <= 4; ++round) {
    const auto before = player_records(s);
    auto p = publish(s);
    ASSERT_TRUE(p.round.bye);
    const PlayerId bye = *p.round.bye;
    EXPECT_FALSE(had.count(bye)) << "second bye for " << bye << " in round " << round;
    if (round > 1) {
      int lowest = 1 << 20;
      for (const auto& r : before)
        if (!had.count(r.id)) lowest = std::min(lowest, r.tp);
      EXPECT_EQ(record_of(before, bye).tp, lowest) << "round " << round;
    }
    had.insert(bye);
    EXPECT_FALSE(p.second_bye);
    play_random_results(s, rng, 4);
  }
}

TEST(SwissPairer_Drops, DroppedPlayersAreNeverPaired) {
  EventState s = event_with_players(8, event_config(3, 4));
  Rng rng(1);
  publish(s);
  play_random_results(s, rng, 4);
  must(s, SetPlayerStatus{"p3", PlayerStatus::dropped, std::nullopt});
  must(s, SetPlayerStatus{"p6", PlayerStatus::dropped, std::nullopt});
  for (int round = 2; round <= 4; ++round) {
    auto p = publish(s);
    const auto ids = paired(p.round);
    EXPECT_FALSE(ids.count("p3"));
    EXPECT_FALSE(ids.count("p6"));
    EXPECT_EQ(ids.size(), 6u);
    play_random_results(s, rng, 4);
  }
}

// RULES.md §10: late entries join with 0 TP.
TEST(SwissPairer_LateEntries, JoinWithZeroTpAndMeetTheZeroTpPile) {
  EventState s = event_with_players(8, event_config(9, 3));
  publish(s);
  for (const Table& t : s.rounds[0].tables) must(s, win_at(t.number, 0));  // 4 players on 1 TP, 4 on 0
  must(s, CloseRound{});
  must(s, AddPlayer{player("Late One")});
  must(s, AddPlayer{player("Late Two")});
  auto in = SwissPairer().input(s, 2);
  ASSERT_TRUE(in);
  ASSERT_EQ(in->ids.size(), 10u);
  const auto recs = player_records(s);
  for (std::size_t i = 0; i < in->ids.size(); ++i)
    if (in->ids[i] == "p9" || in->ids[i] == "p10") {
      EXPECT_EQ(in->players[i].tp, 0);
    }
  auto p = publish(s);
  EXPECT_EQ(paired(p.round).size(), 10u);
  for (const Table& t : p.round.tables)
    for (int side = 0; side < 2; ++side)
      if (t.players[side] == "p9" || t.players[side] == "p10") {
        const PlayerId& other = t.players[1 - side];
        const int other_tp = other == "p9" || other == "p10" ? 0 : record_of(recs, other).tp;
        EXPECT_EQ(other_tp, 0) << "the 0 TP pile is even: no float needed";
      }
}

// SR2017 "Subsequent Pairings": no rematch (16 players can go 6 rounds without one).
TEST(SwissPairer_Rematches, NoneInASixRoundEventOfSixteen) {
  for (std::uint64_t seed : {1, 2, 3}) {
    EventState s = event_with_players(16, event_config(seed, 6));
    Rng rng(seed * 7);
    std::set<std::pair<PlayerId, PlayerId>> met;
    for (int round = 1; round <= 6; ++round) {
      auto p = publish(s);
      EXPECT_EQ(p.rematches, 0);
      EXPECT_TRUE(p.warnings.empty());
      EXPECT_EQ(p.round.tables.size(), 8u);
      for (const Table& t : p.round.tables) {
        auto key = std::minmax(t.players[0], t.players[1]);
        EXPECT_TRUE(met.insert(key).second)
            << key.first << " v " << key.second << " again in round " << round;
      }
      play_random_results(s, rng, 6);
    }
  }
}

// Issue 3: "if no rematch-free pairing exists at all, produce the one with the fewest rematches
// and say so loudly".
TEST(SwissPairer_Rematches, UnavoidableRematchIsCountedAndWarned) {
  EventState s = event_with_players(4, event_config(4, 4));
  Rng rng(2);
  for (int round = 1; round <= 3; ++round) {
    EXPECT_EQ(publish(s).rematches, 0);
    play_random_results(s, rng, 4);
  }
  auto p = publish(s);  // everyone has met everyone
  EXPECT_EQ(p.rematches, 2);
  ASSERT_FALSE(p.warnings.empty());
  EXPECT_NE(p.warnings[0].find("rematch"), std::string::npos);
  EXPECT_EQ(p.round.explain.front(), p.warnings.front());
}

// SR2017 appendix "Finals Tables": last round #1 v #2 and #3 v #4 by current standings.
TEST(SwissPairer_FinalsTables, LastRoundPairsOneVTwoAndThreeVFour) {
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    EventState s =
        event_with_players(8, event_config(seed, 3, {VariantChoice{"finals-tables", std::nullopt}}));
    Rng rng(seed);
    for (int round = 1; round <= 2; ++round) {
      ASSERT_FALSE(SwissPairer().input(s, round)->finals);
      publish(s);
      play_random_results(s, rng, 3);
    }
    ASSERT_TRUE(SwissPairer().input(s, 3)->finals);
    const Standings st = compute_standings(s);
    auto p = publish(s);
    ASSERT_GE(p.round.tables.size(), 2u);
    EXPECT_EQ(p.round.tables[0].number, 1);
    EXPECT_TRUE(same_table(p.round.tables[0], st.rows[0].id, st.rows[1].id)) << "seed " << seed;
    EXPECT_EQ(p.round.tables[1].number, 2);
    EXPECT_TRUE(same_table(p.round.tables[1], st.rows[2].id, st.rows[3].id)) << "seed " << seed;
    EXPECT_NE(p.round.explain[0].find("Finals Tables"), std::string::npos);
  }
}

// The EO's lock wins over a finals table it breaks; the other finals table is still made.
TEST(SwissPairer_FinalsTables, AnEoLockOnATopPlayerWins) {
  EventState s = event_with_players(8, event_config(2, 3, {VariantChoice{"finals-tables", std::nullopt}}));
  Rng rng(2);
  for (int round = 1; round <= 2; ++round) {
    publish(s);
    play_random_results(s, rng, 3);
  }
  const Standings st = compute_standings(s);
  SwissPairerOptions o;
  o.locked = {{st.rows[0].id, st.rows[7].id}};
  auto p = publish(s, SwissPairer(o));
  const Table* t = s.rounds[2].table_of(st.rows[0].id);
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(same_table(*t, st.rows[0].id, st.rows[7].id));
  t = s.rounds[2].table_of(st.rows[2].id);
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(same_table(*t, st.rows[2].id, st.rows[3].id));
  EXPECT_NE(p.round.explain[0].find("#1 v #2 not made"), std::string::npos) << p.round.explain[0];
}

// SR2017 appendix "Cut to Top [X]": once the cut is made only the top X are paired.
TEST(SwissPairer_Cut, OnlyTheTopXArePaired) {
  EventState s = event_with_players(8, event_config(6, 4, {VariantChoice{"cut-to-top", 4}}));
  publish(s);
  for (const Table& t : s.rounds[0].tables) must(s, win_at(t.number, 1));  // 4 undefeated: the cut triggers
  must(s, CloseRound{});
  ASSERT_TRUE(s.cut);
  ASSERT_EQ(s.cut->top.size(), 4u);
  auto p = publish(s);
  EXPECT_EQ(paired(p.round), std::set<PlayerId>(s.cut->top.begin(), s.cut->top.end()));
  EXPECT_EQ(p.round.tables.size(), 2u);
  EXPECT_FALSE(p.round.bye);
  // Table 1 = the top pair: the cut's #1 sits there.
  EXPECT_TRUE(p.round.tables[0].players[0] == s.cut->top[0] || p.round.tables[0].players[1] == s.cut->top[0]);
}

// Issue 3: "number tables by the pair's standing (table 1 = top)".
TEST(SwissPairer_Tables, TableOneIsTheTopPair) {
  EventState s = event_with_players(16, event_config(8, 5));
  Rng rng(8);
  for (int round = 1; round <= 4; ++round) {
    const auto recs = player_records(s);
    auto p = publish(s);
    int previous = 1 << 20, top = 0;
    for (const auto& r : recs) top = std::max(top, r.tp);
    for (std::size_t k = 0; k < p.round.tables.size(); ++k) {
      const Table& t = p.round.tables[k];
      EXPECT_EQ(t.number, static_cast<int>(k) + 1);
      const int best = std::max(record_of(recs, t.players[0]).tp, record_of(recs, t.players[1]).tp);
      EXPECT_LE(best, previous) << "round " << round << " table " << t.number;
      if (k == 0) {
        EXPECT_EQ(best, top);
      }
      previous = best;
    }
    play_random_results(s, rng, 5);
  }
}

int table_repeats(const EventState& s) {
  int repeats = 0;
  for (const Player& p : s.players) {
    std::set<int> seen;
    for (const Round& r : s.rounds)
      if (const Table* t = r.table_of(p.id)) repeats += !seen.insert(t->number).second;
  }
  return repeats;
}

TEST(SwissPairer_Tables, FreshTablesAvoidRepeatingATableNumber) {
  SwissPairerOptions o;
  o.fresh_tables = true;
  EventState plain = event_with_players(16, event_config(12, 4)), fresh = plain;
  Rng r1(5), r2(5);
  for (int round = 1; round <= 4; ++round) {
    publish(plain);
    publish(fresh, SwissPairer(o));
    play_random_results(plain, r1, 4);
    play_random_results(fresh, r2, 4);
  }
  EXPECT_GT(table_repeats(plain), 0) << "the leaders keep table 1 without the option";
  // assign_tables is greedy (top table first), so the last pairs of a round may find no fresh
  // number left; measured: 3 repeats with the option against 11 without (16 players, 4 rounds).
  EXPECT_LT(table_repeats(fresh) * 3, table_repeats(plain)) << "fresh " << table_repeats(fresh);
}

// Issue 3: "fixed tables for players who need one (accessibility)".
TEST(SwissPairer_Tables, FixedTableForAPlayer) {
  SwissPairerOptions o;
  o.fixed_tables = {{"p5", 3}};
  EventState s = event_with_players(8, event_config(13, 3));
  Rng rng(13);
  for (int round = 1; round <= 3; ++round) {
    auto p = publish(s, SwissPairer(o));
    const Table* t = s.rounds.back().table_of("p5");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->number, 3) << "round " << round;
    std::set<int> numbers;
    for (const Table& x : p.round.tables) numbers.insert(x.number);
    EXPECT_EQ(numbers, (std::set<int>{1, 2, 3, 4}));
    play_random_results(s, rng, 3);
  }
}

// Issue 3: "the EO may lock a pair and re-pair the rest".
TEST(SwissPairer_Locks, LockedPairsStayTogetherAndTheRestIsPaired) {
  EventState s = event_with_players(10, event_config(14, 4));
  Rng rng(14);
  publish(s);
  play_random_results(s, rng, 4);
  // Two pairs that have not met yet.
  std::vector<std::pair<PlayerId, PlayerId>> locks;
  std::set<PlayerId> used;
  for (const Player& a : s.players)
    for (const Player& b : s.players) {
      if (locks.size() == 2 || a.id >= b.id || used.count(a.id) || used.count(b.id)) continue;
      const Table* t = s.rounds[0].table_of(a.id);
      if (same_table(*t, a.id, b.id)) continue;
      locks.emplace_back(a.id, b.id);
      used.insert(a.id);
      used.insert(b.id);
    }
  ASSERT_EQ(locks.size(), 2u);
  SwissPairerOptions o;
  o.locked = locks;
  auto p = publish(s, SwissPairer(o));
  for (const auto& [a, b] : locks) {
    const Table* t = s.rounds[1].table_of(a);
    ASSERT_NE(t, nullptr);
    EXPECT_TRUE(same_table(*t, a, b));
  }
  EXPECT_EQ(paired(p.round).size(), 10u);
  EXPECT_EQ(
      std::count_if(p.round.explain.begin(), p.round.explain.end(),
                    [](const std::string& l) { return l.find("locked by the EO") != std::string::npos; }),
      2);
  EXPECT_EQ(p.rematches, 0);

  // A lock naming a dropped player is refused.
  must(s, SetPlayerStatus{"p9", PlayerStatus::dropped, std::nullopt});
  play_random_results(s, rng, 4);
  o.locked = {{"p9", "p1"}};
  auto bad = SwissPairer(o).propose(s, 3);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("p9"), std::string::npos);
}

TEST(SwissPairer_Review, ListsEveryRuleAnEditBreaks) {
  EventState s = event_with_players(6, event_config(15, 4));
  for (int i = 1; i <= 6; ++i)
    must(s, EditPlayer{"p" + std::to_string(i), std::nullopt, std::nullopt,
                       std::string(i <= 2 ? "Lions" : ""), std::nullopt});
  must(s,
       PairRound{
           0, {table(1, "p1", "p3"), table(2, "p2", "p4"), table(3, "p5", "p6")}, std::nullopt, "", 0, {}});
  for (int t = 1; t <= 3; ++t) must(s, win_at(t, 0));  // p1, p2, p5 on 1 TP
  must(s, CloseRound{});
  // The automatic proposal breaks no hard rule (a club clash is only a note when not avoided).
  auto p = SwissPairer().pair(s, 2);
  ASSERT_TRUE(p);
  auto r = SwissPairer().review(s, *p);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->hard.empty());
  // Rematch p1 v p3 (hard); then a club clash p1 v p2, both Lions (soft).
  PairRound edit{0, {table(1, "p1", "p3"), table(2, "p2", "p5"), table(3, "p4", "p6")}, std::nullopt, "", 0,
                 {}};
  r = SwissPairer().review(s, edit);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->hard.size(), 1u);
  EXPECT_EQ(r->hard[0].rule, "rematch") << r->hard[0].text;
  EXPECT_EQ(r->hard[0].text.rfind("rematch", 0), 0u) << r->hard[0].text;
  EXPECT_TRUE(r->soft.empty());
  PairRound clash{0, {table(1, "p1", "p2"), table(2, "p5", "p4"), table(3, "p3", "p6")}, std::nullopt, "", 0,
                  {}};
  r = SwissPairer().review(s, clash);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->hard.empty());
  ASSERT_EQ(r->soft.size(), 1u);
  EXPECT_EQ(r->soft[0].rule, "club-clash");
  EXPECT_FALSE(r->soft[0].hard);
  EXPECT_NE(r->soft[0].text.find("club clash"), std::string::npos);
  // p5 v p4 is p5's first pair-down; round 3 pairs p5 down again: a second pair-down (hard).
  must(s, clash);
  must(s, tie_at(1));
  must(s, win_at(2, 0));
  must(s, tie_at(3));
  must(s, CloseRound{});  // p5 2 TP, p1 p2 1 TP, p3 p4 p6 0 TP
  PairRound down{0, {table(1, "p5", "p3"), table(2, "p1", "p4"), table(3, "p2", "p6")}, std::nullopt, "", 0,
                 {}};
  r = SwissPairer().review(s, down);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->hard.size(), 1u);
  EXPECT_EQ(r->hard[0].rule, "second-pair-down") << r->hard[0].text;
  EXPECT_NE(r->hard[0].text.find("p5"), std::string::npos);
  EXPECT_EQ(r->hard[0].players.size(), 1u);  // the one paired down
}

TEST(SwissPairer_Review, SecondByeIsHard) {
  EventState s = event_with_players(5, event_config(16, 4));
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}, "p5"));
  must(s, win_at(1, 0));
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  PairRound again{0, {table(1, "p1", "p3"), table(2, "p2", "p4")}, "p5", "", 0, {}};
  auto r = SwissPairer().review(s, again);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->hard.size(), 1u);
  EXPECT_EQ(r->hard[0].rule, "second-bye") << r->hard[0].text;
  EXPECT_TRUE(r->hard[0].hard);
}

// Issue 3: "a player can be dropped after pairings are published (re-pair or give the orphan a
// bye — EO's choice, explained)"; tables with a result stay as they are.
TEST(SwissPairer_DropAfterPublishing, OrphanGetsTheBye) {
  EventState s = event_with_players(8, event_config(17, 4));
  Rng rng(17);
  publish(s);
  play_random_results(s, rng, 4);
  publish(s);
  const Round open = s.rounds[1];
  must(s, win_at(1, 0));
  const PlayerId dropped = open.tables[2].players[0], orphan = open.tables[2].players[1];
  auto a = SwissPairer().amend_for_drop(s, dropped, SwissPairer::Amend::orphan_bye);
  ASSERT_TRUE(a) << a.error().describe();
  EXPECT_EQ(a->round.bye, orphan);
  EXPECT_EQ(a->round.tables.size(), 3u);
  EXPECT_NE(a->round.explain[0].find("drops"), std::string::npos);
  must(s, SetPlayerStatus{dropped, PlayerStatus::dropped, 1, a->round});
  EXPECT_EQ(s.rounds[1].bye, orphan);
  EXPECT_TRUE(s.rounds[1].tables[0].results);  // kept
  for (const Table& t : s.rounds[1].tables) EXPECT_NE(t.number, open.tables[2].number);

  // The round has a bye now: a second orphan cannot get one too.
  const PlayerId next = s.rounds[1].tables[1].players[0];
  auto b = SwissPairer().amend_for_drop(s, next, SwissPairer::Amend::orphan_bye);
  ASSERT_FALSE(b);
  EXPECT_NE(b.error().message.find("already has a bye"), std::string::npos);
  // A table with a result cannot be broken up.
  auto c = SwissPairer().amend_for_drop(s, s.rounds[1].tables[0].players[0], SwissPairer::Amend::repair);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("result"), std::string::npos);
}

TEST(SwissPairer_DropAfterPublishing, RepairKeepsResultsAndRepairsTheRest) {
  for (std::uint64_t seed : {18, 19, 20}) {
    EventState s = event_with_players(9, event_config(seed, 4));
    Rng rng(seed);
    publish(s);
    play_random_results(s, rng, 4);
    publish(s);
    const Round open = s.rounds[1];
    must(s, win_at(1, 1));
    const PlayerId dropped = open.tables[3].players[1];
    auto a = SwissPairer().amend_for_drop(s, dropped, SwissPairer::Amend::repair);
    ASSERT_TRUE(a) << a.error().describe();
    EXPECT_TRUE(same_table(a->round.tables[0], open.tables[0].players[0], open.tables[0].players[1]));
    EXPECT_EQ(a->round.tables[0].players, open.tables[0].players);  // seat order too
    EXPECT_EQ(a->round.tables[0].number, 1);
    EXPECT_EQ(a->round.tables.size(), 4u);  // 8 players left: the former bye plays
    EXPECT_FALSE(a->round.bye);
    EXPECT_FALSE(paired(a->round).count(dropped));
    EXPECT_EQ(a->rematches, 0);
    EXPECT_TRUE(std::any_of(a->round.explain.begin(), a->round.explain.end(), [](const std::string& l) {
      return l.find("table 1 keeps its result or report") != std::string::npos;
    }));
    EXPECT_TRUE(std::any_of(a->round.explain.begin(), a->round.explain.end(), [](const std::string& l) {
      return l.find("table 1 stays (result or report)") != std::string::npos;
    }));
    must(s, SetPlayerStatus{dropped, PlayerStatus::dropped, 1, a->round});
    EXPECT_TRUE(s.rounds[1].tables[0].results);
    std::set<std::pair<PlayerId, PlayerId>> r1;
    for (const Table& t : s.rounds[0].tables) r1.insert(std::minmax(t.players[0], t.players[1]));
    for (const Table& t : s.rounds[1].tables) EXPECT_FALSE(r1.count(std::minmax(t.players[0], t.players[1])));
  }
}

TEST(SwissPairer_DropAfterPublishing, NothingToAmend) {
  EventState s = event_with_players(4, event_config(21, 3));
  auto e = SwissPairer().amend_for_drop(s, "p1", SwissPairer::Amend::repair);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("no round is open"), std::string::npos);
  publish(s);
  must(s, win_at(1, 0));
  e = SwissPairer().amend_for_drop(s, s.rounds[0].tables[0].players[0], SwissPairer::Amend::orphan_bye);
  ASSERT_FALSE(e);
}

// SwissPairer::field reads the histories in one pass over the tables (issue 16); the field must be
// what the players' records say: TP, a bye had, times paired down (SR2017 "Subsequent Pairings"),
// the opponents still in the field and the tables played — for every round of random events with
// drops, late entries, byes, cuts and reports, and for the round after the last.
TEST(SwissPairer_Field, HistoriesAreThosePlayerRecordsGive_Property) {
  int fields = 0;
  const auto events = static_cast<std::uint64_t>(property_cases(400));
  for (std::uint64_t seed = 1; seed <= events; ++seed) {
    RandomEvent ev(seed);
    for (int i = 0; i < 30 + static_cast<int>(seed % 150); ++i) ev.step();
    const EventState& s = ev.state();
    for (int round = 1; round <= static_cast<int>(s.rounds.size()) + 1; ++round) {
      const auto in = SwissPairer{}.field(s, round);
      ASSERT_TRUE(in) << in.error().describe();
      const std::vector<PlayerRecord> recs = player_records(s, round - 1);
      std::vector<int> local(s.players.size(), -1);
      for (std::size_t l = 0; l < in->ids.size(); ++l)
        for (std::size_t i = 0; i < s.players.size(); ++i)
          if (s.players[i].id == in->ids[l]) local[i] = static_cast<int>(l);
      for (std::size_t i = 0; i < s.players.size(); ++i) {
        if (local[i] < 0) continue;
        const PlayerRecord& r = recs[i];
        const PairingPlayer& pp = in->players[static_cast<std::size_t>(local[i])];
        std::vector<int> opponents, tables;
        for (const GameRecord& g : r.history) {
          if (!g.bye() && local[static_cast<std::size_t>(g.opponent_position)] >= 0)
            opponents.push_back(local[static_cast<std::size_t>(g.opponent_position)]);
          if (g.table > 0) tables.push_back(g.table);
        }
        const std::string where =
            "seed " + std::to_string(seed) + " round " + std::to_string(round) + " " + r.id;
        EXPECT_EQ(pp.tp, r.tp) << where;
        EXPECT_EQ(pp.had_bye, r.byes > 0) << where;
        EXPECT_EQ(pp.times_paired_down, r.times_paired_down()) << where;
        EXPECT_EQ(pp.opponents, opponents) << where;
        EXPECT_EQ(pp.tables_played, tables) << where;
      }
      ++fields;
    }
  }
  EXPECT_GT(fields, 1000);
}

// input() is field() ranked by the standings; propose_pairing ranks them from standings computed on
// the other core meanwhile (app/pairing.cpp): both number the tables the same way.
TEST(SwissPairer_Field, RankedByTheStandingsAsInputRanksThem) {
  EventState s = event_with_players(11, event_config(31, 4));
  Rng rng(31);
  for (int round = 1; round <= 3; ++round) {
    publish(s);
    play_random_results(s, rng);
    const auto in = SwissPairer{}.input(s, round + 1);
    auto field = SwissPairer{}.field(s, round + 1);
    ASSERT_TRUE(in && field);
    SwissPairer::rank(*field, s, compute_standings(s));
    EXPECT_EQ(field->standing_rank, in->standing_rank);
    EXPECT_NE(field->standing_rank, std::vector<int>(field->ids.size(), static_cast<int>(field->ids.size())));
  }
}

}  // namespace
}  // namespace gauntlet
