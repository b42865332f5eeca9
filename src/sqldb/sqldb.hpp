// One way to talk to the two databases Gauntlet keeps its records in: a SQLite file (the venue's
// laptop, the default) and a PostgreSQL server (hosted Gauntlet, issue 15). Callers write each
// statement once, with `?` placeholders and the syntax both share (INSERT ... ON CONFLICT), and keep
// one schema per dialect.
//
//   std::shared_ptr<sqldb::Source> source = sqldb::open("gauntlet.db");  // or "postgresql://host/db"
//   sqldb::Lease db = source->lease();          // a connection, this thread's until `db` goes
//   sqldb::Transaction tx(*db);                 // SQLite: BEGIN IMMEDIATE; PostgreSQL: BEGIN
//   db->query("INSERT INTO t(a, n) VALUES(?, ?)", {"spring", std::int64_t{1}});
//   for (const sqldb::Row& r : db->query("SELECT a, n FROM t").rows) use(r.text(0), r.integer(1));
//   tx.commit();                                // otherwise rolled back when `tx` goes
//
// A SQLite source is one connection of its own (its owner serialises callers, as before); a
// PostgreSQL source is a pool shared by every open() of the same URL in the process, so a server
// with a thousand events holds a few connections, not a thousand. Failures are thrown as
// sqldb::Error with a code (an adapter at the edge; the journal turns them into ErrorException).
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace gauntlet::sqldb {

enum class Dialect { sqlite, postgresql };

// True for "postgresql://..." and "postgres://..." (libpq's URIs); anything else is a SQLite path.
bool is_postgresql_url(std::string_view target);
// The target as it may be printed: a URL's password replaced by "***".
std::string printable(std::string_view target);

struct Error : std::runtime_error {
  enum class Code {
    failed,       // the statement was refused (a constraint, a trigger, bad SQL)
    duplicate,    // a unique or primary key already holds the value (SQLSTATE 23505, SQLite
                  // CONSTRAINT_PK/UNIQUE)
    unavailable,  // the database cannot be reached or went away (PostgreSQL stopped, connection lost)
  };
  Error(Code c, const std::string& message) : std::runtime_error(message), code(c) {}
  Code code;
};

// A parameter: NULL, an integer, text, or bytes (a BLOB / bytea). Text and bytes are borrowed for
// the call only.
struct Blob {
  explicit Blob(std::string_view b) : bytes(b) {}  // explicit: text never binds as bytes by accident
  std::string_view bytes;
};
using Value = std::variant<std::nullptr_t, std::int64_t, std::string_view, Blob>;

// One result row; every cell as its text (integers in decimal) or bytes, or absent for NULL.
struct Row {
  std::vector<std::optional<std::string>> cells;
  bool null(std::size_t i) const { return !cells.at(i).has_value(); }
  const std::string& text(std::size_t i) const;  // throws Error on NULL
  std::int64_t integer(std::size_t i) const;     // throws Error on NULL or non-integer text
};

struct Rows {
  std::vector<Row> rows;
  std::int64_t changed = 0;  // rows inserted, updated or deleted by the statement
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Dialect dialect() const = 0;
  // Several statements without parameters (a schema, pragmas).
  virtual void script(std::string_view sql) = 0;
  // One statement with `?` placeholders, bound in order.
  virtual Rows query(std::string_view sql, std::span<const Value> params) = 0;
  Rows query(std::string_view sql, std::initializer_list<Value> params = {}) {
    return query(sql, std::span<const Value>(params.begin(), params.size()));
  }
  // A write transaction: SQLite takes the file's write lock at once (BEGIN IMMEDIATE), so a
  // read-then-write inside it cannot race; PostgreSQL callers lock what they read (lock_suffix()).
  virtual void begin() = 0;
  virtual void commit() = 0;
  virtual void rollback() noexcept = 0;
  // Appended to a SELECT whose rows a write transaction must keep from changing: " FOR UPDATE" on
  // PostgreSQL, nothing on SQLite (whose write transaction already excludes every other writer).
  virtual std::string_view lock_suffix() const = 0;
};

// Rolls back unless commit() was called.
class Transaction {
 public:
  explicit Transaction(Connection& c) : c_(c) { c_.begin(); }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction() {
    if (!done_) c_.rollback();
  }
  void commit() {
    c_.commit();
    done_ = true;
  }

 private:
  Connection& c_;
  bool done_ = false;
};

// A connection borrowed from a Source; given back when the lease goes.
class Lease {
 public:
  Lease(Connection* c, std::function<void(Connection*)> give_back)
      : c_(c), give_back_(std::move(give_back)) {}
  Lease(Lease&& o) noexcept : c_(std::exchange(o.c_, nullptr)), give_back_(std::move(o.give_back_)) {}
  Lease& operator=(Lease&&) = delete;
  ~Lease() {
    if (c_ && give_back_) give_back_(c_);
  }
  Connection& operator*() const { return *c_; }
  Connection* operator->() const { return c_; }

 private:
  Connection* c_;
  std::function<void(Connection*)> give_back_;
};

class Source {
 public:
  virtual ~Source() = default;
  virtual Dialect dialect() const = 0;
  // Blocks while every pooled connection is in use. Never hold two leases of one source in a
  // thread: with the pool exhausted the second would wait for the first forever.
  virtual Lease lease() = 0;
};

// Creates tables written once in the column types both databases read alike (TEXT, INTEGER for
// 64-bit integers, BLOB), in one write transaction; then `extra`, statements of the connection's own
// dialect (triggers). On PostgreSQL INTEGER becomes BIGINT and BLOB becomes BYTEA, and an advisory
// lock lets one process at a time create them (two servers starting together). Use IF NOT EXISTS:
// opening an existing database runs the same statements. Throws Error.
void create_schema(Connection& db, std::string_view tables, std::string_view extra = {});

// The statements (for create_schema's `extra`) that make `table` append-only in the database itself,
// not only in the code that writes it: on SQLite triggers <table>_no_update and <table>_no_delete; on
// PostgreSQL the trigger function gauntlet_<table>_append_only behind <table>_no_change (UPDATE,
// DELETE) and <table>_no_truncate. Each refuses with "<table> rows are append-only". `table` is an
// SQL identifier of the caller's own (never user input).
std::string append_only_triggers(Dialect dialect, std::string_view table);

// What a Listener heard: the payloads of the notifications since the last wait, in the order they
// were committed. `resync`: the connection was (re)made, so notifications may have been missed
// meanwhile; the caller re-reads what it follows.
struct Heard {
  std::vector<std::string> payloads;
  bool resync = false;
};

// Notifications between processes on one database (PostgreSQL's LISTEN/NOTIFY), on a connection of
// its own; used by one thread.
class Listener {
 public:
  virtual ~Listener() = default;
  // Waits up to `timeout` for a notification; reconnects after the connection broke. Throws Error
  // (unavailable) while the database cannot be reached.
  virtual Heard wait(int timeout_ms) = 0;
};

// A listener on `channel` (an SQL identifier); nullptr for SQLite, where nothing is announced.
std::unique_ptr<Listener> listen(const std::string& target, const std::string& channel);

// Copies the SQLite database `target` to the file `dest` (created or overwritten) while other
// connections keep reading and writing it: SQLite's online backup API, one consistent snapshot.
// Throws Error (failed) for a PostgreSQL URL, whose backups are pg_dump's (docs/hosting.md).
void backup(const std::string& target, const std::string& dest);

// Opens `target`: a PostgreSQL URL (pooled per URL) or a SQLite file, created if missing, with
// `sqlite_setup` (pragmas) run on its connection. Throws Error.
std::shared_ptr<Source> open(const std::string& target, std::string_view sqlite_setup = {});

}  // namespace gauntlet::sqldb
