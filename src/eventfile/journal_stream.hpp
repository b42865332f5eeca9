// A large event file Gauntlet wrote, read on two cores (issue 16 point 1).
//
//   if (auto file = stream_event_file(text, JournalKept::no)) use(*file);  // Result<EventFile>
//   else read_it_whole(text);                                               // and word its errors
//
// A second thread walks the text in pieces (eventfile/pretty_json.hpp) and reads the journal's
// entries as it meets them; the calling thread re-decides them as they come (eventfile/
// redecide.hpp). Nothing is decided from a text that is not valid JSON: the answer waits for the
// walk to reach the end of the text. Once it has, the result — state, journal or error — is the
// one reading the text whole gives: a read error in any entry comes before a refusal of any entry,
// as when every entry was read before the first was decided.
//
// nullopt: not a text this reads — not printed as dump(2) prints it, not valid JSON, or anything
// unusual at its top (an unknown or repeated key, another version, no journal). Read it whole.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "eventfile/pretty_json.hpp"
#include "eventfile/redecide.hpp"

namespace gauntlet {

std::optional<Result<EventFile>> stream_event_file(std::string_view text, JournalKept kept,
                                                   std::size_t piece = kPrettyJsonPiece);

// stream_event_file in steps, for a caller with work to do while the end of the text is checked
// (issue 16: at 100 000 players the players and rounds after the journal are 126 MB to check, which
// the other core does while this one starts pairing):
//   PendingEventFile pending(text, JournalKept::no);
//   if (const EventFile* f = pending.replayed()) work_on(f->state);  // nothing shown from it yet
//   auto read = pending.finish();      // stream_event_file's answer; on success the same file
//   if (read && *read) show(results);  // else discard the work: read the text whole, word the error
// `text` must outlive the object; the reading thread is stopped and joined with it.
class PendingEventFile {
 public:
  PendingEventFile(std::string_view text, JournalKept kept, std::size_t piece = kPrettyJsonPiece);
  PendingEventFile(const PendingEventFile&) = delete;
  PendingEventFile& operator=(const PendingEventFile&) = delete;
  ~PendingEventFile();

  // Waits until every entry of the journal is read and re-decided: the file so far (its state is
  // the journal's replay), or null when an entry does not read, is refused, or an undo needs the
  // journal kept — finish() then tells. The rest of the text may still prove not to be JSON.
  const EventFile* replayed();
  // Waits for the end of the text: nullopt (read the text whole), the error, or the file — the one
  // replayed() showed, when it showed one — held here until take().
  std::optional<Result<const EventFile*>> finish();
  // The file, after finish() gave it.
  EventFile take() &&;

 private:
  struct Reading;
  void drain();

  std::string_view text_;
  JournalKept kept_;
  std::size_t piece_;
  std::unique_ptr<Reading> reading_;
  bool drained_ = false;
  std::optional<bool> walked_;
  std::optional<EventFile> again_;  // read again, the journal kept, for an undo
};

}  // namespace gauntlet
