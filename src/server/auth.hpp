// Who is asking: login sessions (cookie -> role) and the PIN/password guessing limiter.
//
//   Sessions sessions;
//   auto [token, csrf] = sessions.create({"spring-open", Role::eo, ""});
//   std::optional<Login> who = sessions.find(token);     // nullopt: expired or unknown
//
//   RateLimiter limiter({.max_failures = 5, .lockout = std::chrono::minutes(5)});
//   if (auto wait = limiter.blocked("player:spring-open/p7")) return 429 with Retry-After *wait;
//   limiter.failure("player:spring-open/p7");
//
// Sessions live in memory: a restart logs everyone out, which is harmless (log in again) and
// keeps session tokens out of the database file the EO may copy around.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace gauntlet::server {

enum class Role { eo, player };

struct Login {
  std::string event_id;
  Role role = Role::player;
  std::string player;  // Role::player only
  std::string csrf;
  std::chrono::steady_clock::time_point expires;
};

class Sessions {
 public:
  explicit Sessions(std::chrono::seconds lifetime = std::chrono::hours(24)) : lifetime_(lifetime) {}
  struct Issued {
    std::string token, csrf;
  };
  Issued create(std::string event_id, Role role, std::string player);
  std::optional<Login> find(const std::string& token);
  void erase(const std::string& token);

 private:
  std::chrono::seconds lifetime_;
  std::mutex mutex_;
  std::unordered_map<std::string, Login> by_token_;
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
