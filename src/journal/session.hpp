// The one sequencer per event: decide, append, apply, in that order, one command at a time.
//
//   Store store = Store::open("gauntlet.db");
//   Result<EventSession> s = EventSession::create(store, "spring-open", CreateEvent{config}, now);
//   Result<std::int64_t> seq = s->execute(AddPlayer{player}, now);  // error -> nothing written
//   s->undo(now);                                                    // appends a compensating entry
//   const EventState& state = s->state();
//
// A command is validated against the in-memory state (decide), appended with the seq the
// session expects to follow (so a concurrent writer is detected, never overwritten), and only
// then applied in memory: the state never runs ahead of what is on disk. Validation errors are
// values; storage failures are thrown as ErrorException.
//
// Opening reads the event's checkpoint and replays only the entries after it (issue 16 point 2;
// Store::load_from_checkpoint), unless an undo after it cancels an entry it holds: then the whole
// journal, decoded, is replayed. The session writes a fresh checkpoint after an append once the
// entries after the last one outnumber max(32, last seq / 8), and after opening on such a tail.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "journal/store.hpp"

namespace gauntlet {

class EventSession {
 public:
  // Loads and replays an existing event; throws ErrorException if it is missing or corrupt.
  static EventSession open(Store& store, std::string event_id);
  // Validates `create` and writes it as seq 1; a taken id is an error naming "event.id".
  static Result<EventSession> create(Store& store, std::string event_id, CreateEvent create, std::string at);

  // Returns the new entry's seq. If another process appended meanwhile, reloads and decides
  // once more against the fresh state.
  Result<std::int64_t> execute(Command command, std::string at);
  // Several commands as one unit (e.g. a CSV import): each is decided against the state the
  // previous ones leave; the first refusal returns its error and nothing is written.
  // Returns the last new seq. Like execute(), retries once on a fresh state after a conflict.
  Result<std::int64_t> execute_all(std::vector<Command> commands, std::string at);
  // Commands from different callers committed together (group commit, issue 15 point 4): each is
  // decided against the state the accepted ones before it leave, and a refused one gets its own
  // error without stopping the others; the accepted ones are appended in one transaction (one
  // fsync), then applied. One answer per command, in order: its seq or its error. Like execute(),
  // decides them all again once after a conflict; a storage failure throws, nothing written.
  std::vector<Result<std::int64_t>> execute_each(std::vector<Command> commands, std::string at);
  // Appends an entry cancelling the latest effective one (see undo_target()).
  Result<std::int64_t> undo(std::string at);
  // `count` undos in a row (each cancels the then latest effective entry), in one transaction: all
  // or none. No retry: a writer meanwhile changes what they would cancel, so a conflict is returned.
  Result<std::int64_t> undo_many(std::size_t count, std::string at);
  // Re-reads the journal, e.g. after another process wrote to the event.
  void reload();
  // Stores a checkpoint of the journal and state as they are now. The session does this itself
  // when one is due; public for tests and tools. False when it could not be written: a checkpoint
  // is a cache, so that is never an error of the command (the next open replays more).
  bool save_checkpoint() noexcept;
  // The seq of the latest checkpoint this session read or wrote (0: none).
  std::int64_t checkpoint_seq() const { return checkpoint_seq_; }
  // Writes go through `store` from now on, a connection to the same database: the server opens
  // every event through one connection at start and gives an event its own at its first write.
  void use_store(Store& store) { store_ = &store; }

  const std::string& event_id() const { return event_id_; }
  const EventState& state() const { return state_; }
  const std::vector<JournalEntry>& journal() const { return journal_; }
  std::int64_t last_seq() const { return journal_.empty() ? 0 : journal_.back().seq; }

 private:
  EventSession(Store& store, std::string event_id) : store_(&store), event_id_(std::move(event_id)) {}
  Result<std::int64_t> try_execute(Command command, const std::string& at);
  Result<std::int64_t> try_undo(const std::string& at);
  Result<std::int64_t> try_execute_all(std::vector<Command> commands, const std::string& at);
  std::vector<Result<std::int64_t>> try_execute_each(std::vector<Command> commands, const std::string& at);
  void restore(StoredJournal stored);
  bool checkpoint_due() const;
  void appended();  // after every append: a checkpoint when one is due

  Store* store_;  // a pointer, so sessions can be moved
  std::string event_id_;
  std::vector<JournalEntry> journal_;
  EventState state_;
  std::int64_t checkpoint_seq_ = 0;    // the checkpoint stored, as far as this session knows
  std::int64_t checkpoint_tried_ = 0;  // last seq a checkpoint was written or tried at
  bool checkpoint_stale_ = false;      // an undo since cancels an entry the checkpoint holds
};

}  // namespace gauntlet
