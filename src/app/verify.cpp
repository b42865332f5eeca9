#include "app/verify.hpp"

#include <algorithm>
#include <span>

#include "eventfile/event_file.hpp"

namespace gauntlet::app {
namespace {

// Store::load already refuses a gap between rows; this also catches a journal not starting at 1.
std::optional<Error> check_numbering(const std::vector<JournalEntry>& journal) {
  for (std::size_t i = 0; i < journal.size(); ++i)
    if (journal[i].seq != static_cast<std::int64_t>(i) + 1)
      return Error{"seq " + std::to_string(journal[i].seq), "journal",
                   "entries must be numbered 1, 2, 3…: expected seq " + std::to_string(i + 1),
                   ErrorKind::storage};
  return std::nullopt;
}

// Opening the event trusts its checkpoint (issue 16 point 2): it must hold the journal's first S
// entries as stored and the state they replay to (the entries were re-decided already).
std::optional<Error> check_checkpoint(const Checkpoint& c, const std::vector<JournalEntry>& journal) {
  const std::string where = "checkpoint at seq " + std::to_string(c.seq);
  if (c.seq > static_cast<std::int64_t>(journal.size()))
    return Error{where, "checkpoint",
                 "is ahead of the journal, which ends at seq " + std::to_string(journal.size()),
                 ErrorKind::storage};
  const std::span<const JournalEntry> covered(journal.data(), static_cast<std::size_t>(c.seq));
  const auto same = [](const JournalEntry& a, const JournalEntry& b) {
    return a.seq == b.seq && a.at == b.at && a.undoes == b.undoes && a.command == b.command;
  };
  if (!std::equal(covered.begin(), covered.end(), c.journal.begin(), c.journal.end(), same))
    return Error{where, "checkpoint", "holds entries that differ from the journal's", ErrorKind::storage};
  if (!(replay(covered) == c.state))
    return Error{where, "checkpoint",
                 "holds a state that differs from the replay of entries 1.." + std::to_string(c.seq),
                 ErrorKind::storage};
  return std::nullopt;
}

EventVerdict verify_event(const Store& store, const std::string& id) {
  EventVerdict v;
  v.event_id = id;
  try {
    std::vector<JournalEntry> journal = store.load(id);
    v.entries = static_cast<std::int64_t>(journal.size());
    if ((v.failure = check_numbering(journal))) return v;
    Result<EventFile> redecided = redecide_journal(std::move(journal), EntryNaming::seq);
    if (!redecided) {
      v.failure = redecided.error();
      return v;
    }
    const StoredJournal stored = store.load_from_checkpoint(id);
    if (stored.checkpoint) {
      v.checkpoint_seq = stored.checkpoint->seq;
      v.failure = check_checkpoint(*stored.checkpoint, redecided->journal);
    }
  } catch (const ErrorException& e) {  // a row that does not parse, a gap, the database gone
    v.failure = e.error;
  }
  return v;
}

}  // namespace

bool Verdict::ok() const {
  return database.empty() &&
         std::none_of(events.begin(), events.end(), [](const EventVerdict& e) { return e.failure; });
}

Result<Verdict> verify(const Store& store, const std::optional<std::string>& only) {
  if (only && !store.has_event(*only))
    return fail(ErrorKind::not_found, "--event-id", "", "no event '" + *only + "' in " + store.target());
  Verdict verdict;
  verdict.database = store.integrity_problems();
  if (only) {
    verdict.events.push_back(verify_event(store, *only));
    return verdict;
  }
  for (const EventSummary& e : store.events()) verdict.events.push_back(verify_event(store, e.id));
  return verdict;
}

}  // namespace gauntlet::app
