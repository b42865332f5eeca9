#include "server/idempotency.hpp"

#include <algorithm>

#include "app/clock.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

namespace {

// One SQLite connection takes one caller at a time. PostgreSQL's pool takes several, and the table's
// primary key decides between claims (as it does between servers on one database): behind one mutex,
// a burst of 1 024 player reports queued for two commits each (issue 15 point 4).
std::unique_lock<std::mutex> one_at_a_time(std::mutex& mutex, const Store& store) {
  if (sqldb::is_postgresql_url(store.target())) return std::unique_lock<std::mutex>(mutex, std::defer_lock);
  return std::unique_lock<std::mutex>(mutex);
}

}  // namespace

IdempotentAnswers::IdempotentAnswers(const std::string& db_path, std::chrono::seconds keep, int quota)
    : keep_(keep), quota_(quota), store_(Store::open(db_path)) {
  forget_stale(app::unix_seconds());
}

void IdempotentAnswers::forget_stale(std::int64_t now) {
  // A claim left by a crash must not answer 409 "still being processed" for a day. Yet other
  // servers on the database may be processing theirs right now, so only claims made more than
  // kStaleClaim ago go: a claim's expiry is its time plus `keep_`, the same on every server.
  store_.release_stale_idempotent(now + keep_.count() - kStaleClaim.count());
  store_.purge_expired(now);
}

IdempotentAnswers::Seen IdempotentAnswers::claim(const std::string& scope, const std::string& key,
                                                 const std::string& fingerprint) {
  const std::unique_lock lock = one_at_a_time(mutex_, store_);
  const std::int64_t now = app::unix_seconds();
  // Now and then, so the table holds about a day of answers. The count is always under mutex_.
  bool purge = false;
  if (lock.owns_lock()) {
    purge = ++claims_ % 256 == 0;
  } else {
    const std::lock_guard count(mutex_);
    purge = ++claims_ % 256 == 0;
  }
  if (purge) forget_stale(now);
  auto first = store_.claim_idempotent(scope, key, fingerprint, now + keep_.count(), quota_);
  if (first && first->over_quota) {
    // Expired answers count until purged: purge, then look once more.
    forget_stale(now);
    first = store_.claim_idempotent(scope, key, fingerprint, now + keep_.count(), quota_);
  }
  if (!first) return {Claim::claimed, 0, ""};
  if (first->over_quota)
    return {Claim::over_quota, 0, "", std::max<std::int64_t>(1, first->oldest_expires - now)};
  if (first->fingerprint != fingerprint) return {Claim::mismatch, 0, ""};
  if (first->status == 0) return {Claim::busy, 0, ""};
  return {Claim::replay, first->status, first->body};
}

void IdempotentAnswers::finish(const std::string& scope, const std::string& key, int status,
                               const std::string& body) {
  const std::unique_lock lock = one_at_a_time(mutex_, store_);
  store_.finish_idempotent(scope, key, status, body);
}

void IdempotentAnswers::release(const std::string& scope, const std::string& key) {
  const std::unique_lock lock = one_at_a_time(mutex_, store_);
  store_.release_idempotent(scope, key);
}

}  // namespace gauntlet::server
