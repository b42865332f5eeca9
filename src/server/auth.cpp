#include "server/auth.hpp"

#include "server/crypto.hpp"

namespace gauntlet::server {

using Clock = std::chrono::steady_clock;

Sessions::Issued Sessions::create(std::string event_id, Role role, std::string player) {
  Issued issued{random_token(), random_token(16)};
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  // Drop expired sessions now and then so the map cannot grow without bound.
  if (by_token_.size() % 256 == 255)
    std::erase_if(by_token_, [&](const auto& kv) { return kv.second.expires < now; });
  by_token_[issued.token] = Login{std::move(event_id), role, std::move(player), issued.csrf, now + lifetime_};
  return issued;
}

std::optional<Login> Sessions::find(const std::string& token) {
  if (token.empty()) return std::nullopt;
  std::lock_guard lock(mutex_);
  const auto it = by_token_.find(token);
  if (it == by_token_.end()) return std::nullopt;
  if (it->second.expires < Clock::now()) {
    by_token_.erase(it);
    return std::nullopt;
  }
  return it->second;
}

void Sessions::erase(const std::string& token) {
  std::lock_guard lock(mutex_);
  by_token_.erase(token);
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
