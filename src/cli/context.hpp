// Shared plumbing of the `gauntlet` command line: opening the database, finding the event,
// resolving what the EO typed into player ids, and turning errors into exit codes.
//
// Exit codes: 0 done; 2 bad input or a command the rules refuse (nothing written);
// 1 the database or file system failed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/file_bytes.hpp"
#include "core/error.hpp"
#include "eventfile/event_file.hpp"
#include "journal/session.hpp"
#include "journal/store.hpp"

namespace gauntlet::cli {

struct Options {
  std::string db = "gauntlet.db";
  std::string event_id;  // empty -> the most recently created event in the database
  bool json = false;
};

// Thrown by command handlers for bad input; main() prints it and exits 2.
struct UsageError : ErrorException {
  using ErrorException::ErrorException;
};

[[noreturn]] void reject(const Error& e);
// What the command line adds to a refusal that every face shares (how to add a faction), or "".
std::string cli_hint(const Error& e);
template <class T>
T unwrap(Result<T> r) {
  if (!r) reject(r.error());
  return std::move(*r);
}
inline void unwrap(Result<void> r) {
  if (!r) reject(r.error());
}

// The one mapping from an error to the exit status: 1 when the database or file system failed,
// 2 for every refusal (bad input, a rule, a missing player, a taken id: nothing written).
int exit_status(const Error& e);

Store open_store(const Options& o);
// The event the command addresses; a clear error when the database has none.
EventSession open_session(Store& store, const Options& o);

// Finds a player by id ("p7"), by exact name, or by an unambiguous part of the name,
// ignoring case; otherwise an error listing the candidates or the closest names.
PlayerId resolve_player(const EventState& state, const std::string& ref, const std::string& field);

std::string read_file(const std::string& path, const std::string& field);
// The event file at `path`, parsed in place (file_bytes.hpp) and replayed; a refusal naming
// `field` otherwise.
EventFile load_event_file(const std::string& path, const std::string& field = "--event");
// The same file's state alone, its journal not kept (read_event_state_in_place): for the commands
// that only pair, rank or print the event.
EventState load_event_state(const std::string& path, const std::string& field = "--event");

// The same state, handed over as soon as the file's journal is replayed, while the other core still
// checks the rest of the file (EventStateReading; issue 16: the players and rounds a 100 000-player
// file also holds are a third of it). check() waits for that and throws the refusal reading the file
// whole gives; nothing computed from state() may be printed before it. A file that ends with a
// checkpoint this build trusts (eventfile/file_checkpoint.hpp: what `gauntlet export` writes for a
// large event) gives that state at once, and check() has nothing left to check.
//   const auto& file = keep_to_exit(std::make_unique<EventFileState>(path));
//   Standings s = compute_standings(file->state());
//   file->check();
//   print(s);
class EventFileState {
 public:
  explicit EventFileState(const std::string& path, const std::string& field = "--event");
  EventFileState(const EventFileState&) = delete;  // state() points into it
  EventFileState& operator=(const EventFileState&) = delete;
  const EventState& state() const { return *state_; }
  void check();

 private:
  FileBytes bytes_;
  std::optional<EventState> checkpointed_;
  std::optional<EventStateReading> reading_;  // when there is no checkpoint to trust
  const EventState* state_ = nullptr;
};

// Keeps `value` until the process ends and returns it. For what a one-shot command reads whole
// (an event file's journal and state, its standings): the kernel takes the memory back at exit at
// once, where destroying 10^5 entries one by one took 2–3 % of `pair --event` (issue 16 point 1).
// Held from a list that is never freed, so LeakSanitizer finds it reachable, not leaked.
//   const EventFile& f = keep_to_exit(load_event_file(path));
std::vector<std::shared_ptr<void>>& kept_to_exit();
template <class T>
T& keep_to_exit(T value) {
  auto held = std::make_shared<T>(std::move(value));
  T& ref = *held;
  kept_to_exit().push_back(std::move(held));
  return ref;
}

// `path`, or standard input when it is "-" or empty (a list or facts pasted into the terminal).
std::string read_file_or_stdin(const std::string& path, const std::string& field);
// Writes `text` to `path` whole or not at all (a temporary file renamed over it); a storage error
// naming `field` when it cannot.
void write_file(const std::string& path, const std::string& text, const std::string& field);

}  // namespace gauntlet::cli
