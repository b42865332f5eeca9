// SR2017 "Finals Tables" (Final Standings Variants) and "Cut to Top [X]" (Number of Rounds).
#include <gtest/gtest.h>

#include "support/state_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using V = std::vector<PlayerId>;

// 8 players, 3 rounds. After round 2: p1, p2 on 2 TP; p3-p6 on 1; p7, p8 on 0.
EventState two_rounds_of_eight(std::vector<VariantChoice> variants) {
  EventState s = make_event(8, std::move(variants), 3);
  Round& r1 = add_round(s);
  add_game(r1, "p1", "p8", win(), loss());
  add_game(r1, "p2", "p7", win(), loss());
  add_game(r1, "p3", "p6", win(), loss());
  add_game(r1, "p4", "p5", win(), loss());
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p4", win(), loss());
  add_game(r2, "p2", "p3", win(), loss());
  add_game(r2, "p5", "p8", win(), loss());
  add_game(r2, "p6", "p7", win(), loss());
  return s;
}

// Round 3 on finals tables: table 1 p1 v p2, table 2 p3 v p4.
EventState finals_event(GameResult t1_p1, GameResult t1_p2, GameResult t2_p3, GameResult t2_p4) {
  EventState s = two_rounds_of_eight({{"finals-tables", {}}});
  Round& r3 = add_round(s);
  add_game(r3, "p1", "p2", t1_p1, t1_p2);
  add_game(r3, "p3", "p4", t2_p3, t2_p4);
  add_game(r3, "p5", "p6", win(), loss());
  add_game(r3, "p7", "p8", win(0, 30), loss());
  return s;
}

// SR2017 "Finals Tables" (000_…txt; the same words in SR2014 and SR2023): "The winner of the
// first finals table wins the event, and his opponent wins second place. The winner of the second
// finals table wins third place. Standings beyond third place are calculated using strength of
// schedule, followed by control points in the case of a tie." TP are not a criterion there.
TEST(SR2017_FinalsTables, TablesOneAndTwoPlaceFirstToThirdTheRestBySosThenCp) {
  Standings st = compute_standings(finals_event(loss(), win(), loss(), win()));
  EXPECT_EQ(st.criteria, (std::vector<std::string>{"sos", "cp"}));
  // Beyond third: p3 SoS 6 (1 TP), p8 SoS 5 (0 TP), p6 and p7 SoS 4 (tied on CP: they share
  // rank 6), p5 SoS 3 (2 TP) — the text ranks on SoS, not on TP.
  EXPECT_EQ(order(st), (V{"p2", "p1", "p4", "p3", "p8", "p6", "p7", "p5"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 2, 3, 4, 5, 6, 6, 8}));
  // The standings say which rule ranks them, so nobody is surprised.
  EXPECT_NE(st.rule.find("Finals Tables (SR2017)"), std::string::npos) << st.rule;
  EXPECT_NE(st.rule.find("SoS then CP"), std::string::npos) << st.rule;
  EXPECT_EQ(row_of(st, "p2").placed_by, "finals table 1 winner");
  EXPECT_EQ(row_of(st, "p1").placed_by, "finals table 1 loser");
  EXPECT_EQ(row_of(st, "p4").placed_by, "finals table 2 winner");
  EXPECT_EQ(row_of(st, "p5").placed_by, "");
}

// SR2017 "Finals Tables" (000_7c68f7c91845dacc.txt), verbatim: "Finals Tables – When creating
// match-ups for the final round of the event, the EO pairs the current top four players on two
// “finals tables.” The first finals table matches the current first-ranked player against the
// current second-ranked player. The second finals table matches the current third-ranked player
// against the current fourth-ranked player. The winner of the first finals table wins the event,
// and his opponent wins second place. The winner of the second finals table wins third place.
// Standings beyond third place are calculated using strength of schedule, followed by control
// points in the case of a tie."
// The finals are the games of the top four as ranked before the final round, whatever the table
// numbers: a fixed table (accessibility) seats #1 p1 v #2 p2 at table 8, and #3 v #4 at table 1.
TEST(SR2017_FinalsTables, TheFinalsAreTheTopFoursGamesWhateverTheirTableNumbers) {
  EventState s = two_rounds_of_eight({{"finals-tables", {}}});
  Round& r3 = add_round(s);
  add_game(r3, "p3", "p4", win(), loss()).number = 1;
  add_game(r3, "p5", "p6", win(), loss()).number = 2;
  add_game(r3, "p7", "p8", win(0, 30), loss()).number = 3;
  add_game(r3, "p2", "p1", loss(), win()).number = 8;
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st).at(0), "p1");
  EXPECT_EQ(order(st).at(1), "p2");
  EXPECT_EQ(order(st).at(2), "p3");
  EXPECT_EQ(row_of(st, "p1").placed_by, "finals table 1 winner");
  EXPECT_EQ(row_of(st, "p2").placed_by, "finals table 1 loser");
  EXPECT_EQ(row_of(st, "p3").placed_by, "finals table 2 winner");
  EXPECT_EQ(row_of(st, "p5").placed_by, "");
}

// #1 and #2 did not meet in the final round (the EO's lock broke the first finals table): no game
// is the final, and nobody is placed by the variant.
TEST(SR2017_FinalsTables, NoFinalWhenTheTopTwoDidNotMeet) {
  EventState s = two_rounds_of_eight({{"finals-tables", {}}});
  Round& r3 = add_round(s);
  add_game(r3, "p1", "p3", win(), loss());
  add_game(r3, "p2", "p4", win(), loss());
  add_game(r3, "p5", "p6", win(), loss());
  add_game(r3, "p7", "p8", win(), loss());
  for (const StandingRow& r : compute_standings(s).rows) EXPECT_EQ(r.placed_by, "") << r.id;
}

TEST(SR2017_FinalsTables, TableOneLoserAboveBetterLadderRows) {
  // p2 beats p1 on table 1 and p3 beats p4 on table 2; p1 keeps 2nd over p3 and p5 (2 TP each).
  Standings st = compute_standings(finals_event(loss(), win(), win(), loss()));
  EXPECT_EQ(order(st).at(1), "p1");
  EXPECT_EQ(order(st).at(2), "p3");
}

// "the EO pairs the current top four players": until the finals are played the usual ladder
// ranks, so the top four by TP go to the finals tables.
TEST(SR2017_FinalsTables, NotBeforeTheFinalRound) {
  Standings st = compute_standings(two_rounds_of_eight({{"finals-tables", {}}}));
  for (const StandingRow& r : st.rows) EXPECT_EQ(r.placed_by, "");
  EXPECT_EQ(st.criteria, (std::vector<std::string>{"tp", "sos", "cp", "ap"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 1, 3, 3, 5, 5, 7, 7}));
}

TEST(SR2017_FinalsTables, WaitsForBothFinalsTables) {
  EventState s = two_rounds_of_eight({{"finals-tables", {}}});
  Round& r3 = add_round(s);
  add_game(r3, "p1", "p2", loss(), win());
  add_unplayed(r3, "p3", "p4");
  for (const StandingRow& r : compute_standings(s).rows) EXPECT_EQ(r.placed_by, "");
}

TEST(SR2017_FinalsTables, TiedFirstTablePlacesNobody) {
  Standings st = compute_standings(finals_event(tie(), tie(), win(), loss()));
  for (const StandingRow& r : st.rows) EXPECT_EQ(r.placed_by, "");
}

TEST(SR2017_FinalsTables, DisqualifiedFinalistStaysLast) {
  EventState s = finals_event(loss(), win(), loss(), win());
  disqualify(s, "p2", 3);
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st).front(), "p1");
  EXPECT_EQ(order(st).back(), "p2");
  EXPECT_TRUE(st.rows.back().disqualified);
}

// "only the standings of the top X players can change and should be determined normally";
// everyone else keeps the values and order of the cut round.
TEST(SR2017_CutToTop, OutsideTheCutFrozenAtTheCut) {
  EventState s = two_rounds_of_eight({{"cut-to-top", 2}});
  s.cut = Cut{2, {"p1", "p2"}, {"p3", "p4", "p5", "p6", "p7", "p8"}};
  Round& r3 = add_round(s);
  add_game(r3, "p2", "p1", win(), loss());
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st), (V{"p2", "p1", "p3", "p4", "p5", "p6", "p7", "p8"}));
  EXPECT_EQ(ranks(st), (std::vector<int>{1, 2, 3, 3, 5, 5, 7, 7}));
  EXPECT_FALSE(row_of(st, "p2").frozen);
  EXPECT_TRUE(row_of(st, "p3").frozen);
  // p3 met p6 and p2: SoS 3 at the cut, although p2 has 3 TP now.
  EXPECT_EQ(row_of(st, "p3").sos, Fraction(3));
  EXPECT_EQ(row_of(st, "p2").sos, Fraction(3));  // p7 (0) + p3 (1) + p1 (2): top X recomputed
}

TEST(SR2017_CutToTop, FrozenOrderIsTheRecordedOrder) {
  EventState s = two_rounds_of_eight({{"cut-to-top", 2}});
  // At the cut p3 and p4 were equal (listed by id); the record is what counts.
  s.cut = Cut{2, {"p1", "p2"}, {"p4", "p3", "p5", "p6", "p7", "p8"}};
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st).at(2), "p4");
  EXPECT_EQ(st.rows.at(2).rank, 3);
  EXPECT_EQ(st.rows.at(3).rank, 3);
}

TEST(SR2017_CutToTop, TopPlayersRankedAmongThemselves) {
  EventState s = two_rounds_of_eight({{"cut-to-top", 4}});
  s.cut = Cut{1, {"p1", "p2", "p3", "p4"}, {"p5", "p6", "p7", "p8"}};
  s.rounds.pop_back();
  Round& r2 = add_round(s);
  add_game(r2, "p1", "p2", win(), loss());
  add_game(r2, "p3", "p4", win(), loss());
  Standings st = compute_standings(s);
  EXPECT_EQ(order(st), (V{"p1", "p3", "p2", "p4", "p5", "p6", "p7", "p8"}));
  for (int i = 4; i < 8; ++i) EXPECT_TRUE(st.rows[i].frozen);
  EXPECT_EQ(row_of(st, "p5").tp, 0);
}

}  // namespace
}  // namespace gauntlet
