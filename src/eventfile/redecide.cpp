#include "eventfile/redecide.hpp"

#include <span>

#include "model/json.hpp"

namespace gauntlet {

namespace {

// Starts loading where the players of a result's table sit in the id index, without waiting: the
// loop below asks for the entry kAhead further on, so at 100 000 players the index's cache misses
// overlap instead of following one another (issue 16; results come table after table). Only the
// table at its own number is looked at: anything unusual is left to decide().
void prefetch_seats(const EventState& s, const JournalEntry& entry) {
  const auto* r = entry.command ? std::get_if<RecordResult>(&*entry.command) : nullptr;
  if (!r || r->round < 1 || static_cast<std::size_t>(r->round) > s.rounds.size()) return;
  const std::vector<Table>& tables = s.rounds[static_cast<std::size_t>(r->round) - 1].tables;
  if (r->table < 1 || static_cast<std::size_t>(r->table) > tables.size()) return;
  for (const PlayerId& id : tables[static_cast<std::size_t>(r->table) - 1].players) s.id_index.prefetch(id);
}

}  // namespace

Redecider::Redecider(EntryNaming naming, JournalKept kept) : naming_(naming), kept_(kept) {}

void Redecider::take(std::vector<JournalEntry>&& entries) {
  for (std::size_t i = 0; i < entries.size() && !stopped(); ++i) {
    if (i + PlayerPositions::kAhead < entries.size())
      prefetch_seats(f_.state, entries[i + PlayerPositions::kAhead]);
    decide_one(std::move(entries[i]));
  }
}

void Redecider::decide_one(JournalEntry&& entry) {
  // The entry's path, for errors only (built when one is reported: a file has 10^5 entries).
  const auto w = [&entry, this] {
    return naming_ == EntryNaming::seq ? "seq " + std::to_string(entry.seq)
                                       : "journal[" + std::to_string(entry.seq - 1) + "]";
  };
  if (entry.undoes) {
    if (kept_ == JournalKept::no) {
      needs_journal_ = true;  // an undo replays the entries before it, which were not kept
      return;
    }
    const Result<std::int64_t> target = undo_target(f_.journal);
    if (!target) {
      error_ = target.error();
      return;
    }
    if (*target != *entry.undoes) {
      error_ = Error{w() + ".undoes", "journal",
                     "an undo cancels the latest entry still in effect (" + std::to_string(*target) + ")"};
      return;
    }
    f_.journal.push_back(std::move(entry));
    f_.state = replay(f_.journal);
    return;
  }
  auto resolved = decide(f_.state, *entry.command);
  if (!resolved) {
    Error err = resolved.error();
    err.field = w() + ": " + err.field;
    error_ = std::move(err);
    return;
  }
  // Compared as data first (cheap); the JSON forms decide when a field the file does not carry
  // makes the data differ.
  if (*resolved != *entry.command && command_to_json(*resolved) != command_to_json(*entry.command)) {
    error_ = Error{w(), "journal", "does not replay to the same result (edited by hand?)"};
    return;
  }
  apply(f_.state, std::move(*resolved));
  if (kept_ == JournalKept::yes) f_.journal.push_back(std::move(entry));
}

Result<EventFile> Redecider::finish() && {
  if (error_) return tl::unexpected(std::move(*error_));
  return std::move(f_);
}

Result<EventFile> redecide_journal(std::vector<JournalEntry> journal, EntryNaming naming) {
  Redecider r(naming);
  r.take(std::move(journal));
  return std::move(r).finish();
}

}  // namespace gauntlet
