// The event file: Gauntlet's exchange format (docs/event-file.md, docs/event-file.schema.json).
//
//   auto file = parse_event_file(text);                 // Result<EventFile>
//   if (!file) print(file.error().describe());          // names the JSON path and rule
//   Standings s = compute_standings(file->state);
//   std::string out = write_event_file(state, journal).dump(2);
//
// Reading never trusts the file: every player, pairing and result is re-run through the
// event engine's decide(), so a file can hold nothing the CLI could not have entered.
// When the file carries Gauntlet's own "journal", that history is replayed (exact round trip:
// same seed, same ids, same undo entries); otherwise the commands are rebuilt from the
// state-shaped "players" and "rounds" (files made by other tools).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "engine/engine.hpp"

namespace gauntlet {

inline constexpr int kEventFileVersion = 1;

struct EventFile {
  std::vector<JournalEntry> journal;  // effective history to store; seqs 1..n
  EventState state;                   // replay of `journal`
};

Result<EventFile> parse_event_file(std::string_view text);
// The same, reading `text` in place (no copy of a file of hundreds of megabytes, issue 16).
Result<EventFile> parse_event_file(std::string&& text);
// The same, reading `text` where it lies (a mapped file: no copy at all). Precondition: the
// kEventFilePadding bytes after `text` are readable (their values do not matter); `text` is only
// read, and need not outlive the call.
inline constexpr std::size_t kEventFilePadding = 64;
// A file of this size or more is "large": read in pieces on two cores when printed as Gauntlet
// writes it (eventfile/journal_stream.hpp), and written with its checkpoint when it has a journal
// (eventfile/file_checkpoint.hpp).
inline constexpr std::size_t kLargeEventFile = 1 << 20;
Result<EventFile> parse_event_file_in_place(std::string_view text);
// The state alone, read as parse_event_file_in_place reads it (same errors), without keeping the
// journal: what a one-shot command that pairs or ranks the event needs (issue 16 point 1).
Result<EventState> read_event_state_in_place(std::string_view text);

class PendingEventFile;  // eventfile/journal_stream.hpp
// read_event_state_in_place in two steps, for a command with work to do while the end of a large
// file is still being checked on the other core (issue 16):
//   EventStateReading reading(text);                  // `text` must outlive it
//   Result<const EventState*> s = reading.state();     // work on it, show nothing from it...
//   Result<void> ok = reading.checked();               // ...until the whole text is: else the error
// state() is the file's state once checked() succeeds; when checked() fails, the error is the one
// read_event_state_in_place gives and what was worked out from state() must be dropped.
class EventStateReading {
 public:
  explicit EventStateReading(std::string_view text);
  EventStateReading(EventStateReading&&) noexcept;
  ~EventStateReading();
  Result<const EventState*> state();
  Result<void> checked();

 private:
  void settle();
  std::string_view text_;
  std::unique_ptr<PendingEventFile> pending_;
  bool settled_ = false;
  const EventFile* streamed_ = nullptr;     // the answer, held by pending_
  std::optional<Result<EventFile>> whole_;  // or the text read whole (small, printed otherwise, declined)
};
Result<EventFile> read_event_file(const nlohmann::json& j);
// Replays `journal` (seqs 1..n) re-deciding every entry, as reading a file's journal does: the
// first entry the engine refuses, or decides otherwise than stored, is the error. Its field names
// the entry as the file does ("journal[i]", 0-based) or as the store numbers it ("seq N": gauntlet
// verify), followed by the engine's field when it refused.
enum class EntryNaming { file_index, seq };
Result<EventFile> redecide_journal(std::vector<JournalEntry> journal,
                                   EntryNaming naming = EntryNaming::file_index);
nlohmann::json write_event_file(const EventState& state, std::span<const JournalEntry> journal);

}  // namespace gauntlet
