// JSON form of commands: every command kind round-trips; bad input names the key.
#include "model/json.hpp"

#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

TEST(CommandJson, EveryKindRoundTrips) {
  Player p = player("Ada", "Cygnar");
  p.id = "p1";
  p.club = "Club";
  p.lists.push_back(army(7, {30, 20}));
  EventConfig c = config();
  c.variants = {{"cut-to-top", 4}, {"finals-tables", std::nullopt}};
  c.seed = 18446744073709551615ULL;  // survives as a string
  RecordResult r = win_at(2, 1, 5, 0, 40, 12, Ending::scenario, 3);
  r.results[0].list = 2;
  std::vector<Command> all = {
      CreateEvent{c},
      ConfigureEvent{c},
      AddPlayer{p},
      EditPlayer{"p1", "Bea", std::nullopt, "", std::nullopt},
      SetPlayerStatus{"p1", PlayerStatus::dropped, 2},
      SetList{"p1", 1, army(0, {75})},
      RemoveList{"p1", 2},
      PairRound{
          3, {table(1, "p1", "p2")}, "p3", "breakdown", -10, {"why"}, PairingOverride{"asked", {"rematch"}}},
      r,
      CloseRound{2, Cut{2, {"p1", "p2"}, {"p3"}}},
      DefineAward{"best-painted", "Best Painted", "Best Unit", AwardMethod::vote, AwardMetric::none, false},
      DefineAward{"most-ap", "Most AP", "", AwardMethod::computed, AwardMetric::army_points, true},
      DefineAward{"x", "", "", AwardMethod::choice, AwardMetric::none, false, true},
      EnterAward{"best-painted", "p1", "Bane Knights", std::string(64, 'a'), false},
      EnterAward{"best-painted", "p1", "", "", true},
      OpenVote{"best-painted", 2, {"p1", "p2"}},
      CastVote{"best-painted", "p3", "00ff", 2},
      CloseVote{"best-painted", {{"p1", 2}, {"p2", 1}}, 2, {"p1"}},
      DecideAward{"best-painted", "p2", "EO broke the tie"},
      RevealAwards{"", false, {"best-painted", "most-ap"}}};
  for (const Command& cmd : all) {
    auto back = command_from_json(command_to_json(cmd));
    ASSERT_TRUE(back) << back.error().describe();
    EXPECT_EQ(command_to_json(*back), command_to_json(cmd));
  }
}

TEST(CommandJson, ErrorsNameTheKey) {
  auto r = command_from_json(nlohmann::json::parse(R"({"type": "record-result", "table": 1,
      "results": [{"outcome": "win", "cp": 5, "ap": 3}, {"outcome": "defeat", "cp": 0, "ap": 1}], "victory": "scenario"})"),
                             "journal[4]");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "journal[4].results[1].outcome");
  r = command_from_json(nlohmann::json::parse(
      R"({"type": "create-event", "config": {"name": "X", "edition": "SR2017", "ponts": 75}})"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "config.ponts");
  r = command_from_json(nlohmann::json::parse(
      R"({"type": "create-event", "config": {"name": "X", "edition": "SR2017", "points": 7.5}})"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("whole number"), std::string::npos);
  r = command_from_json(nlohmann::json::parse(R"({"type": "launch-missiles"})"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "type");
}

}  // namespace
}  // namespace gauntlet

namespace gauntlet {
namespace {

// An "amended" round that is not an object was an uncaught JSON type error (a 500 on the server).
TEST(CommandJson, AnAmendedRoundThatIsNotAnObjectIsRefusedNotThrown) {
  for (const char* amended : {"[]", "\"x\"", "7"}) {
    const auto j = nlohmann::json::parse(
        std::string(R"({"type": "set-player-status", "id": "p1", "status": "dropped", "amended": )") +
        amended + "}");
    const auto c = command_from_json(j);
    ASSERT_FALSE(c) << amended;
    EXPECT_EQ(c.error().field, "amended");
  }
}

}  // namespace
}  // namespace gauntlet

namespace gauntlet {
namespace {

// A seed of 20 digits above 2^64 - 1 threw std::out_of_range out of command_from_json (found by
// tests/fuzz/command_json_fuzz.cpp): an event file or a POST with it crashed instead of being refused.
TEST(CommandJson, ASeedAboveTheLargest64BitNumberIsRefusedNamingTheSeed) {
  const auto with_seed = [](const std::string& seed) {
    return command_from_json(nlohmann::json::parse(
        R"({"type": "create-event", "config": {"name": "X", "edition": "SR2017", "points": 75, "seed": ")" +
        seed + "\"}}"));
  };
  ASSERT_TRUE(with_seed("18446744073709551615"));
  EXPECT_EQ(std::get<CreateEvent>(*with_seed("18446744073709551615")).config.seed, 18446744073709551615ULL);
  for (const char* seed : {"18446744073709551616", "59116291945837458929", "99999999999999999999"}) {
    const auto c = with_seed(seed);
    ASSERT_FALSE(c) << seed;
    EXPECT_EQ(c.error().field, "config.seed");
  }
}

}  // namespace
}  // namespace gauntlet
