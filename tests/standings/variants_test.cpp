// SR2017 "Final Standings Variants" and the SR2014 appendix's Large-Event Scoring.
#include <gtest/gtest.h>

#include "support/state_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using V = std::vector<PlayerId>;
using Keys = std::vector<std::string>;

// p2 and p3 tie on 1 TP; p2 has the better SoS (3 v 1), p3 the better CP (`p3_cp` v 0).
EventState sos_versus_cp(std::vector<VariantChoice> variants, int p3_cp, int p3_ap = 0) {
  EventState s = make_event(4, std::move(variants));
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(p3_cp, p3_ap), loss());
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p4", win(), loss());
  add_game(r2, "p3", "p2", loss(), win());
  return s;
}

// "tournament points, then number of assassination victories, then control points, and
// finally by strength of schedule."
TEST(SR2017_AssassinScoring, AssassinationsBeforeControlPoints) {
  auto build = [](std::vector<VariantChoice> v) {
    EventState s = make_event(4, std::move(v));
    Round& r = add_round(s);
    add_game(r, "p1", "p2", win(0), loss(), Ending::assassination);
    add_game(r, "p3", "p4", win(5), loss(), Ending::scenario);
    return compute_standings(s);
  };
  Standings st = build({{"assassin-scoring", {}}});
  EXPECT_EQ(st.criteria, (Keys{"tp", "assassinations", "cp", "sos"}));
  EXPECT_EQ(order(st), (V{"p1", "p3", "p2", "p4"}));
  EXPECT_EQ(row_of(st, "p1").assassinations, 1);
  EXPECT_EQ(order(build({})), (V{"p3", "p1", "p2", "p4"}));  // baseline: CP decides
}

TEST(SR2017_AssassinScoring, SosIsLastTiebreak) {
  Standings st = compute_standings(sos_versus_cp({{"assassin-scoring", {}}}, 0));
  EXPECT_EQ(order(st), (V{"p1", "p2", "p3", "p4"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 2, 3, 4}));
}

// "tournament points, then control points, then army points destroyed, and finally by SoS."
TEST(SR2017_ControlPointScoring, ControlPointsBeforeSos) {
  EXPECT_EQ(order(compute_standings(sos_versus_cp({}, 4))), (V{"p1", "p2", "p3", "p4"}));
  Standings st = compute_standings(sos_versus_cp({{"control-point-scoring", {}}}, 4));
  EXPECT_EQ(st.criteria, (Keys{"tp", "cp", "ap", "sos"}));
  EXPECT_EQ(order(st), (V{"p1", "p3", "p2", "p4"}));
}

TEST(SR2017_ControlPointScoring, ArmyPointsBeforeSos) {
  Standings st = compute_standings(sos_versus_cp({{"control-point-scoring", {}}}, 0, 30));
  EXPECT_EQ(order(st), (V{"p1", "p3", "p2", "p4"}));
}

// "total number of enemy army points destroyed or removed from play, then on control points,
// then on strength of schedule."
TEST(SR2017_DestructionScoring, IgnoresTournamentPoints) {
  EventState s = make_event(2, {{"destruction-scoring", {}}});
  add_game(add_round(s), "p1", "p2", win(5, 10), loss(0, 40));
  Standings st = compute_standings(s);
  EXPECT_EQ(st.criteria, (Keys{"ap", "cp", "sos"}));
  EXPECT_EQ(order(st), (V{"p2", "p1"}));
}

TEST(SR2017_DestructionScoring, ControlPointsThenSos) {
  EventState s = make_event(4, {{"destruction-scoring", {}}});
  Round& r = add_round(s);
  add_game(r, "p1", "p2", win(1, 20), loss(2, 20));
  add_game(r, "p3", "p4", win(1, 20), loss(1, 20));
  // p2: CP 2; p1, p3, p4: CP 1; p4 (SoS 1) above p1 and p3 (SoS 0), which share rank 3.
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st), (V{"p2", "p4", "p1", "p3"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 2, 3, 3}));
}

// "count the tournament points scored divided by the number of games played by each opponent
// ... For an opponent who did not score any tournament points, use a value equal to 1 divided
// by the total number of rounds in the event."
TEST(SR2014_LargeEventScoring, SosIsOpponentTpOverGames) {
  EventState s = make_event(4, {{"large-event-scoring", {}}}, 3);
  s.config.edition = "SR2014";
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(), loss());
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p3", win(), loss());
  add_game(r2, "p2", "p4", win(), loss());
  Round& r3 = add_round(s);
  add_game(r3, "p3", "p2", win(), loss());
  add_game(r3, "p1", "p4", win(), loss());
  Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p1").sos, Fraction(4, 3));  // 1/3 + 2/3 + (0 TP: 1/3)
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(2));     // 3/3 + 1/3 + 2/3
  EXPECT_EQ(row_of(st, "p3").sos, Fraction(5, 3));  // 1/3 + 3/3 + 1/3
  EXPECT_EQ(row_of(st, "p4").sos, Fraction(2));     // 2/3 + 1/3 + 3/3
  EXPECT_EQ(st.criteria, (Keys{"tp", "sos", "cp", "ap"}));
  EXPECT_EQ(order(st), (V{"p1", "p3", "p2", "p4"}));
}

TEST(SR2014_LargeEventScoring, ZeroTpOpponentCountsOneOverRounds) {
  EventState s = make_event(2, {{"large-event-scoring", {}}}, 5);
  add_game(add_round(s), "p1", "p2", win(), loss());
  Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p1").sos, Fraction(1, 5));  // the event's 5 rounds, not the 1 played
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(1));
}

TEST(SR2014_LargeEventScoring, TotalRoundsFollowAttendanceWithoutOverride) {
  EventState s = make_event(10, {{"large-event-scoring", {}}});  // 9-16 players: 4 rounds
  add_game(add_round(s), "p1", "p2", win(), loss());
  EXPECT_EQ(row_of(compute_standings(s), "p1").sos, Fraction(1, 4));
}

// SR2014 "Large-Event Scoring": "count the tournament points scored divided by the number of games
// played by each opponent"; SR2014 "Byes and Odd Number of Players": "A player who receives a bye
// does not play in the current round". So a bye is no game played; its tournament point is one the
// opponent scored. p2 (a lost game and a bye: 1 TP, 1 game) counts 1 / 1, not 1 / 2; p3 (a bye and
// a win: 2 TP, 1 game) counts 2 / 1.
TEST(SR2014_LargeEventScoring, AByeIsNoGamePlayed) {
  EventState s = make_event(3, {{"large-event-scoring", {}}}, 3);
  s.config.edition = "SR2014";
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  give_bye(r1, "p3");
  Round& r2 = add_round(s);
  add_game(r2, "p3", "p1", win(), loss());
  give_bye(r2, "p2");
  const Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p1").sos, Fraction(3));     // p2 1/1 + p3 2/1 (the bye as a game: 3/2)
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(1, 2));  // p1: 1 TP in 2 games
  EXPECT_EQ(row_of(st, "p3").sos, Fraction(1, 2));
}

// SR2013 "Large Event Scoring": "count the tournament points scored divided by the number of games
// played by each opponent of the tied players"; SR2013: "A player receiving a bye sits out of the
// current round". The same count; here it breaks a tie the other way than a bye counted as a game.
TEST(SR2013_LargeEventScoring, AByeIsNoGamePlayed) {
  EventState s = make_event(5, {{"large-event-scoring", {}}}, 3);
  s.config.edition = "SR2013";
  Round& r1 = add_round(s);
  give_bye(r1, "p2");
  add_game(r1, "p4", "p1", win(), loss());
  add_game(r1, "p3", "p5", win(), loss());
  Round& r2 = add_round(s);
  give_bye(r2, "p1");
  add_game(r2, "p3", "p2", win(), loss());
  add_game(r2, "p4", "p5", win(), loss());
  Round& r3 = add_round(s);
  give_bye(r3, "p5");
  add_game(r3, "p3", "p1", win(), loss());
  add_game(r3, "p2", "p4", win(), loss());
  // p2 and p4 tie on 2 TP. p2 met p3 (3 TP in 3 games) and p4 (2 in 3): 5/3. p4 met p1 and p5
  // (each a bye and two losses: 1 TP in 2 games) and p2 (a bye, a loss, a win: 2 TP in 2 games): 2.
  // With each bye counted as a game p4 had 1/3 + 1/3 + 2/3 = 4/3 and ranked below p2.
  const Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(5, 3));
  EXPECT_EQ(row_of(st, "p4").sos, Fraction(2));
  EXPECT_EQ((V{order(st)[0], order(st)[1], order(st)[2]}), (V{"p3", "p4", "p2"}));
}

TEST(SR2014_LargeEventScoring, DroppedOpponentCountsPerGamePlayed) {
  EventState s = make_event(4, {{"large-event-scoring", {}}}, 3);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p2", win(), loss());
  add_game(r1, "p3", "p4", win(), loss());
  drop(s, "p1", 1);
  Round& r2 = add_round(s);
  add_game(r2, "p3", "p2", win(), loss());
  give_bye(r2, "p4");
  Standings st = compute_standings(s);
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(2));  // p1 1/1 (dropped) + p3 2/2
}

}  // namespace
}  // namespace gauntlet

namespace gauntlet {
namespace {

// The final-standings ladders are edition data: SR2014's Destruction Scoring breaks TP ties with
// army points ("If there is no clear winner ... break the tie based first on the total number of
// enemy army points destroyed"), SR2017's ranks on army points alone.
TEST(EditionLadders, DestructionScoringDiffersBetweenSR2014AndSR2017) {
  auto criteria_for = [](const std::string& edition) {
    EventState s;
    s.created = true;
    s.config.name = "Ladder";
    s.config.edition = edition;
    s.config.points = 50;
    s.config.variants = {{"destruction-scoring", std::nullopt}};
    return compute_standings(s).criteria;
  };
  EXPECT_EQ(criteria_for("SR2017"), (std::vector<std::string>{"ap", "cp", "sos"}));
  EXPECT_EQ(criteria_for("SR2014"), (std::vector<std::string>{"tp", "ap", "cp", "sos"}));
}

TEST(EditionLadders, SR2013AssassinBreaksTiesOnArmyPointsBeforeControlPoints) {
  EventState s;
  s.created = true;
  s.config.name = "Ladder";
  s.config.edition = "SR2013";
  s.config.points = 50;
  s.config.variants = {{"assassin-scoring", std::nullopt}};
  EXPECT_EQ(compute_standings(s).criteria, (std::vector<std::string>{"tp", "assassinations", "ap", "cp"}));
}

}  // namespace
}  // namespace gauntlet
