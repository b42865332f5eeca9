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

}  // namespace
}  // namespace gauntlet::server::test
