// Who is asking: login sessions (cookie -> role) and the PIN/password guessing limiter.
//
//   Sessions sessions("gauntlet.db");
//   auto [token, csrf] = sessions.create("spring-open", Role::eo, "");
//   std::optional<Login> who = sessions.find(token);     // nullopt: expired or unknown
//
//   RateLimiter limiter("gauntlet.db", "player", {.max_failures = 5, .lockout = std::chrono::minutes(5)});
//   if (auto wait = limiter.attempt("player:spring-open/p7")) return 429 with Retry-After *wait;
//   right PIN ? limiter.success("player:spring-open/p7") : keep the attempt counted;
//
// Sessions and failed logins live in the database beside the journal (server_sessions,
// login_failures), so a restart of `gauntlet serve` logs nobody out mid-round, forgives no guess,
// and several servers on one PostgreSQL database (issue 15) share both. Only the SHA-256 of a token is
// stored: the file the EO may copy around holds nothing a browser could present as a cookie.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "journal/store.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

// `organizer`: an organizer account's login (issue 15 point 3), of no event; at an event it acts as
// the role it holds there (session_of in api.hpp).
enum class Role { eo, player, judge, organizer };
const char* to_string(Role role);  // "eo", "player", "judge", "organizer"

struct Login {
  std::string event_id;
  Role role = Role::player;
  // Role::player: the player's id; Role::judge: the judge's name; Role::organizer: the login.
  std::string player;
  std::string csrf;
  std::int64_t expires = 0;  // Unix seconds
  std::string organizer;     // the organizer's login when an organizer account acts at the event
};

class Sessions {
 public:
  explicit Sessions(const std::string& db_path, std::chrono::seconds lifetime = std::chrono::hours(24));
  struct Issued {
    std::string token, csrf;
  };
  Issued create(std::string event_id, Role role, std::string player);
  std::optional<Login> find(const std::string& token);
  void erase(const std::string& token);

 private:
  std::chrono::seconds lifetime_;
  std::mutex mutex_;  // one SQLite connection, one caller at a time
  Store store_;
  int created_ = 0;
};

struct RateLimit {
  int max_failures = 5;
  std::chrono::seconds lockout = std::chrono::minutes(5);
  // Back-off instead of lock-out when above zero: past `max_failures` attempts each further one
  // waits, `first_wait` at first and twice as long after every one, up to `lockout`; a key is
  // forgotten `lockout` after the last wait ends. Someone who mistyped five times waits half a
  // minute, not five minutes; a guesser gets a handful more guesses an hour.
  std::chrono::seconds first_wait{0};
};

// Counts failures per key in the database (table login_failures; login_backoff for a back-off
// limit): a guess made on one server counts
// on every server of the database. A window's end is stored as wall-clock Unix seconds, not a
// steady_clock reading: a steady clock's epoch is the machine's boot, meaningless to another
// machine or after a restart. A clock step moves a lockout by as much, which is harmless.
class RateLimiter {
 public:
  // `kind` keeps this limiter's keys apart from another's on the same table ("player", "address").
  RateLimiter(const std::string& db_path, std::string kind, RateLimit limit);
  // Counts an attempt at `key` before its credential is checked and reads the count in the same
  // statement: attempts made at once, on one server or several, each see those before them, so no
  // more than `max_failures` of them in a window reach the check. Seconds to wait when this attempt
  // is over the limit (do not check it), else nullopt. The attempt stays counted: a wrong credential
  // leaves it so; release() gives back one that was no guess.
  std::optional<std::chrono::seconds> attempt(const std::string& key);
  void release(const std::string& key);  // an attempt that was no guess: one fewer
  // Seconds to wait when the next attempt at `key` would be over the limit, else nullopt. One read.
  std::optional<std::chrono::seconds> blocked(const std::string& key);
  void failure(const std::string& key);  // a failed attempt, counted as attempt() counts it
  void success(const std::string& key);  // forgets the key's failures

 private:
  std::shared_ptr<sqldb::Source> source_;
  std::string kind_;
  RateLimit limit_;
  std::mutex mutex_;  // a SQLite source is one connection, one caller at a time
  int failures_ = 0;
  bool backoff() const { return limit_.first_wait.count() > 0; }
  std::optional<std::chrono::seconds> attempt_backoff(const std::string& key);
};

// The value of cookie `name` in a Cookie header ("a=1; gauntlet_session=xyz"), or "".
std::string cookie_value(std::string_view header, std::string_view name);

}  // namespace gauntlet::server
