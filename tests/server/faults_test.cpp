// Issue 15 point 5 over HTTP: a full or failing disk under a running server. "The command is
// refused with a clear error, nothing half-written, reads keep working, writes resume when the
// fault clears." The server's database is opened through a disk that fails on demand
// (support/fault_vfs.hpp); PostgreSQL stopped mid-burst is journal_test's PostgresFault.
#include <gtest/gtest.h>

#include "client.hpp"
#include "support/fault_vfs.hpp"

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
  testing::FaultDisk disk_;
};

TEST_F(DiskFaultServerTest, AFullDiskRefusesTheCommandNamingItKeepsReadsAndWritesResume) {
  create_event("spring");
  Client eo = login_eo("spring");
  ASSERT_EQ(eo.post("/api/events/spring/commands", add("Ann")).status, 200);
  ASSERT_EQ(eo.post("/api/events/spring/commands", add("Bob")).status, 200);
  const std::string standings = eo.get("/api/events/spring/standings").body;

  disk_.set(testing::Fault::full);
  for (const bool with_key : {false, true}) {
    const Reply r = with_key ? eo.send(http::verb::post, "/api/events/spring/commands", add("Cid").dump(),
                                       {{"Content-Type", "application/json"}, {"Idempotency-Key", "k-cid"}})
                             : eo.post("/api/events/spring/commands", add("Cid"));
    EXPECT_EQ(r.status, 500) << r.body;
    EXPECT_EQ(r.json["error"]["field"], "database") << r.body;
    EXPECT_NE(r.json["error"]["message"].get<std::string>().find("database or disk is full"),
              std::string::npos)
        << r.body;
  }
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

}  // namespace
}  // namespace gauntlet::server::test
