// Pairing validation, results, byes, concessions, drops and round closing (RULES.md §4, §7–§8).
#include "model/records.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

TEST(Pairings, EveryActivePlayerExactlyOnce) {
  EventState s = event_with_players(4);
  auto e = run(s, pairing({table(1, "p1", "p2")}));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("not paired"), std::string::npos);
  e = run(s, pairing({table(1, "p1", "p2"), table(2, "p1", "p3")}));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("paired twice"), std::string::npos);
  e = run(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p9")}));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("no player 'p9'"), std::string::npos);
  EXPECT_TRUE(s.rounds.empty());
}

TEST(SR2017_Byes, OneByeExactlyWhenTheFieldIsOdd) {
  EventState s = event_with_players(4);
  auto e = run(s, pairing({table(1, "p1", "p2")}, "p3"));
  ASSERT_TRUE(e);
  s = event_with_players(3);
  e = run(s, pairing({table(1, "p1", "p2")}));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("bye"), std::string::npos);
  must(s, pairing({table(1, "p1", "p2")}, "p3"));
}

TEST(SR2017_Byes, ByeScoresOneTpThreeCpAndHalfThePointSizeRoundedUp) {
  EventState s = event_with_players(3);
  must(s, pairing({table(1, "p1", "p2")}, "p3"));
  const auto rs = player_records(s);
  EXPECT_EQ(record_of(rs, "p3").tp, 1);
  EXPECT_EQ(record_of(rs, "p3").cp, 3);
  EXPECT_EQ(record_of(rs, "p3").ap, 38);  // 75 / 2 rounded up
}

TEST(SR2014_Byes, ByeScoresHalfTheScenarioWinCp) {
  EventState s = event_with_players(3, config("SR2014", 35));
  must(s, pairing({table(1, "p1", "p2")}, "p3"));
  const auto rs = player_records(s);
  EXPECT_EQ(record_of(rs, "p3").cp, 3);
  EXPECT_EQ(record_of(rs, "p3").ap, 18);
}

TEST(Pairings, DroppedPlayersAreNeverPaired) {
  EventState s = event_with_players(3);
  must(s, SetPlayerStatus{"p3", PlayerStatus::dropped, std::nullopt});
  EXPECT_EQ(s.players[2].dropped_after, 0);
  auto e = run(s, pairing({table(1, "p1", "p3")}, "p2"));
  ASSERT_TRUE(e);
  must(s, pairing({table(1, "p1", "p2")}));
}

TEST(SR2017_ScenarioSelection, RolledFromTheSeedAndNeverRepeated) {
  EventState a = event_with_players(2), b = event_with_players(2);
  std::vector<std::string> seen;
  for (int round = 1; round <= 3; ++round) {
    must(a, pairing({table(1, "p1", "p2")}));
    must(b, pairing({table(1, "p1", "p2")}));
    EXPECT_EQ(a.rounds.back().scenario, b.rounds.back().scenario);
    EXPECT_FALSE(a.rounds.back().scenario.empty());
    EXPECT_EQ(std::count(seen.begin(), seen.end(), a.rounds.back().scenario), 0);
    seen.push_back(a.rounds.back().scenario);
    must(a, win_at(1, round % 2));
    must(b, win_at(1, round % 2));
    must(a, CloseRound{});
    must(b, CloseRound{});
    if (event_finished(a)) break;
  }
}

TEST(SR2017_ScenarioSelection, ExplicitRepeatIsRefused) {
  EventConfig c = config();
  c.rounds = 3;
  EventState s = event_with_players(4, c);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}, std::nullopt, "Breakdown"));
  must(s, win_at(1, 0));
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  auto e = run(s, pairing({table(1, "p1", "p3"), table(2, "p2", "p4")}, std::nullopt, "breakdown"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 2.scenario");
}

TEST(Results, ExactlyOneWinAndOneLossOrTwoTies) {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  RecordResult r = win_at(1, 0);
  r.results[1].outcome = Outcome::win;
  auto e = run(s, r);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("two winners"), std::string::npos);
  EXPECT_EQ(e->field, "round 1, table 1.results");
  r.results[0].outcome = r.results[1].outcome = Outcome::tie;
  r.ending = Ending::tie;
  EXPECT_FALSE(run(s, r));
}

TEST(Results, NegativeCpAndUnknownTableAreRefused) {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  auto e = run(s, win_at(1, 0, 5, -1, 40, 20, Ending::scenario));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[1].cp");
  e = run(s, win_at(7, 0));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("no table 7"), std::string::npos);
  EXPECT_FALSE(s.rounds[0].tables[0].results);
}

// SR2017 scenario pages (000_…txt, every scenario; the same words in SR2023, 004_…txt):
// "Fixed Game Length: At the end of the second player's seventh turn, the game ends
// automatically." ... "If the game ends before a player wins via scenario or assassination
// victory, the player with the most control points wins via scenario victory. If the players are
// tied for control points when the game ends, use the 3rd tiebreaker (army points destroyed) and
// if necessary the 4th tiebreaker (scenario presence) to determine the winner."
TEST(SR2017_ScenarioVictory, AtTheGameEndTheMostControlPointsWinViaScenario) {
  for (const char* edition : {"SR2017", "SR2023"}) {
    SCOPED_TRACE(edition);
    EventState s = event_with_players(2, config(edition, 75));
    must(s, pairing({table(1, "p1", "p2")}));
    must(s, win_at(1, 0, 3, 1, 40, 20, Ending::scenario));  // turn 7 ends it 3–1: a scenario win
    EXPECT_EQ((*s.rounds[0].tables[0].results)[0].cp, 3);
    must(s, win_at(1, 0, 5, 0, 40, 20, Ending::scenario));  // 5 more CP during the game
    auto behind = run(s, win_at(1, 0, 1, 3, 40, 20, Ending::scenario));
    ASSERT_TRUE(behind);
    EXPECT_EQ(behind->field, "round 1, table 1.ending");
    // Tied CP: the 3rd and 4th tiebreakers decide, so the ending is "tiebreaker".
    auto tied = run(s, win_at(1, 0, 2, 2, 40, 20, Ending::scenario));
    ASSERT_TRUE(tied);
    EXPECT_NE(tied->message.find("'tiebreaker'"), std::string::npos) << tied->message;
    must(s, win_at(1, 0, 2, 2, 40, 20, Ending::tiebreaker));
  }
}

// One rule both ways, from the edition's ladder (data: game_tiebreakers). SR2017 (000_…txt), every
// scenario page: "If the game ends before a player wins via scenario or assassination victory,
// the player with the most control points wins via scenario victory. If the players are tied for
// control points when the game ends, use the 3rd tiebreaker (army points destroyed) and if
// necessary the 4th tiebreaker (scenario presence) to determine the winner." Scenario Reference
// Sheet: "2nd Tiebreaker: Control Points — The player who has the most control points wins the
// game." and "3rd Tiebreaker: Army Points Destroyed ... The player who suffered fewer army points
// destroyed or removed from play wins the game." A scenario win needs more CP; a tiebreaker win
// cannot go to the player with fewer CP, nor on tied CP to the one who destroyed fewer points.
TEST(SR2017_ScenarioVictory, ATiebreakerVictoryNeedsTiedControlPoints) {
  for (const char* edition : {"SR2017", "SR2023"}) {
    SCOPED_TRACE(edition);
    EventState s = event_with_players(2, config(edition, 75));
    must(s, pairing({table(1, "p1", "p2")}));
    auto fewer = run(s, win_at(1, 0, 2, 4, 40, 20, Ending::tiebreaker));
    ASSERT_TRUE(fewer) << "a tiebreaker win with 2 CP against 4";
    EXPECT_EQ(fewer->field, "round 1, table 1.ending");
    EXPECT_NE(fewer->rule.find("tiebreaker, control points"), std::string::npos) << fewer->rule;
    EXPECT_NE(fewer->message.find("tied CP"), std::string::npos) << fewer->message;
    // The scenario refusal no longer sends a win on fewer CP to 'tiebreaker'.
    auto behind = run(s, win_at(1, 0, 2, 4, 40, 20, Ending::scenario));
    ASSERT_TRUE(behind);
    EXPECT_EQ(behind->message.find("'tiebreaker'"), std::string::npos) << behind->message;
    // Tied CP: the next tiebreaker (SR2017 3rd, SR2023 2nd on its sheet) gives the game to the player
    // who suffered fewer army points destroyed.
    auto fewer_ap = run(s, win_at(1, 0, 2, 2, 20, 40, Ending::tiebreaker));
    ASSERT_TRUE(fewer_ap);
    EXPECT_NE(fewer_ap->rule.find("tiebreaker, army points destroyed"), std::string::npos) << fewer_ap->rule;
    // A tie "the tiebreakers could not split" has nothing they split.
    RecordResult split = tie_at(1);
    split.ending = Ending::tiebreaker;
    split.results[0].cp = 3;
    EXPECT_TRUE(run(s, split));
    split.results[0].cp = 0;
    must(s, split);
    must(s, win_at(1, 0, 2, 2, 40, 20, Ending::tiebreaker));
    must(s, win_at(1, 0, 2, 2, 30, 30, Ending::tiebreaker));  // the 4th (scenario presence) decided
  }
}

// SR2014 Scenario Reference Sheet (003_…txt): "2ND TIEBREAKER: CONTROL POINTS — The player who has
// the most control points wins the game." The 3rd (army points remaining) is not in a result, so a
// tied-CP win is not second-guessed. At a No Assassination Victory event the 1st tiebreaker
// (warcasters/warlocks remaining) may decide before the CP: the result does not say.
TEST(SR2014_Tiebreakers, TheSecondTiebreakerIsControlPoints) {
  EventState s = event_with_players(2, config("SR2014", 50));
  must(s, pairing({table(1, "p1", "p2")}));
  auto fewer = run(s, win_at(1, 0, 2, 4, 40, 20, Ending::tiebreaker));
  ASSERT_TRUE(fewer);
  EXPECT_NE(fewer->rule.find("SR2014 \"Scenario Reference Sheet\": 2nd tiebreaker"), std::string::npos)
      << fewer->rule;
  must(s, win_at(1, 0, 4, 2, 40, 20, Ending::tiebreaker));
  must(s, win_at(1, 0, 2, 2, 10, 40, Ending::tiebreaker));
  EventConfig c = config("SR2014", 50);
  c.variants = {{"no-assassination", std::nullopt}};
  EventState n = event_with_players(2, c);
  must(n, pairing({table(1, "p1", "p2")}));
  must(n, win_at(1, 0, 2, 4, 40, 20, Ending::tiebreaker));
}

// SR2014 scenario victory (003_…txt, Scenario Reference Sheet): at least 5 CP and more than the
// opponent; a timed-out game goes to the tiebreakers, never to a scenario win on fewer CP.
TEST(SR2014_ScenarioVictory, AtLeastFiveAndMoreThanTheOpponent) {
  EventState s = event_with_players(2, config("SR2014", 50));
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, win_at(1, 0, 5, 4, 40, 20, Ending::scenario));
  auto e = run(s, win_at(1, 0, 4, 0, 40, 20, Ending::scenario));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.ending");
}

// SR2014 "Recording Results" (003_…txt): "Note that when scoring the game, a player cannot earn
// more control points than are required to win the scenario." Required to win this game: at
// least 5 and more than the opponent — so 6–5 is legal, 6–0 is not.
TEST(SR2014_RecordingResults, CpCappedAtWhatWinsThisGame) {
  EventState s = event_with_players(2, config("SR2014", 50));
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, win_at(1, 0, 6, 5, 40, 20, Ending::scenario));
  must(s, win_at(1, 0, 7, 6, 40, 20, Ending::scenario));  // both scored at once from 5–5
  must(s, win_at(1, 0, 5, 0, 40, 20, Ending::assassination));
  for (auto [w, l] : {std::pair{6, 0}, std::pair{7, 5}}) {
    auto e = run(s, win_at(1, 0, w, l, 40, 20, Ending::assassination));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->field, "round 1, table 1.results[0].cp");
    EXPECT_NE(e->rule.find("cannot earn more control points than are required to win"), std::string::npos);
  }
  auto loser = run(s, win_at(1, 1, 5, 7, 40, 20, Ending::assassination));  // the loser capped too
  ASSERT_TRUE(loser);
  EXPECT_EQ(loser->field, "round 1, table 1.results[0].cp");
}

// SR2017 "Sportsmanship" (000_…txt): "In the case of a concession, the winning player is awarded
// a win, three control points (unless he has already scored more prior to the concession), and
// army points destroyed equal to half the total value of the opponent's starting army, rounded
// up (again, unless he has already scored more prior to the concession). The player who
// conceded receives a loss and no points in any category."
TEST(SR2017_Concession, WinnerGetsAtLeastThreeCpAndHalfTheOpponentsArmy) {
  EventState s = event_with_players(2);
  must(s, SetList{"p2", 1, army(29, {50, 51}, "Kaelyssa")});  // starting army 101
  must(s, pairing({table(1, "p1", "p2")}));
  RecordResult r = win_at(1, 0, 1, 2, 20, 30, Ending::concession);
  r.results[1].list = 1;
  must(s, r);
  const auto& res = *s.rounds[0].tables[0].results;
  EXPECT_EQ(res[0].cp, 3);
  EXPECT_EQ(res[0].ap, 51);  // 101 / 2 rounded up
  EXPECT_EQ(res[1].cp, 0);
  EXPECT_EQ(res[1].ap, 0);
  EXPECT_EQ(s.rounds[0].tables[0].concession_army, (ConcessionArmy{101, 1}));
  must(s, win_at(1, 0, 4, 2, 70, 30, Ending::concession));  // already scored more: kept
  EXPECT_EQ((*s.rounds[0].tables[0].results)[0].cp, 4);
  EXPECT_EQ((*s.rounds[0].tables[0].results)[0].ap, 70);
}

// The opponent's starting army is the list they played, never the event's point size when a
// list exists: one registered list is the one played; with two, the EO (or reporting player)
// is asked which; only a player with no registered list falls back to the point size, and the
// result says so.
TEST(SR2017_Concession, ArmyIsTheListPlayedAskedForWhenThereAreTwo) {
  EventConfig c = config("SR2017", 75);
  c.lists = 2;
  EventState s = event_with_players(4, c);
  must(s, SetList{"p2", 1, army(29, {50, 51}, "Kaelyssa")});  // 101
  must(s, SetList{"p2", 2, army(28, {60, 40}, "Vyros")});     // 100
  must(s, SetList{"p4", 1, army(30, {52, 50}, "Ossyan")});    // 102
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));

  auto asked = run(s, win_at(1, 0, 0, 0, 0, 0, Ending::concession));
  ASSERT_TRUE(asked);
  EXPECT_EQ(asked->field, "round 1, table 1.results[1].list");
  EXPECT_NE(asked->rule.find("half the total value of the opponent's starting army"), std::string::npos);
  EXPECT_NE(asked->message.find("which list"), std::string::npos) << asked->message;

  RecordResult second = win_at(1, 0, 0, 0, 0, 0, Ending::concession);
  second.results[1].list = 2;
  must(s, second);
  EXPECT_EQ((*s.rounds[0].tables[0].results)[0].ap, 50);  // 100 / 2
  EXPECT_EQ(s.rounds[0].tables[0].concession_army, (ConcessionArmy{100, 2}));

  must(s, win_at(2, 0, 0, 0, 0, 0, Ending::concession));  // p4 registered one list: that one
  EXPECT_EQ((*s.rounds[0].tables[1].results)[0].ap, 51);
  EXPECT_EQ((*s.rounds[0].tables[1].results)[1].list, 1);
  EXPECT_EQ(s.rounds[0].tables[1].concession_army, (ConcessionArmy{102, 1}));

  RecordResult missing = win_at(2, 0, 0, 0, 0, 0, Ending::concession);
  missing.results[1].list = 2;
  auto unknown = run(s, missing);
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->field, "round 1, table 2.results[1].list");
}

TEST(SR2017_Concession, WithoutListsThePointSizeStandsInAndTheResultSaysSo) {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, win_at(1, 0, 0, 0, 0, 0, Ending::concession));
  EXPECT_EQ((*s.rounds[0].tables[0].results)[0].ap, 38);  // 75 / 2 rounded up
  EXPECT_EQ(s.rounds[0].tables[0].concession_army, (ConcessionArmy{75, std::nullopt}));
  must(s, win_at(1, 0, 5, 0, 40, 0, Ending::scenario));  // a later correction clears it
  EXPECT_FALSE(s.rounds[0].tables[0].concession_army);
}

TEST(SR2014_Concession, WinnerGetsHalfTheScenarioWinCpAndAssassinationAp) {
  EventState s = event_with_players(2, config("SR2014", 50));
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, win_at(1, 1, 5, 2, 33, 10, Ending::concession));
  const auto& res = *s.rounds[0].tables[0].results;
  EXPECT_EQ(res[1].cp, 3);
  EXPECT_EQ(res[1].ap, 33);
  EXPECT_EQ(res[0].cp, 0);
}

TEST(Drops, APlayerWithAResultCannotBeDroppedFromThatRoundsPast) {
  EventState s = event_with_players(4);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  must(s, win_at(1, 0));
  auto e = run(s, SetPlayerStatus{"p1", PlayerStatus::dropped, 0});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "player.after_round");
  must(s, SetPlayerStatus{"p1", PlayerStatus::dropped, std::nullopt});
  EXPECT_EQ(s.players[0].dropped_after, 1);
}

TEST(Rounds, CloseNeedsEveryResultAndNamesTheMissingTables) {
  EventState s = event_with_players(6);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4"), table(3, "p5", "p6")}));
  must(s, win_at(2, 0));
  auto e = run(s, CloseRound{});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("1, 3"), std::string::npos);
  auto p = run(s, pairing({table(1, "p1", "p3"), table(2, "p2", "p4"), table(3, "p5", "p6")}));
  ASSERT_TRUE(p);
  EXPECT_NE(p->message.find("close round 1"), std::string::npos);
}

TEST(SR2017_NumberOfRounds, AttendanceTableAndRoundEventCap) {
  EXPECT_EQ(planned_rounds(event_with_players(8)), 3);
  EXPECT_EQ(planned_rounds(event_with_players(9)), 4);
  EXPECT_EQ(planned_rounds(event_with_players(17)), 5);
  EventConfig c = config();
  c.variants = {{"max-rounds", 4}};
  EXPECT_EQ(planned_rounds(event_with_players(40, c)), 4);
  c.rounds = 2;
  EXPECT_EQ(planned_rounds(event_with_players(40, c)), 2);
}

TEST(SR2017_NumberOfRounds, EndsWhenOnePlayerLeadsAlone) {
  EventState s = event_with_players(4);  // 3 rounds planned
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  must(s, win_at(1, 0));
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  EXPECT_FALSE(event_finished(s));  // p1 and p3 share the lead
  must(s, pairing({table(1, "p1", "p3"), table(2, "p2", "p4")}));
  must(s, win_at(1, 0));
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  EXPECT_TRUE(event_finished(s));  // p1 alone on 2 TP
  auto e = run(s, pairing({table(1, "p1", "p4"), table(2, "p2", "p3")}));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("over"), std::string::npos);
}

TEST(SR2017_CutToTop, TriggersWhenUndefeatedAreAtMostX) {
  EventConfig c = config();
  c.variants = {{"cut-to-top", 2}};
  c.rounds = 4;
  EventState s = event_with_players(8, c);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4"), table(3, "p5", "p6"), table(4, "p7", "p8")}));
  for (int t = 1; t <= 4; ++t) must(s, win_at(t, 0));
  must(s, CloseRound{});
  EXPECT_FALSE(s.cut);  // 4 undefeated > 2
  must(s, pairing({table(1, "p1", "p3"), table(2, "p5", "p7"), table(3, "p2", "p4"), table(4, "p6", "p8")}));
  for (int t = 1; t <= 4; ++t) must(s, win_at(t, 0));
  must(s, CloseRound{});
  ASSERT_TRUE(s.cut);
  EXPECT_EQ(s.cut->after_round, 2);
  ASSERT_EQ(s.cut->top.size(), 2u);
  EXPECT_EQ(s.cut->frozen_order.size(), 6u);
  // Only the top two are paired from now on.
  auto e = run(s, pairing({table(1, "p1", "p5"), table(2, "p3", "p7")}));
  ASSERT_TRUE(e);
  must(s, pairing({table(1, s.cut->top[0], s.cut->top[1])}));
}

}  // namespace
}  // namespace gauntlet

namespace gauntlet {
namespace {

using namespace testing;

ReportResult report(int table, PlayerId reporter, int winner_side, Ending e = Ending::assassination) {
  RecordResult r = win_at(table, winner_side, 2, 1, 30, 10, e);
  return ReportResult{0, table, std::move(reporter), r.results, r.ending};
}

TEST(PlayerReports, ConfirmedByTheOpponentBecomesTheResult) {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, report(1, "p1", 0));
  EXPECT_FALSE(s.rounds[0].tables[0].results);
  ASSERT_TRUE(s.rounds[0].tables[0].report);
  auto e = run(s, ConfirmResult{0, 1, "p1", true, "", std::nullopt});
  ASSERT_TRUE(e);  // the reporter cannot confirm their own report
  EXPECT_NE(e->message.find("opponent"), std::string::npos);
  must(s, ConfirmResult{0, 1, "p2", true, "", std::nullopt});
  ASSERT_TRUE(s.rounds[0].tables[0].results);
  EXPECT_EQ((*s.rounds[0].tables[0].results)[0].outcome, Outcome::win);
  EXPECT_FALSE(s.rounds[0].tables[0].report);
}

TEST(PlayerReports, NoPlayerCanReportAnotherTable) {
  EventState s = event_with_players(4);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  auto e = run(s, report(1, "p3", 0));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("does not play at this table"), std::string::npos);
}

TEST(PlayerReports, ReportsAreCheckedLikeTheEosEntry) {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  ReportResult r = report(1, "p1", 0, Ending::scenario);
  r.results[1].cp = 2;  // 2–2 CP is no scenario victory
  EXPECT_TRUE(run(s, r));
  EXPECT_FALSE(s.rounds[0].tables[0].report);
}

TEST(PlayerReports, DisputeGoesToTheEoWhoseWordIsFinal) {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, report(1, "p1", 0));
  must(s, ConfirmResult{0, 1, "p2", false, "I won on scenario", std::nullopt});
  ASSERT_TRUE(s.rounds[0].tables[0].report);
  EXPECT_TRUE(s.rounds[0].tables[0].report->disputed);
  EXPECT_TRUE(run(s, ConfirmResult{0, 1, "p2", true, "", std::nullopt}));  // disputed: only the EO now
  must(s, win_at(1, 1, 5, 0, 30, 20, Ending::scenario));
  EXPECT_EQ((*s.rounds[0].tables[0].results)[1].outcome, Outcome::win);
  EXPECT_FALSE(s.rounds[0].tables[0].report);
  EXPECT_TRUE(run(s, report(1, "p1", 0)));  // recorded: players can no longer change it
}

TEST(SR2014_VariableRoundLength, RolledFromTheSeedAndKeptInTheRound) {
  EventState a = event_with_players(2, config("SR2014", 50));
  EventState b = event_with_players(2, config("SR2014", 50));
  must(a, pairing({table(1, "p1", "p2")}));
  must(b, pairing({table(1, "p1", "p2")}));
  const int adjust = a.rounds[0].round_minutes_adjust;
  EXPECT_EQ(adjust, b.rounds[0].round_minutes_adjust);
  EXPECT_TRUE(adjust == 5 || adjust == 10 || adjust == 15 || adjust == -5 || adjust == -10 || adjust == -15);
  EventState c = event_with_players(2);  // SR2017 Deathclock: no variable length
  must(c, pairing({table(1, "p1", "p2")}));
  EXPECT_EQ(c.rounds[0].round_minutes_adjust, 0);
}

}  // namespace
}  // namespace gauntlet

namespace gauntlet {
namespace {

using namespace testing;

TEST(DropAfterPublishing, OrphanGetsTheByeResultsStay) {
  EventState s = event_with_players(6);
  must(s,
       PairRound{
           0, {table(1, "p1", "p2"), table(2, "p3", "p4"), table(3, "p5", "p6")}, std::nullopt, "", 0, {}});
  must(s, win_at(1, 0));
  // p6 leaves before playing round 1: without an amended pairing the drop is refused.
  auto e = run(s, SetPlayerStatus{"p6", PlayerStatus::dropped, 0, std::nullopt});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("bye"), std::string::npos);
  // Table 1 has a result: an amendment that breaks it up is refused.
  PairRound bad{0, {table(1, "p1", "p3"), table(2, "p2", "p4")}, "p5", "", 0, {}};
  e = run(s, SetPlayerStatus{"p6", PlayerStatus::dropped, 0, bad});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("table 1"), std::string::npos);
  PairRound orphan_bye{0, {table(1, "p1", "p2"), table(2, "p3", "p4")}, "p5", "", 0, {}};
  must(s, SetPlayerStatus{"p6", PlayerStatus::dropped, 0, orphan_bye});
  const Round& r = s.rounds[0];
  EXPECT_EQ(r.tables.size(), 2u);
  EXPECT_EQ(r.bye, "p5");
  EXPECT_TRUE(r.tables[0].results);  // kept
  EXPECT_EQ(s.players[5].dropped_after, 0);
  EXPECT_FALSE(s.players[5].active_in(1));
}

}  // namespace
}  // namespace gauntlet
