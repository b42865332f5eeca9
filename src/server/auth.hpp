// Who is asking: login sessions (cookie -> role) and the PIN/password guessing limiter.
//
//   Sessions sessions("gauntlet.db");
//   auto [token, csrf] = sessions.create("spring-open", Role::eo, "");
//   std::optional<Login> who = sessions.find(token);     // nullopt: expired or unknown
//
//   RateLimiter limiter({.max_failures = 5, .lockout = std::chrono::minutes(5)});
//   if (auto wait = limiter.blocked("player:spring-open/p7")) return 429 with Retry-After *wait;
//   limiter.failure("player:spring-open/p7");
//
// Sessions live in the database beside the journal (server_sessions), so a restart of
// `gauntlet serve` logs nobody out mid-round. Only the SHA-256 of a token is stored: the file
// the EO may copy around holds nothing a browser could present as a cookie.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "journal/store.hpp"

namespace gauntlet::server {

enum class Role { eo, player, judge };
const char* to_string(Role role);  // "eo", "player", "judge"

struct Login {
  std::string event_id;
  Role role = Role::player;
  std::string player;  // Role::player: the player's id; Role::judge: the judge's name
  std::string csrf;
  std::int64_t expires = 0;  // Unix seconds
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
};

class RateLimiter {
 public:
  explicit RateLimiter(RateLimit limit) : limit_(limit) {}
  // Seconds to wait when `key` is locked out, else nullopt.
  std::optional<std::chrono::seconds> blocked(const std::string& key);
  void failure(const std::string& key);
  void success(const std::string& key);

 private:
  struct Entry {
    int failures = 0;
    std::chrono::steady_clock::time_point window_end;  // failures older than the window are forgiven
  };
  RateLimit limit_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

// The value of cookie `name` in a Cookie header ("a=1; gauntlet_session=xyz"), or "".
std::string cookie_value(std::string_view header, std::string_view name);

}  // namespace gauntlet::server
