// The append-only journal on SQLite or PostgreSQL: the only place Gauntlet's state is persisted.
//
//   Store store = Store::open("gauntlet.db");          // creates the schema if new
//   store.create_event("spring-open", first);          // first entry: a CreateEvent command
//   std::int64_t seq = store.append("spring-open", 1, entry);  // one transaction, or ConflictError
//   std::vector<JournalEntry> journal = store.load("spring-open");
//
// Every append is one transaction (SQLite: WAL mode with synchronous=FULL; PostgreSQL: a commit,
// durable as the server is configured): once append() returns, the entry survives a crash or power
// loss. Journal rows are never updated or deleted;
// triggers in the schema refuse both, so not even a bug here can rewrite history. Beside the journal,
// a checkpoint per event (issue 16 point 2) lets opening skip parsing the entries it covers.
// Errors are thrown as ErrorException (this is an adapter at the edge of the core). Use one
// EventSession (journal/session.hpp) per event rather than appending by hand.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "checkpoint/checkpoint.hpp"
#include "engine/engine.hpp"

namespace gauntlet {

struct EventSummary {
  std::string id;  // slug chosen at creation, e.g. "spring-open"
  std::string name;
  std::int64_t entries = 0;
};

// A login session as the server keeps it beside the journal (never in it, never exported).
struct SessionRecord {
  std::string event_id;
  std::string role;    // "eo" or "player"
  std::string player;  // role "player" only
  std::string csrf;
  std::int64_t expires = 0;  // Unix seconds
};

// The first answer to a request that carried an Idempotency-Key; status 0: still being processed.
struct IdempotentAnswer {
  std::string fingerprint;  // of the request (method, target, body)
  int status = 0;
  std::string body;
  // Nothing was claimed: the scope already holds its quota of answers (claim_idempotent), the
  // oldest of which expires at `oldest_expires`.
  bool over_quota = false;
  std::int64_t oldest_expires = 0;
};

// What opening an event reads (issue 16 point 2): its checkpoint when one can be used, and the
// journal after it.
struct StoredJournal {
  // Nullopt when the event has none, or it was written by another build (format_signature), does
  // not decode, or does not match the journal's entry at its seq.
  std::optional<Checkpoint> checkpoint;
  std::vector<JournalEntry> tail;  // the entries after checkpoint->seq; the whole journal without one
};

// Someone else got there first: the journal moved past the expected seq (another process
// appended), or the event id is taken. Reload and decide again, or report.
struct ConflictError : ErrorException {
  using ErrorException::ErrorException;
};

class Store {
 public:
  static constexpr int kSchemaVersion = 1;
  // On PostgreSQL every create, import and append notifies this channel with "<event id> <last
  // seq>" when it commits (sqldb::listen), so every server on the database follows the journal.
  static constexpr const char* kJournalChannel = "gauntlet_journal";

  // `path`: a SQLite file (created if missing) or a PostgreSQL URL ("postgresql://user@host/db",
  // libpq's syntax), whose tables are created on first use (issue 15).
  static Store open(const std::string& path);
  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  // What open() was given, as it may be printed (a URL's password hidden).
  const std::string& target() const;
  std::vector<EventSummary> events() const;  // oldest first
  // What is wrong with the database itself (gauntlet verify), empty when nothing is: on SQLite what
  // PRAGMA integrity_check reports (torn or corrupt pages, broken indexes); on either database a
  // missing append-only trigger (the journal could then be rewritten). Throws ErrorException.
  std::vector<std::string> integrity_problems() const;
  bool has_event(const std::string& event_id) const;
  // Registers event `event_id` (lowercase letters, digits and '-') with `first` as seq 1;
  // `first` must hold a CreateEvent. A taken id is a ConflictError naming "event.id".
  std::int64_t create_event(const std::string& event_id, const JournalEntry& first);
  // Appends `entry` (its seq is ignored and assigned) if the event's journal still ends at
  // `expected_last_seq` (optimistic concurrency), else throws ConflictError; returns the new seq.
  // `entry` holds either a command or `undoes`, never both. `name`, when given, is the event's
  // name once the entry is in effect (a rename, or the undo of one): the listing (events()) is
  // updated in the same transaction. EventSession always gives it.
  std::int64_t append(const std::string& event_id, std::int64_t expected_last_seq, const JournalEntry& entry,
                      std::optional<std::string_view> name = std::nullopt);
  // Like append(), for several entries in one transaction: all land or none. Returns the last seq.
  std::int64_t append_all(const std::string& event_id, std::int64_t expected_last_seq,
                          std::span<const JournalEntry> entries,
                          std::optional<std::string_view> name = std::nullopt);
  // Creates event `event_id` holding `journal` (seqs reassigned 1..n; undo targets must already
  // use those numbers) in one transaction: an import lands whole or not at all. The listing's
  // name is the one the replayed journal ends with (a file may rename its event). A checkpoint
  // of the whole journal is written after the commit (a failure there leaves the import as it is).
  void import_event(const std::string& event_id, std::span<const JournalEntry> journal);
  // The whole journal in seq order; a row that does not parse names the event and its seq.
  std::vector<JournalEntry> load(const std::string& event_id) const;
  // The event's checkpoint and only the journal rows after it, or the whole journal when there is no
  // checkpoint this build can use (see StoredJournal). Rows are checked as load() checks them.
  StoredJournal load_from_checkpoint(const std::string& event_id) const;
  // Keeps `journal` (entries 1..S) and `state`, which must be replay(journal), as the event's
  // checkpoint, unless the one stored is of this build and as recent. A cache beside the journal,
  // never part of it (not exported; the append-only triggers do not cover it): one statement of its
  // own, never inside an append's transaction. Throws ErrorException like every write here.
  void put_checkpoint(const std::string& event_id, std::span<const JournalEntry> journal,
                      const EventState& state);

  // Server records beside the journal: login sessions and idempotent answers. Keys are digests
  // of the secrets (SHA-256 of the session cookie), never the secrets. Times are Unix seconds
  // given by the caller (the store has no clock).
  void put_session(const std::string& token_digest, const SessionRecord& session);
  std::optional<SessionRecord> find_session(const std::string& token_digest, std::int64_t now) const;
  void erase_session(const std::string& token_digest);
  // Deletes expired sessions and idempotent answers.
  void purge_expired(std::int64_t now);
  // Claims (scope, key) for a request: nullopt when this call claimed it (process the request,
  // then finish_idempotent), else what the first request with that key left (maybe in progress),
  // or `over_quota` when the scope already holds `quota` rows (expired ones included until
  // purge_expired): one statement counts and inserts, so a flood of fresh keys stops at the quota.
  std::optional<IdempotentAnswer> claim_idempotent(const std::string& scope, const std::string& key,
                                                   const std::string& fingerprint, std::int64_t expires,
                                                   std::int64_t quota = INT64_MAX);
  void finish_idempotent(const std::string& scope, const std::string& key, int status,
                         const std::string& body);
  // Forgets a claim whose request failed without an answer worth keeping (a retry runs it again).
  void release_idempotent(const std::string& scope, const std::string& key);
  // Forgets every claim still in progress that expires at or before `expires`: claims old enough
  // that their request can no longer be running (a crash left them).
  void release_stale_idempotent(std::int64_t expires);

 private:
  struct Impl;
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gauntlet
