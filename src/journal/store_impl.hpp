// Private to src/journal: what the Store's files share (store.cpp: the journal and the server's
// records; store_checkpoint.cpp: checkpoints).
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

#include "journal/store.hpp"

namespace gauntlet {

struct Store::Impl {
  SQLite::Database db;
  explicit Impl(const std::string& path) : db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE) {}
};

namespace store_detail {

[[noreturn]] void raise(std::string field, std::string message);

// SQLite failures (disk full, locked too long, not a database) leave as ErrorException, so the
// CLI has a single exception type to catch.
template <class F>
auto guarded(const std::string& what, F f) {
  try {
    return f();
  } catch (const SQLite::Exception& e) {
    raise("database", what + ": " + e.what());
  }
}

// The event's journal rows from seq `from` on, in seq order; a row that does not parse names the
// event and its seq, and so does a gap (rows tampered with outside Gauntlet). Empty when the journal
// ends before `from`.
std::vector<JournalEntry> read_rows(SQLite::Database& db, const std::string& event_id, std::int64_t from);

}  // namespace store_detail
}  // namespace gauntlet
