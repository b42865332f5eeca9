#include "server/award_store.hpp"

#include "server/crypto.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

namespace {

// Column types as sqldb::create_schema reads them on either database.
constexpr const char* kAwardSchema = R"sql(
CREATE TABLE IF NOT EXISTS ballot_keys(
  event_id TEXT NOT NULL, award TEXT NOT NULL, ballot INTEGER NOT NULL, key TEXT NOT NULL,
  PRIMARY KEY(event_id, award, ballot));
CREATE TABLE IF NOT EXISTS award_photos(
  event_id TEXT NOT NULL, hash TEXT NOT NULL, type TEXT NOT NULL, bytes BLOB NOT NULL,
  PRIMARY KEY(event_id, hash));
CREATE TABLE IF NOT EXISTS photo_uploads(
  event_id TEXT NOT NULL, uploader TEXT NOT NULL, hash TEXT NOT NULL,
  PRIMARY KEY(event_id, uploader, hash));
)sql";
// secure_delete: a forgotten key is overwritten, not left in a free page.
constexpr const char* kSqliteSetup = "PRAGMA journal_mode=WAL; PRAGMA secure_delete=ON;";

}  // namespace

struct AwardStore::Impl {
  std::shared_ptr<sqldb::Source> source;
  explicit Impl(const std::string& path) : source(sqldb::open(path, kSqliteSetup)) {
    sqldb::create_schema(*source->lease(), kAwardSchema);
  }
  std::optional<std::string> key(const std::string& event_id, const std::string& award, int ballot) {
    const sqldb::Rows r =
        source->lease()->query("SELECT key FROM ballot_keys WHERE event_id = ? AND award = ? AND ballot = ?",
                               {event_id, award, std::int64_t{ballot}});
    if (r.rows.empty()) return std::nullopt;
    return r.rows.front().text(0);
  }
};

AwardStore::AwardStore(const std::string& db_path) : impl_(std::make_unique<Impl>(db_path)) {}
AwardStore::~AwardStore() = default;

std::string AwardStore::ballot_key(const std::string& event_id, const std::string& award, int ballot) {
  std::lock_guard lock(mutex_);
  if (auto k = impl_->key(event_id, award, ballot)) return *k;
  const std::string key = random_token(32);
  // Two servers may make the ballot's key at the same moment: the first one stored is the key.
  impl_->source->lease()->query(
      "INSERT INTO ballot_keys(event_id, award, ballot, key) VALUES(?,?,?,?) ON CONFLICT DO NOTHING",
      {event_id, award, std::int64_t{ballot}, key});
  return impl_->key(event_id, award, ballot).value_or(key);
}

std::optional<std::string> AwardStore::find_ballot_key(const std::string& event_id, const std::string& award,
                                                       int ballot) {
  std::lock_guard lock(mutex_);
  return impl_->key(event_id, award, ballot);
}

void AwardStore::forget_ballot_key(const std::string& event_id, const std::string& award, int ballot) {
  std::lock_guard lock(mutex_);
  sqldb::Lease db = impl_->source->lease();
  db->query("DELETE FROM ballot_keys WHERE event_id = ? AND award = ? AND ballot = ?",
            {event_id, award, std::int64_t{ballot}});
  // SQLite: the log still holds the page with the key until it is copied back and emptied.
  // PostgreSQL: VACUUM removes the dead row from the table's pages (its write-ahead log and backups
  // keep their copies until they are recycled; docs/hosting.md).
  db->script(db->dialect() == sqldb::Dialect::sqlite ? "PRAGMA wal_checkpoint(TRUNCATE)"
                                                     : "VACUUM ballot_keys");
}

int AwardStore::ballot_keys(const std::string& event_id) {
  std::lock_guard lock(mutex_);
  return static_cast<int>(impl_->source->lease()
                              ->query("SELECT COUNT(*) FROM ballot_keys WHERE event_id = ?", {event_id})
                              .rows.at(0)
                              .integer(0));
}

AwardStore::PutPhoto AwardStore::put_photo(const std::string& event_id, const std::string& uploader,
                                           const std::string& type, const std::string& bytes,
                                           const PhotoQuota& quota) {
  const std::string hash = sha256_hex(bytes);
  std::lock_guard lock(mutex_);
  sqldb::Lease db = impl_->source->lease();
  const auto count = [&](const char* sql, std::initializer_list<sqldb::Value> params) {
    return db->query(sql, params).rows.at(0).integer(0);
  };
  // The same picture again (a retry, a second entry) costs nothing: it is stored already.
  if (count("SELECT COUNT(*) FROM award_photos WHERE event_id = ? AND hash = ?", {event_id, hash}) == 0) {
    // Counted under the lock (one server); servers sharing PostgreSQL may each pass one upload more.
    if (uploader != "eo" && count("SELECT COUNT(*) FROM photo_uploads WHERE event_id = ? AND uploader = ?",
                                  {event_id, uploader}) >= quota.per_uploader)
      return {"", PhotoRefusal::uploader_full};
    if (count("SELECT COUNT(*) FROM award_photos WHERE event_id = ?", {event_id}) >= quota.per_event)
      return {"", PhotoRefusal::event_full};
    db->query("INSERT INTO award_photos(event_id, hash, type, bytes) VALUES(?,?,?,?) ON CONFLICT DO NOTHING",
              {event_id, hash, type, sqldb::Blob(bytes)});
  }
  db->query("INSERT INTO photo_uploads(event_id, uploader, hash) VALUES(?,?,?) ON CONFLICT DO NOTHING",
            {event_id, uploader, hash});
  return {hash, PhotoRefusal::none};
}

std::optional<Photo> AwardStore::photo(const std::string& event_id, const std::string& hash) {
  std::lock_guard lock(mutex_);
  sqldb::Rows r = impl_->source->lease()->query(
      "SELECT type, bytes FROM award_photos WHERE event_id = ? AND hash = ?", {event_id, hash});
  if (r.rows.empty()) return std::nullopt;
  return Photo{r.rows.front().text(0), std::move(*r.rows.front().cells.at(1))};
}

}  // namespace gauntlet::server
