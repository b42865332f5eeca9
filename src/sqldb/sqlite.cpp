// SQLite through SQLiteCpp: one connection per Source, as each owner had its own before.
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "sqldb/backends.hpp"

namespace gauntlet::sqldb {
namespace {

[[noreturn]] void rethrow(const SQLite::Exception& e) {
  const int extended = e.getExtendedErrorCode();
  if (extended == SQLITE_CONSTRAINT_PRIMARYKEY || extended == SQLITE_CONSTRAINT_UNIQUE)
    throw Error(Error::Code::duplicate, e.what());
  // The disk refused (full, failing, or the file read-only) or another writer held the lock past the
  // busy timeout: the statement's transaction was rolled back, nothing of it is in the file; a
  // write may succeed again once the disk is fixed or the lock is free.
  const int primary = extended & 0xff;
  if (primary == SQLITE_FULL || primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN ||
      primary == SQLITE_READONLY || primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
    throw Error(Error::Code::unavailable, e.what());
  throw Error(Error::Code::failed, e.what());
}

class SqliteConnection final : public Connection {
 public:
  // OPEN_URI: a "file:" name may carry parameters, e.g. "file:gauntlet.db?vfs=..." (the fault tests
  // choose a disk that fails through it) or "?mode=ro"; any other path is taken as it is.
  explicit SqliteConnection(const std::string& path)
      : db_(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_URI) {
    // Wait for another process's write instead of failing at once.
    db_.setBusyTimeout(5000);
  }
  Dialect dialect() const override { return Dialect::sqlite; }
  void script(std::string_view sql) override {
    try {
      db_.exec(std::string(sql));
    } catch (const SQLite::Exception& e) {
      rethrow(e);
    }
  }
  Rows query(std::string_view sql, std::span<const Value> params) override {
    try {
      SQLite::Statement st(db_, std::string(sql));
      int index = 1;
      for (const Value& v : params) bind(st, index++, v);
      Rows out;
      const int columns = st.getColumnCount();
      while (st.executeStep()) {
        Row row;
        row.cells.reserve(static_cast<std::size_t>(columns));
        for (int c = 0; c < columns; ++c) {
          const SQLite::Column col = st.getColumn(c);
          if (col.isNull())
            row.cells.emplace_back();
          else  // SQLiteCpp's getString keeps embedded NULs: BLOBs come back whole
            row.cells.emplace_back(col.getString());
        }
        out.rows.push_back(std::move(row));
      }
      out.changed = db_.getChanges();
      return out;
    } catch (const SQLite::Exception& e) {
      rethrow(e);
    }
  }
  void begin() override { script("BEGIN IMMEDIATE"); }
  void commit() override { script("COMMIT"); }
  void rollback() noexcept override {
    try {
      db_.exec("ROLLBACK");
    } catch (const SQLite::Exception&) {  // nothing to roll back (a failed COMMIT already did)
    }
  }
  std::string_view lock_suffix() const override { return ""; }

 private:
  static void bind(SQLite::Statement& st, int index, const Value& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v))
      st.bind(index, static_cast<int64_t>(*i));
    else if (const auto* t = std::get_if<std::string_view>(&v))
      st.bind(index, std::string(*t));  // SQLiteCpp binds text from a std::string only
    else if (const auto* b = std::get_if<Blob>(&v))
      st.bindNoCopy(index, static_cast<const void*>(b->bytes.data()), static_cast<int>(b->bytes.size()));
    else
      st.bind(index);
  }

  SQLite::Database db_;
};

class SqliteSource final : public Source {
 public:
  SqliteSource(const std::string& path, std::string_view setup) : connection_(path) {
    if (!setup.empty()) connection_.script(setup);
  }
  Dialect dialect() const override { return Dialect::sqlite; }
  Lease lease() override { return Lease(&connection_, nullptr); }

 private:
  SqliteConnection connection_;
};

}  // namespace

void backup_sqlite(const std::string& path, const std::string& dest) {
  try {
    SQLite::Database source(path, SQLite::OPEN_READONLY | SQLite::OPEN_URI);
    source.setBusyTimeout(5000);
    // One step copies every page under one read transaction, so the copy is one consistent
    // snapshot even while a server appends (WAL: readers never block the writer).
    source.backup(dest.c_str(), SQLite::Database::Save);
  } catch (const SQLite::Exception& e) {
    rethrow(e);
  }
}

std::shared_ptr<Source> open_sqlite(const std::string& path, std::string_view setup) {
  try {
    return std::make_shared<SqliteSource>(path, setup);
  } catch (const SQLite::Exception& e) {
    rethrow(e);
  }
}

}  // namespace gauntlet::sqldb
