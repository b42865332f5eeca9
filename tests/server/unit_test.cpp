// The server's small pure pieces: hashing, tokens, cookies, the rate limiter.
#include <gtest/gtest.h>

#include <set>

#include "server/auth.hpp"
#include "server/crypto.hpp"

namespace gauntlet::server {
namespace {

TEST(Crypto, PasswordsVerifyOnlyThemselves) {
  const PasswordHash h = hash_password("correct horse", 1000);
  EXPECT_TRUE(verify_password("correct horse", h));
  EXPECT_FALSE(verify_password("correct horsE", h));
  EXPECT_NE(hash_password("correct horse", 1000).salt, h.salt);  // salted
  EXPECT_EQ(h.hash.size(), 64u);
}

TEST(Crypto, PinsAreSixDigitsAndTokensDiffer) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    const std::string pin = random_pin();
    ASSERT_EQ(pin.size(), 6u);
    EXPECT_EQ(pin.find_first_not_of("0123456789"), std::string::npos);
    seen.insert(random_token());
  }
  EXPECT_EQ(seen.size(), 200u);
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
  EXPECT_FALSE(constant_time_equal("abc", "abcd"));
}

TEST(Auth, CookieValueFindsTheNamedCookie) {
  EXPECT_EQ(cookie_value("a=1; gauntlet_session=xyz; b=2", "gauntlet_session"), "xyz");
  EXPECT_EQ(cookie_value("xgauntlet_session=1", "gauntlet_session"), "");
  EXPECT_EQ(cookie_value("", "gauntlet_session"), "");
}

TEST(Auth, LimiterLocksAfterMaxFailuresAndForgetsOnSuccess) {
  RateLimiter limiter({3, std::chrono::minutes(5)});
  for (int i = 0; i < 2; ++i) limiter.failure("k");
  EXPECT_FALSE(limiter.blocked("k"));
  limiter.failure("k");
  ASSERT_TRUE(limiter.blocked("k"));
  EXPECT_GT(limiter.blocked("k")->count(), 0);
  EXPECT_FALSE(limiter.blocked("other"));
  limiter.success("k");
  EXPECT_FALSE(limiter.blocked("k"));
}

TEST(Auth, SessionsCarryRoleAndCsrf) {
  Sessions sessions;
  const auto issued = sessions.create("ev", Role::player, "p3");
  const auto login = sessions.find(issued.token);
  ASSERT_TRUE(login);
  EXPECT_EQ(login->player, "p3");
  EXPECT_EQ(login->csrf, issued.csrf);
  sessions.erase(issued.token);
  EXPECT_FALSE(sessions.find(issued.token));
}

}  // namespace
}  // namespace gauntlet::server
