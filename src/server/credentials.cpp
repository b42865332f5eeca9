#include "server/credentials.hpp"

#include "server/crypto.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

namespace {

// Column types as sqldb::create_schema reads them on either database.
constexpr const char* kCredentialsSchema = R"sql(
CREATE TABLE IF NOT EXISTS server_credentials(
  kind TEXT NOT NULL,        -- 'admin' or 'eo'
  event_id TEXT NOT NULL,    -- '' for the admin key
  salt TEXT NOT NULL, hash TEXT NOT NULL, iterations INTEGER NOT NULL,
  PRIMARY KEY(kind, event_id));
CREATE TABLE IF NOT EXISTS player_pins(
  event_id TEXT NOT NULL, player_id TEXT NOT NULL, pin TEXT NOT NULL,
  PRIMARY KEY(event_id, player_id));
)sql";

}  // namespace

struct Credentials::Impl {
  std::shared_ptr<sqldb::Source> source;
  int iterations;
  Impl(const std::string& path, int it)
      : source(sqldb::open(path, "PRAGMA journal_mode=WAL")), iterations(it) {
    sqldb::create_schema(*source->lease(), kCredentialsSchema);
  }

  std::optional<PasswordHash> load(const char* kind, const std::string& event_id) {
    const sqldb::Rows r = source->lease()->query(
        "SELECT salt, hash, iterations FROM server_credentials WHERE kind = ? AND event_id = ?",
        {kind, event_id});
    if (r.rows.empty()) return std::nullopt;
    const sqldb::Row& row = r.rows.front();
    return PasswordHash{row.text(0), row.text(1), static_cast<int>(row.integer(2))};
  }
  // Stores `secret` unless the database holds one already: true when this call's secret was stored.
  // Two servers started together on one database both try; the primary key keeps the first, and
  // the other learns it lost (and must not print its secret).
  bool store_if_absent(const char* kind, const std::string& event_id, const std::string& secret) {
    const PasswordHash h = hash_password(secret, iterations);
    return source->lease()
               ->query(
                   "INSERT INTO server_credentials(kind, event_id, salt, hash, iterations) VALUES(?,?,?,?,?) "
                   "ON CONFLICT(kind, event_id) DO NOTHING",
                   {kind, event_id, h.salt, h.hash, std::int64_t{h.iterations}})
               .changed == 1;
  }
  void store(const char* kind, const std::string& event_id, const std::string& secret) {
    store_hash(kind, event_id, hash_password(secret, iterations));
  }
  void store_hash(const char* kind, const std::string& event_id, const PasswordHash& h) {
    sqldb::Lease db = source->lease();
    sqldb::Transaction tx(*db);
    db->query(
        "INSERT INTO server_credentials(kind, event_id, salt, hash, iterations) VALUES(?,?,?,?,?) "
        "ON CONFLICT(kind, event_id) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, "
        "iterations = excluded.iterations",
        {kind, event_id, h.salt, h.hash, std::int64_t{h.iterations}});
    if (std::string_view(kind) == "eo") end_sessions(*db, event_id, "eo", "");
    tx.commit();
  }
  // A credential replaced or taken away ends the sessions it opened, in the same transaction: a
  // password rotated after a leak must not leave the leaker's session writing for another 24 hours.
  // (server_sessions is the Store's table, journal/store.cpp; an organizer's sessions are of the
  // account, ended by Accounts.)
  static void end_sessions(sqldb::Connection& db, const std::string& event_id, const char* role,
                           const std::string& holder) {
    db.query("DELETE FROM server_sessions WHERE event_id = ? AND role = ? AND player = ?",
             {event_id, role, holder});
  }
};

Credentials::Credentials(const std::string& db_path, int pbkdf2_iterations)
    : impl_(std::make_unique<Impl>(db_path, pbkdf2_iterations)) {}
Credentials::~Credentials() = default;

std::optional<std::string> Credentials::ensure_admin_key() {
  std::lock_guard lock(mutex_);
  // The read first: most starts find a key, and skip hashing one for nothing.
  if (impl_->load("admin", "")) return std::nullopt;
  std::string key = random_token(24);
  if (!impl_->store_if_absent("admin", "", key)) return std::nullopt;
  return key;
}

std::string Credentials::replace_admin_key() {
  std::lock_guard lock(mutex_);
  std::string key = random_token(24);
  impl_->store("admin", "", key);  // INSERT OR REPLACE: one admin key per database
  return key;
}

bool Credentials::check_admin_key(const std::string& key) {
  std::optional<PasswordHash> h;
  {
    std::lock_guard lock(mutex_);
    h = impl_->load("admin", "");
  }
  // Hash outside the lock: PBKDF2 is deliberately slow.
  if (!h) verify_against_nothing(key, impl_->iterations);
  return h && verify_password(key, *h);
}

bool Credentials::has_eo_password(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  return impl_->load("eo", event_id).has_value();
}

void Credentials::set_eo_password(const std::string& event_id, const std::string& password) {
  std::lock_guard lock(mutex_);
  impl_->store("eo", event_id, password);
}

PasswordHash Credentials::hash_eo_password(const std::string& password) const {
  return hash_password(password, impl_->iterations);
}

void Credentials::set_eo_password_hash(const std::string& event_id, const PasswordHash& hash) {
  std::lock_guard lock(mutex_);
  impl_->store_hash("eo", event_id, hash);
}

bool Credentials::set_eo_password_if_absent(const std::string& event_id, const std::string& password) {
  std::lock_guard lock(mutex_);
  if (impl_->load("eo", event_id)) return false;
  return impl_->store_if_absent("eo", event_id, password);
}

void Credentials::remove_eo_password(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  sqldb::Lease db = impl_->source->lease();
  sqldb::Transaction tx(*db);
  db->query("DELETE FROM server_credentials WHERE kind = 'eo' AND event_id = ?", {event_id});
  Impl::end_sessions(*db, event_id, "eo", "");
  tx.commit();
}

bool Credentials::check_eo_password(const std::string& event_id, const std::string& password) {
  std::optional<PasswordHash> h;
  {
    std::lock_guard lock(mutex_);
    h = impl_->load("eo", event_id);
  }
  // An event without an EO password answers as late as one with: the time of a refusal does not
  // tell which events can be logged in to with a password.
  if (!h) verify_against_nothing(password, impl_->iterations);
  return h && verify_password(password, *h);
}

std::optional<std::string> Credentials::pin(const std::string& event_id, const std::string& player_id) {
  std::lock_guard lock(mutex_);
  const sqldb::Rows r = impl_->source->lease()->query(
      "SELECT pin FROM player_pins WHERE event_id = ? AND player_id = ?", {event_id, player_id});
  if (r.rows.empty()) return std::nullopt;
  return r.rows.front().text(0);
}

bool Credentials::remove_judge(const std::string& event_id, const std::string& name) {
  std::lock_guard lock(mutex_);
  sqldb::Lease db = impl_->source->lease();
  sqldb::Transaction tx(*db);
  const bool had = db->query("DELETE FROM player_pins WHERE event_id = ? AND player_id = ?",
                             {event_id, judge_credential(name)})
                       .changed == 1;
  Impl::end_sessions(*db, event_id, "judge", name);
  tx.commit();
  return had;
}

std::map<std::string, std::string> Credentials::pins_with_prefix(const std::string& event_id,
                                                                 const std::string& prefix) {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string> pins;
  const sqldb::Rows r =
      impl_->source->lease()->query("SELECT player_id, pin FROM player_pins WHERE event_id = ?", {event_id});
  for (const sqldb::Row& row : r.rows)
    if (row.text(0).rfind(prefix, 0) == 0) pins[row.text(0)] = row.text(1);
  return pins;
}

std::map<std::string, std::string> Credentials::ensure_player_pins(const std::string& event_id,
                                                                   const EventState& state) {
  std::vector<std::string> ids;
  for (const Player& p : state.players) ids.push_back(p.id);
  return ensure_pins(event_id, ids);
}

std::map<std::string, std::string> Credentials::ensure_pins(const std::string& event_id,
                                                            const std::vector<std::string>& players) {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string> pins;
  sqldb::Lease db = impl_->source->lease();
  sqldb::Transaction tx(*db);
  const auto read = [&] {
    for (const sqldb::Row& row :
         db->query("SELECT player_id, pin FROM player_pins WHERE event_id = ?", {event_id}).rows)
      pins[row.text(0)] = row.text(1);
  };
  read();
  bool raced = false;
  for (const std::string& p : players) {
    if (pins.count(p)) continue;
    const std::string pin = random_pin();
    // Another server may give this player a PIN at the same moment: its PIN stands.
    const sqldb::Rows r =
        db->query("INSERT INTO player_pins(event_id, player_id, pin) VALUES(?,?,?) ON CONFLICT DO NOTHING",
                  {event_id, p, pin});
    if (r.changed == 1)
      pins[p] = pin;
    else
      raced = true;
  }
  if (raced) read();
  tx.commit();
  std::map<std::string, std::string> wanted;
  for (const std::string& p : players) wanted[p] = pins[p];
  return wanted;
}

}  // namespace gauntlet::server
