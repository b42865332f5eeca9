// app::next_scenario: the scenario the console proposes for the next round (issue 12 point 4).
// SR2017 "Scenario Selection": "The EO can either choose the scenarios and the order in which they are
// played or use the following random scenario selection table." ... "A scenario should not be
// repeated."
#include "app/scenario_choice.hpp"

#include <gmock/gmock.h>

#include <set>

#include "support/event_fixtures.hpp"

namespace gauntlet::app {
namespace {

using testing::event_with_players;
using ::testing::HasSubstr;
using testing::must;
using testing::round_robin;
using testing::run;
using testing::table;

// Eight players planned for seven rounds (six scenarios on the SR2017 table).
EventState seven_rounds(std::vector<std::string> plan = {}) {
  auto c = testing::config();
  c.rounds = 7;
  c.scenario_plan = std::move(plan);
  return event_with_players(8, c);
}

void play_round(EventState& s, PairRound p) {
  must(s, std::move(p));
  for (int t = 1; t <= 4; ++t) must(s, testing::tie_at(t));  // no single leader ends the event early
  must(s, CloseRound{});
}

TEST(SR2017_ScenarioSelection, TheProposedRollIsTheRollTheEngineMakesAndNeverRepeats) {
  EventState s = seven_rounds();
  std::set<std::string> seen;
  for (int r = 1; r <= 6; ++r) {
    const ScenarioChoice c = next_scenario(s, 1);
    EXPECT_EQ(c.how, "rolled");
    EXPECT_EQ(c.round, r);
    EXPECT_THAT(c.text, HasSubstr("A scenario should not be repeated"));
    play_round(s, round_robin(r));  // no scenario asked: the engine rolls
    EXPECT_EQ(s.rounds.back().scenario, c.key) << "round " << r;
    EXPECT_TRUE(seen.insert(c.key).second) << c.key << " repeated";
  }
}

TEST(SR2017_ScenarioSelection, ARerollNeverGivesAPlayedScenarioNorTheDrawBefore) {
  EventState s = seven_rounds();
  play_round(s, round_robin(1));
  const std::string played = s.rounds[0].scenario;
  for (int draw = 2; draw <= 40; ++draw) {
    const ScenarioChoice c = next_scenario(s, draw), before = next_scenario(s, draw - 1);
    EXPECT_NE(c.key, played);
    EXPECT_NE(c.key, before.key) << "draw " << draw;
    EXPECT_THAT(c.text, HasSubstr("re-rolled"));
  }
  const ScenarioChoice c = next_scenario(s, 1);
  for (const ScenarioOption& o : c.options) EXPECT_EQ(o.played_in, o.key == played ? 1 : 0) << o.key;
}

TEST(SR2017_ScenarioSelection, TheEventsPlanIsAnnounced) {
  EventState s = seven_rounds({"standoff", "outlast"});
  EXPECT_EQ(next_scenario(s, 1).how, "announced");
  EXPECT_EQ(next_scenario(s, 1).key, "standoff");
}

TEST(SR2017_ScenarioSelection, SevenRoundsSixScenariosTheEOChoosesTheOneToRepeat) {
  EventState s = seven_rounds();
  for (int r = 1; r <= 5; ++r) play_round(s, round_robin(r));
  // Before every scenario is played a repeat is refused, with the rule named.
  auto repeat = run(s, round_robin(6, s.rounds[0].scenario));
  ASSERT_TRUE(repeat.has_value());
  EXPECT_THAT(repeat->message, HasSubstr("a scenario should not be repeated"));
  play_round(s, round_robin(6));
  const ScenarioChoice c = next_scenario(s, 1);
  EXPECT_EQ(c.how, "exhausted");
  EXPECT_TRUE(c.key.empty());
  EXPECT_THAT(c.text, HasSubstr("choose the one to repeat in round 7"));
  play_round(s, round_robin(7, "standoff"));
  EXPECT_EQ(s.rounds.back().scenario, "standoff");
}

// SR2017 "Rumble": "Steamroller Rumble events must use one of the three Rumble scenarios". There
// is no roll table for them: the console proposes one not yet played, and after three rounds the
// EO chooses the repeat.
TEST(SR2017_Rumble, TheConsoleOffersTheThreeRumbleScenariosOnly) {
  auto c = testing::config("SR2017", 30);
  c.variants = {{"rumble", std::nullopt}, {"no-time-limits", std::nullopt}};
  c.rounds = 4;
  EventState s = event_with_players(8, c);
  for (int r = 1; r <= 3; ++r) {
    const ScenarioChoice choice = next_scenario(s, 1);
    ASSERT_EQ(choice.options.size(), 3u);
    for (const ScenarioOption& o : choice.options) EXPECT_TRUE(o.rumble) << o.key;
    EXPECT_EQ(choice.how, "rolled");
    EXPECT_THAT(choice.text, HasSubstr("from the Rumble scenarios not yet played"));
    if (r < 3)
      EXPECT_NE(next_scenario(s, 2).key, choice.key) << "a second draw shows another one";
    else
      EXPECT_EQ(next_scenario(s, 2).key, choice.key) << "one left: drawing again shows it again";
    play_round(s, round_robin(r));
    EXPECT_EQ(s.rounds.back().scenario, choice.key);
  }
  const ScenarioChoice last = next_scenario(s, 1);
  EXPECT_EQ(last.how, "exhausted");
  EXPECT_THAT(last.text, HasSubstr("Every scenario of the Rumble event has been played"));
  play_round(s, round_robin(4, "patrol"));
  EXPECT_EQ(s.rounds.back().scenario, "patrol");
}

// SR2013 (002_…txt): "Steamroller 2013 contains six groups of scenarios. [...] EOs must select a
// scenario from each group before they can choose from the same group again." It has no roll table
// ("The EO should choose scenarios before a tournament"): the console draws among the scenarios that
// may be chosen, the engine plays the draw, and the EO's own choice from a group not yet due is
// refused naming the rule.
TEST(SR2013_ScenarioGroups, TheRoundsOfAnEventTakeEachGroupBeforeOneRepeats) {
  auto c = testing::config("SR2013", 50);
  c.rounds = 7;
  EventState s = event_with_players(8, c);
  const Edition& e = edition_of(s);
  std::set<std::string> groups;
  for (int r = 1; r <= 6; ++r) {
    const ScenarioChoice choice = next_scenario(s, 1);
    EXPECT_EQ(choice.how, "rolled");
    EXPECT_THAT(choice.text, HasSubstr("drawn from the scenarios that may be chosen"));
    EXPECT_THAT(choice.text, HasSubstr("EOs must select a scenario from each group"));
    ASSERT_EQ(choice.options.size(), 12u);
    for (const ScenarioOption& o : choice.options) {
      EXPECT_FALSE(o.group.empty()) << o.key;
      EXPECT_EQ(o.open, !groups.count(o.group)) << "round " << r << ": " << o.key;
    }
    if (r == 2) {  // the other scenario of round 1's group is refused, naming the rule and the group
      std::string mate;
      for (const std::string& key : e.group_of(s.rounds[0].scenario)->scenarios)
        if (key != s.rounds[0].scenario) mate = key;
      auto refused = run(s, round_robin(r, mate));
      ASSERT_TRUE(refused.has_value());
      EXPECT_THAT(refused->rule, HasSubstr("EOs must select a scenario from each group"));
      EXPECT_THAT(refused->message, HasSubstr("'" + e.group_of(mate)->name + "'"));
      EXPECT_EQ(s.rounds.size(), 1u) << "nothing changed";
    }
    play_round(s, round_robin(r));
    EXPECT_EQ(s.rounds.back().scenario, choice.key);
    EXPECT_TRUE(groups.insert(e.group_of(choice.key)->name).second) << "round " << r << " repeats a group";
  }
  // Every group chosen once: each is open again, for its scenario not yet played.
  const ScenarioChoice seventh = next_scenario(s, 1);
  for (const ScenarioOption& o : seventh.options) EXPECT_EQ(o.open, o.played_in == 0) << o.key;
}

TEST(SR2013_ScenarioGroups, APlanThatRepeatsAGroupTooSoonIsRefused) {
  auto c = testing::config("SR2013", 50);
  c.scenario_plan = {"close-quarters", "untitled-three-flags"};
  EventState s;
  auto refused = run(s, CreateEvent{c});
  ASSERT_TRUE(refused.has_value());
  EXPECT_THAT(refused->field, HasSubstr("scenarios[1]"));
  EXPECT_THAT(refused->rule, HasSubstr("EOs must select a scenario from each group"));
  c.scenario_plan = {"close-quarters",      "outflank",    "incoming",
                     "chemical-reaction",   "rally-point", "fire-support",
                     "untitled-three-flags"};
  EXPECT_FALSE(run(s, CreateEvent{c}).has_value());
}

}  // namespace
}  // namespace gauntlet::app
