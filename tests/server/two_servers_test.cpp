// Issue 15: several `gauntlet serve` processes on one PostgreSQL database. A command accepted by one
// is pushed live by all (LISTEN/NOTIFY), a login made on one holds on all, and commands on one
// event apply in one order whichever server takes them. Two servers in one process here, each with
// its own connections, exactly as two processes would have.
#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;

class TwoServersTest : public ServerTest {
 protected:
  // A second server on the test's database.
  std::unique_ptr<Server> second() { return start_server(db_); }
  // Messages from `socket` until one announces `seq` or later (a server that caught up on several
  // entries at once announces only the last).
  static json until_seq(LiveClient& socket, std::int64_t seq) {
    for (;;) {
      json m = socket.next();
      if (m["type"] == "changed" && m["seq"].get<std::int64_t>() >= seq) return m;
    }
  }
};

TEST_F(TwoServersTest, AWriteOnServerAReachesALiveSocketOnServerB) {
  if (!database_->postgresql())
    GTEST_SKIP() << "servers share a database on PostgreSQL only (ctest's pg: run)";
  create_event("spring");
  std::unique_ptr<Server> b = second();
  LiveClient socket_on_b(b->port(), "spring");
  EXPECT_EQ(socket_on_b.next()["seq"], 1);

  Client eo = login_eo("spring");            // on A
  add_player(eo, "spring", "Ada Lovelace");  // seqs 2 and 3, on A
  EXPECT_EQ(until_seq(socket_on_b, 3)["seq"], 3);
  const Reply players = Client(b->port()).get("/api/events/spring");
  ASSERT_EQ(players.status, 200) << players.body;
  EXPECT_NE(players.body.find("Ada Lovelace"), std::string::npos);
}

TEST_F(TwoServersTest, ALoginOnOneServerHoldsOnTheOtherAndCommandsKeepOneOrder) {
  if (!database_->postgresql())
    GTEST_SKIP() << "servers share a database on PostgreSQL only (ctest's pg: run)";
  create_event("spring");
  std::unique_ptr<Server> b = second();
  Client eo_a = login_eo("spring");
  Client eo_b(b->port());  // the same browser, its next request sent to server B
  eo_b.cookie = eo_a.cookie;
  eo_b.csrf = eo_a.csrf;
  EXPECT_EQ(eo_b.get("/api/events/spring/session").json["role"], "eo");

  // Alternating servers, each command decided on what the other wrote (a server that missed the
  // latest entry reloads and decides again: optimistic concurrency on (event, seq)).
  for (int i = 0; i < 6; ++i) add_player(i % 2 ? eo_b : eo_a, "spring", "Player " + std::to_string(i));
  // Each server learns of the other's last entry within milliseconds (the notification), not at once.
  LiveClient socket_on_a(port(), "spring");
  if (socket_on_a.next()["seq"] != 13) {
    EXPECT_EQ(until_seq(socket_on_a, 13)["seq"], 13);
  }
  LiveClient socket_on_b(b->port(), "spring");
  if (socket_on_b.next()["seq"] != 13) {
    EXPECT_EQ(until_seq(socket_on_b, 13)["seq"], 13);
  }
  const Reply a = Client(port()).get("/api/events/spring/standings");
  const Reply other = Client(b->port()).get("/api/events/spring/standings");
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.json, other.json);

  // Logging out on B logs out on A: the session lives in the database.
  ASSERT_EQ(eo_b.post("/api/events/spring/logout", json::object()).status, 200);
  EXPECT_EQ(eo_a.get("/api/events/spring/session").json["role"], nullptr);
}

TEST_F(TwoServersTest, AnEventCreatedOnOneServerIsServedByTheOther) {
  if (!database_->postgresql())
    GTEST_SKIP() << "servers share a database on PostgreSQL only (ctest's pg: run)";
  std::unique_ptr<Server> b = second();
  create_event("autumn", "Autumn Open");  // on A, after B started
  for (int tries = 0; tries < 100; ++tries) {
    const Reply r = Client(b->port()).get("/api/events/autumn");
    if (r.status == 200) {
      EXPECT_NE(r.body.find("Autumn Open"), std::string::npos);
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  FAIL() << "server B never served the event created on A";
}

}  // namespace
}  // namespace gauntlet::server::test
