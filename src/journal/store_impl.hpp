// Private to src/journal: what the Store's files share (store.cpp: the journal and the server's
// records; store_checkpoint.cpp: checkpoints).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "journal/store.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet {

struct Store::Impl {
  std::string target;  // as it may be printed (a URL's password hidden)
  std::shared_ptr<sqldb::Source> source;
};

namespace store_detail {

[[noreturn]] void raise(std::string field, std::string message);
// The database could not take the statement now (sqldb::Error::Code::unavailable): ErrorKind
// unavailable, saying that nothing of it was written and that trying again may succeed.
[[noreturn]] void raise_unavailable(const std::string& what, const std::string& cause);

// Database failures (disk full, locked too long, not a database, PostgreSQL gone) leave as
// ErrorException, so the CLI and the server have a single exception type to catch.
template <class F>
auto guarded(const std::string& what, F f) {
  try {
    return f();
  } catch (const sqldb::Error& e) {
    if (e.code == sqldb::Error::Code::unavailable) raise_unavailable(what, e.what());
    raise("database", what + ": " + e.what());
  }
}

bool has_event(sqldb::Connection& db, const std::string& event_id);

// The event's journal rows from seq `from` on, in seq order; a row that does not parse names the
// event and its seq, and so does a gap (rows tampered with outside Gauntlet). Empty when the journal
// ends before `from`.
std::vector<JournalEntry> read_rows(sqldb::Connection& db, const std::string& event_id, std::int64_t from);

}  // namespace store_detail
}  // namespace gauntlet
