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
using testing::pairing;
using testing::run;
using testing::table;

// Round `r` (1-based) of a round robin of eight players (circle method): no rematch in seven rounds.
PairRound round_robin(int r, std::string scenario = "") {
  std::vector<int> ring = {2, 3, 4, 5, 6, 7, 8};
  std::rotate(ring.begin(), ring.begin() + (r - 1), ring.end());
  std::vector<int> seats = {1};
  seats.insert(seats.end(), ring.begin(), ring.end());
  std::vector<Table> tables;
  for (int t = 0; t < 4; ++t)
    tables.push_back(table(t + 1, "p" + std::to_string(seats[t]), "p" + std::to_string(seats[7 - t])));
  return pairing(tables, std::nullopt, std::move(scenario));
}

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

}  // namespace
}  // namespace gauntlet::app
