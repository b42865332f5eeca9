// Rumble events (issue 12 point 4). SR2017 (000_…txt) "Rumble": "The recommended point size for
// Rumble events is 15–35 army points." … "Steamroller Rumble events must use one of the three Rumble
// scenarios on pages 22–24 and must follow all other baseline rules for Steamroller. For venues with
// limited space, limited access to clocks, or newer players, it is highly recommended that Rumble
// events use the No Time Limits variant".
#include <gmock/gmock.h>

#include <set>

#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

const VariantChoice kRumble{"rumble", std::nullopt};
const VariantChoice kUntimed{"no-time-limits", std::nullopt};

EventConfig rumble_config(int points, std::vector<VariantChoice> variants = {kRumble, kUntimed}) {
  EventConfig c = config("SR2017", points);
  c.variants = std::move(variants);
  return c;
}

TEST(SR2017_Rumble, AnyPointSizeFromFifteenToThirtyFive) {
  for (int points : {15, 20, 30, 35, 25, 50}) {
    EventState s;
    EXPECT_FALSE(run(s, CreateEvent{rumble_config(points)})) << points;
  }
  for (int points : {14, 36, 40}) {
    EventState s;
    auto e = run(s, CreateEvent{rumble_config(points)});
    ASSERT_TRUE(e) << points;
    EXPECT_EQ(e->field, "event.points");
    EXPECT_THAT(e->rule, HasSubstr("The recommended point size for Rumble events is 15–35 army points."));
    EXPECT_THAT(e->message, HasSubstr("Rumble range 15–35"));
  }
}

TEST(SR2017_Rumble, ARumbleSizeIsRefusedWithoutTheVariantAndTheErrorSaysHow) {
  EventState s;
  auto e = run(s, CreateEvent{config("SR2017", 30)});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "event.points");
  EXPECT_THAT(e->message, HasSubstr("a Rumble event (variant 'rumble') also 15–35"));
}

// The timing tables have rows for the standard sizes only; the seed recommends No Time Limits.
TEST(SR2017_Rumble, ASizeBetweenTheStandardOnesNeedsNoTimeLimits) {
  EventState s;
  auto e = run(s, CreateEvent{rumble_config(30, {kRumble})});
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("no row for 30 points"));
  EXPECT_THAT(e->message, HasSubstr("highly recommended that Rumble events use the No Time Limits variant"));
  EXPECT_FALSE(run(s, CreateEvent{rumble_config(25, {kRumble})})) << "25 has a Deathclock row";
}

// Frenzy Time Limits ("two sizes lower") once moved a size outside the table to the largest row.
TEST(SR2017_Rumble, ATimeLimitVariantCannotMoveFromASizeOutsideTheTable) {
  EventState s;
  auto e = run(s, CreateEvent{rumble_config(
                      30, {kRumble, {"frenzy-time", std::nullopt}, {"classic-turn-timing", std::nullopt}})});
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("30 points is not one of them"));
}

TEST(SR2017_Rumble, OnlyTheThreeRumbleScenariosAreRolledAndNoneRepeats) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    EventConfig c = rumble_config(30);
    c.seed = seed;
    c.rounds = 3;
    EventState s = event_with_players(8, c);
    std::set<std::string> seen;
    for (int r = 1; r <= 3; ++r) {
      must(s, round_robin(r));
      const std::string key = s.rounds.back().scenario;
      const Scenario* sc = edition_of(s).find_scenario(key);
      ASSERT_TRUE(sc) << key;
      EXPECT_TRUE(sc->rumble) << key;
      EXPECT_TRUE(seen.insert(key).second) << key << " repeated, seed " << seed;
      for (int t = 1; t <= 4; ++t) must(s, tie_at(t));
      must(s, CloseRound{});
    }
  }
}

TEST(SR2017_Rumble, AStandardScenarioIsRefusedAtARumbleEventAndTheOtherWayRound) {
  EventState rumble = event_with_players(8, rumble_config(30));
  auto e = run(rumble, round_robin(1, "standoff"));
  ASSERT_TRUE(e);
  EXPECT_THAT(e->rule, HasSubstr("Steamroller Rumble events must use one of the three Rumble scenarios"));
  EXPECT_THAT(e->message, HasSubstr("patrol, killing-field, target-of-opportunity"));

  EventState standard = event_with_players(8);
  e = run(standard, round_robin(1, "patrol"));
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("is a Rumble scenario"));

  // The announced plan is checked the same way.
  EventConfig planned = rumble_config(30);
  planned.scenario_plan = {"killing-field", "outlast"};
  EventState s;
  e = run(s, CreateEvent{planned});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "event.scenarios[1]");
}

}  // namespace
}  // namespace gauntlet
