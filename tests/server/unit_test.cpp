// The server's small pure pieces: hashing, tokens, cookies, the rate limiter, the strangers' work
// ration, content negotiation.
#include <gtest/gtest.h>
#include <qrencode.h>

#include <filesystem>
#include <regex>
#include <set>
#include <thread>

#include "server/anonymous_work.hpp"
#include "server/auth.hpp"
#include "server/crypto.hpp"
#include "server/negotiate.hpp"
#include "server/qr.hpp"

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

TEST(Negotiate, TheHighestQWinsAndTiesGoToBrThenGzip) {
  EXPECT_EQ(choose_coding("gzip, br", true), Coding::br);
  EXPECT_EQ(choose_coding("gzip;q=1.0, br;q=0.999", true), Coding::gzip);
  EXPECT_EQ(choose_coding("br;q=0", true), Coding::identity);
  EXPECT_EQ(choose_coding("*;q=0", true), Coding::identity);  // every coding refused: sent as it is
  EXPECT_EQ(choose_coding("identity;q=0, gzip;q=0.1", true), Coding::gzip);
  EXPECT_EQ(choose_coding("gzip;q=1.5", true), Coding::identity);     // q above 1: malformed, ignored
  EXPECT_EQ(choose_coding("gzip;q=0.5000", true), Coding::identity);  // more than 3 decimals
  EXPECT_EQ(choose_coding("\tBr\t", true), Coding::br);
  EXPECT_EQ(choose_coding("br, gzip", false), Coding::identity);  // a body too small to compress
}

TEST(Negotiate, IfNoneMatchComparesWeakly) {
  EXPECT_TRUE(none_match("\"a\"", "\"a\""));
  EXPECT_TRUE(none_match("W/\"a\"", "\"a\""));
  EXPECT_TRUE(none_match("\"b\",W/\"a\"", "\"a\""));
  EXPECT_TRUE(none_match(" * ", "\"a\""));
  EXPECT_FALSE(none_match("", "\"a\""));
  EXPECT_FALSE(none_match("\"ab\"", "\"a\""));
  EXPECT_FALSE(none_match("a", "\"a\""));        // unquoted: not an entity-tag
  EXPECT_FALSE(none_match("w/\"a\"", "\"a\""));  // the W/ prefix is case-sensitive
}

TEST(Auth, CookieValueFindsTheNamedCookie) {
  EXPECT_EQ(cookie_value("a=1; gauntlet_session=xyz; b=2", "gauntlet_session"), "xyz");
  EXPECT_EQ(cookie_value("xgauntlet_session=1", "gauntlet_session"), "");
  EXPECT_EQ(cookie_value("", "gauntlet_session"), "");
}

std::string fresh_db(const std::string& name) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("gauntlet_unit_" + name + ".db")).string();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

TEST(Auth, LimiterLocksAfterMaxFailuresAndForgetsOnSuccess) {
  RateLimiter limiter(fresh_db("limiter"), "player", {3, std::chrono::minutes(5)});
  for (int i = 0; i < 2; ++i) limiter.failure("k");
  EXPECT_FALSE(limiter.blocked("k"));
  limiter.failure("k");
  ASSERT_TRUE(limiter.blocked("k"));
  EXPECT_GT(limiter.blocked("k")->count(), 0);
  EXPECT_LE(limiter.blocked("k")->count(), 300);
  EXPECT_FALSE(limiter.blocked("other"));
  limiter.success("k");
  EXPECT_FALSE(limiter.blocked("k"));
}

TEST(Auth, AnAttemptIsCountedBeforeItsCheckAndOneThatWasNoGuessIsGivenBack) {
  RateLimiter limiter(fresh_db("limiter_attempts"), "player", {3, std::chrono::minutes(5)});
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(limiter.attempt("k")) << i;  // counted, then checked
  const auto refused = limiter.attempt("k");  // the fourth is over the limit: not to be checked
  ASSERT_TRUE(refused);
  EXPECT_GT(refused->count(), 0);
  EXPECT_LE(refused->count(), 300);
  EXPECT_TRUE(limiter.blocked("k"));
  limiter.success("k");
  EXPECT_FALSE(limiter.attempt("k"));
  limiter.release("k");  // a right credential at a shared address: nothing stays counted
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(limiter.attempt("k")) << i;
  EXPECT_TRUE(limiter.attempt("k"));
}

TEST(Auth, LimiterKindsCountApartAndSurviveTheirObject) {
  const std::string db = fresh_db("limiter_kinds");
  {
    RateLimiter players(db, "player", {2, std::chrono::minutes(5)});
    players.failure("k");
    players.failure("k");
    ASSERT_TRUE(players.blocked("k"));
  }
  EXPECT_TRUE(RateLimiter(db, "player", {2, std::chrono::minutes(5)}).blocked("k"));  // a restart
  EXPECT_FALSE(RateLimiter(db, "address", {2, std::chrono::minutes(5)}).blocked("k"));
}

TEST(Auth, LimiterForgivesFailuresOnceTheWindowEnds) {
  RateLimiter limiter(fresh_db("limiter_window"), "player", {1, std::chrono::seconds(1)});
  limiter.failure("k");
  ASSERT_TRUE(limiter.blocked("k"));
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // whole seconds are stored
  EXPECT_FALSE(limiter.blocked("k"));
  limiter.failure("k");  // a new window, counted from 1
  EXPECT_TRUE(limiter.blocked("k"));
}

TEST(Auth, SessionsCarryRoleAndCsrf) {
  Sessions sessions(fresh_db("sessions"));
  const auto issued = sessions.create("ev", Role::player, "p3");
  const auto login = sessions.find(issued.token);
  ASSERT_TRUE(login);
  EXPECT_EQ(login->player, "p3");
  EXPECT_EQ(login->csrf, issued.csrf);
  sessions.erase(issued.token);
  EXPECT_FALSE(sessions.find(issued.token));
}

TEST(Auth, SessionsOutliveTheirSessionsObject) {
  const std::string db = fresh_db("sessions_outlive");
  Sessions::Issued issued;
  { issued = Sessions(db).create("ev", Role::eo, ""); }
  const auto login = Sessions(db).find(issued.token);
  ASSERT_TRUE(login);
  EXPECT_EQ(login->role, Role::eo);
  EXPECT_FALSE(Sessions(db, std::chrono::seconds(-1))
                   .find(Sessions(db, std::chrono::seconds(-1)).create("ev", Role::eo, "").token));
}

TEST(Crypto, Sha256IsTheStandardDigest) {
  EXPECT_EQ(sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");  // FIPS 180-2
}

// A valid SVG whose squares are exactly the QR's dark modules, on the module count plus the quiet zone.
TEST(Qr, SvgHasOneSquarePerDarkModuleOfTheTextsCode) {
  const std::string text = "http://192.168.1.20:8080/player.html?event=spring-open&player=p7";
  const std::string svg = qr_svg(text);
  QRcode* code = QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M);
  ASSERT_TRUE(code);
  int dark = 0;
  for (int i = 0; i < code->width * code->width; ++i) dark += code->data[i] & 1;
  const int width = code->width;
  QRcode_free(code);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  const std::string side = std::to_string(width + 8);
  EXPECT_NE(svg.find("viewBox=\"0 0 " + side + " " + side + "\""), std::string::npos);
  EXPECT_NE(svg.find("data-modules=\"" + std::to_string(width) + "\""), std::string::npos);
  EXPECT_EQ(width, 4 * 5 + 17) << "version 5 for a 66-byte URL at level M";
  const std::regex square("M(\\d+) (\\d+)h1v1h-1z");
  int squares = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), square); it != std::sregex_iterator(); ++it) {
    ++squares;
    EXPECT_GE(std::stoi((*it)[1]), 4);
    EXPECT_LT(std::stoi((*it)[1]), width + 4);
  }
  EXPECT_EQ(squares, dark);
}

// Strangers' terrain: one request at a time on the whole server (the other core stays the
// readers'), and a budget per address that a new window renews.
TEST(AnonymousWork, OneStrangersRequestRunsAtATimeAndEachAddressHasABudgetPerWindow) {
  AnonymousWork work({.units = 10, .window = std::chrono::minutes(1), .at_once = 1});
  {
    const AnonymousWork::Grant first = work.take("192.0.2.1", 4, 0);
    EXPECT_TRUE(first);
    const AnonymousWork::Grant meanwhile = work.take("192.0.2.2", 1, 10);
    EXPECT_FALSE(meanwhile);
    EXPECT_TRUE(meanwhile.busy);
    EXPECT_EQ(meanwhile.retry_after, 1);
  }
  EXPECT_TRUE(work.take("192.0.2.2", 1, 20)) << "the slot is free once the first answer is made";
  EXPECT_TRUE(work.take("192.0.2.1", 6, 1000));
  const AnonymousWork::Grant spent = work.take("192.0.2.1", 1, 2000);
  EXPECT_FALSE(spent);
  EXPECT_FALSE(spent.busy);
  EXPECT_EQ(spent.retry_after, 58);  // the window opened at 0 ends at 60 s
  EXPECT_TRUE(work.take("192.0.2.3", 10, 2000)) << "another address has its own budget";
  EXPECT_TRUE(work.take("192.0.2.1", 10, 60000)) << "a new window, a new budget";
}

}  // namespace
}  // namespace gauntlet::server
