// Issue 13 point 5: `gauntlet adjudicate` reads how a game ended and the facts as JSON
// (docs/adjudication.md) and prints the decision, step by step or as JSON.
#include <gmock/gmock.h>

#include <nlohmann/json.hpp>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliAdjudicate : public CliTest {};

// SR2014 (003_…txt): "Tally the point cost of the remaining models and units owned by each player.
// Double the value of non-warcaster/warlock models and units (rounded up) within the areas
// designated by the scenario." Equal casters, equal CP: the third tiebreaker and its area decide.
TEST_F(CliAdjudicate, Sr2014DiceDownDecidedByArmyPointsRemainingDoubledInTheArea) {
  write("facts.json", R"({"end": "dice-down", "players": [
      {"cp": 2, "ap_destroyed": 20, "ap_remaining": 30, "ap_in_area": 10},
      {"cp": 2, "ap_destroyed": 25, "ap_remaining": 35, "ap_in_area": 0}]})");
  const Ran r = gauntlet({"--json", "adjudicate", "--edition", "sr2014", "facts.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto d = r.json();
  EXPECT_EQ(d["winner"], 1) << d.dump(2);
  EXPECT_EQ(d["records"][0]["outcome"], "win");
  EXPECT_EQ(d["records"][1]["outcome"], "loss");
  EXPECT_TRUE(d["steps"].back()["decided"]);
  const Ran text = gauntlet({"adjudicate", "--edition", "sr2014", "facts.json"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("Player 1 wins"));
  EXPECT_THAT(text.out, HasSubstr("Player 2 records: loss"));
}

TEST_F(CliAdjudicate, TheFactsMayNameTheirEditionAndBadFactsNameTheField) {
  write("ok.json",
        R"({"edition": "SR2017", "end": "assassination", "players": [{"casters": 1}, {"casters": 0}]})");
  const Ran ok = gauntlet({"--json", "adjudicate", "ok.json"});
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.json()["victory"], "assassination");
  EXPECT_EQ(ok.json()["winner"], 1);

  write("typo.json", R"({"end": "dice-down", "players": [{"cp": 1, "cpp": 2}, {}]})");
  const Ran typo = gauntlet({"adjudicate", "--edition", "sr2017", "typo.json"});
  EXPECT_EQ(typo.status, 2);
  EXPECT_THAT(typo.err, HasSubstr("players[0].cpp"));
  EXPECT_THAT(typo.err, HasSubstr("unknown key"));

  write("end.json", R"({"end": "dice", "players": [{}, {}]})");
  const Ran end = gauntlet({"adjudicate", "--edition", "sr2017", "end.json"});
  EXPECT_EQ(end.status, 2);
  EXPECT_THAT(end.err, HasSubstr("'dice' is not an ending"));

  const Ran none = gauntlet({"adjudicate", "end.json"});
  EXPECT_EQ(none.status, 2);
  EXPECT_THAT(none.err, HasSubstr("--edition"));
}

// SR2017 "No Assassination Victory": the variant in the facts makes an assassination ending an
// error naming the rule, not a win.
TEST_F(CliAdjudicate, AVariantInTheFactsForbidsItsEnding) {
  write("f.json", R"({"end": "assassination", "variants": ["no-assassination"],
                      "players": [{"casters": 1}, {"casters": 0}]})");
  const Ran r = gauntlet({"adjudicate", "--edition", "sr2017", "f.json"});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_THAT(r.err, HasSubstr("No Assassination Victory"));
}

// SR2014 "Death Clock – Dice down is not called. Instead of timing each turn, chess clocks are used."
// A variant: without it no clock runs out. With it, "the loss is scored as an assassination victory
// using current table conditions": the warcaster's 5 and the battlegroup left inert ("battlegroup
// warjacks become inert ... and therefore count for the 4th tiebreaker total").
TEST_F(CliAdjudicate, Sr2014AClockOutNeedsTheDeathClockAndIsScoredAsAnAssassination) {
  write("clock.json", R"({"end": "clock", "player": 2, "players": [{"ap_destroyed": 15},
                          {"ap_destroyed": 30, "battlegroup": 12}]})");
  const Ran classic = gauntlet({"adjudicate", "--edition", "sr2014", "clock.json"});
  EXPECT_EQ(classic.status, 2) << classic.out;
  EXPECT_THAT(classic.err, HasSubstr("end"));
  EXPECT_THAT(classic.err, HasSubstr("Instead of timing each turn, chess clocks are used"));
  write("dc.json", R"({"end": "clock", "player": 2, "variants": ["deathclock"], "players": [
                       {"ap_destroyed": 15}, {"ap_destroyed": 30, "battlegroup": 12}]})");
  const Ran r = gauntlet({"--json", "adjudicate", "--edition", "sr2014", "dc.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json()["records"][0]["ap"], 15 + 5 + 12);
}

// SR2017 "Classic Turn Timing – This variant uses a timed turn length for each player instead of
// using a chess clock": no expected end of the round at such an event.
TEST_F(CliAdjudicate, Sr2017NoExpectedEndAtAClassicTurnTimingEvent) {
  write("end.json", R"({"end": "expected-end", "variants": ["classic-turn-timing"], "players": [{}, {}]})");
  const Ran r = gauntlet({"adjudicate", "--edition", "sr2017", "end.json"});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_THAT(r.err, HasSubstr("Classic Turn Timing"));
}

}  // namespace
}  // namespace gauntlet
