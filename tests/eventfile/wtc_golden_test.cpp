// Golden test on real games: tests/data/wtc2017_sample.json holds 16 players and 3 rounds of
// results from the WTC 2017 (see tests/data/README.md for how it was made); the standings next to it
// were worked out independently of Gauntlet (TP, then SoS, then CP, then AP).
#include "support/event_files.hpp"

namespace gauntlet {
namespace {

using namespace testing;

const std::string kDir = GAUNTLET_TEST_DATA;

TEST(EventFileGolden, Wtc2017SampleGivesThePublishedOrderOfTpSosCpAp) {
  const EventFile f = must_parse(slurp(kDir + "/wtc2017_sample.json"));
  ASSERT_TRUE(f.state.created);
  const nlohmann::json want = nlohmann::json::parse(slurp(kDir + "/wtc2017_sample.standings.json"));
  const Standings s = compute_standings(f.state);
  EXPECT_EQ(s.finished, want["finished"].get<bool>());
  ASSERT_EQ(s.rows.size(), want["standings"].size());
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const auto& w = want["standings"][i];
    const StandingRow& r = s.rows[i];
    SCOPED_TRACE("row " + std::to_string(i + 1));
    EXPECT_EQ(r.rank, w["rank"].get<int>());
    EXPECT_EQ(r.id, w["id"].get<std::string>());
    EXPECT_EQ(r.tp, w["tp"].get<int>());
    EXPECT_EQ(r.sos, Fraction(w["sos"].get<int>()));
    EXPECT_EQ(r.cp, w["cp"].get<int>());
    EXPECT_EQ(r.ap, w["ap"].get<int>());
  }
}

TEST(EventFileGolden, Wtc2017SampleKeepsTheRealScenariosAndEndings) {
  const EventFile f = must_parse(slurp(kDir + "/wtc2017_sample.json"));
  ASSERT_EQ(f.state.rounds.size(), 3u);
  EXPECT_EQ(f.state.rounds[0].scenario, "breakdown");
  EXPECT_EQ(f.state.rounds[1].scenario, "standoff");
  EXPECT_EQ(f.state.rounds[2].scenario, "recon-ii");
  int assassinations = 0, scenarios = 0, clocks = 0;
  for (const Round& r : f.state.rounds) {
    EXPECT_EQ(r.tables.size(), 8u);
    EXPECT_FALSE(r.bye);
    for (const Table& t : r.tables) {
      ASSERT_TRUE(t.ending);
      assassinations += *t.ending == Ending::assassination;
      scenarios += *t.ending == Ending::scenario;
      clocks += *t.ending == Ending::clock;
    }
  }
  EXPECT_EQ(assassinations + scenarios + clocks, 24);
  EXPECT_GT(assassinations, 0);
  EXPECT_GT(scenarios, 0);
}

TEST(EventFileGolden, Wtc2017SampleRoundTripsThroughTheEventFile) {
  const EventFile f = must_parse(slurp(kDir + "/wtc2017_sample.json"));
  const auto back = parse_event_file(write_event_file(f.state, f.journal).dump());
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(back->state, f.state);
  EXPECT_EQ(compute_standings(back->state), compute_standings(f.state));
}

}  // namespace
}  // namespace gauntlet
