// SR2017 "Final Standings" (baseline ladder), byes, drops and disqualification.
#include <gtest/gtest.h>

#include "support/state_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using V = std::vector<PlayerId>;

TEST(SR2017_FinalStandings, TournamentPointsDecideFirst) {
  EventState s = make_event(2);
  add_game(add_round(s), "p2", "p1", win(0, 0), loss(5, 60));
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st), (V{"p2", "p1"}));
  EXPECT_EQ(st.criteria, (std::vector<std::string>{"tp", "sos", "cp", "ap"}));
}

// "count the tournament points scored by each opponent of the tied players."
TEST(SR2017_FinalStandings, SosBreaksTpTie) {
  EventState s = make_event(4);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(5), loss());
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p4", win(), loss());
  add_game(r2, "p3", "p2", loss(5), win());
  Standings st = compute_standings(s);
  // p2 and p3 have 1 TP; p2 met p1 (2) and p3 (1): SoS 3; p3 met p4 (0) and p2 (1): SoS 1.
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(3));
  EXPECT_EQ(row_of(st, "p3").sos, Fraction(1));
  EXPECT_EQ(order(st), (V{"p1", "p2", "p3", "p4"}));  // SoS before p3's 10 CP
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 2, 3, 4}));
}

TEST(SR2017_FinalStandings, ControlPointsBreakSosTie) {
  EventState s = make_event(4);
  Round& r = add_round(s);
  add_game(r, "p1", "p2", win(2, 70), loss());
  add_game(r, "p3", "p4", win(4, 10), loss());
  EXPECT_EQ(order(compute_standings(s)), (V{"p3", "p1", "p2", "p4"}));  // losers equal: by id
}

TEST(SR2017_FinalStandings, ArmyPointsBreakControlPointTie) {
  EventState s = make_event(4);
  Round& r = add_round(s);
  add_game(r, "p1", "p2", win(3, 20), loss(0, 5));
  add_game(r, "p3", "p4", win(3, 40), loss(0, 6));
  EXPECT_EQ(order(compute_standings(s)), (V{"p3", "p1", "p4", "p2"}));
}

// Rows equal on every criterion share a rank (1, 2, 2, 2, 5) and are listed by id, p4 < p10.
TEST(SR2017_FinalStandings, EqualRowsShareRankListedByNaturalId) {
  EventState s = make_event(10);
  Round& r = add_round(s);
  add_game(r, "p1", "p2", win(5, 50), loss());
  add_game(r, "p10", "p3", win(3, 20), loss());
  add_game(r, "p4", "p5", win(3, 20), loss());
  add_game(r, "p6", "p7", win(3, 20), loss());
  add_game(r, "p8", "p9", win(1, 20), loss());
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st), (V{"p1", "p4", "p6", "p10", "p8", "p2", "p3", "p5", "p7", "p9"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 2, 2, 2, 5, 6, 6, 6, 6, 6}));
}

// SR2017 "Byes & Odd Number of Players": the bye scores (records) but has no opponent.
TEST(SR2017_FinalStandings, ByeAddsNothingToSos) {
  EventState s = make_event(3);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  give_bye(r1, "p3");
  Round& r2 = add_round(s);
  add_game(r2, "p3", "p1", win(), loss());
  give_bye(r2, "p2");
  Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p3").tp, 2);
  EXPECT_EQ(row_of(st, "p3").sos, Fraction(1));  // p1 only
  EXPECT_EQ(row_of(st, "p1").sos, Fraction(3));  // p2 (1) + p3 (2): byes' TP count for the opponent
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(1));
  EXPECT_EQ(row_of(st, "p3").cp, 3);  // bye award, from records
}

TEST(SR2017_FinalStandings, DroppedOpponentsTpStillCounts) {
  EventState s = make_event(4);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(), loss());
  drop(s, "p3", 1);
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p4", win(), loss());
  give_bye(r2, "p2");
  Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p4").sos, Fraction(3));  // p3 (1, dropped) + p1 (2, current total)
  EXPECT_TRUE(row_of(st, "p3").dropped);
  EXPECT_FALSE(row_of(st, "p4").dropped);
  EXPECT_EQ(st.rows.size(), 4u);
}

TEST(SR2017_FinalStandings, UnplayedPairingAddsNothingYet) {
  EventState s = make_event(4);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(), loss());
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p3", win(), loss());
  add_unplayed(r2, "p2", "p4");
  Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(2));  // p1 only; p4 not met yet
  EXPECT_EQ(row_of(st, "p2").games, 1);
  EXPECT_EQ(st.rounds_counted, 2);
  EXPECT_FALSE(st.finished);
}

TEST(SR2017_FinalStandings, FinishedWhenOnePlayerLeadsAlone) {
  EventState s = make_event(4);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(), loss());
  EXPECT_FALSE(compute_standings(s).finished);
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p3", win(), loss());
  add_game(r2, "p2", "p4", win(), loss());
  Standings st = compute_standings(s);
  EXPECT_TRUE(st.finished);
  EXPECT_EQ(st.rounds_counted, 2);
}

TEST(SR2017_FinalStandings, NoRoundsEveryoneSharesFirst) {
  Standings st = compute_standings(make_event(3));
  EXPECT_EQ(order(st), (V{"p1", "p2", "p3"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(st.rounds_counted, 0);
}

// "Disqualified players are not eligible for any awards or prizes": listed last, flagged.
TEST(SR2017_Sportsmanship, DisqualifiedListedLastAndFlagged) {
  EventState s = make_event(4);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(), loss());
  disqualify(s, "p1", 1);
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st), (V{"p3", "p2", "p4", "p1"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 2, 2, 4}));
  EXPECT_TRUE(st.rows.back().disqualified);
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(1));  // the disqualified opponent's TP still count
}

TEST(Standings, NaturalIdOrder) {
  EXPECT_TRUE(id_less("p2", "p10"));
  EXPECT_FALSE(id_less("p10", "p2"));
  EXPECT_TRUE(id_less("p9", "p10"));
  EXPECT_TRUE(id_less("p1", "p1a"));
  EXPECT_TRUE(id_less("a", "b"));
  EXPECT_FALSE(id_less("p3", "p3"));
  EXPECT_NE(id_less("p01", "p1"), id_less("p1", "p01"));  // equal by value, still ordered
}

TEST(Standings, InputOrderOfRoundsDoesNotMatter) {
  EventState s = make_event(4);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(1), loss(2));
  add_game(r1, "p3", "p4", win(3), loss(4));
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p3", win(), loss());
  add_game(r2, "p4", "p2", win(), loss());
  s.cut = Cut{1, {"p1", "p3"}, {"p4", "p2"}};
  EventState reversed = s;
  std::swap(reversed.rounds[0], reversed.rounds[1]);
  std::swap(reversed.players[0], reversed.players[3]);
  EXPECT_EQ(compute_standings(s), compute_standings(reversed));
}

}  // namespace
}  // namespace gauntlet
