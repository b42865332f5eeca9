// The append-only journal on SQLite: the only place Gauntlet's state is persisted.
//
//   Store store = Store::open("gauntlet.db");              // creates the schema if new
//   std::string id = store.create_event("spring-open", entry);  // first entry: create-event
//   store.append(id, expected_last_seq, entry);             // one transaction, or a conflict error
//   std::vector<JournalEntry> journal = store.load(id);
//
// Every append is one SQLite transaction in WAL mode with synchronous=FULL: once append()
// returns, the entry survives a crash or power loss. Nothing is ever updated or deleted.
// Errors are thrown as ErrorException (this is an adapter at the edge of the core).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "event/engine.hpp"

namespace gauntlet {

struct EventSummary {
  std::string id;    // slug chosen at creation, e.g. "spring-open"
  std::string name;
  std::int64_t entries = 0;
};

class Store {
 public:
  static Store open(const std::string& path);
  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  std::vector<EventSummary> events() const;
  // Appends `entry` (seq assigned) to event `event_id` if its journal still ends at
  // `expected_last_seq` (optimistic concurrency); returns the new seq.
  std::int64_t append(const std::string& event_id, std::int64_t expected_last_seq, const JournalEntry& entry);
  std::vector<JournalEntry> load(const std::string& event_id) const;

 private:
  struct Impl;
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gauntlet
