#include "server/auth.hpp"

#include <algorithm>

#include "app/clock.hpp"
#include "server/crypto.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

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
    case Role::organizer:
      return "organizer";
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
  const Role role = s->role == "eo"          ? Role::eo
                    : s->role == "judge"     ? Role::judge
                    : s->role == "organizer" ? Role::organizer
                                             : Role::player;
  return Login{s->event_id, role, s->player, s->csrf, s->expires, ""};
}

void Sessions::erase(const std::string& token) {
  std::lock_guard lock(mutex_);
  store_.erase_session(sha256_hex(token));
}

namespace {

// One row per limited key: its failures in the current window and the window's end. The key is
// prefixed with the limiter's kind, so the per-player and per-address counts never meet.
constexpr const char* kLimiterSchema = R"sql(
CREATE TABLE IF NOT EXISTS login_failures(
  key TEXT PRIMARY KEY, failures INTEGER NOT NULL, window_end INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS login_backoff(
  key TEXT PRIMARY KEY, attempts INTEGER NOT NULL, wait INTEGER NOT NULL, not_before INTEGER NOT NULL,
  forget_at INTEGER NOT NULL, admitted INTEGER NOT NULL);
)sql";

// A statement whose `:now` stand for the same parameter: each becomes a typed placeholder (a bare
// `? + 30` leaves PostgreSQL guessing the type) followed by `now` in the parameters.
std::pair<std::string, std::vector<sqldb::Value>> with_now(std::string_view sql, std::int64_t now,
                                                           std::vector<sqldb::Value> first) {
  std::string out;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    if (sql.substr(i, 4) == ":now") {
      out += "CAST(? AS BIGINT)";
      first.emplace_back(now);
      i += 3;
    } else {
      out += sql[i];
    }
  }
  return {out, std::move(first)};
}

}  // namespace

RateLimiter::RateLimiter(const std::string& db_path, std::string kind, RateLimit limit)
    : source_(sqldb::open(db_path, "PRAGMA journal_mode=WAL")), kind_(std::move(kind)), limit_(limit) {
  sqldb::create_schema(*source_->lease(), kLimiterSchema);
}

std::optional<std::chrono::seconds> RateLimiter::blocked(const std::string& key) {
  const std::int64_t now = app::unix_seconds();
  std::lock_guard lock(mutex_);
  if (backoff()) {
    const sqldb::Rows r = source_->lease()->query(
        "SELECT not_before, forget_at FROM login_backoff WHERE key = ?", {kind_ + "|" + key});
    if (r.rows.empty()) return std::nullopt;
    const std::int64_t not_before = r.rows.front().integer(0), forget_at = r.rows.front().integer(1);
    if (now >= forget_at || now >= not_before) return std::nullopt;
    return std::chrono::seconds(not_before - now);
  }
  const sqldb::Rows r = source_->lease()->query(
      "SELECT failures, window_end FROM login_failures WHERE key = ?", {kind_ + "|" + key});
  if (r.rows.empty()) return std::nullopt;
  const std::int64_t failures = r.rows.front().integer(0), window_end = r.rows.front().integer(1);
  if (now >= window_end || failures < limit_.max_failures) return std::nullopt;
  return std::chrono::seconds(window_end - now);
}

// One statement, as for the window (below): it admits the attempt when the key was forgotten or its
// wait is over, counts it, and sets the wait the next attempt must keep; an attempt during the wait
// changes nothing (it never lengthens the wait) and learns how long is left. SET reads the row as it
// was on both databases, so `admitted` tells this statement's own decision.
std::optional<std::chrono::seconds> RateLimiter::attempt_backoff(const std::string& key) {
  const std::int64_t now = app::unix_seconds(), free = limit_.max_failures;
  const std::string first = std::to_string(limit_.first_wait.count()),
                    cap = std::to_string(limit_.lockout.count()), keep = cap;
  const std::string forgotten = "login_backoff.forget_at <= :now", open = "login_backoff.not_before <= :now";
  // The wait after the attempt that makes `attempts` of them: none within the free ones, then
  // first, doubled each time, at most the cap.
  const std::string first_count_wait = free > 1 ? "0" : first;
  const std::string next_wait = "(CASE WHEN login_backoff.attempts + 1 < " + std::to_string(free) +
                                " THEN 0 WHEN login_backoff.wait = 0 THEN " + first +
                                " WHEN login_backoff.wait * 2 > " + cap + " THEN " + cap +
                                " ELSE login_backoff.wait * 2 END)";
  const std::string sql =
      "INSERT INTO login_backoff(key, attempts, wait, not_before, forget_at, admitted) VALUES(?, 1, " +
      first_count_wait + ", :now + " + first_count_wait + ", :now + " + first_count_wait + " + " + keep +
      ", 1) ON CONFLICT(key) DO UPDATE SET "
      "admitted = CASE WHEN " +
      forgotten + " OR " + open +
      " THEN 1 ELSE 0 END, "
      "attempts = CASE WHEN " +
      forgotten + " THEN 1 WHEN " + open +
      " THEN login_backoff.attempts + 1 ELSE login_backoff.attempts END, "
      "wait = CASE WHEN " +
      forgotten + " THEN " + first_count_wait + " WHEN " + open + " THEN " + next_wait +
      " ELSE login_backoff.wait END, "
      "not_before = CASE WHEN " +
      forgotten + " THEN :now + " + first_count_wait + " WHEN " + open + " THEN :now + " + next_wait +
      " ELSE login_backoff.not_before END, "
      "forget_at = CASE WHEN " +
      forgotten + " THEN :now + " + first_count_wait + " + " + keep + " WHEN " + open + " THEN :now + " +
      next_wait + " + " + keep +
      " ELSE login_backoff.forget_at END "
      "RETURNING admitted, not_before";
  const std::string full_key = kind_ + "|" + key;  // the parameters view it
  const auto [text, params] = with_now(sql, now, {std::string_view(full_key)});
  std::lock_guard lock(mutex_);
  sqldb::Lease db = source_->lease();
  const sqldb::Rows r = db->query(text, std::span<const sqldb::Value>(params));
  if (++failures_ % 256 == 0) db->query("DELETE FROM login_backoff WHERE forget_at <= ?", {now});
  if (r.rows.at(0).integer(0) == 1) return std::nullopt;
  return std::chrono::seconds(std::max<std::int64_t>(r.rows.at(0).integer(1) - now, 1));
}

std::optional<std::chrono::seconds> RateLimiter::attempt(const std::string& key) {
  if (backoff()) return attempt_backoff(key);
  const std::int64_t now = app::unix_seconds(), end = now + limit_.lockout.count();
  const std::int64_t max = limit_.max_failures;
  std::lock_guard lock(mutex_);
  sqldb::Lease db = source_->lease();
  // One statement counts and reads (the database serialises it per key), so two servers or two
  // workers never both see the count before the other's attempt: checking first and counting after
  // let 30 simultaneous guesses through a limit of 20. A window that ended starts again at 1; the
  // lockout runs from the attempt that reached the limit, and attempts refused during it do not
  // lengthen it.
  const sqldb::Rows r = db->query(
      "INSERT INTO login_failures(key, failures, window_end) VALUES(?, 1, ?) "
      "ON CONFLICT(key) DO UPDATE SET "
      "failures = CASE WHEN login_failures.window_end <= ? THEN 1 ELSE login_failures.failures + 1 END, "
      "window_end = CASE WHEN login_failures.window_end <= ? OR login_failures.failures + 1 = ? "
      "THEN ? ELSE login_failures.window_end END "
      "RETURNING failures, window_end",
      {kind_ + "|" + key, end, now, now, max, end});
  // Now and then, so windows that ended do not pile up.
  if (++failures_ % 256 == 0) db->query("DELETE FROM login_failures WHERE window_end <= ?", {now});
  const std::int64_t failures = r.rows.at(0).integer(0), window_end = r.rows.at(0).integer(1);
  if (failures <= max) return std::nullopt;
  return std::chrono::seconds(std::max<std::int64_t>(window_end - now, 1));
}

void RateLimiter::release(const std::string& key) {
  std::lock_guard lock(mutex_);
  if (backoff()) {
    // The attempt was no guess: one fewer, and the wait it set goes back to the one before it.
    source_->lease()->query(
        "UPDATE login_backoff SET attempts = attempts - 1, "
        "not_before = CASE WHEN attempts - 1 < ? THEN 0 ELSE not_before - wait + wait / 2 END, "
        "wait = CASE WHEN attempts - 1 < ? THEN 0 ELSE wait / 2 END WHERE key = ? AND attempts > 0",
        {std::int64_t{limit_.max_failures}, std::int64_t{limit_.max_failures}, kind_ + "|" + key});
    return;
  }
  source_->lease()->query("UPDATE login_failures SET failures = failures - 1 WHERE key = ? AND failures > 0",
                          {kind_ + "|" + key});
}

void RateLimiter::failure(const std::string& key) {
  (void)attempt(key);
}

void RateLimiter::success(const std::string& key) {
  std::lock_guard lock(mutex_);
  source_->lease()->query(
      backoff() ? "DELETE FROM login_backoff WHERE key = ?" : "DELETE FROM login_failures WHERE key = ?",
      {kind_ + "|" + key});
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
