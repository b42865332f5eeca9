#include "journal/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <nlohmann/json.hpp>

#include "journal/store_impl.hpp"
#include "model/json.hpp"

namespace gauntlet {
namespace {

using store_detail::guarded;
using store_detail::raise;

constexpr const char* kRule = "append-only journal";

// `IF NOT EXISTS` everywhere so opening an existing database is the same code path as creating
// one (a database from before checkpoints just gains the table; the schema version stays 1). The
// triggers make the append-only rule a property of the file, not of this code. `checkpoints` is a
// cache beside the journal (store_checkpoint.cpp), which rows may replace.
constexpr const char* kSchema = R"sql(
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
CREATE TRIGGER IF NOT EXISTS journal_no_update BEFORE UPDATE ON journal
  BEGIN SELECT RAISE(ABORT, 'journal rows are append-only'); END;
CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal
  BEGIN SELECT RAISE(ABORT, 'journal rows are append-only'); END;
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
INSERT OR IGNORE INTO meta(key, value) VALUES('schema_version', '1');
)sql";

bool valid_slug(const std::string& id) {
  if (id.empty() || id.size() > 64 || id.front() == '-') return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

std::int64_t last_seq(SQLite::Database& db, const std::string& event_id) {
  SQLite::Statement q(db, "SELECT COALESCE(MAX(seq), 0) FROM journal WHERE event_id = ?");
  q.bind(1, event_id);
  q.executeStep();
  return q.getColumn(0).getInt64();
}

void insert_row(SQLite::Database& db, const std::string& event_id, std::int64_t seq, const JournalEntry& e) {
  if (e.command.has_value() == e.undoes.has_value())
    raise("journal", "an entry holds either a command or an undo, not both or neither");
  SQLite::Statement ins(db,
                        "INSERT INTO journal(event_id, seq, at, type, undoes, payload) VALUES(?,?,?,?,?,?)");
  ins.bind(1, event_id);
  ins.bind(2, static_cast<int64_t>(seq));
  ins.bind(3, e.at);
  if (e.command) {
    ins.bind(4, std::string(command_name(*e.command)));
    ins.bind(5);  // NULL
    ins.bind(6, command_to_json(*e.command).dump());
  } else {
    ins.bind(4, "undo");
    ins.bind(5, static_cast<int64_t>(*e.undoes));
    ins.bind(6, "{}");
  }
  ins.exec();
}

JournalEntry parse_row(const std::string& event_id, SQLite::Statement& q) {
  JournalEntry e;
  e.seq = q.getColumn(0).getInt64();
  e.at = q.getColumn(1).getString();
  const std::string type = q.getColumn(2).getString();
  const std::string where = event_id + " journal[" + std::to_string(e.seq) + "]";
  if (type == "undo") {
    if (q.getColumn(3).isNull()) raise(where, "undo entry without the seq it undoes");
    e.undoes = q.getColumn(3).getInt64();
    return e;
  }
  nlohmann::json j = nlohmann::json::parse(q.getColumn(4).getString(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) raise(where, "payload is not valid JSON");
  Result<Command> command = command_from_json(j, where);
  if (!command) raise(where, "payload does not parse: " + command.error().describe());
  if (command_name(*command) != type) raise(where, "type \"" + type + "\" does not match its payload");
  e.command = std::move(*command);
  return e;
}

}  // namespace

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const std::string& path) {
  return guarded("opening " + path, [&] {
    auto impl = std::make_unique<Impl>(path);
    SQLite::Database& db = impl->db;
    // Wait for another process's write instead of failing at once.
    db.setBusyTimeout(5000);
    // WAL: readers never block the writer, and a crash leaves the last committed state.
    // synchronous=FULL: a commit is on disk before append() returns, even across power loss.
    db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
    // One transaction, so a crash while creating the schema leaves no half-made database.
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec(kSchema);
    const std::string version =
        db.execAndGet("SELECT value FROM meta WHERE key = 'schema_version'").getString();
    if (version != std::to_string(kSchemaVersion))
      raise("database", path + " has schema version " + version + "; this Gauntlet reads version " +
                            std::to_string(kSchemaVersion));
    tx.commit();
    return Store(std::move(impl));
  });
}

std::vector<EventSummary> Store::events() const {
  return guarded("listing events", [&] {
    SQLite::Statement q(impl_->db,
                        "SELECT e.id, e.name, (SELECT COUNT(*) FROM journal j WHERE j.event_id = e.id) "
                        "FROM events e ORDER BY e.created_at, e.id");
    std::vector<EventSummary> out;
    while (q.executeStep())
      out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt64()});
    return out;
  });
}

bool Store::has_event(const std::string& event_id) const {
  return guarded("looking up event " + event_id, [&] {
    SQLite::Statement q(impl_->db, "SELECT 1 FROM events WHERE id = ?");
    q.bind(1, event_id);
    return q.executeStep();
  });
}

namespace {

void check_creation(const std::string& event_id, const JournalEntry& first) {
  if (!valid_slug(event_id))
    raise("event.id",
          "\"" + event_id + "\" must be 1-64 lowercase letters, digits or '-', not starting with '-'");
  const auto* create = first.command ? std::get_if<CreateEvent>(&*first.command) : nullptr;
  if (create == nullptr) raise("journal", "an event's first entry must create it");
}

// Inside an open transaction: the events row and journal entry 1.
void insert_event(SQLite::Database& db, const std::string& event_id, const JournalEntry& first) {
  SQLite::Statement taken(db, "SELECT 1 FROM events WHERE id = ?");
  taken.bind(1, event_id);
  if (taken.executeStep())
    throw ConflictError(
        Error{"event.id", "", "an event \"" + event_id + "\" already exists", ErrorKind::conflict});
  SQLite::Statement ins(db, "INSERT INTO events(id, name, created_at) VALUES(?,?,?)");
  ins.bind(1, event_id);
  ins.bind(2, std::get<CreateEvent>(*first.command).config.name);
  ins.bind(3, first.at);
  ins.exec();
  insert_row(db, event_id, 1, first);
}

// The events row is an index for listing, not history: it follows the journal's latest name.
void set_name(SQLite::Database& db, const std::string& event_id, std::string_view name) {
  SQLite::Statement upd(db, "UPDATE events SET name = ? WHERE id = ?");
  upd.bind(1, std::string(name));
  upd.bind(2, event_id);
  upd.exec();
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
    SQLite::Database& db = impl_->db;
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    insert_event(db, event_id, first);
    tx.commit();
    return std::int64_t{1};
  });
}

void Store::import_event(const std::string& event_id, std::span<const JournalEntry> journal) {
  if (journal.empty()) raise("journal", "an imported event needs at least its creation");
  check_creation(event_id, journal.front());
  const EventState state = replay(journal);
  guarded("importing event " + event_id, [&] {
    SQLite::Database& db = impl_->db;
    // All or nothing: a crash or error mid-import leaves no partial event behind.
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    insert_event(db, event_id, journal.front());
    for (std::size_t i = 1; i < journal.size(); ++i) {
      if (journal[i].command && std::holds_alternative<CreateEvent>(*journal[i].command))
        raise("journal", "event \"" + event_id + "\" is already created");
      insert_row(db, event_id, static_cast<std::int64_t>(i) + 1, journal[i]);
    }
    set_name(db, event_id, state.config.name);
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
    SQLite::Database& db = impl_->db;
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    if (!has_event(event_id)) raise("event.id", "no event \"" + event_id + "\"");
    std::int64_t last = last_seq(db, event_id);
    if (last != expected_last_seq)
      throw ConflictError(Error{"journal", kRule,
                                "event \"" + event_id + "\" changed meanwhile: expected last entry " +
                                    std::to_string(expected_last_seq) + ", found " + std::to_string(last),
                                ErrorKind::conflict});
    for (const JournalEntry& entry : entries) {
      if (entry.command && std::holds_alternative<CreateEvent>(*entry.command))
        raise("journal", "event \"" + event_id + "\" is already created");
      insert_row(db, event_id, ++last, entry);
    }
    if (name) set_name(db, event_id, *name);
    tx.commit();
    return last;
  });
}

std::int64_t Store::append(const std::string& event_id, std::int64_t expected_last_seq,
                           const JournalEntry& entry, std::optional<std::string_view> name) {
  return guarded("appending to event " + event_id, [&] {
    SQLite::Database& db = impl_->db;
    // IMMEDIATE takes the write lock before the seq check, so check-then-insert cannot race.
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    if (!has_event(event_id)) raise("event.id", "no event \"" + event_id + "\"");
    const std::int64_t last = last_seq(db, event_id);
    if (last != expected_last_seq)
      throw ConflictError(Error{"journal", kRule,
                                "event \"" + event_id + "\" changed meanwhile: expected last entry " +
                                    std::to_string(expected_last_seq) + ", found " + std::to_string(last),
                                ErrorKind::conflict});
    if (entry.command && std::holds_alternative<CreateEvent>(*entry.command))
      raise("journal", "event \"" + event_id + "\" is already created");
    insert_row(db, event_id, last + 1, entry);
    if (name) set_name(db, event_id, *name);
    tx.commit();
    return last + 1;
  });
}

void store_detail::raise(std::string field, std::string message) {
  throw ErrorException(Error{std::move(field), kRule, std::move(message), ErrorKind::storage});
}

std::vector<JournalEntry> store_detail::read_rows(SQLite::Database& db, const std::string& event_id,
                                                  std::int64_t from) {
  SQLite::Statement q(
      db, "SELECT seq, at, type, undoes, payload FROM journal WHERE event_id = ? AND seq >= ? ORDER BY seq");
  q.bind(1, event_id);
  q.bind(2, static_cast<int64_t>(from));
  std::vector<JournalEntry> out;
  while (q.executeStep()) {
    out.push_back(parse_row(event_id, q));
    // Seqs are assigned 1, 2, 3...; a gap means rows were tampered with outside Gauntlet.
    if (out.back().seq != from + static_cast<std::int64_t>(out.size()) - 1)
      raise(event_id + " journal[" + std::to_string(out.back().seq) + "]", "journal seqs have a gap");
  }
  return out;
}

std::vector<JournalEntry> Store::load(const std::string& event_id) const {
  return guarded("loading event " + event_id, [&] {
    if (!has_event(event_id)) raise("event.id", "no event \"" + event_id + "\"");
    return store_detail::read_rows(impl_->db, event_id, 1);
  });
}

void Store::put_session(const std::string& token_digest, const SessionRecord& session) {
  guarded("storing a session", [&] {
    SQLite::Statement q(impl_->db, "INSERT OR REPLACE INTO server_sessions VALUES(?,?,?,?,?,?)");
    q.bind(1, token_digest);
    q.bind(2, session.event_id);
    q.bind(3, session.role);
    q.bind(4, session.player);
    q.bind(5, session.csrf);
    q.bind(6, static_cast<int64_t>(session.expires));
    return q.exec();
  });
}

std::optional<SessionRecord> Store::find_session(const std::string& token_digest, std::int64_t now) const {
  return guarded("reading a session", [&]() -> std::optional<SessionRecord> {
    SQLite::Statement q(impl_->db,
                        "SELECT event_id, role, player, csrf, expires FROM server_sessions "
                        "WHERE token_sha256 = ? AND expires > ?");
    q.bind(1, token_digest);
    q.bind(2, static_cast<int64_t>(now));
    if (!q.executeStep()) return std::nullopt;
    return SessionRecord{q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                         q.getColumn(3).getString(), q.getColumn(4).getInt64()};
  });
}

void Store::erase_session(const std::string& token_digest) {
  guarded("deleting a session", [&] {
    SQLite::Statement q(impl_->db, "DELETE FROM server_sessions WHERE token_sha256 = ?");
    q.bind(1, token_digest);
    return q.exec();
  });
}

void Store::purge_expired(std::int64_t now) {
  guarded("purging expired sessions", [&] {
    for (const char* sql : {"DELETE FROM server_sessions WHERE expires <= ?",
                            "DELETE FROM idempotent_answers WHERE expires <= ?"}) {
      SQLite::Statement q(impl_->db, sql);
      q.bind(1, static_cast<int64_t>(now));
      q.exec();
    }
    return 0;
  });
}

std::optional<IdempotentAnswer> Store::claim_idempotent(const std::string& scope, const std::string& key,
                                                        const std::string& fingerprint,
                                                        std::int64_t expires) {
  return guarded("claiming an idempotency key", [&]() -> std::optional<IdempotentAnswer> {
    // The primary key decides who claims first, also between processes on one file.
    SQLite::Statement ins(impl_->db, "INSERT OR IGNORE INTO idempotent_answers VALUES(?,?,?,0,'',?)");
    ins.bind(1, scope);
    ins.bind(2, key);
    ins.bind(3, fingerprint);
    ins.bind(4, static_cast<int64_t>(expires));
    if (ins.exec() == 1) return std::nullopt;
    SQLite::Statement q(
        impl_->db, "SELECT fingerprint, status, body FROM idempotent_answers WHERE scope = ? AND key = ?");
    q.bind(1, scope);
    q.bind(2, key);
    if (!q.executeStep()) return IdempotentAnswer{fingerprint, 0, ""};  // purged meanwhile: treat as busy
    return IdempotentAnswer{q.getColumn(0).getString(), q.getColumn(1).getInt(), q.getColumn(2).getString()};
  });
}

void Store::finish_idempotent(const std::string& scope, const std::string& key, int status,
                              const std::string& body) {
  guarded("storing an idempotent answer", [&] {
    SQLite::Statement q(impl_->db,
                        "UPDATE idempotent_answers SET status = ?, body = ? WHERE scope = ? AND key = ?");
    q.bind(1, status);
    q.bind(2, body);
    q.bind(3, scope);
    q.bind(4, key);
    return q.exec();
  });
}

void Store::release_idempotent(const std::string& scope, const std::string& key) {
  guarded("releasing an idempotency key", [&] {
    if (scope.empty() && key.empty())
      return impl_->db.exec("DELETE FROM idempotent_answers WHERE status = 0");
    SQLite::Statement q(impl_->db,
                        "DELETE FROM idempotent_answers WHERE scope = ? AND key = ? AND status = 0");
    q.bind(1, scope);
    q.bind(2, key);
    return q.exec();
  });
}

}  // namespace gauntlet
