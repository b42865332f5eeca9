#include "server/award_store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include "server/crypto.hpp"

namespace gauntlet::server {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS ballot_keys(
  event_id TEXT NOT NULL, award TEXT NOT NULL, ballot INTEGER NOT NULL, key TEXT NOT NULL,
  PRIMARY KEY(event_id, award, ballot));
CREATE TABLE IF NOT EXISTS award_photos(
  event_id TEXT NOT NULL, hash TEXT NOT NULL, type TEXT NOT NULL, bytes BLOB NOT NULL,
  PRIMARY KEY(event_id, hash));
)sql";

}  // namespace

struct AwardStore::Impl {
  SQLite::Database db;
  explicit Impl(const std::string& path) : db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE) {
    db.setBusyTimeout(5000);
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA secure_delete=ON");  // a forgotten key is overwritten, not left in a free page
    db.exec(kSchema);
  }
  std::optional<std::string> key(const std::string& event_id, const std::string& award, int ballot) {
    SQLite::Statement q(db, "SELECT key FROM ballot_keys WHERE event_id = ? AND award = ? AND ballot = ?");
    q.bind(1, event_id);
    q.bind(2, award);
    q.bind(3, ballot);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
  }
};

AwardStore::AwardStore(const std::string& db_path) : impl_(std::make_unique<Impl>(db_path)) {}
AwardStore::~AwardStore() = default;

std::string AwardStore::ballot_key(const std::string& event_id, const std::string& award, int ballot) {
  std::lock_guard lock(mutex_);
  if (auto k = impl_->key(event_id, award, ballot)) return *k;
  const std::string key = random_token(32);
  SQLite::Statement ins(impl_->db, "INSERT INTO ballot_keys VALUES(?,?,?,?)");
  ins.bind(1, event_id);
  ins.bind(2, award);
  ins.bind(3, ballot);
  ins.bind(4, key);
  ins.exec();
  return key;
}

std::optional<std::string> AwardStore::find_ballot_key(const std::string& event_id, const std::string& award,
                                                       int ballot) {
  std::lock_guard lock(mutex_);
  return impl_->key(event_id, award, ballot);
}

void AwardStore::forget_ballot_key(const std::string& event_id, const std::string& award, int ballot) {
  std::lock_guard lock(mutex_);
  SQLite::Statement del(impl_->db, "DELETE FROM ballot_keys WHERE event_id = ? AND award = ? AND ballot = ?");
  del.bind(1, event_id);
  del.bind(2, award);
  del.bind(3, ballot);
  del.exec();
  // The log still holds the page with the key until it is copied back and emptied.
  impl_->db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

int AwardStore::ballot_keys(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(impl_->db, "SELECT COUNT(*) FROM ballot_keys WHERE event_id = ?");
  q.bind(1, event_id);
  q.executeStep();
  return q.getColumn(0).getInt();
}

std::string AwardStore::put_photo(const std::string& event_id, const std::string& type,
                                  const std::string& bytes) {
  const std::string hash = sha256_hex(bytes);
  std::lock_guard lock(mutex_);
  SQLite::Statement ins(impl_->db, "INSERT OR IGNORE INTO award_photos VALUES(?,?,?,?)");
  ins.bind(1, event_id);
  ins.bind(2, hash);
  ins.bind(3, type);
  ins.bind(4, bytes.data(), static_cast<int>(bytes.size()));
  ins.exec();
  return hash;
}

std::optional<Photo> AwardStore::photo(const std::string& event_id, const std::string& hash) {
  std::lock_guard lock(mutex_);
  SQLite::Statement q(impl_->db, "SELECT type, bytes FROM award_photos WHERE event_id = ? AND hash = ?");
  q.bind(1, event_id);
  q.bind(2, hash);
  if (!q.executeStep()) return std::nullopt;
  const SQLite::Column b = q.getColumn(1);
  return Photo{q.getColumn(0).getString(), std::string(static_cast<const char*>(b.getBlob()), b.getBytes())};
}

}  // namespace gauntlet::server
