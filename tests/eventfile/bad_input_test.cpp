// Bad event files are refused with an Error whose field names the place in the file (a JSON path
// or a line) and whose rule names what is broken; nothing half-read comes back.
#include <gmock/gmock.h>

#include "support/event_files.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using nlohmann::json;
using ::testing::HasSubstr;

// Four players, round 1 played at two tables; every test breaks one thing.
json valid_file() {
  return json::parse(R"({
    "gauntlet": 1,
    "event": {"name": "Bad Input Open", "edition": "SR2017", "points": 75, "variants": [], "rounds": 3},
    "players": [
      {"id": "p1", "name": "Ada", "faction": "Cygnar"},
      {"id": "p2", "name": "Boris", "faction": "Khador"},
      {"id": "p3", "name": "Chen", "faction": "Cryx"},
      {"id": "p4", "name": "Dana", "faction": "Skorne"}
    ],
    "rounds": [{"number": 1, "tables": [
      {"table": 1, "players": ["p1", "p2"], "victory": "scenario",
       "results": [{"outcome": "win", "cp": 5, "ap": 40}, {"outcome": "loss", "cp": 0, "ap": 20}]},
      {"table": 2, "players": ["p3", "p4"], "victory": "assassination",
       "results": [{"outcome": "loss", "cp": 1, "ap": 10}, {"outcome": "win", "cp": 2, "ap": 30}]}
    ]}]
  })");
}

TEST(EventFileBadInput, TheBaseFileIsValid) {
  const auto f = read_event_file(valid_file());
  ASSERT_TRUE(f) << f.error().describe();
  EXPECT_EQ(compute_standings(f->state).rows.front().id, "p1");
}

TEST(EventFileBadInput, MalformedJsonNamesTheLine) {
  const std::string text =
      "{\n  \"gauntlet\": 1,\n  \"event\": {\"name\": \"x\",, \"edition\": \"SR2017\"}\n}\n";
  const auto f = parse_event_file(text);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().field, "line 3");
  EXPECT_EQ(f.error().rule, "JSON");
}

TEST(EventFileBadInput, TruncatedJsonNamesTheLastLine) {
  std::string text = valid_file().dump(2);
  text.resize(text.size() / 2);
  const auto lines = std::count(text.begin(), text.end(), '\n') + 1;
  const auto f = parse_event_file(text);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().field, "line " + std::to_string(lines));
}

TEST(EventFileBadInput, UnknownKeyNamesItsPath) {
  json j = valid_file();
  j["event"]["ponts"] = 75;
  Error e = must_refuse(j);
  EXPECT_EQ(e.field, "event.ponts");
  EXPECT_THAT(e.message, HasSubstr("unknown key"));

  j = valid_file();
  j["rounds"][0]["tables"][1]["results"][0]["cps"] = 3;
  e = must_refuse(j);
  EXPECT_EQ(e.field, "rounds[0].tables[1].results[0].cps");

  j = valid_file();
  j["players"][2]["factoin"] = "Cryx";
  e = must_refuse(j);
  EXPECT_EQ(e.field, "players[2].factoin");

  j = valid_file();
  j["colour"] = "red";
  e = must_refuse(j);
  EXPECT_EQ(e.field, "colour");
}

TEST(EventFileBadInput, TwoWinnersAreRefusedAtTheirTable) {
  json j = valid_file();
  j["rounds"][0]["tables"][1]["results"][0]["outcome"] = "win";
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("rounds[0].tables[1]"));
  EXPECT_THAT(e.field, HasSubstr("results"));
  EXPECT_THAT(e.message, HasSubstr("two winners"));
  EXPECT_THAT(e.rule, HasSubstr("1 TP for a win"));
}

// A victory that is not a string was an uncaught JSON type error (a 500 on the server).
TEST(EventFileBadInput, AVictoryThatIsNotAStringIsRefusedNotThrown) {
  json j = valid_file();
  j["rounds"][0]["tables"][0]["victory"] = 7;
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("rounds[0].tables[0]"));
  EXPECT_THAT(e.message, HasSubstr("must be a string"));
  j = valid_file();
  j["rounds"][0]["tables"][0].erase("victory");
  j["rounds"][0]["tables"][0]["results"][0]["victory"] = json::array();
  EXPECT_THAT(must_refuse(j).message, HasSubstr("must be a string"));
}

TEST(EventFileBadInput, WinWithTieIsRefused) {
  json j = valid_file();
  j["rounds"][0]["tables"][0]["results"][1]["outcome"] = "tie";
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("rounds[0].tables[0]"));
  EXPECT_THAT(e.message, HasSubstr("exactly one win and one loss, or two ties"));
}

TEST(EventFileBadInput, NegativeCpIsRefusedNamingTheResult) {
  json j = valid_file();
  j["rounds"][0]["tables"][1]["results"][0]["cp"] = -1;
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("rounds[0].tables[1]"));
  EXPECT_THAT(e.field, HasSubstr("results[0].cp"));
  EXPECT_THAT(e.message, HasSubstr("0 or more"));
}

TEST(EventFileBadInput, NegativeApIsRefusedNamingTheResult) {
  json j = valid_file();
  j["rounds"][0]["tables"][0]["results"][1]["ap"] = -5;
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("results[1].ap"));
}

// SR2017 scenario pages: at the game's end "the player with the most control points wins via
// scenario victory" — a scenario win on fewer CP than the opponent is refused.
TEST(EventFileBadInput, ScenarioWinOnFewerCpIsRefused) {
  json j = valid_file();
  j["rounds"][0]["tables"][0]["results"][1]["cp"] = 6;  // 5-6
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("rounds[0].tables[0]"));
  EXPECT_THAT(e.rule, HasSubstr("SR2017 scenario victory conditions"));
}

TEST(EventFileBadInput, ResultForAPlayerNotAtThatTableIsRefused) {
  // Results are given in the order of the table's "players"; a result naming another player is
  // not something the file can express, and is refused at its path rather than misfiled.
  json j = valid_file();
  j["rounds"][0]["tables"][0]["results"][0]["player"] = "p3";
  Error e = must_refuse(j);
  EXPECT_EQ(e.field, "rounds[0].tables[0].results[0].player");
  // A table seating someone who is not registered.
  j = valid_file();
  j["rounds"][0]["tables"][1]["players"][1] = "p9";
  e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("rounds[0]"));
  EXPECT_THAT(e.field, HasSubstr("table 2.players[1]"));
  EXPECT_THAT(e.message, HasSubstr("no player 'p9'"));
  // A player seated at two tables.
  j = valid_file();
  j["rounds"][0]["tables"][1]["players"][0] = "p1";
  e = must_refuse(j);
  EXPECT_THAT(e.message, HasSubstr("paired twice"));
  // Three results for a table of two.
  j = valid_file();
  j["rounds"][0]["tables"][1]["results"].push_back({{"outcome", "loss"}, {"cp", 0}, {"ap", 0}});
  e = must_refuse(j);
  EXPECT_EQ(e.field, "rounds[0].tables[1].results");
}

TEST(EventFileBadInput, UnknownEditionIsRefused) {
  json j = valid_file();
  j["event"]["edition"] = "SR2099";
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("event.edition"));
  EXPECT_THAT(e.message, HasSubstr("SR2099"));
}

TEST(EventFileBadInput, PointSizeOutsideTheEditionIsRefused) {
  json j = valid_file();
  j["event"]["points"] = 60;
  Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("event.points"));
  EXPECT_THAT(e.rule, HasSubstr("SR2017 point sizes"));
  EXPECT_THAT(e.message, HasSubstr("allowed: 0, 25, 50, 75, 100, 150, 200"));
  j = valid_file();
  j["event"]["points"] = "75";
  e = must_refuse(j);
  EXPECT_EQ(e.field, "event.points");
}

TEST(EventFileBadInput, DuplicatePlayerIdIsRefusedNamingThePlayer) {
  json j = valid_file();
  j["players"][3]["id"] = "p2";
  Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("players[3]"));
  EXPECT_THAT(e.field, HasSubstr("id"));
  EXPECT_THAT(e.message, HasSubstr("duplicate player id 'p2'"));
  // The same name twice is a duplicate player as well (registration).
  j = valid_file();
  j["players"][3]["name"] = "ada";
  e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("players[3]"));
  EXPECT_THAT(e.message, HasSubstr("duplicate player"));
}

TEST(EventFileBadInput, MissingPlayerIdIsRefused) {
  json j = valid_file();
  j["players"][1].erase("id");
  const Error e = must_refuse(j);
  EXPECT_EQ(e.field, "players[1].id");
}

TEST(EventFileBadInput, ListOverThePointWindowIsRefused) {
  json j = valid_file();
  // 75 points + 28 battlegroup points: 99–103 allowed; 104 is over.
  j["players"][0]["lists"] = {
      {{"entries",
        {{{"name", "Haley"}, {"cost", 28}, {"kind", "warcaster"}},
         {{"name", "Stormblades"}, {"cost", 104}, {"kind", "unit"}, {"models", 6}}}}}};
  const Error e = must_refuse(j);
  EXPECT_THAT(e.field, HasSubstr("players[0]"));
  EXPECT_THAT(e.field, HasSubstr("lists[1]"));
  EXPECT_THAT(e.rule, HasSubstr("not over the point size"));
}

TEST(EventFileBadInput, UnsupportedVersionIsRefused) {
  json j = valid_file();
  j["gauntlet"] = 2;
  const Error e = must_refuse(j);
  EXPECT_EQ(e.field, "gauntlet");
}

TEST(EventFileBadInput, RoundsOutOfOrderAreRefused) {
  json j = valid_file();
  j["rounds"][0]["number"] = 2;
  const Error e = must_refuse(j);
  EXPECT_EQ(e.field, "rounds[0].number");
}

TEST(EventFileBadInput, TwoByesInOneRoundAreRefused) {
  json j = valid_file();
  j["players"].push_back({{"id", "p5"}, {"name", "Emil"}, {"faction", "Cygnar"}});
  j["players"].push_back({{"id", "p6"}, {"name", "Fatima"}, {"faction", "Cygnar"}});
  j["rounds"][0]["tables"].push_back({{"bye", "p5"}});
  j["rounds"][0]["tables"].push_back({{"bye", "p6"}});
  const Error e = must_refuse(j);
  EXPECT_EQ(e.field, "rounds[0].tables[3].bye");
}

TEST(EventFileBadInput, UnknownVictoryIsRefused) {
  json j = valid_file();
  j["rounds"][0]["tables"][1]["victory"] = "knockout";
  const Error e = must_refuse(j);
  EXPECT_EQ(e.field, "rounds[0].tables[1].victory");
}

TEST(EventFileBadInput, JournalEditedByHandIsRefused) {
  const auto f = read_event_file(valid_file());
  ASSERT_TRUE(f);
  json j = write_event_file(f->state, f->journal);
  // Find the record-result of table 1 and make its loser concede: the engine would rescore it,
  // so the stored entry no longer replays to itself.
  bool edited = false;
  for (std::size_t i = 0; i < j["journal"].size() && !edited; ++i) {
    json& c = j["journal"][i]["command"];
    if (c["type"] == "record-result" && c["table"] == 1) {
      c["victory"] = "concession";
      edited = true;
      const Error e = must_refuse(j);
      EXPECT_EQ(e.field, "journal[" + std::to_string(i) + "]");
      EXPECT_THAT(e.message, HasSubstr("does not replay"));
    }
  }
  EXPECT_TRUE(edited);
}

TEST(EventFileBadInput, JournalUndoMustCancelTheLatestEffectiveEntry) {
  const auto f = read_event_file(valid_file());
  ASSERT_TRUE(f);
  json j = write_event_file(f->state, f->journal);
  j["journal"].push_back({{"seq", 99}, {"at", ""}, {"undoes", 2}});
  const Error e = must_refuse(j);
  EXPECT_EQ(e.field, "journal[" + std::to_string(j["journal"].size() - 1) + "].undoes");
}

}  // namespace
}  // namespace gauntlet
