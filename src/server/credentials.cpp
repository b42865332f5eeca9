#include "server/credentials.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include "server/crypto.hpp"

namespace gauntlet::server {

namespace {

constexpr const char* kSchema = R"sql(
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
  SQLite::Database db;
  int iterations;
  Impl(const std::string& path, int it)
      : db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE), iterations(it) {
    db.setBusyTimeout(5000);
    db.exec("PRAGMA journal_mode=WAL");
    db.exec(kSchema);
  }

  std::optional<PasswordHash> load(const char* kind, const std::string& event_id) {
    SQLite::Statement q(
        db, "SELECT salt, hash, iterations FROM server_credentials WHERE kind = ? AND event_id = ?");
    q.bind(1, kind);
    q.bind(2, event_id);
    if (!q.executeStep()) return std::nullopt;
    return PasswordHash{q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt()};
  }
  void store(const char* kind, const std::string& event_id, const std::string& secret) {
    const PasswordHash h = hash_password(secret, iterations);
    SQLite::Statement q(db, "INSERT OR REPLACE INTO server_credentials VALUES(?,?,?,?,?)");
    q.bind(1, kind);
    q.bind(2, event_id);
    q.bind(3, h.salt);
    q.bind(4, h.hash);
    q.bind(5, h.iterations);
    q.exec();
  }
};

Credentials::Credentials(const std::string& db_path, int pbkdf2_iterations)
    : impl_(std::make_unique<Impl>(db_path, pbkdf2_iterations)) {}
Credentials::~Credentials() = default;

std::optional<std::string> Credentials::ensure_admin_key() {
  std::lock_guard lock(mutex_);
  if (impl_->load("admin", "")) return std::nullopt;
  std::string key = random_token(24);
  impl_->store("admin", "", key);
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

bool Credentials::check_eo_password(const std::string& event_id, const std::string& password) {
  std::optional<PasswordHash> h;
  {
    std::lock_guard lock(mutex_);
    h = impl_->load("eo", event_id);
  }
  return h && verify_password(password, *h);
}

std::optional<std::string> Credentials::pin(const std::string& event_id, const std::string& player_id) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(impl_->db, "SELECT pin FROM player_pins WHERE event_id = ? AND player_id = ?");
  q.bind(1, event_id);
  q.bind(2, player_id);
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getString();
}

std::map<std::string, std::string> Credentials::pins_with_prefix(const std::string& event_id,
                                                                 const std::string& prefix) {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string> pins;
  SQLite::Statement q(impl_->db, "SELECT player_id, pin FROM player_pins WHERE event_id = ?");
  q.bind(1, event_id);
  while (q.executeStep()) {
    std::string holder = q.getColumn(0).getString();
    if (holder.rfind(prefix, 0) == 0) pins[std::move(holder)] = q.getColumn(1).getString();
  }
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
  SQLite::Statement q(impl_->db, "SELECT player_id, pin FROM player_pins WHERE event_id = ?");
  q.bind(1, event_id);
  while (q.executeStep()) pins[q.getColumn(0).getString()] = q.getColumn(1).getString();
  SQLite::Transaction tx(impl_->db);
  for (const std::string& p : players) {
    if (pins.count(p)) continue;
    pins[p] = random_pin();
    SQLite::Statement ins(impl_->db, "INSERT INTO player_pins VALUES(?,?,?)");
    ins.bind(1, event_id);
    ins.bind(2, p);
    ins.bind(3, pins[p]);
    ins.exec();
  }
  tx.commit();
  std::map<std::string, std::string> wanted;
  for (const std::string& p : players) wanted[p] = pins[p];
  return wanted;
}

}  // namespace gauntlet::server
