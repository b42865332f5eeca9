// Issue 15 point 2: what several `gauntlet serve` on one database share besides the journal and
// the sessions — failed logins, the first admin key and EO password, idempotency claims. Run on
// SQLite (two servers on one file) and on PostgreSQL (ctest's pg: run).
#include <thread>

#include "app/clock.hpp"
#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;

class SharedStateTest : public ServerTest {
 protected:
  std::unique_ptr<Server> second() { return start_server(db_); }
};

TEST_F(SharedStateTest, WrongPasswordsOnOneServerLockTheEventOnTheOther) {
  create_event("spring");
  std::unique_ptr<Server> b = second();
  for (int i = 0; i < 5; ++i) {
    const Reply r = Client(port()).post("/api/events/spring/login", {{"password", "wrong-guess"}});
    ASSERT_EQ(r.status, 401) << r.body;
  }
  // The right password, on the other server, still waits out the lockout.
  const Reply on_b = Client(b->port()).post("/api/events/spring/login", {{"password", "eo-secret-spring"}});
  EXPECT_EQ(on_b.status, 429) << on_b.body;
  EXPECT_FALSE(on_b.header("Retry-After").empty());
}

TEST_F(SharedStateTest, ARestartForgivesNoWrongPassword) {
  create_event("spring");
  for (int i = 0; i < 5; ++i) Client(port()).post("/api/events/spring/login", {{"password", "wrong-guess"}});
  server_.reset();
  std::unique_ptr<Server> again = second();
  const Reply r = Client(again->port()).post("/api/events/spring/login", {{"password", "eo-secret-spring"}});
  EXPECT_EQ(r.status, 429) << r.body;
}

// Two servers starting together each find no secret, and each generates one: one is stored.
// f(0) and f(1) at once, on two threads.
template <class F>
std::pair<std::optional<std::string>, std::optional<std::string>> twice_at_once(F f) {
  std::optional<std::string> a, b;
  std::thread other([&] { b = f(1); });
  a = f(0);
  other.join();
  return {a, b};
}

TEST(SharedCredentials, TwoFirstStartsTogetherPrintOneAdminKeyThatBothAccept) {
  for (int round = 0; round < 5; ++round) {
    testing::TestDatabase db("server_SharedCredentials_admin_" + std::to_string(round));
    Credentials a(db.target(), 1000), b(db.target(), 1000);
    const auto [one, two] = twice_at_once([&](int i) { return (i == 0 ? a : b).ensure_admin_key(); });
    ASSERT_NE(one.has_value(), two.has_value()) << "exactly one start prints a key";
    const std::string key = one ? *one : *two;
    EXPECT_TRUE(a.check_admin_key(key));
    EXPECT_TRUE(b.check_admin_key(key));
  }
}

TEST(SharedCredentials, TwoFirstStartsTogetherStoreOneEoPassword) {
  for (int round = 0; round < 5; ++round) {
    testing::TestDatabase db("server_SharedCredentials_eo_" + std::to_string(round));
    Credentials a(db.target(), 1000), b(db.target(), 1000);
    const auto [one, two] = twice_at_once([&](int i) -> std::optional<std::string> {
      const std::string password = i == 0 ? "password-of-a" : "password-of-b";
      if ((i == 0 ? a : b).set_eo_password_if_absent("spring", password)) return password;
      return std::nullopt;
    });
    ASSERT_NE(one.has_value(), two.has_value()) << "exactly one start prints a password";
    const std::string password = one ? *one : *two;
    EXPECT_TRUE(a.check_eo_password("spring", password));
    EXPECT_TRUE(b.check_eo_password("spring", password));
    EXPECT_FALSE(a.set_eo_password_if_absent("spring", "a-third-one"));
    EXPECT_TRUE(b.check_eo_password("spring", password));
  }
}

TEST(SharedIdempotency, AStartingServerKeepsAnotherServersClaimInProgress) {
  testing::TestDatabase db("server_SharedIdempotency_live");
  IdempotentAnswers a(db.target());
  ASSERT_EQ(a.claim("event:spring|session:x", "k1", "fp").claim, IdempotentAnswers::Claim::claimed);
  IdempotentAnswers b(db.target());  // another server (re)starts on the database meanwhile
  EXPECT_EQ(b.claim("event:spring|session:x", "k1", "fp").claim, IdempotentAnswers::Claim::busy);
  a.finish("event:spring|session:x", "k1", 200, "{}");
  EXPECT_EQ(b.claim("event:spring|session:x", "k1", "fp").claim, IdempotentAnswers::Claim::replay);
}

TEST(SharedIdempotency, AStartingServerForgetsAClaimACrashLeft) {
  testing::TestDatabase db("server_SharedIdempotency_stale");
  const std::chrono::seconds keep = std::chrono::hours(24);
  const std::int64_t now = app::unix_seconds();
  {
    Store store = Store::open(db.target());
    // Claimed just over kStaleClaim ago, and just under: its expiry is its time plus the day kept.
    const std::int64_t old_claim = now - IdempotentAnswers::kStaleClaim.count() - 5;
    const std::int64_t recent = now - IdempotentAnswers::kStaleClaim.count() + 60;
    ASSERT_FALSE(store.claim_idempotent("s", "crashed", "fp", old_claim + keep.count()));
    ASSERT_FALSE(store.claim_idempotent("s", "running", "fp", recent + keep.count()));
  }
  IdempotentAnswers restarted(db.target(), keep);
  EXPECT_EQ(restarted.claim("s", "crashed", "fp").claim, IdempotentAnswers::Claim::claimed);
  EXPECT_EQ(restarted.claim("s", "running", "fp").claim, IdempotentAnswers::Claim::busy);
}

}  // namespace
}  // namespace gauntlet::server::test
