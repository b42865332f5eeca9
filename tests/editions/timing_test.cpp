// round_timing: each edition's round timing for a point size and its timing variants (issue 11
// point 1), quoting the originals in ../shared/seeds/.
#include "editions/timing.hpp"

#include <gtest/gtest.h>

#include <set>

namespace gauntlet {
namespace {

const Edition& ed(const char* id) {
  return *find_edition(id);
}

RoundTiming timing(const char* edition, int points, std::vector<std::string> variants = {}) {
  auto t = round_timing(ed(edition), points, variants);
  EXPECT_TRUE(t) << t.error().describe();
  return t ? *t : RoundTiming{};
}

Error refused(const char* edition, int points, std::vector<std::string> variants) {
  auto t = round_timing(ed(edition), points, variants);
  EXPECT_FALSE(t);
  return t ? Error{} : t.error();
}

TEST(SR2017_Deathclock, SeventyFivePointsIsSixtyMinutesEachAndTwoHoursExpected) {
  // SR2017: "the sum of both player clocks determines the expected end time for each round";
  // table: 75 -> 60.
  const RoundTiming t = timing("SR2017", 75);
  EXPECT_EQ(t.kind, TimingKind::deathclock);
  EXPECT_EQ(t.deathclock->player_minutes, 60);
  EXPECT_EQ(t.expected_minutes(), 120);
  // "Players must use at least 15 seconds per turn."
  EXPECT_EQ(t.deathclock->min_turn_seconds, 15);
  // "Games with less than 5 minutes combined on both player clocks are played to completion. Games
  // with more than 5 minutes combined on both player clocks are declared a tie".
  EXPECT_EQ(t.deathclock->play_on_under_minutes, 5);
  EXPECT_EQ(t.deathclock->at_expected_end, "tie");
  // "normal deployment ... This process is then repeated for advance deployment."
  EXPECT_EQ(t.deathclock->deployment_steps,
            (std::vector<std::string>{"normal deployment", "advance deployment"}));
}

TEST(SR2023_Deathclock, SeventyFivePointsIsFortyFiveMinutesEach) {
  EXPECT_EQ(timing("SR2023", 75).deathclock->player_minutes, 45);
  EXPECT_EQ(timing("SR2023", 100).expected_minutes(), 120);
}

TEST(SR2023_Deathclock, HasNoFifteenSecondMinimumTurn) {
  // Only SR2017's Deathclock says "Players must use at least 15 seconds per turn"; SR2023's
  // "Tournament Timing: The Deathclock" names no seconds at all. Every SR2023 size and clock.
  for (int points : ed("SR2023").point_sizes) {
    EXPECT_EQ(timing("SR2023", points).deathclock->min_turn_seconds, 0) << points;
    EXPECT_EQ(timing("SR2017", points == 30 ? 25 : points).deathclock->min_turn_seconds, 15) << points;
  }
}

TEST(SR2014_DeathClock, AVariantWithItsOwnTableNoMinimumTurnAndADraw) {
  // SR2014 "Game Timing Variants": "Death Clock – Dice down is not called." 75 -> 70, with
  // Reinforcements 81; "Games with more than 5 minutes combined on both player clocks are declared a draw."
  EXPECT_EQ(timing("SR2014", 75).kind, TimingKind::classic);
  const RoundTiming t = timing("SR2014", 75, {"deathclock"});
  EXPECT_EQ(t.deathclock->player_minutes, 70);
  EXPECT_EQ(t.deathclock->min_turn_seconds, 0);
  EXPECT_EQ(t.deathclock->at_expected_end, "draw");
  EXPECT_EQ(t.deathclock->deployment_steps.front(), "pre-deployment");
  EXPECT_EQ(timing("SR2014", 75, {"deathclock", "reinforcements"}).deathclock->player_minutes, 81);
}

TEST(SR2014_GameTiming, FiftyPointsIsOneHundredTenFiveAndOneExtension) {
  const RoundTiming t = timing("SR2014", 50);
  EXPECT_EQ(t.classic->round_minutes, 100);
  EXPECT_EQ(t.classic->turn_minutes, 10);
  EXPECT_EQ(t.classic->extension_minutes, 5);
  EXPECT_EQ(t.classic->extensions_per_player, 1);  // "Once per game, each player can extend his turn"
  EXPECT_EQ(t.expected_minutes(), 100);
  // "Extensions are 5 minutes long and apply only to events with a point size of 35 or greater."
  EXPECT_EQ(timing("SR2014", 25).classic->extensions_per_player, 0);
}

TEST(SR2014_Reinforcements, OwnRoundLengthsAndASecondExtension) {
  // "When reinforcements are in use, base round times are adjusted ... each player is granted a
  // second extension." 50 points: 110 minutes.
  const RoundTiming t = timing("SR2014", 50, {"reinforcements"});
  EXPECT_EQ(t.classic->round_minutes, 110);
  EXPECT_EQ(t.classic->turn_minutes, 10);
  EXPECT_EQ(t.classic->extensions_per_player, 2);
  // The table has no 15-point row.
  EXPECT_EQ(refused("SR2014", 15, {"reinforcements"}).rule, "SR2014 \"Reinforcements\"");
}

TEST(SR2017_ClassicTurnTiming, FiftyPointsIsSeventySevenFive) {
  // SR2017 "Classic Turn Timing": 50 -> 70 / 7 / 5; "In events with a point size of 50 or greater,
  // once per game each player can extend his turn length".
  const RoundTiming t = timing("SR2017", 50, {"classic-turn-timing"});
  EXPECT_EQ(t.kind, TimingKind::classic);
  EXPECT_EQ(t.classic->round_minutes, 70);
  EXPECT_EQ(t.classic->turn_minutes, 7);
  EXPECT_EQ(t.classic->extension_minutes, 5);
  EXPECT_EQ(t.classic->extensions_per_player, 1);
  EXPECT_EQ(t.classic->variable_step_minutes, 0);  // "a fixed base round length"
  EXPECT_EQ(timing("SR2017", 25, {"classic-turn-timing"}).classic->extensions_per_player, 0);
}

TEST(SR2023_ClassicTurnTiming, ExtensionsFromSeventyFivePoints) {
  // SR2023: "In events with a point size of 75 or greater, once per game each player can extend".
  EXPECT_EQ(timing("SR2023", 75, {"classic-turn-timing"}).classic->round_minutes, 70);
  EXPECT_EQ(timing("SR2023", 75, {"classic-turn-timing"}).classic->extensions_per_player, 1);
  EXPECT_EQ(timing("SR2023", 50, {"classic-turn-timing"}).classic->round_minutes, 50);
  EXPECT_EQ(timing("SR2023", 50, {"classic-turn-timing"}).classic->extensions_per_player, 0);
}

TEST(AllEditions_TimeLimitVariants, EachUsesAnotherPointSizesRow) {
  // SR2017: "Classic Casual Time Limits – Use the round time, turn time, and extension length of an
  // event one point size higher." Hardcore one lower, Frenzy two lower, Relaxed two higher.
  const std::vector<std::string> classic = {"classic-turn-timing"};
  const auto with = [&](const char* v) {
    auto keys = classic;
    keys.push_back(v);
    return keys;
  };
  EXPECT_EQ(timing("SR2017", 75, with("casual-time")).classic->round_minutes, 120);   // the 100 row
  EXPECT_EQ(timing("SR2017", 75, with("hardcore-time")).classic->round_minutes, 70);  // the 50 row
  EXPECT_EQ(timing("SR2017", 75, with("frenzy-time")).classic->round_minutes, 50);    // the 25 row
  EXPECT_EQ(timing("SR2017", 75, with("relaxed-time")).classic->round_minutes, 150);  // the 150 row
  EXPECT_EQ(timing("SR2017", 75, with("relaxed-time")).table_points, 150);
  EXPECT_EQ(timing("SR2017", 75, with("no-extensions")).classic->extensions_per_player, 0);
  // SR2014 and SR2013 time the baseline this way: "Use the baseline round, turn, and extension length".
  EXPECT_EQ(timing("SR2014", 50, {"casual-time"}).classic->round_minutes, 120);
  EXPECT_EQ(timing("SR2014", 50, {"frenzy-time"}).classic->round_minutes, 50);
  EXPECT_EQ(timing("SR2013", 50, {"hardcore-time"}).classic->round_minutes, 70);
  EXPECT_EQ(timing("SR2013", 50, {"relaxed-time"}).classic->round_minutes, 150);
  EXPECT_EQ(timing("SR2014", 50, {"no-extensions"}).classic->extensions_per_player, 0);
}

TEST(AllEditions_TimeLimitVariants, NoRowToMoveToIsRefusedNamingTheVariant) {
  const Error e = refused("SR2017", 200, {"classic-turn-timing", "casual-time"});
  EXPECT_EQ(e.field, "variants");
  EXPECT_EQ(e.rule, "SR2017 \"Classic Casual Time Limits\"");
  EXPECT_NE(e.message.find("1 point size higher than 200 points"), std::string::npos) << e.message;
  EXPECT_EQ(refused("SR2014", 25, {"frenzy-time"}).rule, "SR2014 \"Frenzy Time Limits\"");
  EXPECT_EQ(refused("SR2017", 80, {}).field, "points");
}

TEST(AllEditions_NoTimeLimits, GamesAreUntimed) {
  // "No Time Limits – Games are untimed. A round continues until all players have completed their games."
  for (const char* id : {"SR2013", "SR2014", "SR2017", "SR2023"}) {
    const RoundTiming t = timing(id, ed(id).point_sizes.back(), {"no-time-limits"});
    EXPECT_EQ(t.kind, TimingKind::untimed) << id;
    EXPECT_EQ(t.expected_minutes(), 0) << id;
  }
}

TEST(SR2013_VariableRoundLength, DThreeTimesTheExtensionLength) {
  // SR2013: "the EO rolls a d3 and multiplies the result by the turn extension length for the event
  // size": no variable at 25 points (no extension), 5 at 50; Casual at 25 times as 35, which has one.
  EXPECT_EQ(timing("SR2013", 25).classic->variable_step_minutes, 0);
  EXPECT_EQ(timing("SR2013", 50).classic->variable_step_minutes, 5);
  EXPECT_EQ(timing("SR2013", 25, {"casual-time"}).classic->variable_step_minutes, 5);
  Rng rng(1);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(roll_round_variable(*timing("SR2013", 25).classic, rng), 0);
}

TEST(SR2014_VariableRoundLength, DThreeTimesFiveAtEverySize) {
  // SR2014 "Game Timing": "the EO rolls a d3 and multiplies the result by five; ... subtracted from
  // (on a result of 1–3) or added to (on a result of 4–6)". Kept over the variants appendix's
  // "(d3 × extension length)", which would leave 15 and 25 points with none (see sr2014.json notes).
  for (int points : {15, 25, 50, 200}) EXPECT_EQ(timing("SR2014", points).classic->variable_step_minutes, 5);
  Rng rng(3);
  std::set<int> seen;
  for (int i = 0; i < 600; ++i) seen.insert(roll_round_variable(*timing("SR2014", 50).classic, rng));
  EXPECT_EQ(seen, (std::set<int>{-15, -10, -5, 5, 10, 15}));
}

TEST(SR2017_VariableRoundLength, NoneInClassicTurnTiming) {
  EXPECT_EQ(timing("SR2017", 75, {"classic-turn-timing"}).classic->variable_step_minutes, 0);
  EXPECT_EQ(timing("SR2023", 75, {"classic-turn-timing"}).classic->variable_step_minutes, 0);
}

}  // namespace
}  // namespace gauntlet
