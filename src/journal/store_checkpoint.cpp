// Checkpoints beside the journal (issue 16 point 2): see Store::load_from_checkpoint and
// Store::put_checkpoint in store.hpp.
#include <limits>
#include <string_view>

#include "journal/store.hpp"
#include "journal/store_impl.hpp"

namespace gauntlet {
namespace {

using store_detail::guarded;
using store_detail::raise;

// The event's checkpoint if one of this build is stored and decodes; every other case is "none".
std::optional<Checkpoint> read_checkpoint(sqldb::Connection& db, const std::string& event_id) {
  const sqldb::Rows r =
      db.query("SELECT seq, signature, body FROM checkpoints WHERE event_id = ?", {event_id});
  if (r.rows.empty() || r.rows.front().text(1) != format_signature()) return std::nullopt;
  const sqldb::Row& row = r.rows.front();
  Result<Checkpoint> c = decode_checkpoint(row.text(2));
  if (!c || c->seq != row.integer(0)) return std::nullopt;
  return std::move(*c);
}

// The journal's row at S must be the checkpoint's last entry: the journal is append-only, so this
// holds unless the file was edited by hand; then the journal wins.
bool same_entry(const JournalEntry& a, const JournalEntry& b) {
  return a.seq == b.seq && a.at == b.at && a.undoes == b.undoes && a.command == b.command;
}

}  // namespace

StoredJournal Store::load_from_checkpoint(const std::string& event_id) const {
  return guarded("loading event " + event_id, [&] {
    sqldb::Lease lease = impl_->source->lease();
    sqldb::Connection& db = *lease;
    if (!store_detail::has_event(db, event_id)) raise("event.id", "no event \"" + event_id + "\"");
    StoredJournal out;
    if (std::optional<Checkpoint> c = read_checkpoint(db, event_id)) {
      std::vector<JournalEntry> rows = store_detail::read_rows(db, event_id, c->seq);
      if (!rows.empty() && same_entry(rows.front(), c->journal.back())) {
        rows.erase(rows.begin());
        out.checkpoint = std::move(c);
        out.tail = std::move(rows);
        return out;
      }
    }
    out.tail = store_detail::read_rows(db, event_id, 1);
    return out;
  });
}

void Store::put_checkpoint(const std::string& event_id, std::span<const JournalEntry> journal,
                           const EventState& state) {
  if (journal.empty()) return;
  const std::string body = encode_checkpoint(journal, state);
  if (body.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    raise("checkpoint",
          "a checkpoint of " + std::to_string(body.size()) + " bytes is more than SQLite keeps");
  const std::string signature(format_signature());
  guarded("writing a checkpoint of event " + event_id, [&] {
    // A later checkpoint of this build is never replaced by an earlier one (two processes on one
    // file); another build's always is.
    sqldb::Lease db = impl_->source->lease();
    db->query(
        "INSERT INTO checkpoints(event_id, seq, signature, body) VALUES(?,?,?,?) "
        "ON CONFLICT(event_id) DO UPDATE SET seq = excluded.seq, "
        "signature = excluded.signature, body = excluded.body "
        "WHERE excluded.seq > checkpoints.seq OR excluded.signature <> checkpoints.signature",
        {event_id, static_cast<std::int64_t>(journal.size()), signature, sqldb::Blob(body)});
    return 0;
  });
}

}  // namespace gauntlet
