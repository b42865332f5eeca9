// Issue 11: the EO runs the round clock and a table's clock from the command line (a table without
// phones, a ruling): the same use cases as the phones, refusals with status 2 and nothing written.
#include <gmock/gmock.h>

#include <nlohmann/json.hpp>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliClock : public CliTest {
 protected:
  void round_one_paired() const {
    four_player_event();
    ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  }
  nlohmann::json clocks() const { return nlohmann::json::parse(gauntlet({"--json", "clock", "show"}).out); }
};

TEST_F(CliClock, SR2017_Deathclock_RoundStartThenATableClockWithAJudgesPauseAndTimeAdded) {
  round_one_paired();
  // SR2017: "Upon notification by the EO, the first player starts his clock".
  const Ran early = gauntlet({"clock", "start", "1", "--first", "p1"});
  EXPECT_EQ(early.status, 2);
  EXPECT_THAT(early.err, HasSubstr("has not started round 1"));
  ok({"round", "start"});
  EXPECT_EQ(clocks()["round"]["minutes"], 120);  // 75 points: 60 minutes per player
  ok({"clock", "start", "1", "--first", "p2"});
  EXPECT_EQ(clocks()["tables"][0]["clock"]["running"], 1);
  ok({"clock", "pass", "1"});
  EXPECT_EQ(clocks()["tables"][0]["clock"]["turn"], 0);
  const Ran no_reason = gauntlet({"clock", "pause", "1"});
  EXPECT_EQ(no_reason.status, 2);  // --reason is required
  ok({"clock", "pause", "1", "--reason", "ruling on line of sight"});
  ok({"clock", "adjust", "1", "--player", "p1", "--by", "+2:00", "--reason", "clock ran during the ruling"});
  const auto c = clocks()["tables"][0]["clock"];
  EXPECT_EQ(c["state"], "paused");
  EXPECT_GE(c["remaining_ms"][0].get<std::int64_t>(), 61 * 60000);
  EXPECT_EQ(c["notes"][1]["what"], "added 2:00 to Ada");
  ok({"clock", "resume", "1"});
  EXPECT_EQ(clocks()["tables"][0]["clock"]["state"], "running");
}

TEST_F(CliClock, BadTimeAndAPlayerFromAnotherTableAreRefusedAndNothingIsWritten) {
  round_one_paired();
  ok({"round", "start"});
  ok({"clock", "start", "1", "--first", "p1"});
  const int before = journal_size();
  const Ran bad_time = gauntlet({"clock", "adjust", "1", "--player", "p1", "--by", "soon", "--reason", "x"});
  EXPECT_EQ(bad_time.status, 2);
  EXPECT_THAT(bad_time.err, HasSubstr("--by"));
  const Ran other = gauntlet({"clock", "adjust", "1", "--player", "p3", "--by", "+1:00", "--reason", "x"});
  EXPECT_EQ(other.status, 2);
  EXPECT_THAT(other.err, HasSubstr("does not play at table 1"));
  EXPECT_EQ(journal_size(), before);
}

TEST_F(CliClock, RulesTimingPrintsOneRoundsTimingAsJsonAndRefusesAVariantWithNoRow) {
  const auto j = nlohmann::json::parse(ok(
      {"--json", "rules", "timing", "--edition", "sr2014", "--points", "50", "--variant", "reinforcements"}));
  EXPECT_EQ(j["kind"], "classic");
  EXPECT_EQ(j["classic"]["round_minutes"], 110);  // SR2014 Reinforcements: 50 -> 110
  EXPECT_EQ(j["classic"]["extensions_per_player"], 2);
  EXPECT_EQ(j["classic"]["variable_step_minutes"], 5);
  EXPECT_TRUE(j["deathclock"].is_null());
  const auto d =
      nlohmann::json::parse(ok({"--json", "rules", "timing", "--edition", "SR2017", "--points", "75"}));
  EXPECT_EQ(d["deathclock"]["player_minutes"], 60);
  EXPECT_EQ(d["expected_minutes"], 120);
  const Ran bad = gauntlet({"rules", "timing", "--edition", "sr2017", "--points", "200", "--variant",
                            "classic-turn-timing", "--variant", "casual-time"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_THAT(bad.err, HasSubstr("Classic Casual Time Limits"));
}

// SR2017 "Classic Casual Time Limits – Use the round time, turn time, and extension length of an
// event one point size higher": the Deathclock has none of those, so `event new` refuses the variant
// without Classic Turn Timing, and `rules timing` refuses it in the same words (it answered the
// 100-point Deathclock, 75 minutes a player). Every shift and size alike.
TEST_F(CliClock, SR2017_ClassicTimeLimits_RulesTimingRefusesWithoutClassicTurnTimingAsEventNewDoes) {
  auto after_field = [](const std::string& err) {
    const auto at = err.find("variants[0]: ");
    return at == std::string::npos ? err : err.substr(at + 13);
  };
  for (const char* variant : {"casual-time", "frenzy-time", "hardcore-time", "relaxed-time", "no-extensions"})
    for (const char* points : {"50", "75", "100"}) {
      const Ran timing = gauntlet(
          {"--json", "rules", "timing", "--edition", "sr2017", "--points", points, "--variant", variant});
      EXPECT_EQ(timing.status, 2) << variant << " " << points << ": " << timing.out;
      const Ran setup = gauntlet({"event", "new", "--name", "Casual", "--edition", "SR2017", "--points",
                                  points, "--variant", variant});
      EXPECT_EQ(setup.status, 2) << setup.out;
      EXPECT_THAT(timing.err, HasSubstr("needs the variant 'classic-turn-timing'"));
      EXPECT_THAT(timing.err, HasSubstr("SR2017 \"Round Timing Variants\""));
      EXPECT_EQ(after_field(timing.err), after_field(setup.err)) << variant << " " << points;
    }
  const auto classic =
      nlohmann::json::parse(ok({"--json", "rules", "timing", "--edition", "sr2017", "--points", "75",
                                "--variant", "classic-turn-timing", "--variant", "casual-time"}));
  EXPECT_EQ(classic["classic"]["round_minutes"], 120);  // the 100-point row of classic timing
}

}  // namespace
}  // namespace gauntlet
