// Unit tests of the pure core's smaller pieces: round 1, locked pairs, Finals Tables, tables,
// the EO-edit checker, soft club avoidance, and a large field through the sparse graph.
#include <gtest/gtest.h>

#include <algorithm>

#include "pairing/swiss.hpp"
#include "support/swiss_sim.hpp"

namespace gauntlet {
namespace {

std::vector<PairingPlayer> plain(int n, int tp = 0) {
  std::vector<PairingPlayer> p(n);
  for (int i = 0; i < n; ++i) p[i].name = "p" + std::to_string(i + 1), p[i].tp = tp;
  return p;
}

TEST(SwissRoundOne, RandomButReproducibleFromTheSeed) {
  auto p = plain(9);
  PairingOptions opt;
  opt.round_one = true;
  opt.seed = 7;
  auto a = pair_round(p, opt), b = pair_round(p, opt);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->pairs, b->pairs);
  EXPECT_EQ(a->bye, b->bye);
  EXPECT_TRUE(a->bye.has_value());
  opt.seed = 8;
  auto c = pair_round(p, opt);
  EXPECT_TRUE(c->pairs != a->pairs || c->bye != a->bye);
}

TEST(SwissRoundOne, AvoidsSameClubWhenAsked) {
  auto p = plain(8);
  for (int i = 0; i < 8; ++i) p[i].club = i < 4 ? "red" : "blue";
  PairingOptions opt;
  opt.round_one = true;
  opt.avoid_same_club = true;
  for (std::uint64_t s = 0; s < 20; ++s) {
    opt.seed = s;
    auto out = pair_round(p, opt);
    ASSERT_TRUE(out);
    EXPECT_EQ(out->cost.club_clashes, 0);
  }
}

TEST(SwissLocked, RejectsUnknownOrRepeatedPlayers) {
  auto p = plain(4);
  PairingOptions opt;
  opt.locked_pairs = {{0, 1}, {1, 2}};
  EXPECT_FALSE(pair_round(p, opt).has_value());
  opt.locked_pairs = {{0, 9}};
  EXPECT_FALSE(pair_round(p, opt).has_value());
  opt.locked_pairs = {{0, 3}};
  auto out = pair_round(p, opt);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->pairs.front(), std::make_pair(0, 3));
  EXPECT_EQ(out->explain.front(), "p1 (0 TP) v p4 (0 TP): locked by the EO");
}

TEST(SwissFinals, PairsOneVTwoAndThreeVFour) {
  auto p = plain(7, 1);
  p[0].tp = p[1].tp = 3;
  p[0].opponents = {1};  // even a rematch: the variant fixes these tables
  p[1].opponents = {0};
  std::vector<int> standing = {1, 0, 4, 2, 3, 5, 6};
  auto out = pair_finals(p, standing, PairingOptions{});
  ASSERT_TRUE(out);
  EXPECT_EQ(out->pairs[0], std::make_pair(1, 0));
  EXPECT_EQ(out->pairs[1], std::make_pair(4, 2));
  EXPECT_EQ(out->explain[0], "Finals Tables: p2 (#1) v p1 (#2)");
  std::vector<int> rank(7);
  for (int i = 0; i < 7; ++i) rank[standing[i]] = i;
  auto tables = assign_tables(p, out->pairs, rank, PairingOptions{});
  EXPECT_EQ(tables[0], 1);
  EXPECT_EQ(tables[1], 2);
}

TEST(SwissTables, TopPairFirstFixedAndFresh) {
  auto p = plain(6);
  p[0].tp = 2, p[1].tp = 2, p[2].tp = 1, p[3].tp = 1;
  std::vector<std::pair<int, int>> pairs = {{4, 5}, {2, 3}, {0, 1}};
  PairingOptions opt;
  EXPECT_EQ(assign_tables(p, pairs, {}, opt), (std::vector<int>{3, 2, 1}));
  p[4].fixed_table = 1;  // accessibility
  EXPECT_EQ(assign_tables(p, pairs, {}, opt), (std::vector<int>{1, 3, 2}));
  p[4].fixed_table.reset();
  p[0].tables_played = {1};
  opt.fresh_tables = true;
  EXPECT_EQ(assign_tables(p, pairs, {}, opt), (std::vector<int>{3, 1, 2}));
}

TEST(SwissCheck, ListsEveryBrokenRule) {
  auto p = plain(5);
  p[0].tp = 2, p[0].times_paired_down = 1, p[0].opponents = {1};
  p[1].opponents = {0};
  p[2].club = p[3].club = "Iron Fang";
  p[4].had_bye = true;
  // Findings are data: the rule, hard or soft, whom it concerns, and the sentence.
  auto texts = [](const std::vector<PairingFinding>& fs) {
    std::vector<std::string> out;
    for (const PairingFinding& f : fs) out.push_back(f.text);
    return out;
  };
  auto broken = check_pairing(p, {{0, 1}, {2, 3}}, 4);
  std::vector<std::string> want = {"rematch: p1 and p2 have already played",
                                   "second pair-down: p1 (2 TP) was already paired down in this event",
                                   "club clash: p3 and p4 are both from Iron Fang",
                                   "second bye: p5 already had a bye"};
  EXPECT_EQ(texts(broken), want);
  ASSERT_EQ(broken.size(), 4u);
  EXPECT_EQ(broken[0].rule, "rematch");
  EXPECT_TRUE(broken[0].hard);
  EXPECT_EQ(broken[0].players, (std::vector<int>{0, 1}));
  EXPECT_EQ(broken[1].rule, "second-pair-down");
  EXPECT_EQ(broken[1].players, (std::vector<int>{0}));  // p1 (2 TP) v p2 (0 TP): p1 is paired down
  EXPECT_EQ(broken[2].rule, "club-clash");
  EXPECT_FALSE(broken[2].hard);
  EXPECT_EQ(broken[3].rule, "second-bye");
  EXPECT_EQ(broken[3].players, (std::vector<int>{4}));
  const auto twice = texts(check_pairing(p, {{0, 1}, {0, 3}}, std::nullopt));
  EXPECT_NE(std::find(twice.begin(), twice.end(), "p1 appears 2 times"), twice.end());
  EXPECT_NE(std::find(twice.begin(), twice.end(), "p3 is missing from the pairing"), twice.end());
  EXPECT_NE(std::find(twice.begin(), twice.end(), "odd number of players but no bye"), twice.end());
  for (const PairingFinding& f : check_pairing(p, {{0, 1}, {0, 3}}, std::nullopt))
    EXPECT_TRUE(f.hard) << f.text;
  EXPECT_TRUE(check_pairing(plain(2), {{0, 1}}, std::nullopt).empty());
}

// SR2017 "Subsequent Pairings": "Players should not face an opponent they have already played
// earlier in the event." A game counts as played whichever of the two records lists it (the cost
// model keeps each game under both players), and an opponent index outside the field names nobody.
TEST(SwissCheck, AGameEitherPlayerRecordsIsARematch) {
  auto p = plain(4);
  p[0].opponents = {1, 7, -2};  // p2 does not list p1; 7 and -2 are nobody
  auto rematch = check_pairing(p, {{1, 0}, {2, 3}}, std::nullopt);
  ASSERT_EQ(rematch.size(), 1u);
  EXPECT_EQ(rematch[0].text, "rematch: p2 and p1 have already played");
  EXPECT_TRUE(check_pairing(p, {{0, 2}, {1, 3}}, std::nullopt).empty());
  const auto out = pair_round(p, {});
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->rematches, 0);
  for (const auto& [a, b] : out->pairs) EXPECT_FALSE((a == 0 && b == 1) || (a == 1 && b == 0));
}

TEST(SwissLarge, TwoThousandPlayersRoundFiveThroughTheSparseGraph) {
  sim::SimEvent ev(99, 2001, 0, 0, 0.0, 0.0);
  for (int r = 1; r <= 5; ++r) {
    auto in = ev.next_round_input(r);
    auto out = pair_round(in.players, in.options);
    ASSERT_TRUE(out);
    EXPECT_EQ(out->cost.rematches, 0);
    EXPECT_EQ(out->cost.second_pair_downs, 0);
    EXPECT_EQ(out->cost.second_byes, 0);
    EXPECT_TRUE(check_pairing(in.players, out->pairs, out->bye).empty() || out->cost.bye_rank > 0);
    ev.play(in, *out);
  }
}

}  // namespace
}  // namespace gauntlet
