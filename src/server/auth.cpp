#include "server/auth.hpp"

#include "app/clock.hpp"
#include "server/crypto.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

using Clock = std::chrono::steady_clock;

Sessions::Sessions(const std::string& db_path, std::chrono::seconds lifetime)
    : lifetime_(lifetime), store_(Store::open(db_path)) {
  store_.purge_expired(app::unix_seconds());
}

const char* to_string(Role role) {
  switch (role) {
    case Role::eo:
      return "eo";
    case Role::judge:
      return "judge";
    case Role::player:
      break;
  }
  return "player";
}

Sessions::Issued Sessions::create(std::string event_id, Role role, std::string player) {
  Issued issued{random_token(), random_token(16)};
  const std::int64_t now = app::unix_seconds();
  std::lock_guard lock(mutex_);
  // Drop expired sessions now and then so the table cannot grow without bound.
  if (++created_ % 256 == 0) store_.purge_expired(now);
  store_.put_session(sha256_hex(issued.token),
                     SessionRecord{std::move(event_id), to_string(role), std::move(player), issued.csrf,
                                   now + lifetime_.count()});
  return issued;
}

std::optional<Login> Sessions::find(const std::string& token) {
  if (token.empty()) return std::nullopt;
  // One SQLite connection takes one caller at a time; PostgreSQL's pool takes several, and every
  // request looks its login up: serialised, a burst of 1 024 reports queued here (issue 15 point 4).
  std::unique_lock lock(mutex_, std::defer_lock);
  if (!sqldb::is_postgresql_url(store_.target())) lock.lock();
  const auto s = store_.find_session(sha256_hex(token), app::unix_seconds());
  if (!s) return std::nullopt;
  const Role role = s->role == "eo" ? Role::eo : s->role == "judge" ? Role::judge : Role::player;
  return Login{s->event_id, role, s->player, s->csrf, s->expires};
}

void Sessions::erase(const std::string& token) {
  std::lock_guard lock(mutex_);
  store_.erase_session(sha256_hex(token));
}

std::optional<std::chrono::seconds> RateLimiter::blocked(const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  const auto now = Clock::now();
  if (now >= it->second.window_end) {
    entries_.erase(it);
    return std::nullopt;
  }
  if (it->second.failures < limit_.max_failures) return std::nullopt;
  return std::chrono::ceil<std::chrono::seconds>(it->second.window_end - now);
}

void RateLimiter::failure(const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  Entry& e = entries_[key];
  if (now >= e.window_end) e = Entry{0, now + limit_.lockout};
  // The lockout runs from the failure that reached the limit.
  if (++e.failures >= limit_.max_failures) e.window_end = now + limit_.lockout;
}

void RateLimiter::success(const std::string& key) {
  std::lock_guard lock(mutex_);
  entries_.erase(key);
}

std::string cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    const auto semi = header.find(';');
    std::string_view part = header.substr(0, semi);
    header = semi == std::string_view::npos ? std::string_view{} : header.substr(semi + 1);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    const auto eq = part.find('=');
    if (eq != std::string_view::npos && part.substr(0, eq) == name) return std::string(part.substr(eq + 1));
  }
  return "";
}

}  // namespace gauntlet::server
