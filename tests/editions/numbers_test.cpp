// Every number of RULES.md §4–§5 (and the list windows of §3) against the loaded data.
#include <gtest/gtest.h>

#include <array>

#include "support/edition_fixtures.hpp"

namespace gauntlet {
namespace {

using testing::edition;
using testing::points_table;

const char* kAll[] = {"SR2013", "SR2014", "SR2017", "SR2023"};

TEST(Editions, AllFourLoadInChronologicalOrder) {
  const auto& all = all_editions();
  ASSERT_EQ(all.size(), 4u);
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].id, kAll[i]);
}

TEST(Editions, LookupIsCaseInsensitive) {
  EXPECT_EQ(find_edition("sr2017"), find_edition("SR2017"));
  EXPECT_NE(find_edition("Sr2014"), nullptr);
  EXPECT_EQ(find_edition("SR2018"), nullptr);
}

TEST(Editions, RequireEditionNamesFieldAndKnownEditions) {
  auto r = require_edition("SR2099", "event.edition");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "event.edition");
  EXPECT_EQ(r.error().rule, "editions");
  EXPECT_EQ(r.error().message, "unknown edition 'SR2099'; known: SR2013, SR2014, SR2017, SR2023");
  ASSERT_TRUE(require_edition("sr2023", "event.edition"));
  EXPECT_EQ((*require_edition("sr2023", "x"))->id, "SR2023");
}

// §4 "Rounds by attendance (all editions)": ≤8 → 3; 9–16 → 4; 17–32 → 5; 33–64 → 6; 65–128 → 7.
TEST(AllEditions_Rounds, ByAttendanceTable) {
  for (const char* id : kAll) {
    const Edition& e = edition(id);
    SCOPED_TRACE(id);
    EXPECT_EQ(e.rounds_for(1), 3);
    EXPECT_EQ(e.rounds_for(8), 3);
    EXPECT_EQ(e.rounds_for(9), 4);
    EXPECT_EQ(e.rounds_for(16), 4);
    EXPECT_EQ(e.rounds_for(17), 5);
    EXPECT_EQ(e.rounds_for(32), 5);
    EXPECT_EQ(e.rounds_for(33), 6);
    EXPECT_EQ(e.rounds_for(64), 6);
    EXPECT_EQ(e.rounds_for(65), 7);
    EXPECT_EQ(e.rounds_for(128), 7);
  }
}

// SR2014 prints "16 to 32 5-round event"; 16 is already in "9 to 16", so 16 players play 4.
TEST(SR2014_Rounds, SixteenPlayersIsFourRounds) {
  EXPECT_EQ(edition("SR2014").rounds_for(16), 4);
}

// Beyond 128 the doubling continues: 129–256 → 8, 257–512 → 9.
TEST(AllEditions_Rounds, DoublingRuleBeyondTheTable) {
  for (const char* id : kAll) {
    SCOPED_TRACE(id);
    EXPECT_EQ(edition(id).rounds_for(129), 8);
    EXPECT_EQ(edition(id).rounds_for(256), 8);
    EXPECT_EQ(edition(id).rounds_for(257), 9);
    EXPECT_EQ(edition(id).rounds_for(512), 9);
    EXPECT_EQ(edition(id).rounds_for(513), 10);
  }
}

// §4 Bye: 1 TP; 3 CP (SR2017/23 "three control points"; SR2014 half of 5 rounded up);
// AP = half the point size rounded up.
TEST(AllEditions_Bye, OneTournamentPointThreeControlPoints) {
  for (const char* id : kAll) {
    SCOPED_TRACE(id);
    EXPECT_EQ(edition(id).bye.tp, 1);
    EXPECT_EQ(edition(id).bye.cp, 3);
  }
}

TEST(AllEditions_Bye, ArmyPointsAreHalfThePointSizeRoundedUp) {
  const ByeAward& bye = edition("SR2017").bye;
  EXPECT_EQ(bye.army_points(75), 38);
  EXPECT_EQ(bye.army_points(50), 25);
  EXPECT_EQ(bye.army_points(35), 18);
  EXPECT_EQ(bye.army_points(15), 8);
  EXPECT_EQ(bye.army_points(25), 13);
  EXPECT_EQ(bye.army_points(0), 0);
}

// SR2014 bye CP: "half the control points (rounded up) for a scenario win" = ceil(5 / 2).
TEST(SR2014_Bye, HalfTheScenarioWinRoundedUp) {
  const Edition& e = edition("SR2014");
  EXPECT_EQ(e.bye.cp, (e.scenario_win_min_cp + 1) / 2);
}

// §4 Concession.
TEST(SR2017_Concession, ThreeCpUnlessMoreAndHalfTheOpponentsArmy) {
  for (const char* id : {"SR2017", "SR2023"}) {
    SCOPED_TRACE(id);
    const ConcessionAward& c = edition(id).concession;
    EXPECT_EQ(c.cp, 3);
    EXPECT_TRUE(c.cp_keeps_higher);
    EXPECT_EQ(c.ap_rule, "half-opponent-army");
  }
}

TEST(SR2014_Concession, HalfScenarioWinAndAssassinationOnCurrentTable) {
  for (const char* id : {"SR2013", "SR2014"}) {
    SCOPED_TRACE(id);
    const ConcessionAward& c = edition(id).concession;
    EXPECT_EQ(c.cp, 3);
    EXPECT_FALSE(c.cp_keeps_higher);
    EXPECT_EQ(c.ap_rule, "assassination");
  }
}

// §3 list windows: SR2014 2 under (50-pt Kaelyssa +7 → 55–57), SR2017 4 (75 + 29 → 100–104), SR2023 0.
TEST(SR2014_ArmyLists, AtMostTwoPointsUnder) {
  EXPECT_EQ(edition("SR2014").list_window.max_under, 2);
}
TEST(SR2013_ArmyLists, AtMostTwoPointsUnder) {
  EXPECT_EQ(edition("SR2013").list_window.max_under, 2);
}
TEST(SR2017_ArmyLists, AtMostFourPointsUnder) {
  EXPECT_EQ(edition("SR2017").list_window.max_under, 4);
}
TEST(SR2023_ArmyLists, NeitherOverNorUnder) {
  EXPECT_EQ(edition("SR2023").list_window.max_under, 0);
}

TEST(AllEditions_ArmyLists, CharacterRestrictionIsBaselineOnlyInMkII) {
  EXPECT_TRUE(edition("SR2013").characters_restricted);
  EXPECT_TRUE(edition("SR2014").characters_restricted);
  EXPECT_FALSE(edition("SR2017").characters_restricted);
  EXPECT_FALSE(edition("SR2023").characters_restricted);
}

TEST(AllEditions_PointSizes, AllowedSizes) {
  EXPECT_EQ(edition("SR2014").point_sizes, (std::vector<int>{15, 25, 35, 50, 75, 100, 150, 200}));
  EXPECT_EQ(edition("SR2017").point_sizes, (std::vector<int>{0, 25, 50, 75, 100, 150, 200}));
  EXPECT_EQ(edition("SR2023").point_sizes, (std::vector<int>{30, 50, 75, 100}));
  EXPECT_TRUE(edition("SR2017").allows_points(75));
  EXPECT_FALSE(edition("SR2017").allows_points(35));
  EXPECT_TRUE(edition("SR2014").allows_points(35));
  EXPECT_FALSE(edition("SR2023").allows_points(25));
}

// §7 army point values.
TEST(AllEditions_ArmyPoints, CasterValueAndUnitRule) {
  EXPECT_EQ(edition("SR2014").caster_value, 5);
  EXPECT_EQ(edition("SR2013").caster_value, 5);
  EXPECT_EQ(edition("SR2017").caster_value, 10);
  EXPECT_EQ(edition("SR2023").caster_value, 10);
  EXPECT_EQ(edition("SR2014").unit_destroyed_rule, "half-below-50pct");
  EXPECT_EQ(edition("SR2017").unit_destroyed_rule, "every-model");
  EXPECT_EQ(edition("SR2023").unit_destroyed_rule, "every-model");
  EXPECT_EQ(edition("SR2023").leader_word, "Leader");
}

// §6 victory: SR2017/23 "5 more" CP; SR2014 "at least 5 control points and more than the opponent".
TEST(SR2017_Victory, FiveMoreControlPoints) {
  for (const char* id : {"SR2017", "SR2023"}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(edition(id).scenario_win_margin, 5);
    EXPECT_EQ(edition(id).scenario_win_min_cp, 0);
    EXPECT_FALSE(edition(id).cp_capped_to_win);
    // Scenario pages: "If the game ends before a player wins via scenario or assassination
    // victory, the player with the most control points wins via scenario victory."
    EXPECT_TRUE(edition(id).scenario_win_at_game_end);
  }
}

// SR2014 "a player cannot earn more control points than are required to win the scenario".
TEST(SR2014_Victory, AtLeastFiveAndMoreThanOpponentCappedAtWhatWins) {
  for (const char* id : {"SR2013", "SR2014"}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(edition(id).scenario_win_min_cp, 5);
    EXPECT_EQ(edition(id).scenario_win_margin, 1);
    EXPECT_TRUE(edition(id).cp_capped_to_win);
    EXPECT_FALSE(edition(id).scenario_win_at_game_end);
  }
}

// §7 tiebreaker ladders.
TEST(SR2014_Tiebreakers, CastersCpArmyRemainingArmyDestroyed) {
  std::vector<std::string> want = {"casters-remaining", "control-points", "army-points-remaining",
                                   "army-points-destroyed"};
  EXPECT_EQ(edition("SR2014").game_tiebreakers, want);
  EXPECT_EQ(edition("SR2013").game_tiebreakers, want);
}
TEST(SR2017_Tiebreakers, CastersCpArmyDestroyedPresence) {
  EXPECT_EQ(edition("SR2017").game_tiebreakers,
            (std::vector<std::string>{"casters-remaining", "control-points", "army-points-destroyed",
                                      "scenario-presence"}));
}
TEST(SR2023_Tiebreakers, CpArmyDestroyedPresence) {
  EXPECT_EQ(edition("SR2023").game_tiebreakers,
            (std::vector<std::string>{"control-points", "army-points-destroyed", "scenario-presence"}));
}

// §5 Deathclock.
TEST(SR2014_Deathclock, IsAVariantWithItsTable) {
  const Edition& e = edition("SR2014");
  EXPECT_FALSE(e.deathclock_baseline);
  EXPECT_EQ(
      e.deathclock_minutes,
      points_table({{15, 20}, {25, 30}, {35, 42}, {50, 60}, {75, 70}, {100, 90}, {150, 120}, {200, 150}}));
}
TEST(SR2014_Deathclock, SeventyFivePointsIsSeventyMinutes) {
  EXPECT_EQ(edition("SR2014").deathclock_minutes.at(75), 70);
}
TEST(SR2014_Deathclock, ReinforcementsTable) {
  EXPECT_EQ(
      edition("SR2014").deathclock_reinforcements_minutes,
      points_table({{15, 23}, {25, 35}, {35, 50}, {50, 65}, {75, 81}, {100, 105}, {150, 140}, {200, 175}}));
}
TEST(SR2017_Deathclock, BaselineTable) {
  const Edition& e = edition("SR2017");
  EXPECT_TRUE(e.deathclock_baseline);
  EXPECT_EQ(e.deathclock_minutes,
            points_table({{0, 20}, {25, 30}, {50, 42}, {75, 60}, {100, 75}, {150, 120}, {200, 150}}));
  EXPECT_TRUE(e.deathclock_reinforcements_minutes.empty());
}
TEST(SR2017_Deathclock, SeventyFivePointsIsSixtyMinutes) {
  EXPECT_EQ(edition("SR2017").deathclock_minutes.at(75), 60);
}
TEST(SR2023_Deathclock, BaselineTable) {
  const Edition& e = edition("SR2023");
  EXPECT_TRUE(e.deathclock_baseline);
  EXPECT_EQ(e.deathclock_minutes, points_table({{30, 20}, {50, 30}, {75, 45}, {100, 60}}));
}
TEST(SR2023_Deathclock, SeventyFivePointsIsFortyFiveMinutes) {
  EXPECT_EQ(edition("SR2023").deathclock_minutes.at(75), 45);
}

// §5 Classic turn timing: round / turn / extension (0 = none).
void expect_classic(const Edition& e, const std::vector<std::array<int, 4>>& rows) {
  ASSERT_EQ(e.classic_timing.size(), rows.size()) << e.id;
  for (const auto& [size, round, turn, ext] : rows) {
    SCOPED_TRACE(e.id + " " + std::to_string(size));
    const ClassicTiming& t = e.classic_timing.at(size);
    EXPECT_EQ(t.round_minutes, round);
    EXPECT_EQ(t.turn_minutes, turn);
    EXPECT_EQ(t.extension_minutes, ext);
  }
}
TEST(SR2014_ClassicTiming, BaselineTable) {
  expect_classic(edition("SR2014"), {{15, 30, 3, 0},
                                     {25, 50, 5, 0},
                                     {35, 70, 7, 5},
                                     {50, 100, 10, 5},
                                     {75, 120, 12, 5},
                                     {100, 150, 15, 5},
                                     {150, 200, 20, 5},
                                     {200, 250, 25, 5}});
}
TEST(SR2017_ClassicTiming, VariantTable) {
  expect_classic(edition("SR2017"), {{0, 30, 3, 0},
                                     {25, 50, 5, 0},
                                     {50, 70, 7, 5},
                                     {75, 100, 10, 5},
                                     {100, 120, 12, 5},
                                     {150, 150, 15, 5},
                                     {200, 200, 20, 5}});
}
TEST(SR2023_ClassicTiming, VariantTable) {
  expect_classic(edition("SR2023"), {{30, 30, 3, 0}, {50, 50, 5, 0}, {75, 70, 7, 5}, {100, 100, 10, 5}});
}
TEST(SR2014_VariableRoundLength, OnlyMkIIRollsTheVariable) {
  // SR2013: "multiplies the result by the turn extension length for the event size" (-1: the size's
  // extension length); SR2014: "multiplies the result by five"; SR2017/SR2023: "a fixed base round length".
  EXPECT_EQ(edition("SR2013").clock_rules.variable_step_minutes, -1);
  EXPECT_EQ(edition("SR2014").clock_rules.variable_step_minutes, 5);
  EXPECT_EQ(edition("SR2017").clock_rules.variable_step_minutes, 0);
  EXPECT_EQ(edition("SR2023").clock_rules.variable_step_minutes, 0);
}
TEST(SR2014_Reinforcements, RoundLengths) {
  EXPECT_EQ(edition("SR2014").reinforcements_round_minutes,
            points_table({{25, 50}, {35, 70}, {50, 110}, {75, 130}, {100, 160}, {150, 210}, {200, 260}}));
}

// §10 Specialists.
TEST(SR2017_Specialists, PointTable) {
  EXPECT_EQ(edition("SR2017").specialists,
            points_table({{0, 0}, {25, 10}, {50, 20}, {75, 20}, {100, 30}, {150, 50}, {200, 50}}));
}
TEST(SR2014_Specialists, PointTable) {
  EXPECT_EQ(edition("SR2014").specialists,
            points_table({{25, 5}, {35, 10}, {50, 10}, {75, 15}, {100, 15}, {150, 25}, {200, 25}}));
}
TEST(SR2023_Specialists, NotOffered) {
  EXPECT_TRUE(edition("SR2023").specialists.empty());
  EXPECT_EQ(edition("SR2023").find_variant("specialists"), nullptr);
}

// SR2013's scrape is unreadable for its tables: they are SR2014's, and the file says so. Its
// scenarios are its own (scenarios_test.cpp, SR2013_ScenarioGroups).
TEST(SR2013_Data, InheritsSR2014TablesAndSaysSo) {
  const Edition& a = edition("SR2013");
  const Edition& b = edition("SR2014");
  EXPECT_EQ(a.point_sizes, b.point_sizes);
  EXPECT_EQ(a.deathclock_minutes, b.deathclock_minutes);
  EXPECT_NE(a.notes.find("inherited from SR2014"), std::string::npos);
  EXPECT_NE(a.source.find("002_"), std::string::npos);
}

}  // namespace
}  // namespace gauntlet
