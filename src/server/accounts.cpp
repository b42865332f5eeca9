#include "server/accounts.hpp"

#include <algorithm>

#include "app/clock.hpp"
#include "server/crypto.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

namespace {

// Column types as sqldb::create_schema reads them on either database. `event_listing` holds a row
// only for events an organizer made (unpublished at first) or published since.
constexpr const char* kTables = R"sql(
CREATE TABLE IF NOT EXISTS organizers(
  login TEXT PRIMARY KEY, name TEXT NOT NULL,
  salt TEXT NOT NULL, hash TEXT NOT NULL, iterations INTEGER NOT NULL,
  disabled INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS event_roles(
  event_id TEXT NOT NULL, organizer TEXT NOT NULL REFERENCES organizers(login), role TEXT NOT NULL,
  PRIMARY KEY(event_id, organizer));
CREATE TABLE IF NOT EXISTS event_listing(event_id TEXT PRIMARY KEY, published INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS account_audit(
  seq INTEGER PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
  subject TEXT NOT NULL, detail TEXT NOT NULL);
)sql";

// Account writes are rare: on PostgreSQL they take this lock one at a time, so the audit's next
// seq (MAX + 1) is never taken twice. SQLite's write transaction excludes other writers already.
constexpr std::int64_t kAccountsLock = 7301571;

constexpr const char* kLoginRule = "organizer login";

Result<void> check_login(const std::string& login) {
  if (login.empty() || login.size() > 64) return fail("login", kLoginRule, "must be 1 to 64 characters");
  for (char c : login)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
      return fail("login", kLoginRule, "may hold only lowercase letters, digits, '.', '_' and '-'");
  return {};
}

Result<void> valid_password(const std::string& password) {
  if (password.size() < Accounts::kMinPasswordLength)
    return fail("password", "organizer password",
                "must be at least " + std::to_string(Accounts::kMinPasswordLength) + " characters");
  return {};
}

Organizer organizer_of(const sqldb::Row& row) {
  return Organizer{row.text(0), row.text(1), row.integer(2) != 0, row.text(3)};
}

EventGrant grant_of(const sqldb::Row& row) {
  return EventGrant{row.text(0), row.text(1), row.text(2),
                    event_role_from(row.text(3)).value_or(EventRole::judge)};
}

void append_audit(sqldb::Connection& db, const std::string& actor, const std::string& action,
                  const std::string& subject, const std::string& detail) {
  db.query(
      "INSERT INTO account_audit(seq, at, actor, action, subject, detail) "
      "VALUES((SELECT COALESCE(MAX(seq), 0) + 1 FROM account_audit), ?, ?, ?, ?, ?)",
      {app::now_utc(), actor, action, subject, detail});
}

}  // namespace

const char* to_string(EventRole role) {
  switch (role) {
    case EventRole::owner:
      return "owner";
    case EventRole::co_organizer:
      return "co-organizer";
    case EventRole::judge:
      break;
  }
  return "judge";
}

std::optional<EventRole> event_role_from(std::string_view text) {
  if (text == "owner") return EventRole::owner;
  if (text == "co-organizer") return EventRole::co_organizer;
  if (text == "judge") return EventRole::judge;
  return std::nullopt;
}

struct Accounts::Impl {
  std::shared_ptr<sqldb::Source> source;
  int iterations;
  Impl(const std::string& db, int it) : source(sqldb::open(db, "PRAGMA journal_mode=WAL")), iterations(it) {
    sqldb::Lease c = source->lease();
    sqldb::create_schema(*c, kTables,
                         // Append-only as a property of the database, like the journal.
                         sqldb::append_only_triggers(c->dialect(), "account_audit"));
  }

  // Runs `f` (a Result) in one write transaction with the audit lock; commits only on success.
  template <class F>
  auto write(F f) {
    sqldb::Lease db = source->lease();
    sqldb::Transaction tx(*db);
    if (db->dialect() == sqldb::Dialect::postgresql)
      db->script("SELECT pg_advisory_xact_lock(" + std::to_string(kAccountsLock) + ")");
    auto r = f(*db);
    if (r) tx.commit();
    return r;
  }
};

Accounts::Accounts(const std::string& db, int pbkdf2_iterations)
    : impl_(std::make_unique<Impl>(db, pbkdf2_iterations)) {}
Accounts::~Accounts() = default;

Result<Organizer> Accounts::add(const std::string& actor, const std::string& login, const std::string& name,
                                const std::string& password) {
  if (auto ok = check_login(login); !ok) return tl::unexpected(ok.error());
  if (name.empty() || name.size() > 100) return fail("name", "organizer", "must be 1 to 100 characters");
  if (auto ok = valid_password(password); !ok) return tl::unexpected(ok.error());
  const PasswordHash h = hash_password(password, impl_->iterations);  // slow: outside the lock
  std::lock_guard lock(mutex_);
  return impl_->write([&](sqldb::Connection& db) -> Result<Organizer> {
    Organizer o{login, name, false, app::now_utc()};
    const sqldb::Rows r = db.query(
        "INSERT INTO organizers(login, name, salt, hash, iterations, disabled, created_at) "
        "VALUES(?,?,?,?,?,0,?) ON CONFLICT DO NOTHING",
        {login, name, h.salt, h.hash, std::int64_t{h.iterations}, o.created_at});
    if (r.changed != 1)
      return fail(ErrorKind::conflict, "login", kLoginRule, "an organizer '" + login + "' exists already");
    append_audit(db, actor, "organizer.add", login, name);
    return o;
  });
}

std::vector<Organizer> Accounts::list() {
  std::lock_guard lock(mutex_);
  std::vector<Organizer> out;
  for (const sqldb::Row& row :
       impl_->source->lease()
           ->query("SELECT login, name, disabled, created_at FROM organizers ORDER BY login")
           .rows)
    out.push_back(organizer_of(row));
  return out;
}

std::optional<Organizer> Accounts::find(const std::string& login) {
  std::lock_guard lock(mutex_);
  const sqldb::Rows r = impl_->source->lease()->query(
      "SELECT login, name, disabled, created_at FROM organizers WHERE login = ?", {login});
  if (r.rows.empty()) return std::nullopt;
  return organizer_of(r.rows.front());
}

Result<void> Accounts::set_disabled(const std::string& actor, const std::string& login, bool disabled) {
  std::lock_guard lock(mutex_);
  return impl_->write([&](sqldb::Connection& db) -> Result<void> {
    const sqldb::Rows r = db.query("UPDATE organizers SET disabled = ? WHERE login = ?",
                                   {std::int64_t{disabled ? 1 : 0}, login});
    if (r.changed != 1)
      return fail(ErrorKind::not_found, "login", kLoginRule, "no organizer '" + login + "'");
    // A disabled organizer is logged out everywhere at once (role_on refuses them too).
    if (disabled) db.query("DELETE FROM server_sessions WHERE role = 'organizer' AND player = ?", {login});
    append_audit(db, actor, disabled ? "organizer.disable" : "organizer.enable", login, "");
    return {};
  });
}

Result<void> Accounts::set_password(const std::string& actor, const std::string& login,
                                    const std::string& password) {
  if (auto ok = valid_password(password); !ok) return ok;
  const PasswordHash h = hash_password(password, impl_->iterations);
  std::lock_guard lock(mutex_);
  return impl_->write([&](sqldb::Connection& db) -> Result<void> {
    const sqldb::Rows r = db.query("UPDATE organizers SET salt = ?, hash = ?, iterations = ? WHERE login = ?",
                                   {h.salt, h.hash, std::int64_t{h.iterations}, login});
    if (r.changed != 1)
      return fail(ErrorKind::not_found, "login", kLoginRule, "no organizer '" + login + "'");
    // A new password ends the sessions the old one opened (a reset after a leak).
    db.query("DELETE FROM server_sessions WHERE role = 'organizer' AND player = ?", {login});
    append_audit(db, actor, "organizer.password", login, "");
    return {};
  });
}

std::optional<Organizer> Accounts::check_password(const std::string& login, const std::string& password) {
  std::optional<PasswordHash> h;
  std::optional<Organizer> o;
  {
    std::lock_guard lock(mutex_);
    const sqldb::Rows r = impl_->source->lease()->query(
        "SELECT login, name, disabled, created_at, salt, hash, iterations FROM organizers WHERE login = ?",
        {login});
    if (!r.rows.empty()) {
      const sqldb::Row& row = r.rows.front();
      o = organizer_of(row);
      h = PasswordHash{row.text(4), row.text(5), static_cast<int>(row.integer(6))};
    }
  }
  // An unknown login costs the hash a real one costs: a refusal's time must not tell which exist.
  if (!h) {
    verify_against_nothing(password, impl_->iterations);
    return std::nullopt;
  }
  if (!verify_password(password, *h) || o->disabled) return std::nullopt;
  return o;
}

void Accounts::audit(const std::string& actor, const std::string& action, const std::string& subject,
                     const std::string& detail) {
  std::lock_guard lock(mutex_);
  (void)impl_->write([&](sqldb::Connection& db) -> Result<void> {
    append_audit(db, actor, action, subject, detail);
    return {};
  });
}

std::optional<EventRole> Accounts::role_on(const std::string& event_id, const std::string& login) {
  std::lock_guard lock(mutex_);
  const sqldb::Rows r = impl_->source->lease()->query(
      "SELECT r.role FROM event_roles r JOIN organizers o ON o.login = r.organizer "
      "WHERE r.event_id = ? AND r.organizer = ? AND o.disabled = 0",
      {event_id, login});
  if (r.rows.empty()) return std::nullopt;
  return event_role_from(r.rows.front().text(0));
}

std::optional<std::string> Accounts::owner_of(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  const sqldb::Rows r = impl_->source->lease()->query(
      "SELECT organizer FROM event_roles WHERE event_id = ? AND role = 'owner'", {event_id});
  if (r.rows.empty()) return std::nullopt;
  return r.rows.front().text(0);
}

void Accounts::event_created(const std::string& login, const std::string& event_id) {
  std::lock_guard lock(mutex_);
  (void)impl_->write([&](sqldb::Connection& db) -> Result<void> {
    db.query("INSERT INTO event_roles(event_id, organizer, role) VALUES(?, ?, 'owner')", {event_id, login});
    db.query(
        "INSERT INTO event_listing(event_id, published) VALUES(?, 0) "
        "ON CONFLICT(event_id) DO UPDATE SET published = 0",
        {event_id});
    append_audit(db, "organizer:" + login, "event.create", event_id, "owner " + login);
    return {};
  });
}

Result<void> Accounts::grant(const std::string& actor, const std::string& event_id, const std::string& login,
                             std::optional<EventRole> role) {
  if (role == EventRole::owner)
    return fail("role", "event roles", "must be \"co-organizer\" or \"judge\" (an event has one owner)");
  std::lock_guard lock(mutex_);
  return impl_->write([&](sqldb::Connection& db) -> Result<void> {
    const sqldb::Rows who = db.query("SELECT disabled FROM organizers WHERE login = ?", {login});
    if (who.rows.empty())
      return fail(ErrorKind::not_found, "organizer", kLoginRule, "no organizer '" + login + "'");
    const sqldb::Rows had =
        db.query(std::string("SELECT role FROM event_roles WHERE event_id = ? AND organizer = ?") +
                     std::string(db.lock_suffix()),
                 {event_id, login});
    if (!had.rows.empty() && had.rows.front().text(0) == "owner")
      return fail("organizer", "event roles", "'" + login + "' owns the event; the owner's role stays");
    if (role) {
      db.query(
          "INSERT INTO event_roles(event_id, organizer, role) VALUES(?,?,?) "
          "ON CONFLICT(event_id, organizer) DO UPDATE SET role = excluded.role",
          {event_id, login, to_string(*role)});
      append_audit(db, actor, "event.grant", event_id, login + " " + to_string(*role));
    } else {
      if (had.rows.empty())
        return fail(ErrorKind::not_found, "organizer", "event roles", "'" + login + "' holds no role here");
      db.query("DELETE FROM event_roles WHERE event_id = ? AND organizer = ?", {event_id, login});
      append_audit(db, actor, "event.revoke", event_id, login + " " + had.rows.front().text(0));
    }
    return {};
  });
}

std::vector<EventGrant> Accounts::roles_at(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  std::vector<EventGrant> out;
  for (const sqldb::Row& row :
       impl_->source->lease()
           ->query("SELECT r.event_id, r.organizer, o.name, r.role FROM event_roles r "
                   "JOIN organizers o ON o.login = r.organizer WHERE r.event_id = ? "
                   "ORDER BY r.organizer",
                   {event_id})
           .rows)
    out.push_back(grant_of(row));
  return out;
}

std::vector<EventGrant> Accounts::events_of(const std::string& login) {
  std::lock_guard lock(mutex_);
  std::vector<EventGrant> out;
  for (const sqldb::Row& row :
       impl_->source->lease()
           ->query("SELECT r.event_id, r.organizer, o.name, r.role FROM event_roles r "
                   "JOIN organizers o ON o.login = r.organizer WHERE r.organizer = ? "
                   "ORDER BY r.event_id",
                   {login})
           .rows)
    out.push_back(grant_of(row));
  return out;
}

std::set<std::string> Accounts::unlisted() {
  std::lock_guard lock(mutex_);
  std::set<std::string> out;
  for (const sqldb::Row& row :
       impl_->source->lease()->query("SELECT event_id FROM event_listing WHERE published = 0").rows)
    out.insert(row.text(0));
  return out;
}

std::optional<bool> Accounts::published(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  const sqldb::Rows r =
      impl_->source->lease()->query("SELECT published FROM event_listing WHERE event_id = ?", {event_id});
  if (r.rows.empty()) return std::nullopt;
  return r.rows.front().integer(0) != 0;
}

void Accounts::set_published(const std::string& actor, const std::string& event_id, bool published) {
  std::lock_guard lock(mutex_);
  (void)impl_->write([&](sqldb::Connection& db) -> Result<void> {
    db.query(
        "INSERT INTO event_listing(event_id, published) VALUES(?, ?) "
        "ON CONFLICT(event_id) DO UPDATE SET published = excluded.published",
        {event_id, std::int64_t{published ? 1 : 0}});
    append_audit(db, actor, published ? "event.publish" : "event.unpublish", event_id, "");
    return {};
  });
}

std::vector<AuditEntry> Accounts::audit_log(int limit) {
  std::lock_guard lock(mutex_);
  std::vector<AuditEntry> out;
  for (const sqldb::Row& row :
       impl_->source->lease()
           ->query(
               "SELECT seq, at, actor, action, subject, detail FROM account_audit ORDER BY seq DESC LIMIT ?",
               {std::int64_t{limit}})
           .rows)
    out.push_back(
        AuditEntry{row.integer(0), row.text(1), row.text(2), row.text(3), row.text(4), row.text(5)});
  return out;
}

Result<std::vector<PrintedEoPassword>> eo_passwords_at_start(const Store& store, Credentials& credentials,
                                                             Accounts& accounts,
                                                             const std::vector<std::string>& replace) {
  for (const std::string& id : replace) {
    if (!store.has_event(id)) return fail(ErrorKind::not_found, "event", "", "no event '" + id + "'");
    if (const auto owner = accounts.owner_of(id))
      return fail(ErrorKind::forbidden, "event", "event roles",
                  "event '" + id + "' is owned by organizer '" + *owner +
                      "' and run through the organizers' logins; its owner sets an EO password, if any");
  }
  std::vector<PrintedEoPassword> printed;
  for (const EventSummary& e : store.events()) {
    const bool forced = std::find(replace.begin(), replace.end(), e.id) != replace.end();
    if (!forced && (credentials.has_eo_password(e.id) || accounts.owner_of(e.id))) continue;
    std::string password = random_password();
    if (forced)
      credentials.set_eo_password(e.id, password);  // ends the sessions the old one opened
    else if (!credentials.set_eo_password_if_absent(e.id, password))
      continue;  // another server starting on this database set one first: its password is printed
    printed.push_back({e.id, e.name, std::move(password)});
  }
  return printed;
}

}  // namespace gauntlet::server
