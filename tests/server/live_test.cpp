// Live updates: a WebSocket of the event hears about every journal entry.
#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;

class LiveTest : public ServerTest {};

TEST_F(LiveTest, ASocketHearsEveryChange) {
  create_event("live");
  Client eo = login_eo("live");
  LiveClient socket(port(), "live");
  const json hello = socket.next();
  EXPECT_EQ(hello["type"], "hello");
  EXPECT_EQ(hello["seq"], 1);

  add_player(eo, "live", "Ada");  // two entries: add-player, set-player-status
  json first = socket.next(), second = socket.next();
  EXPECT_EQ(first["type"], "changed");
  EXPECT_EQ(first["seq"], 2);
  EXPECT_EQ(first["kind"], "add-player");
  EXPECT_EQ(first["round"], 0);
  EXPECT_EQ(second["seq"], 3);
  EXPECT_EQ(second["kind"], "set-player-status");

  ASSERT_EQ(eo.post("/api/events/live/undo", json::object()).status, 200);
  EXPECT_EQ(socket.next()["kind"], "undo");
}

TEST_F(LiveTest, ManySocketsAllHearAChange) {
  create_event("many");
  Client eo = login_eo("many");
  std::vector<std::unique_ptr<LiveClient>> sockets;
  for (int i = 0; i < 50; ++i) {
    sockets.push_back(std::make_unique<LiveClient>(port(), "many"));
    EXPECT_EQ(sockets.back()->next()["type"], "hello");
  }
  EXPECT_EQ(server().app().hubs().find("many")->live().size(), 50u);
  add_player(eo, "many", "Ada");
  for (auto& s : sockets) EXPECT_EQ(s->next()["seq"], 2);
}

TEST_F(LiveTest, UnknownEventsAndPlainGetsAreRefused) {
  EXPECT_EQ(Client(port()).get("/api/events/nope/live").status, 404);
  create_event("x");
  EXPECT_EQ(Client(port()).get("/api/events/x/live").status, 400);
}

}  // namespace
}  // namespace gauntlet::server::test
