// A full, failing or read-only disk under a running server. "The command is refused with a clear
// error, nothing half-written, reads keep working, writes resume when the fault clears." The
// refusal is a 503 with Retry-After saying that nothing was recorded and that sending it again will
// help, never a 500. The server's database is opened through a disk that fails on demand
// (support/fault_vfs.hpp); a PostgreSQL server of the test's own is stopped under the server and
// started again (support/own_postgres.hpp; the burst of writers is journal_test's PostgresFault).
#include <gtest/gtest.h>

#include "client.hpp"
#include "support/fault_vfs.hpp"
#include "support/own_postgres.hpp"

namespace gauntlet::server::test {
namespace {

class DiskFaultServerTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    if (testing::test_postgresql())
      GTEST_SKIP() << "a SQLite disk; PostgreSQL's faults: journal_test PostgresFault.*";
    server_.reset();  // the same database again, through the failing disk
    server_ = start_server("file:" + db_ + "?vfs=gauntlet_fault");
  }
  nlohmann::json add(const std::string& name) {
    return {{"type", "add-player"}, {"player", {{"name", name}, {"faction", "Khador"}}}};
  }
  void refused_then_resumed(testing::Fault fault);
  testing::FaultDisk disk_;
};

// (Not a parameterised test: its name, with a '/', would name the test's database file.)
void DiskFaultServerTest::refused_then_resumed(testing::Fault fault) {
  create_event("spring");
  Client eo = login_eo("spring");
  ASSERT_EQ(eo.post("/api/events/spring/commands", add("Ann")).status, 200);
  ASSERT_EQ(eo.post("/api/events/spring/commands", add("Bob")).status, 200);
  const std::string standings = eo.get("/api/events/spring/standings").body;

  disk_.set(fault);
  const std::string cause =
      fault == testing::Fault::full ? "database or disk is full" : "attempt to write a readonly database";
  for (const bool with_key : {false, true}) {
    const Reply r = with_key ? eo.send(http::verb::post, "/api/events/spring/commands", add("Cid").dump(),
                                       {{"Content-Type", "application/json"}, {"Idempotency-Key", "k-cid"}})
                             : eo.post("/api/events/spring/commands", add("Cid"));
    EXPECT_EQ(r.status, 503) << r.body;
    EXPECT_FALSE(r.header("Retry-After").empty()) << "a 503 says when to try again";
    EXPECT_EQ(r.json["error"]["field"], "database") << r.body;
    EXPECT_EQ(r.json["error"]["kind"], "unavailable") << r.body;
    const std::string message = r.json["error"]["message"].get<std::string>();
    EXPECT_NE(message.find(cause), std::string::npos) << message;
    EXPECT_NE(message.find("Nothing of this was recorded"), std::string::npos) << message;
    EXPECT_NE(message.find("try again"), std::string::npos) << message;
  }
  // A photo goes to the server's records beside the journal: the same answer.
  const Reply photo =
      eo.send(http::verb::post, "/api/events/spring/photos", std::string("\x89PNG\r\n\x1A\n", 8) + "pixels",
              {{"Content-Type", "image/png"}});
  EXPECT_EQ(photo.status, 503) << photo.body;
  EXPECT_FALSE(photo.header("Retry-After").empty());
  // Reads keep working, and show nothing of the refused command.
  const Reply read = eo.get("/api/events/spring/standings");
  EXPECT_EQ(read.status, 200);
  EXPECT_EQ(read.body, standings);
  EXPECT_EQ(eo.get("/api/events/spring").json["players"].size(), 2u);

  disk_.set(testing::Fault::none);
  const Reply again = eo.send(http::verb::post, "/api/events/spring/commands", add("Cid").dump(),
                              {{"Content-Type", "application/json"}, {"Idempotency-Key", "k-cid"}});
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.json["seq"], 4) << "the refused commands left an entry behind";
  EXPECT_EQ(journal_length("spring"), 4);
}

TEST_F(DiskFaultServerTest, AWriteOnAFullDiskIs503WithRetryAfterKeepsReadsAndWritesResume) {
  refused_then_resumed(testing::Fault::full);
}

TEST_F(DiskFaultServerTest, AWriteOnAReadOnlyDatabaseIs503WithRetryAfterKeepsReadsAndWritesResume) {
  refused_then_resumed(testing::Fault::read_only);
}

// A server of the test's own on its own PostgreSQL: no database of the fixture's.
class PostgresStoppedServer : public ServerTest {
 protected:
  void SetUp() override {}
};

TEST_F(PostgresStoppedServer, AWriteWhilePostgresqlIsStoppedIs503WithRetryAfterAndTheRetrySucceeds) {
  if (testing::test_postgresql())
    GTEST_SKIP() << "a PostgreSQL server of its own: runs once, in the SQLite run";
  testing::OwnPostgres pg;
  ASSERT_TRUE(pg.started()) << "could not start PostgreSQL (tests/support/postgres.sh start): never skipped";
  const std::string admin_key = *Credentials(pg.url(), 1000).ensure_admin_key();  // a fresh database
  std::unique_ptr<Server> server = start_server(pg.url());
  Client admin(server->port());
  admin.bearer = admin_key;
  ASSERT_EQ(admin
                .post("/api/events", {{"id", "spring"},
                                      {"config", {{"name", "Spring"}, {"edition", "SR2017"}, {"points", 75}}},
                                      {"password", "eo-secret-spring"}})
                .status,
            201);
  Client eo(server->port());
  ASSERT_EQ(eo.post("/api/events/spring/login", {{"password", "eo-secret-spring"}}).status, 200);
  const nlohmann::json ann{{"type", "add-player"}, {"player", {{"name", "Ann"}, {"faction", "Khador"}}}};
  ASSERT_EQ(eo.post("/api/events/spring/commands", ann).status, 200);
  const std::string standings = eo.get("/api/events/spring/standings").body;

  ASSERT_EQ(pg.run("pause"), 0);
  const nlohmann::json bob{{"type", "add-player"}, {"player", {{"name", "Bob"}, {"faction", "Khador"}}}};
  const auto send_bob = [&] {
    return eo.send(http::verb::post, "/api/events/spring/commands", bob.dump(),
                   {{"Content-Type", "application/json"}, {"Idempotency-Key", "k-bob"}});
  };
  const Reply refused = send_bob();
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_FALSE(refused.header("Retry-After").empty());
  EXPECT_EQ(refused.json["error"]["field"], "database") << refused.body;
  EXPECT_NE(refused.json["error"]["message"].get<std::string>().find("Nothing of this was recorded"),
            std::string::npos)
      << refused.body;
  // The public reads come from memory and keep working.
  EXPECT_EQ(Client(server->port()).get("/api/events/spring/standings").body, standings);

  ASSERT_EQ(pg.run("resume"), 0);
  // As a phone honouring Retry-After does: a pooled connection broken while the server was away
  // answers one more 503 and is dropped; the pool holds 12.
  Reply again = send_bob();
  for (int i = 0; i < 13 && again.status == 503; ++i) again = send_bob();
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.json["seq"], 3) << "the refused command left an entry behind";
  server.reset();
}

}  // namespace
}  // namespace gauntlet::server::test
