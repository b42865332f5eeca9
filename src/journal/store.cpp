#include "journal/store.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/event_id.hpp"
#include "journal/store_impl.hpp"
#include "model/json.hpp"

namespace gauntlet {
namespace {

using store_detail::guarded;
using store_detail::raise;

constexpr const char* kRule = "append-only journal";

// `IF NOT EXISTS` everywhere so opening an existing database is the same code path as creating
// one (a database from before checkpoints just gains the table; the schema version stays 1).
// `checkpoints` is a cache beside the journal (store_checkpoint.cpp), which rows may replace. Column
// types as sqldb::create_schema reads them on either database.
constexpr const char* kTables = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events(id TEXT PRIMARY KEY, name TEXT, created_at TEXT);
CREATE TABLE IF NOT EXISTS journal(
  event_id TEXT NOT NULL REFERENCES events(id),
  seq INTEGER NOT NULL,
  at TEXT NOT NULL,
  type TEXT NOT NULL,
  undoes INTEGER,
  payload TEXT NOT NULL,
  PRIMARY KEY(event_id, seq));
CREATE TABLE IF NOT EXISTS server_sessions(
  token_sha256 TEXT PRIMARY KEY, event_id TEXT NOT NULL, role TEXT NOT NULL, player TEXT NOT NULL,
  csrf TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS idempotent_answers(
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
  body TEXT NOT NULL, expires INTEGER NOT NULL, PRIMARY KEY(scope, key));
CREATE TABLE IF NOT EXISTS checkpoints(
  event_id TEXT PRIMARY KEY REFERENCES events(id),
  seq INTEGER NOT NULL,
  signature TEXT NOT NULL,
  body BLOB NOT NULL);
INSERT INTO meta(key, value) VALUES('schema_version', '1') ON CONFLICT DO NOTHING;
)sql";

// WAL: readers never block the writer, and a crash leaves the last committed state.
// synchronous=FULL: a commit is on disk before append() returns, even across power loss.
constexpr const char* kSqliteSetup =
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;";

using sqldb::Connection;

std::int64_t last_seq(Connection& db, const std::string& event_id) {
  return db.query("SELECT COALESCE(MAX(seq), 0) FROM journal WHERE event_id = ?", {event_id})
      .rows.at(0)
      .integer(0);
}

[[noreturn]] void raise_moved(const std::string& event_id, std::int64_t expected, std::int64_t last) {
  throw ConflictError(Error{"journal", kRule,
                            "event \"" + event_id + "\" changed meanwhile: expected last entry " +
                                std::to_string(expected) + ", found " + std::to_string(last),
                            ErrorKind::conflict});
}

void insert_row(Connection& db, const std::string& event_id, std::int64_t seq, const JournalEntry& e) {
  if (e.command.has_value() == e.undoes.has_value())
    raise("journal", "an entry holds either a command or an undo, not both or neither");
  constexpr const char* kInsert =
      "INSERT INTO journal(event_id, seq, at, type, undoes, payload) VALUES(?,?,?,?,?,?)";
  try {
    if (e.command) {
      const std::string type(command_name(*e.command));
      const std::string payload = command_to_json(*e.command).dump();
      db.query(kInsert, {event_id, seq, e.at, type, nullptr, payload});
    } else {
      db.query(kInsert, {event_id, seq, e.at, "undo", *e.undoes, "{}"});
    }
  } catch (const sqldb::Error& failure) {
    // (event, seq) is the primary key: another writer took this seq first.
    if (failure.code == sqldb::Error::Code::duplicate) raise_moved(event_id, seq - 1, seq);
    throw;
  }
}

JournalEntry parse_row(const std::string& event_id, const sqldb::Row& row) {
  JournalEntry e;
  e.seq = row.integer(0);
  e.at = row.text(1);
  const std::string& type = row.text(2);
  const std::string where = event_id + " journal[" + std::to_string(e.seq) + "]";
  if (type == "undo") {
    if (row.null(3)) raise(where, "undo entry without the seq it undoes");
    e.undoes = row.integer(3);
    return e;
  }
  nlohmann::json j = nlohmann::json::parse(row.text(4), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) raise(where, "payload is not valid JSON");
  Result<Command> command = command_from_json(j, where);
  if (!command) raise(where, "payload does not parse: " + command.error().describe());
  if (command_name(*command) != type) raise(where, "type \"" + type + "\" does not match its payload");
  e.command = std::move(*command);
  return e;
}

std::string schema_version(Connection& db) {
  const sqldb::Rows r = db.query("SELECT value FROM meta WHERE key = 'schema_version'");
  return r.rows.empty() ? std::string() : r.rows.front().text(0);
}

// Whether the tables are there already. On PostgreSQL the schema's DDL takes locks every writer
// waits for, so a server opening its connections skips it once the database is Gauntlet's; SQLite
// runs it every time (cheap, and a file from before checkpoints gains the table).
bool schema_present(Connection& db) {
  if (db.dialect() == sqldb::Dialect::sqlite) return false;
  if (db.query("SELECT to_regclass('meta') IS NOT NULL").rows.at(0).text(0) != "t") return false;
  return !schema_version(db).empty();
}

}  // namespace

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const std::string& path) {
  const std::string shown = sqldb::printable(path);
  return guarded("opening " + shown, [&] {
    auto impl = std::make_unique<Impl>(Impl{shown, sqldb::open(path, kSqliteSetup)});
    sqldb::Lease db = impl->source->lease();
    // One transaction, so a crash while creating the schema leaves no half-made database.
    if (!schema_present(*db))
      sqldb::create_schema(*db, kTables,
                           // The append-only rule is a property of the database, not of this code.
                           sqldb::append_only_triggers(db->dialect(), "journal"));
    const std::string version = schema_version(*db);
    if (version != std::to_string(kSchemaVersion))
      raise("database", shown + " has schema version " + version + "; this Gauntlet reads version " +
                            std::to_string(kSchemaVersion));
    return Store(std::move(impl));
  });
}

const std::string& Store::target() const {
  return impl_->target;
}

std::vector<EventSummary> Store::events() const {
  return guarded("listing events", [&] {
    sqldb::Lease db = impl_->source->lease();
    const sqldb::Rows r = db->query(
        "SELECT e.id, e.name, (SELECT COUNT(*) FROM journal j WHERE j.event_id = e.id) "
        "FROM events e ORDER BY e.created_at, e.id");
    std::vector<EventSummary> out;
    for (const sqldb::Row& row : r.rows)
      out.push_back({row.text(0), row.null(1) ? "" : row.text(1), row.integer(2)});
    return out;
  });
}

std::vector<std::string> Store::integrity_problems() const {
  return guarded("checking the database", [&] {
    sqldb::Lease db = impl_->source->lease();
    std::vector<std::string> problems;
    const bool sqlite = db->dialect() == sqldb::Dialect::sqlite;
    if (sqlite)
      for (const sqldb::Row& row : db->query("PRAGMA integrity_check").rows)
        if (row.text(0) != "ok") problems.push_back("PRAGMA integrity_check: " + row.text(0));
    const sqldb::Rows triggers =
        sqlite
            ? db->query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'journal'")
            : db->query(
                  "SELECT tgname FROM pg_trigger WHERE tgrelid = 'journal'::regclass AND NOT tgisinternal");
    const std::vector<std::string> expected =
        sqlite ? std::vector<std::string>{"journal_no_update", "journal_no_delete"}
               : std::vector<std::string>{"journal_no_change", "journal_no_truncate"};
    for (const std::string& name : expected) {
      const bool found = std::any_of(triggers.rows.begin(), triggers.rows.end(),
                                     [&](const sqldb::Row& r) { return r.text(0) == name; });
      if (!found) problems.push_back("trigger " + name + " is missing: journal rows could be rewritten");
    }
    return problems;
  });
}

bool store_detail::has_event(Connection& db, const std::string& event_id) {
  return !db.query("SELECT 1 FROM events WHERE id = ?", {event_id}).rows.empty();
}

bool Store::has_event(const std::string& event_id) const {
  return guarded("looking up event " + event_id, [&] {
    sqldb::Lease db = impl_->source->lease();
    return store_detail::has_event(*db, event_id);
  });
}

namespace {

void check_creation(const std::string& event_id, const JournalEntry& first) {
  // The use cases check the id first (app/events.hpp): this is the last line, for any other caller.
  if (!valid_event_id(event_id)) raise("event.id", std::string("must be ") + kEventIdRuleText);
  const auto* create = first.command ? std::get_if<CreateEvent>(&*first.command) : nullptr;
  if (create == nullptr) raise("journal", "an event's first entry must create it");
}

[[noreturn]] void raise_taken(const std::string& event_id) {
  throw ConflictError(
      Error{"event.id", "", "an event \"" + event_id + "\" already exists", ErrorKind::conflict});
}

// Inside an open transaction: the events row and journal entry 1.
void insert_event(Connection& db, const std::string& event_id, const JournalEntry& first) {
  if (store_detail::has_event(db, event_id)) raise_taken(event_id);
  try {
    db.query("INSERT INTO events(id, name, created_at) VALUES(?,?,?)",
             {event_id, std::get<CreateEvent>(*first.command).config.name, first.at});
  } catch (const sqldb::Error& e) {
    // Another server created it between the check and the insert (PostgreSQL).
    if (e.code == sqldb::Error::Code::duplicate) raise_taken(event_id);
    throw;
  }
  insert_row(db, event_id, 1, first);
}

// The events row is an index for listing, not history: it follows the journal's latest name.
void set_name(Connection& db, const std::string& event_id, std::string_view name) {
  db.query("UPDATE events SET name = ? WHERE id = ?", {name, event_id});
}

// Inside an open transaction: the event's last seq, with its events row locked (PostgreSQL) so that
// appends to one event from several servers apply one at a time; on SQLite the transaction's write
// lock already does that.
std::int64_t lock_event(Connection& db, const std::string& event_id) {
  const std::string lock = "SELECT 1 FROM events WHERE id = ?" + std::string(db.lock_suffix());
  if (db.query(lock, {event_id}).rows.empty()) raise("event.id", "no event \"" + event_id + "\"");
  return last_seq(db, event_id);
}

// Issue 15: every server on a PostgreSQL database hears of each change to an event's journal
// ("<event id> <last seq>" on Store::kJournalChannel), delivered when the transaction commits, and
// pushes it live. A SQLite file has one server.
void announce(Connection& db, const std::string& event_id, std::int64_t last) {
  if (db.dialect() != sqldb::Dialect::postgresql) return;
  const std::string payload = event_id + " " + std::to_string(last);
  db.query(std::string("SELECT pg_notify('") + Store::kJournalChannel + "', ?)", {payload});
}

bool numbered_as_stored(std::span<const JournalEntry> journal) {
  for (std::size_t i = 0; i < journal.size(); ++i)
    if (journal[i].seq != static_cast<std::int64_t>(i) + 1) return false;
  return true;
}

// A checkpoint of the imported journal, whose entries are stored as seqs 1..n whatever numbers they
// came with (copied only then).
void put_import_checkpoint(Store& store, const std::string& event_id, std::span<const JournalEntry> journal,
                           const EventState& state) {
  if (numbered_as_stored(journal)) return store.put_checkpoint(event_id, journal, state);
  std::vector<JournalEntry> renumbered(journal.begin(), journal.end());
  for (std::size_t i = 0; i < renumbered.size(); ++i) renumbered[i].seq = static_cast<std::int64_t>(i) + 1;
  store.put_checkpoint(event_id, renumbered, state);
}

}  // namespace

std::int64_t Store::create_event(const std::string& event_id, const JournalEntry& first) {
  check_creation(event_id, first);
  return guarded("creating event " + event_id, [&] {
    sqldb::Lease db = impl_->source->lease();
    sqldb::Transaction tx(*db);
    insert_event(*db, event_id, first);
    announce(*db, event_id, 1);
    tx.commit();
    return std::int64_t{1};
  });
}

void Store::import_event(const std::string& event_id, std::span<const JournalEntry> journal) {
  if (journal.empty()) raise("journal", "an imported event needs at least its creation");
  check_creation(event_id, journal.front());
  const EventState state = replay(journal);
  guarded("importing event " + event_id, [&] {
    sqldb::Lease db = impl_->source->lease();
    // All or nothing: a crash or error mid-import leaves no partial event behind.
    sqldb::Transaction tx(*db);
    insert_event(*db, event_id, journal.front());
    for (std::size_t i = 1; i < journal.size(); ++i) {
      if (journal[i].command && std::holds_alternative<CreateEvent>(*journal[i].command))
        raise("journal", "event \"" + event_id + "\" is already created");
      insert_row(*db, event_id, static_cast<std::int64_t>(i) + 1, journal[i]);
    }
    set_name(*db, event_id, state.config.name);
    announce(*db, event_id, static_cast<std::int64_t>(journal.size()));
    tx.commit();
    return 0;
  });
  // Its own statement after the commit: the import stands whether or not the cache is written.
  try {
    put_import_checkpoint(*this, event_id, journal, state);
  } catch (const std::exception&) {  // the next open replays the journal instead
  }
}

std::int64_t Store::append_all(const std::string& event_id, std::int64_t expected_last_seq,
                               std::span<const JournalEntry> entries, std::optional<std::string_view> name) {
  return guarded("appending to event " + event_id, [&] {
    sqldb::Lease db = impl_->source->lease();
    sqldb::Transaction tx(*db);
    std::int64_t last = lock_event(*db, event_id);
    if (last != expected_last_seq) raise_moved(event_id, expected_last_seq, last);
    for (const JournalEntry& entry : entries) {
      if (entry.command && std::holds_alternative<CreateEvent>(*entry.command))
        raise("journal", "event \"" + event_id + "\" is already created");
      insert_row(*db, event_id, ++last, entry);
    }
    if (name) set_name(*db, event_id, *name);
    announce(*db, event_id, last);
    tx.commit();
    return last;
  });
}

std::int64_t Store::append(const std::string& event_id, std::int64_t expected_last_seq,
                           const JournalEntry& entry, std::optional<std::string_view> name) {
  return append_all(event_id, expected_last_seq, std::span<const JournalEntry>(&entry, 1), name);
}

void store_detail::raise(std::string field, std::string message) {
  throw ErrorException(Error{std::move(field), kRule, std::move(message), ErrorKind::storage});
}

void store_detail::raise_unavailable(const std::string& what, const std::string& cause) {
  // A statement the database refused whole (SQLite rolls its transaction back, PostgreSQL was not
  // reached or dropped the connection before committing): what was acknowledged before stays, and
  // the same request may succeed once the database is back (the fault tests pin both).
  const std::string said = cause.ends_with('.') ? cause.substr(0, cause.size() - 1) : cause;
  throw ErrorException(Error{"database", "database unavailable",
                             what + ": " + said +
                                 ". Nothing of this was recorded (everything recorded before is safe); "
                                 "try again once the database can take writes again",
                             ErrorKind::unavailable});
}

std::vector<JournalEntry> store_detail::read_rows(Connection& db, const std::string& event_id,
                                                  std::int64_t from) {
  const sqldb::Rows r = db.query(
      "SELECT seq, at, type, undoes, payload FROM journal WHERE event_id = ? AND seq >= ? ORDER BY seq",
      {event_id, from});
  std::vector<JournalEntry> out;
  out.reserve(r.rows.size());
  for (const sqldb::Row& row : r.rows) {
    out.push_back(parse_row(event_id, row));
    // Seqs are assigned 1, 2, 3...; a gap means rows were tampered with outside Gauntlet.
    if (out.back().seq != from + static_cast<std::int64_t>(out.size()) - 1)
      raise(event_id + " journal[" + std::to_string(out.back().seq) + "]", "journal seqs have a gap");
  }
  return out;
}

std::vector<JournalEntry> Store::load(const std::string& event_id) const {
  return guarded("loading event " + event_id, [&] {
    sqldb::Lease db = impl_->source->lease();
    if (!store_detail::has_event(*db, event_id)) raise("event.id", "no event \"" + event_id + "\"");
    return store_detail::read_rows(*db, event_id, 1);
  });
}

void Store::put_session(const std::string& token_digest, const SessionRecord& session) {
  guarded("storing a session", [&] {
    sqldb::Lease db = impl_->source->lease();
    db->query(
        "INSERT INTO server_sessions(token_sha256, event_id, role, player, csrf, expires) "
        "VALUES(?,?,?,?,?,?) "
        "ON CONFLICT(token_sha256) DO UPDATE SET event_id = excluded.event_id, role = excluded.role, "
        "player = excluded.player, csrf = excluded.csrf, expires = excluded.expires",
        {token_digest, session.event_id, session.role, session.player, session.csrf, session.expires});
    return 0;
  });
}

std::optional<SessionRecord> Store::find_session(const std::string& token_digest, std::int64_t now) const {
  return guarded("reading a session", [&]() -> std::optional<SessionRecord> {
    sqldb::Lease db = impl_->source->lease();
    const sqldb::Rows r = db->query(
        "SELECT event_id, role, player, csrf, expires FROM server_sessions WHERE token_sha256 = ? AND "
        "expires > ?",
        {token_digest, now});
    if (r.rows.empty()) return std::nullopt;
    const sqldb::Row& row = r.rows.front();
    return SessionRecord{row.text(0), row.text(1), row.text(2), row.text(3), row.integer(4)};
  });
}

void Store::erase_session(const std::string& token_digest) {
  guarded("deleting a session", [&] {
    sqldb::Lease db = impl_->source->lease();
    db->query("DELETE FROM server_sessions WHERE token_sha256 = ?", {token_digest});
    return 0;
  });
}

void Store::purge_expired(std::int64_t now) {
  guarded("purging expired sessions", [&] {
    sqldb::Lease db = impl_->source->lease();
    db->query("DELETE FROM server_sessions WHERE expires <= ?", {now});
    db->query("DELETE FROM idempotent_answers WHERE expires <= ?", {now});
    return 0;
  });
}

std::optional<IdempotentAnswer> Store::claim_idempotent(const std::string& scope, const std::string& key,
                                                        const std::string& fingerprint, std::int64_t expires,
                                                        std::int64_t quota) {
  return guarded("claiming an idempotency key", [&]() -> std::optional<IdempotentAnswer> {
    sqldb::Lease db = impl_->source->lease();
    // The primary key decides who claims first, also between processes and servers on one database.
    // The count sits in the same statement (a SELECT with a WHERE, as SQLite's upsert grammar needs;
    // the cast because PostgreSQL types a bare parameter of a SELECT list as text).
    const sqldb::Rows claimed = db->query(
        "INSERT INTO idempotent_answers(scope, key, fingerprint, status, body, expires) "
        "SELECT ?,?,?,0,'',CAST(? AS BIGINT) WHERE (SELECT COUNT(*) FROM idempotent_answers WHERE scope = ?) "
        "< ? "
        "ON CONFLICT DO NOTHING",
        {scope, key, fingerprint, expires, scope, quota});
    if (claimed.changed == 1) return std::nullopt;
    const sqldb::Rows r = db->query(
        "SELECT fingerprint, status, body FROM idempotent_answers WHERE scope = ? AND key = ?", {scope, key});
    if (r.rows.empty()) {
      const sqldb::Rows oldest =
          db->query("SELECT COUNT(*), MIN(expires) FROM idempotent_answers WHERE scope = ?", {scope});
      const sqldb::Row& row = oldest.rows.at(0);
      if (row.integer(0) >= quota)
        return IdempotentAnswer{fingerprint, 0, "", true, row.null(1) ? 0 : row.integer(1)};
      return IdempotentAnswer{fingerprint, 0, ""};  // purged meanwhile: treat as busy
    }
    const sqldb::Row& row = r.rows.front();
    return IdempotentAnswer{row.text(0), static_cast<int>(row.integer(1)), row.text(2)};
  });
}

void Store::finish_idempotent(const std::string& scope, const std::string& key, int status,
                              const std::string& body) {
  guarded("storing an idempotent answer", [&] {
    sqldb::Lease db = impl_->source->lease();
    db->query("UPDATE idempotent_answers SET status = ?, body = ? WHERE scope = ? AND key = ?",
              {std::int64_t{status}, body, scope, key});
    return 0;
  });
}

void Store::release_idempotent(const std::string& scope, const std::string& key) {
  guarded("releasing an idempotency key", [&] {
    sqldb::Lease db = impl_->source->lease();
    db->query("DELETE FROM idempotent_answers WHERE scope = ? AND key = ? AND status = 0", {scope, key});
    return 0;
  });
}

void Store::release_stale_idempotent(std::int64_t expires) {
  guarded("releasing stale idempotency keys", [&] {
    sqldb::Lease db = impl_->source->lease();
    db->query("DELETE FROM idempotent_answers WHERE status = 0 AND expires <= ?", {expires});
    return 0;
  });
}

}  // namespace gauntlet
