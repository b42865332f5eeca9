// Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"): the first answer to a
// state-changing request that carried the header is kept 24 h in the database; a repeat gets it
// back unchanged and writes nothing. A double tap on a phone, or a retry after a lost answer,
// thus publishes one round, not two.
//
//   IdempotentAnswers answers("gauntlet.db");
//   auto seen = answers.claim("event:spring|session:ab12", key, fingerprint);
//   if (seen.claim == Claim::claimed) { ...handle...; answers.finish(scope, key, 200, body); }
//
// Only an authenticated caller's request is claimed (app.cpp `once`): an anonymous one stores
// nothing. Each caller's scope (its session, or the admin key) holds at most `quota` answers at a
// time, so one login cannot fill the database with fresh keys either (docs/security.md).
//
// Claims are rows with a primary key, so two requests with one key race in the database, not here
// (also between servers on one PostgreSQL database). A claim whose request never finished (the
// server crashed) is forgotten once it is kStaleClaim old, at start and now and then: never a claim
// another live server may still be processing (no request runs that long).
#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "journal/store.hpp"

namespace gauntlet::server {

class IdempotentAnswers {
 public:
  // An EO entering every result of a 256-table event by hand, six rounds, stays well under it.
  static constexpr int kDefaultQuota = 2000;
  explicit IdempotentAnswers(const std::string& db_path, std::chrono::seconds keep = std::chrono::hours(24),
                             int quota = kDefaultQuota);
  // Longer than any request takes (the slowest, a large event's pairing or PDF, take seconds), so a
  // claim this old was left by a crash. A retry of such a request within it answers 409.
  static constexpr std::chrono::seconds kStaleClaim = std::chrono::minutes(5);

  enum class Claim {
    claimed,     // first time: process the request, then finish() or release()
    replay,      // answered before: send status and body again
    busy,        // the first request with this key is still being processed (draft: 409)
    mismatch,    // the key came with a different request (draft: 422)
    over_quota,  // the scope holds its quota of answers: nothing stored (429)
  };
  struct Seen {
    Claim claim = Claim::claimed;
    int status = 0;
    std::string body;
    std::int64_t retry_after = 0;  // over_quota: seconds until the scope's oldest answer is forgotten
  };
  int quota() const { return quota_; }
  Seen claim(const std::string& scope, const std::string& key, const std::string& fingerprint);
  void finish(const std::string& scope, const std::string& key, int status, const std::string& body);
  void release(const std::string& scope, const std::string& key);

 private:
  void forget_stale(std::int64_t now);
  std::chrono::seconds keep_;
  int quota_;
  std::mutex mutex_;  // one SQLite connection, one caller at a time
  Store store_;
  int claims_ = 0;
};

}  // namespace gauntlet::server
