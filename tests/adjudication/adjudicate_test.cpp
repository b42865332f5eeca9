// The adjudication wizard (issue 13 point 5), one test per rule and edition. The rules are quoted
// from the originals in ../shared/seeds/ (000 SR2017, 002 SR2013, 003 SR2014, 004 SR2023).
#include "adjudication/adjudicate.hpp"

#include <gmock/gmock.h>

#include "adjudication/facts_json.hpp"

namespace gauntlet {
namespace {

using ::testing::HasSubstr;

const Edition& ed(const char* id) {
  return *find_edition(id);
}

Facts facts(GameEnd end, std::array<int, 2> cp = {0, 0}, std::array<int, 2> ap = {0, 0}) {
  Facts f;
  f.end = end;
  for (int i = 0; i < 2; ++i) {
    f.sides[static_cast<std::size_t>(i)].cp = cp[static_cast<std::size_t>(i)];
    f.sides[static_cast<std::size_t>(i)].ap_destroyed = ap[static_cast<std::size_t>(i)];
  }
  return f;
}

Decision must(const char* edition, const Facts& f) {
  auto d = adjudicate(ed(edition), f);
  if (!d) throw std::runtime_error(d.error().field + ": " + d.error().message);
  return *d;
}

Error refused(const char* edition, const Facts& f) {
  auto d = adjudicate(ed(edition), f);
  if (d) throw std::runtime_error("accepted");
  return d.error();
}

// SR2017 "Assassination Victory": "When only one player owns a warcaster or warlock remaining in
// play, that player immediately wins the game."
TEST(AllEditions_AssassinationVictory, TheOnlyPlayerWithACasterWins) {
  for (const char* id : {"SR2013", "SR2014", "SR2017", "SR2023"}) {
    Facts f = facts(GameEnd::assassination, {2, 4}, {40, 12});
    f.sides[1].casters = 0;
    const Decision d = must(id, f);
    EXPECT_EQ(d.winner, 0) << id;
    EXPECT_EQ(d.victory, Ending::assassination);
    EXPECT_EQ(d.records[0].outcome, Outcome::win);
    EXPECT_EQ(d.records[1].outcome, Outcome::loss);
    EXPECT_EQ(d.records[0].ap, 40);
  }
  Facts both = facts(GameEnd::assassination);
  EXPECT_THAT(refused("SR2017", both).message, HasSubstr("casters-destroyed"));
}

// SR2017 "Scenario Victory" pages: 5 more CP than the opponent; SR2014: "at least 5 control points
// and more control points than his opponent".
TEST(SR2017_ScenarioVictory, FiveMoreControlPointsThanTheOpponent) {
  Facts f = facts(GameEnd::scenario, {7, 2});
  f.player = 0;
  EXPECT_EQ(must("SR2017", f).victory, Ending::scenario);
  f.sides[1].cp = 3;
  const Error e = refused("SR2017", f);
  EXPECT_EQ(e.field, "players[0].cp");
  EXPECT_THAT(e.message, HasSubstr("5 more CP than the opponent"));
}

TEST(SR2014_ScenarioVictory, AtLeastFiveAndMoreThanTheOpponentAndNoMoreIsRecorded) {
  Facts f = facts(GameEnd::scenario, {5, 4});
  f.player = 0;
  EXPECT_EQ(must("SR2014", f).winner, 0);
  // "a player cannot earn more control points than are required to win the scenario"
  f.sides[0].cp = 8;
  f.sides[1].cp = 1;
  const Decision d = must("SR2014", f);
  EXPECT_EQ(d.records[0].cp, 5);
  EXPECT_THAT(d.steps.back().text, HasSubstr("records 5 CP, not 8"));
  f.sides[0].cp = 4;
  f.sides[1].cp = 0;
  EXPECT_THAT(refused("SR2014", f).message, HasSubstr("at least 5 CP"));
}

// SR2017 scenario pages: "If the game ends before a player wins via scenario or assassination
// victory, the player with the most control points wins via scenario victory. If the players are
// tied for control points when the game ends, use the 3rd tiebreaker (army points destroyed) and if
// necessary the 4th tiebreaker (scenario presence) to determine the winner."
TEST(SR2017_GameEnd, MostControlPointsWinsViaScenarioThenArmyPointsThenPresence) {
  EXPECT_EQ(must("SR2017", facts(GameEnd::game_length, {4, 2})).victory, Ending::scenario);
  // Tied CP: "The player who suffered fewer army points destroyed or removed from play wins".
  Decision d = must("SR2017", facts(GameEnd::dice_down, {3, 3}, {20, 35}));
  EXPECT_EQ(d.winner, 1) << "player 2 suffered 20, player 1 suffered 35";
  EXPECT_EQ(d.victory, Ending::tiebreaker);
  EXPECT_THAT(d.steps.back().text, HasSubstr("3rd tiebreaker"));
  // Tied again: scenario presence, which must then be given.
  Facts f = facts(GameEnd::game_length, {3, 3}, {20, 20});
  const Error missing = refused("SR2017", f);
  EXPECT_EQ(missing.field, "players[0].presence");
  f.sides[0].presence = 12;
  f.sides[1].presence = 19;
  d = must("SR2017", f);
  EXPECT_EQ(d.winner, 1);
  EXPECT_THAT(d.steps.back().text, HasSubstr("4th tiebreaker: scenario presence"));
  f.sides[1].presence = 12;
  d = must("SR2017", f);
  EXPECT_FALSE(d.winner);
  EXPECT_EQ(d.records[0].outcome, Outcome::tie);
}

// SR2017 "Assassination Victory": "If all warcasters/warlocks are simultaneously destroyed, the game
// ends, and victory is determined using tiebreakers." The ladder starts with casters remaining.
TEST(SR2017_Tiebreakers, SimultaneousLossOfCastersWalksTheWholeLadder) {
  Facts f = facts(GameEnd::casters_destroyed, {2, 1});
  f.sides[0].casters = f.sides[1].casters = 0;
  const Decision d = must("SR2017", f);
  EXPECT_EQ(d.winner, 0);
  EXPECT_EQ(d.victory, Ending::tiebreaker);
  ASSERT_EQ(d.steps.size(), 2u);
  EXPECT_THAT(d.steps[0].text, HasSubstr("1st tiebreaker"));
  EXPECT_THAT(d.steps[1].text, HasSubstr("2nd tiebreaker: control points"));
}

// SR2023 "1st Tiebreaker: Control Points", "2nd Tiebreaker: Army Points Destroyed", "3rd
// Tiebreaker: Scenario Presence".
TEST(SR2023_Tiebreakers, ControlPointsFirst) {
  Facts f = facts(GameEnd::casters_destroyed, {1, 1}, {30, 10});
  f.sides[0].casters = f.sides[1].casters = 0;
  const Decision d = must("SR2023", f);
  EXPECT_EQ(d.winner, 0);
  EXPECT_THAT(d.steps.back().text, HasSubstr("2nd tiebreaker: army points destroyed"));
}

// SR2014 "3rd Tiebreaker: Army Points Remaining ... Double the value of non-warcaster/warlock models
// and units (rounded up) within the areas designated by the scenario." "4th Tiebreaker ... If both
// players have destroyed the same number of army points the game is a tie."
TEST(SR2014_Tiebreakers, CastersThenControlPointsThenArmyPointsRemainingDoubledInTheArea) {
  Facts f = facts(GameEnd::dice_down, {3, 3}, {10, 10});
  f.sides[0].ap_remaining = 30;
  f.sides[1].ap_remaining = 25;
  f.sides[1].ap_in_area = 10;  // 25 + 10 counted again = 35
  Decision d = must("SR2014", f);
  EXPECT_EQ(d.winner, 1);
  EXPECT_EQ(d.victory, Ending::tiebreaker);
  EXPECT_THAT(d.steps.back().text, HasSubstr("3rd tiebreaker: army points remaining"));
  f.sides[1].ap_in_area = 5;
  f.sides[0].ap_destroyed = 12;
  d = must("SR2014", f);
  EXPECT_EQ(d.winner, 0) << "player 1 suffered 10, player 2 suffered 12";
  EXPECT_THAT(d.steps.back().text, HasSubstr("4th tiebreaker"));
  f.sides[0].ap_destroyed = 10;
  EXPECT_FALSE(must("SR2014", f).winner);
  // A casters-remaining lead decides before CP.
  Facts c = facts(GameEnd::dice_down, {0, 5});
  c.sides[1].casters = 0;
  c.sides[0].casters = 1;
  EXPECT_EQ(must("SR2014", c).winner, 0);
  EXPECT_EQ(refused("SR2014", facts(GameEnd::dice_down, {3, 3})).field, "players[0].ap_remaining");
}

// SR2017 "Deathclock": "If a player's clock runs out during his turn and a scoring of the current
// game state would result in that player achieving a scenario victory by scoring 5 more CPs than
// the opponent, the scenario is scored immediately, and the player wins via scenario. ... the
// player whose clock ran out loses the game, his warcaster / warlock is immediately destroyed, and
// the loss is scored as an assassination victory for his opponent".
TEST(SR2017_Deathclock, AClockOutLosesAndTheCasterCountsUnlessScoringWinsTheScenario) {
  Facts f = facts(GameEnd::clock, {2, 1}, {15, 30});
  f.player = 0;
  Decision d = must("SR2017", f);
  EXPECT_EQ(d.winner, 1);
  EXPECT_EQ(d.victory, Ending::clock);
  EXPECT_EQ(d.records[1].ap, 40) << "30 destroyed and the warcaster's 10";
  f.clock_scenario_win = true;
  f.sides[0].cp = 6;
  d = must("SR2017", f);
  EXPECT_EQ(d.winner, 0);
  EXPECT_EQ(d.victory, Ending::scenario);
}

// SR2014 "Death Clock": "If a player's clock runs out, he loses the game and the loss is scored as an
// assassination victory using current table conditions." No scenario scoring first; what an
// assassination adds is added: "Warcasters and warlocks are worth 5 army points each", and (SR2014
// "Game Results") "battlegroup warjacks become inert and battlegroup warbeasts become wild upon the
// assassination of their controller and therefore count for the 4th tiebreaker total".
TEST(SR2014_DeathClock, AClockOutIsScoredAsAnAssassinationOnTheTableAsItIs) {
  Facts f = facts(GameEnd::clock, {0, 0}, {15, 30});
  f.variants = {"deathclock"};
  f.player = 1;
  const Error need = refused("SR2014", f);
  EXPECT_EQ(need.field, "players[1].battlegroup");
  EXPECT_THAT(need.rule, HasSubstr("battlegroup warjacks become inert"));
  f.sides[1].battlegroup = 13;
  const Decision d = must("SR2014", f);
  EXPECT_EQ(d.winner, 0);
  EXPECT_EQ(d.records[0].ap, 15 + 5 + 13) << "the table, the warcaster's 5, the inert battlegroup";
  EXPECT_EQ(d.records[1].ap, 30);
  // A warcaster already gone was counted on the table: nothing is added twice.
  f.sides[1].casters = 0;
  f.sides[1].battlegroup.reset();
  EXPECT_EQ(must("SR2014", f).records[0].ap, 15);
  f.clock_scenario_win = true;
  EXPECT_EQ(refused("SR2014", f).field, "clock_scenario_win");
}

// SR2013 "Death Clock": "If a player’s clock runs out of time, that player loses the game; score
// the loss as an assassination victory using current table conditions." (seed 002)
TEST(SR2013_DeathClock, AClockOutIsScoredAsAnAssassinationOnTheTableAsItIs) {
  Facts f = facts(GameEnd::clock, {2, 0}, {20, 10});
  f.variants = {"deathclock"};
  f.player = 0;
  f.sides[0].battlegroup = 0;
  EXPECT_EQ(must("SR2013", f).records[1].ap, 10 + 5);
  f.sides[0].battlegroup = 22;
  EXPECT_EQ(must("SR2013", f).records[1].ap, 10 + 5 + 22);
}

// A clock runs out and a round has an expected end only where chess clocks time the round.
// SR2017 "Classic Turn Timing – This variant uses a timed turn length for each player instead of
// using a chess clock representing the player's total available time." SR2014 "Death Clock – Dice
// down is not called. Instead of timing each turn, chess clocks are used." (a variant: the SR2014
// baseline is timed turns).
TEST(AllEditions_EndingTiming, NoClockEndingWithoutChessClocks) {
  for (const char* id : {"SR2017", "SR2023"})
    for (GameEnd end : {GameEnd::clock, GameEnd::expected_end}) {
      Facts f = facts(end);
      f.player = 0;
      f.variants = {"classic-turn-timing"};
      const Error e = refused(id, f);
      EXPECT_EQ(e.field, "end") << id;
      EXPECT_THAT(e.rule, HasSubstr("Classic Turn Timing")) << id;
      EXPECT_THAT(e.message, HasSubstr("this event's rounds are classic")) << id;
    }
  for (const char* id : {"SR2013", "SR2014"})
    for (GameEnd end : {GameEnd::clock, GameEnd::expected_end}) {
      Facts f = facts(end);
      f.player = 0;
      f.sides[0].battlegroup = 0;
      const Error e = refused(id, f);
      EXPECT_EQ(e.field, "end") << id;
      EXPECT_THAT(e.rule, HasSubstr("Instead of timing each turn, chess clocks are used")) << id;
      f.variants = {"deathclock"};
      EXPECT_TRUE(adjudicate(ed(id), f)) << id;
      // No Time Limits: no clock at all.
      f.variants = {"deathclock", "no-time-limits"};
      EXPECT_THAT(refused(id, f).message, HasSubstr("rounds are untimed")) << id;
    }
  // The result forms offer only the endings the event's timing has.
  const auto offered = [](const char* id, std::vector<std::string> variants) {
    const auto w = wizard_shape(ed(id), variants);
    return std::find(w.endings.begin(), w.endings.end(), GameEnd::clock) != w.endings.end();
  };
  EXPECT_TRUE(offered("SR2017", {}));
  EXPECT_FALSE(offered("SR2017", {"classic-turn-timing"}));
  EXPECT_FALSE(offered("SR2014", {}));
  EXPECT_TRUE(offered("SR2014", {"deathclock"}));
}

// SR2017 Deathclock: "Games with more than 5 minutes combined on both player clocks are declared a
// tie"; SR2014: "... are declared a draw".
TEST(AllEditions_ExpectedEnd, ATieOrADraw) {
  EXPECT_THAT(must("SR2017", facts(GameEnd::expected_end, {4, 0})).steps[0].text, HasSubstr("a tie"));
  Facts f = facts(GameEnd::expected_end, {4, 0});
  f.variants = {"deathclock"};
  const Decision d = must("SR2014", f);
  EXPECT_FALSE(d.winner);
  EXPECT_THAT(d.steps[0].text, HasSubstr("a draw"));
}

// SR2017 "Sportsmanship": "the winning player is awarded a win, three control points (unless he has
// already scored more prior to the concession), and army points destroyed equal to half the total
// value of the opponent's starting army, rounded up (again, unless he has already scored more ...).
// The player who conceded receives a loss and no points in any category."
TEST(SR2017_Concession, ThreeControlPointsAndHalfTheStartingArmyUnlessMoreWasScored) {
  Facts f = facts(GameEnd::concession, {1, 4}, {12, 20});
  f.player = 1;
  EXPECT_EQ(refused("SR2017", f).field, "players[1].starting_army");
  f.sides[1].starting_army = 75;
  const Decision d = must("SR2017", f);
  EXPECT_EQ(d.winner, 0);
  EXPECT_EQ(d.records[0].cp, 3);
  EXPECT_EQ(d.records[0].ap, 38);
  EXPECT_EQ(d.records[1].cp, 0);
  EXPECT_EQ(d.records[1].ap, 0);
}

// SR2014 "Concessions": "In the case of a concession, the winning player is awarded a win, half the
// control points (rounding up) for a scenario win, and army points destroyed based on an
// assassination using current table conditions." An assassination adds the conceding player's
// warcaster/warlock ("Warcasters and warlocks are worth 5 army points each") and their battlegroup,
// which "count[s] for the 4th tiebreaker total" once inert or wild.
TEST(SR2014_Concession, HalfTheScenarioWinAndAnAssassinationOnTheTableAsItIs) {
  Facts f = facts(GameEnd::concession, {4, 1}, {12, 20});
  f.player = 1;
  EXPECT_EQ(refused("SR2014", f).field, "players[1].battlegroup");
  f.sides[1].battlegroup = 9;
  const Decision d = must("SR2014", f);
  EXPECT_EQ(d.records[0].cp, 3);
  EXPECT_EQ(d.records[0].ap, 12 + 5 + 9);
  EXPECT_EQ(d.records[1].ap, 0);
  const auto w = wizard_shape(ed("SR2014"), {});
  EXPECT_NE(std::find(w.facts.begin(), w.facts.end(), "battlegroup"), w.facts.end());
  const auto w17 = wizard_shape(ed("SR2017"), {});
  EXPECT_EQ(std::find(w17.facts.begin(), w17.facts.end(), "battlegroup"), w17.facts.end())
      << "SR2017: \"Ignore ... inert warjacks, and wild warbeasts\"";
}

// SR2013 (seed 002): "the winning player will be awarded a win, half the control points (rounding up)
// for a scenario win, and army points destroyed based on an assassination using current board
// conditions."
TEST(SR2013_Concession, HalfTheScenarioWinAndAnAssassinationOnTheTableAsItIs) {
  Facts f = facts(GameEnd::concession, {0, 0}, {0, 7});
  f.player = 0;
  f.sides[0].battlegroup = 0;
  const Decision d = must("SR2013", f);
  EXPECT_EQ(d.records[1].ap, 7 + 5);
  EXPECT_EQ(d.records[0].ap, 0);
}

// SR2017 "No Assassination Victory – This event does not use assassination as a victory condition.
// When a warcaster or warlock is destroyed, the game continues until a scenario victory is achieved
// or one player has no models remaining."
TEST(SR2017_NoAssassinationVictory, NoAssassinationEndingAndNoModelsGoesToTheTiebreakers) {
  Facts f = facts(GameEnd::assassination);
  f.sides[1].casters = 0;
  f.variants = {"no-assassination"};
  const Error e = refused("SR2017", f);
  EXPECT_EQ(e.field, "end");
  EXPECT_THAT(e.rule, HasSubstr("No Assassination Victory"));
  Facts none = facts(GameEnd::no_models, {2, 0});
  none.sides[1].casters = 0;
  none.variants = {"no-assassination"};
  const Decision d = must("SR2017", none);
  EXPECT_EQ(d.winner, 0);
  EXPECT_EQ(d.victory, Ending::tiebreaker);
  none.variants.clear();
  EXPECT_THAT(refused("SR2017", none).message, HasSubstr("No Assassination Victory events only"));
}

// SR2017 "No Tiebreakers – ... This event does not use tiebreakers. If time expires, the game is a tie."
TEST(SR2017_NoTiebreakers, ATimedOutGameIsATie) {
  Facts f = facts(GameEnd::dice_down, {4, 1}, {30, 10});
  f.variants = {"classic-turn-timing", "no-tiebreakers"};
  Decision d = must("SR2017", f);
  EXPECT_FALSE(d.winner);
  EXPECT_EQ(d.victory, Ending::tie);
  // The last turn played is not time expiring: most CP still wins via scenario; tied CP is a tie.
  f.end = GameEnd::game_length;
  EXPECT_EQ(must("SR2017", f).victory, Ending::scenario);
  f.sides[1].cp = 4;
  d = must("SR2017", f);
  EXPECT_FALSE(d.winner);
  EXPECT_EQ(d.victory, Ending::tie);
}

// SR2014 "Mangled Metal – In this event, in addition to normal victory conditions, a player wins a
// game when all enemy warjacks and warbeasts are destroyed or removed from play."
TEST(SR2014_MangledMetal, OnlyWithTheVariant) {
  Facts f = facts(GameEnd::mangled_metal);
  f.player = 1;
  EXPECT_THAT(refused("SR2014", f).message, HasSubstr("needs the event's Mangled Metal variant"));
  EXPECT_THAT(refused("SR2017", f).message, HasSubstr("SR2017 has no Mangled Metal variant"));
  f.variants = {"mangled-metal"};
  const Decision d = must("SR2014", f);
  EXPECT_EQ(d.winner, 1);
  EXPECT_EQ(d.victory, Ending::mangled_metal);
}

TEST(AdjudicationJson, ReadsTheFactsNumberedOneAndTwoAndRefusesUnknownKeys) {
  using nlohmann::json;
  const json in = json::parse(R"({"end": "dice-down", "players": [{"cp": 3, "ap_destroyed": 35},
                                   {"cp": 3, "ap_destroyed": 20}]})");
  auto f = facts_from_json(in);
  ASSERT_TRUE(f) << f.error().message;
  const json out = to_json(*adjudicate(ed("SR2017"), *f));
  EXPECT_EQ(out["winner"], 1);
  EXPECT_EQ(out["victory"], "tiebreaker");
  EXPECT_EQ(out["records"][0]["outcome"], "win");
  auto bad = facts_from_json(json::parse(R"({"end": "dice-down", "players": [{"cp": 3, "kills": 2}, {}]})"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "players[0].kills");
  auto end = facts_from_json(json::parse(R"({"end": "timeout", "players": [{}, {}]})"));
  ASSERT_FALSE(end);
  EXPECT_THAT(end.error().message, HasSubstr("dice-down"));
  auto who = facts_from_json(json::parse(R"({"end": "clock", "player": 0, "players": [{}, {}]})"));
  ASSERT_FALSE(who);
  EXPECT_EQ(who.error().field, "player");
}

}  // namespace
}  // namespace gauntlet
