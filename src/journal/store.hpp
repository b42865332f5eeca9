// The append-only journal on SQLite: the only place Gauntlet's state is persisted.
//
//   Store store = Store::open("gauntlet.db");          // creates the schema if new
//   store.create_event("spring-open", first);          // first entry: a CreateEvent command
//   std::int64_t seq = store.append("spring-open", 1, entry);  // one transaction, or ConflictError
//   std::vector<JournalEntry> journal = store.load("spring-open");
//
// Every append is one SQLite transaction in WAL mode with synchronous=FULL: once append()
// returns, the entry survives a crash or power loss. Journal rows are never updated or deleted;
// triggers in the schema refuse both, so not even a bug here can rewrite history.
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

#include "engine/engine.hpp"

namespace gauntlet {

struct EventSummary {
  std::string id;  // slug chosen at creation, e.g. "spring-open"
  std::string name;
  std::int64_t entries = 0;
};

// Someone else got there first: the journal moved past the expected seq (another process
// appended), or the event id is taken. Reload and decide again, or report.
struct ConflictError : ErrorException {
  using ErrorException::ErrorException;
};

class Store {
 public:
  static constexpr int kSchemaVersion = 1;

  static Store open(const std::string& path);
  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  std::vector<EventSummary> events() const;  // oldest first
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
  // name is the one the replayed journal ends with (a file may rename its event).
  void import_event(const std::string& event_id, std::span<const JournalEntry> journal);
  // The whole journal in seq order; a row that does not parse names the event and its seq.
  std::vector<JournalEntry> load(const std::string& event_id) const;

 private:
  struct Impl;
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gauntlet
