// JSON form of commands: every command kind round-trips; bad input names the key.
#include "model/json.hpp"

#include "model/json_read.hpp"
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

// Every command's reader knows its keys: a typo is an error naming it, not a default.
TEST(CommandJson, AnUnknownKeyInAnyCommandIsRefusedNamingIt) {
  using nlohmann::json;
  const json result{{"outcome", "win"}, {"cp", 3}, {"ap", 40}};
  const json loss{{"outcome", "loss"}, {"cp", 1}, {"ap", 20}};
  const std::vector<json> typos = {
      {{"type", "record-result"},
       {"round", 1},
       {"table", 1},
       {"results", {result, loss}},
       {"victory", "scenario"},
       {"replace", nullptr}},
      {{"type", "add-player"}, {"player", {{"name", "Ada"}, {"faction", "Cygnar"}}}, {"pin", "1234"}},
      {{"type", "set-player-status"}, {"id", "p1"}, {"status", "dropped"}, {"after", 2}},
      {{"type", "close-round"},
       {"round", 1},
       {"cut", {{"after_round", 1}, {"top", json::array()}, {"frozn", 1}}}},
      {{"type", "clock"}, {"round", 1}, {"table", 1}, {"action", "pause"}, {"reasn", "ruling"}},
      {{"type", "set-rounds"}, {"rounds", 4}, {"round", 3}},
  };
  for (const json& j : typos) {
    auto c = command_from_json(j);
    ASSERT_FALSE(c) << j.dump();
    EXPECT_NE(c.error().message.find("unknown key"), std::string::npos) << j.dump();
  }
  EXPECT_EQ(command_from_json(typos[0]).error().field, "replace");
  EXPECT_EQ(command_from_json(typos[3]).error().field, "cut.frozn");
}

TEST(CommandJson, NullIsNotFalse) {
  using nlohmann::json;
  auto c = command_from_json({{"type", "publish-lists"}, {"published", nullptr}});
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().field, "published");
  EXPECT_TRUE(command_from_json({{"type", "publish-lists"}}));  // absent: the default, true
}

TEST(ReadJsonText, AKeyTwiceInOneObjectIsRefusedAtAnyDepth) {
  auto top = read_json_text(R"({"type":"edit-player","id":"p3","id":"p4"})", "body");
  ASSERT_FALSE(top);
  EXPECT_EQ(top.error().field, "id");
  auto deep = read_json_text(R"({"player":{"name":"Ada","faction":"Cygnar","name":"Eve"}})", "body");
  ASSERT_FALSE(deep);
  EXPECT_EQ(deep.error().field, "player.name");
  auto in_array = read_json_text(R"({"tables":[{"table":1},{"table":2,"table":3}]})", "body");
  ASSERT_FALSE(in_array);
  EXPECT_EQ(in_array.error().field, "tables.table");
  // The same key in sibling objects is no repeat.
  EXPECT_TRUE(read_json_text(R"({"a":{"id":1},"b":{"id":2},"c":[{"id":3},{"id":4}]})", "body"));
}

TEST(ReadJsonText, StringsAreComposedAndInvisibleCharactersRefusedNamingTheKey) {
  auto ok = read_json_text("{\"player\":{\"name\":\"Zoe\\u0308\"}}", "body");
  ASSERT_TRUE(ok) << ok.error().describe();
  EXPECT_EQ((*ok)["player"]["name"], "Zo\xC3\xAB");
  auto hidden = read_json_text(R"({"player":{"name":"Bo\u200bris"}})", "body");
  ASSERT_FALSE(hidden);
  EXPECT_EQ(hidden.error().field, "player.name");
  auto nul = read_json_text(R"({"names":["ok","a\u0000b"]})", "body");
  ASSERT_FALSE(nul);
  EXPECT_EQ(nul.error().field, "names[1]");
}

TEST(ReadJsonText, EachTypedFieldHasItsLengthAndEveryOtherStringACap) {
  const std::string club(61, 'c');
  auto r = read_json_text(R"({"player":{"club":")" + club + R"("}})", "body");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "player.club");
  EXPECT_NE(r.error().message.find("at most 60"), std::string::npos) << r.error().message;
  const std::string note(250 * 1024, 'n');
  EXPECT_FALSE(read_json_text(R"({"note":")" + note + R"("})", "body"));
  EXPECT_FALSE(
      read_json_text(R"({"anything":")" + std::string(kMaxStringCodePoints + 1, 'x') + R"("})", "body"));
  // A pasted list is bounded by its own reader (16 KiB), not here.
  EXPECT_TRUE(read_json_text(R"({"text":")" + std::string(12000, 'x') + R"("})", "body"));
  // Found by the fuzzer: a number beyond a double is the parser's out_of_range, not parse_error.
  auto huge = read_json_text(R"({"player":{"name":1e9951}})", "body");
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().field, "body");
  // Found by the fuzzer: an error under the empty key still names a field.
  auto empty_key = read_json_text("{\"\": \"a\\u007fb\"}", "body");
  ASSERT_FALSE(empty_key);
  EXPECT_EQ(empty_key.error().field, "body");
  auto bad = read_json_text("{\"a\":", "body");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "body");
}

}  // namespace
}  // namespace gauntlet
