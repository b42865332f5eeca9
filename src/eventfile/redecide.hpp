// Re-deciding a journal entry by entry, as its entries arrive (issue 16 point 1: a large event
// file's entries are re-decided on one core while the next ones are read on the other).
//
//   Redecider r(EntryNaming::file_index, JournalKept::yes);
//   while (auto batch = next_entries()) r.take(std::move(*batch));   // stops at the first refusal
//   Result<EventFile> file = std::move(r).finish();
//
// Every entry goes through the engine's decide(), so a tampered file cannot smuggle in what the
// engine would refuse, and must decide to what the file says it did; undo entries keep their
// meaning. redecide_journal (event_file.hpp) is this over a whole journal at once.
#pragma once

#include <optional>
#include <vector>

#include "eventfile/event_file.hpp"

namespace gauntlet {

// Whether the entries are kept as the file's journal once re-decided, or only their state is
// (a one-shot command that pairs or ranks an event needs no history: 350 000 entries at 100 000
// players are 180 MB it need not hold).
enum class JournalKept { yes, no };

class Redecider {
 public:
  explicit Redecider(EntryNaming naming, JournalKept kept = JournalKept::yes);

  // Re-decides the next entries of the journal, in order (seqs continuing 1, 2, 3…). After a
  // refusal — or an undo while the journal is not kept (it replays the entries before it) —
  // nothing more is taken: stopped() says so.
  void take(std::vector<JournalEntry>&& entries);
  bool stopped() const { return error_.has_value() || needs_journal_; }
  // An undo came while the journal was not kept: read again with JournalKept::yes.
  bool needs_journal() const { return needs_journal_; }
  const std::optional<Error>& error() const { return error_; }  // the first refusal

  // The state (and, when kept, the journal) so far, or the first refusal.
  Result<EventFile> finish() &&;
  // The same, left in place: the entries re-decided so far (whatever stopped() says).
  const EventFile& so_far() const { return f_; }

 private:
  void decide_one(JournalEntry&& entry);

  EntryNaming naming_;
  JournalKept kept_;
  EventFile f_;
  std::optional<Error> error_;
  bool needs_journal_ = false;
};

}  // namespace gauntlet
