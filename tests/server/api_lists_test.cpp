// Issue 13 point 1 through HTTP: POST /api/events/{id}/lists/import. The EO imports for any player,
// a player their own list only; a list with refused lines is a 400 naming them, and nothing is
// written.
#include <gmock/gmock.h>

#include <fstream>
#include <sstream>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

std::string corpus(const std::string& name) {
  std::ifstream in(std::string(GAUNTLET_LISTS) + "/" + name, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class ListsApiTest : public ServerTest {};

TEST_F(ListsApiTest, TheEoAndThePlayerPasteWarRoomTextAndBrokenListsChangeNothing) {
  create_event("lists");
  Client eo = login_eo("lists");
  auto [ada, ada_pin] = add_player(eo, "lists", "Ada Brennan");
  auto [bo, bo_pin] = add_player(eo, "lists", "Bo Lenk");
  const Reply by_eo =
      eo.post("/api/events/lists/lists/import", {{"player", ada}, {"text", corpus("warroom-cygnar.txt")}});
  ASSERT_EQ(by_eo.status, 200) << by_eo.body;
  EXPECT_EQ(by_eo.json["imported"]["format"], "War Room");
  EXPECT_EQ(by_eo.json["command"]["type"], "set-list");
  EXPECT_EQ(by_eo.json["command"]["list"]["entries"][0]["name"], "Captain Victoria Haley");

  // Bo's phone: their own list, from Conflict Chamber; not Ada's.
  Client phone = login_player("lists", bo, bo_pin);
  const Reply own =
      phone.post("/api/events/lists/lists/import", {{"text", corpus("conflictchamber-cygnar.txt")}});
  ASSERT_EQ(own.status, 200) << own.body;
  EXPECT_EQ(own.json["command"]["id"], bo);
  const Reply other = phone.post("/api/events/lists/lists/import",
                                 {{"player", ada}, {"text", corpus("conflictchamber-cygnar.txt")}});
  EXPECT_EQ(other.status, 403) << other.body;

  const Reply journal = eo.get("/api/events/lists/journal");
  const std::size_t entries = journal.json["entries"].size();
  const Reply broken = phone.post("/api/events/lists/lists/import",
                                  {{"text", corpus("broken-warroom-over-fa.txt")}, {"index", 1}});
  EXPECT_EQ(broken.status, 400);
  EXPECT_EQ(broken.json["error"]["field"], "list, line 13");
  EXPECT_THAT(broken.json["error"]["message"].get<std::string>(),
              HasSubstr("line 16 'Wolf Lord Morraig PC 4'"));
  const Reply missing = phone.post("/api/events/lists/lists/import", json::object());
  EXPECT_EQ(missing.status, 400);
  EXPECT_EQ(missing.json["error"]["field"], "text");
  EXPECT_EQ(eo.get("/api/events/lists/journal").json["entries"].size(), entries) << "nothing written";
}

// Issue 13 points 2 and 4: a player's lists are private until the event starts; then their
// opponents read them, and the army-points calculator counts marks on them by the edition (SR2017
// "Warcasters and warlocks are worth 10 army points each"). The marks are kept with the report.
TEST_F(ListsApiTest, OpponentsReadTheListAfterTheLockAndTheCalculatorCountsIt) {
  create_event("calc");
  Client eo = login_eo("calc");
  auto [ada, ada_pin] = add_player(eo, "calc", "Ada Brennan");
  auto [bo, bo_pin] = add_player(eo, "calc", "Bo Lenk");
  auto [cy, cy_pin] = add_player(eo, "calc", "Cy Moss");
  auto [di, di_pin] = add_player(eo, "calc", "Di Vance");
  ASSERT_EQ(
      eo.post("/api/events/calc/lists/import", {{"player", ada}, {"text", corpus("warroom-cygnar.txt")}})
          .status,
      200);
  Client bo_phone = login_player("calc", bo, bo_pin);
  const std::string ada_lists = "/api/events/calc/players/" + ada + "/lists";
  const Reply early = bo_phone.get(ada_lists);
  EXPECT_EQ(early.status, 403) << early.body;
  EXPECT_THAT(early.json["error"]["message"].get<std::string>(), HasSubstr("private until the event starts"));
  EXPECT_EQ(eo.get(ada_lists).status, 200);
  EXPECT_EQ(Client(port()).get(ada_lists).status, 401);

  ASSERT_EQ(
      eo.post("/api/events/calc/commands",
              {{"type", "pair-round"},
               {"tables", {{{"table", 1}, {"players", {ada, bo}}}, {{"table", 2}, {"players", {cy, di}}}}}})
          .status,
      200);
  const Reply lists = bo_phone.get(ada_lists);
  ASSERT_EQ(lists.status, 200) << lists.body;
  EXPECT_EQ(lists.json["lists"][0]["entries"][0]["name"], "Captain Victoria Haley");
  EXPECT_EQ(lists.json["army_points"]["leader"], 10);
  EXPECT_EQ(login_player("calc", cy, cy_pin).get(ada_lists).status, 403) << "not Ada's opponent";

  // Haley (10), the Stormclad (19) and the whole Stormblade unit (13); half the Trenchers: nothing.
  const json marks = {{{"entry", 0}, {"models", 1}},
                      {{"entry", 1}, {"models", 1}},
                      {{"entry", 8}, {"models", 6}},
                      {{"entry", 6}, {"models", 5}}};
  const Reply counted =
      bo_phone.post("/api/events/calc/army-points", {{"player", ada}, {"destroyed", marks}});
  ASSERT_EQ(counted.status, 200) << counted.body;
  EXPECT_EQ(counted.json["total"], 42);
  EXPECT_EQ(counted.json["lines"].size(), 4u);
  EXPECT_THAT(counted.json["lines"][2]["name"].get<std::string>(), HasSubstr("Trencher Infantry + "));
  EXPECT_THAT(counted.json["lines"][2]["why"].get<std::string>(),
              HasSubstr("counts only when every model is gone"));
  const Reply bad = bo_phone.post("/api/events/calc/army-points",
                                  {{"player", ada}, {"destroyed", {{{"entry", 1}, {"models", 3}}}}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["error"]["field"], "destroyed[0].models");

  const auto result = [&](int ap) {
    return json{{"table", 1},
                {"victory", "assassination"},
                {"results",
                 {{{"outcome", "loss"}, {"cp", 0}, {"ap", 0}},
                  {{"outcome", "win"}, {"cp", 1}, {"ap", ap}, {"destroyed", marks}}}}};
  };
  const Reply wrong = bo_phone.post("/api/events/calc/report", result(40));
  EXPECT_EQ(wrong.status, 400) << wrong.body;
  EXPECT_EQ(wrong.json["error"]["field"], "round 1, table 1.results[1].ap");
  ASSERT_EQ(bo_phone.post("/api/events/calc/report", result(42)).status, 200);
  const Reply admin = eo.get("/api/events/calc/admin");
  EXPECT_EQ(admin.json["pending_reports"][0]["report"]["destroyed"][1], marks);

  // The EO approves Ada's list (journaled) and publishes every list: the public reads them.
  const Reply approved =
      eo.post("/api/events/calc/commands", {{"type", "review-lists"}, {"id", ada}, {"note", "FA checked"}});
  ASSERT_EQ(approved.status, 200) << approved.body;
  EXPECT_EQ(eo.get("/api/events/calc/admin").json["players"][0]["review"]["approved"], true);
  EXPECT_EQ(bo_phone.post("/api/events/calc/commands", {{"type", "publish-lists"}}).status, 403);
  ASSERT_EQ(eo.post("/api/events/calc/commands", {{"type", "publish-lists"}}).status, 200);
  EXPECT_EQ(Client(port()).get("/api/events/calc").json["lists_published"], true);
  EXPECT_EQ(Client(port()).get(ada_lists).status, 200);
}

}  // namespace
}  // namespace gauntlet::server::test
