#include "journal/session.hpp"

#include <algorithm>
#include <iterator>

namespace gauntlet {

namespace {

// True when an undo among `tail` cancels an entry at or before `seq`: the state checkpointed at
// `seq` still holds what that undo took away, so it cannot be the starting point.
bool undoes_at_or_before(std::span<const JournalEntry> tail, std::int64_t seq) {
  return std::any_of(tail.begin(), tail.end(),
                     [&](const JournalEntry& e) { return e.undoes && *e.undoes <= seq; });
}

}  // namespace

EventSession EventSession::open(Store& store, std::string event_id) {
  EventSession s(store, std::move(event_id));
  s.reload();
  return s;
}

Result<EventSession> EventSession::create(Store& store, std::string event_id, CreateEvent create,
                                          std::string at) {
  Result<Command> resolved = decide(EventState{}, Command(std::move(create)));
  if (!resolved) return tl::unexpected(resolved.error());
  EventSession s(store, std::move(event_id));
  JournalEntry entry{0, std::move(at), std::move(*resolved), std::nullopt};
  try {
    entry.seq = store.create_event(s.event_id_, entry);
  } catch (const ConflictError& e) {
    return tl::unexpected(e.error);  // id taken: the user picks another, nothing to retry
  }
  gauntlet::apply(s.state_, *entry.command);
  s.journal_.push_back(std::move(entry));
  return s;
}

void EventSession::reload() {
  restore(store_->load_from_checkpoint(event_id_));
  if (checkpoint_due()) save_checkpoint();
}

// The journal is the checkpoint's entries and the tail; the state is the checkpoint's with the tail
// applied, or, when an undo of the tail reaches behind the checkpoint, the whole journal replayed.
void EventSession::restore(StoredJournal stored) {
  checkpoint_seq_ = stored.checkpoint ? stored.checkpoint->seq : 0;
  checkpoint_tried_ = checkpoint_seq_;
  checkpoint_stale_ = stored.checkpoint && undoes_at_or_before(stored.tail, checkpoint_seq_);
  if (!stored.checkpoint) {
    journal_ = std::move(stored.tail);
    state_ = replay(journal_);
  } else {
    journal_ = std::move(stored.checkpoint->journal);
    journal_.insert(journal_.end(), std::make_move_iterator(stored.tail.begin()),
                    std::make_move_iterator(stored.tail.end()));
    if (checkpoint_stale_) {
      state_ = replay(journal_);
    } else {
      // Every undo of the tail cancels an entry of the tail, so the tail's own effective entries,
      // applied in order to the checkpointed state, are what replay(journal_) applies after it.
      state_ = std::move(stored.checkpoint->state);
      const std::span<const JournalEntry> tail(
          journal_.begin() + static_cast<std::ptrdiff_t>(checkpoint_seq_), journal_.end());
      for (const JournalEntry* e : effective_entries(tail)) gauntlet::apply(state_, *e->command);
    }
  }
}

bool EventSession::save_checkpoint() noexcept {
  checkpoint_tried_ = last_seq();
  checkpoint_stale_ = false;
  try {
    store_->put_checkpoint(event_id_, journal_, state_);
    checkpoint_seq_ = last_seq();
    return true;
  } catch (...) {  // a cache: the journal has everything, the next open just replays more
    return false;
  }
}

// Each checkpoint costs work proportional to the journal and comes at least last seq / 8 entries
// after the previous one, so its cost per command is constant; opening then parses at most that many
// rows (issue 16 point 2). An undo that cancels a checkpointed entry makes the next open replay the
// whole journal, hence a fresh checkpoint right away.
bool EventSession::checkpoint_due() const {
  return checkpoint_stale_ || last_seq() - checkpoint_tried_ > std::max<std::int64_t>(32, last_seq() / 8);
}

void EventSession::appended() {
  if (checkpoint_due()) save_checkpoint();
}

Result<std::int64_t> EventSession::execute(Command command, std::string at) {
  try {
    return try_execute(command, at);
  } catch (const ConflictError&) {
    // Another process appended since we loaded: its entry may change what this command means
    // (an id taken, a round paired), so decide again on the fresh state rather than re-append.
    reload();
  }
  try {
    return try_execute(std::move(command), at);
  } catch (const ConflictError& e) {
    return tl::unexpected(e.error);
  }
}

namespace {

// The event's name once `resolved` is in effect, for the store's listing (a setup change may rename).
std::string_view name_after(const EventState& state, const Command& resolved) {
  if (const auto* c = std::get_if<ConfigureEvent>(&resolved)) return c->config.name;
  return state.config.name;
}

}  // namespace

Result<std::int64_t> EventSession::try_execute(Command command, const std::string& at) {
  Result<Command> resolved = decide(state_, std::move(command));
  if (!resolved) return tl::unexpected(resolved.error());
  JournalEntry entry{0, at, std::move(*resolved), std::nullopt};
  entry.seq = store_->append(event_id_, last_seq(), entry, name_after(state_, *entry.command));
  // Only after the commit: memory never shows what the disk does not have.
  gauntlet::apply(state_, *entry.command);
  journal_.push_back(std::move(entry));
  appended();
  return journal_.back().seq;
}

Result<std::int64_t> EventSession::execute_all(std::vector<Command> commands, std::string at) {
  try {
    return try_execute_all(commands, at);
  } catch (const ConflictError&) {
    reload();  // as execute(): decide every command again on the fresh state
  }
  try {
    return try_execute_all(std::move(commands), at);
  } catch (const ConflictError& e) {
    return tl::unexpected(e.error);
  }
}

Result<std::int64_t> EventSession::try_execute_all(std::vector<Command> commands, const std::string& at) {
  EventState next = state_;
  std::vector<JournalEntry> entries;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    Result<Command> resolved = decide(next, std::move(commands[i]));
    if (!resolved) return tl::unexpected(resolved.error());
    gauntlet::apply(next, *resolved);
    entries.push_back(
        JournalEntry{last_seq() + static_cast<std::int64_t>(i) + 1, at, std::move(*resolved), std::nullopt});
  }
  if (entries.empty()) return last_seq();
  store_->append_all(event_id_, last_seq(), entries, next.config.name);
  state_ = std::move(next);
  for (JournalEntry& e : entries) journal_.push_back(std::move(e));
  appended();
  return last_seq();
}

std::vector<Result<std::int64_t>> EventSession::execute_each(std::vector<Command> commands, std::string at) {
  // Alone, a command is execute()'s: no copy of the state to decide on.
  if (commands.empty()) return {};
  if (commands.size() == 1) return {execute(std::move(commands.front()), std::move(at))};
  const std::size_t count = commands.size();
  try {
    return try_execute_each(commands, at);
  } catch (const ConflictError&) {
    reload();  // as execute(): decide every command again on the fresh state
  }
  try {
    return try_execute_each(std::move(commands), at);
  } catch (const ConflictError& e) {
    return std::vector<Result<std::int64_t>>(count, tl::unexpected(e.error));
  }
}

std::vector<Result<std::int64_t>> EventSession::try_execute_each(std::vector<Command> commands,
                                                                 const std::string& at) {
  EventState next = state_;
  std::vector<JournalEntry> entries;
  std::vector<Result<std::int64_t>> answers;
  for (Command& command : commands) {
    Result<Command> resolved = decide(next, std::move(command));
    if (!resolved) {
      answers.push_back(tl::unexpected(resolved.error()));
      continue;
    }
    gauntlet::apply(next, *resolved);
    const std::int64_t seq = last_seq() + static_cast<std::int64_t>(entries.size()) + 1;
    entries.push_back(JournalEntry{seq, at, std::move(*resolved), std::nullopt});
    answers.push_back(seq);
  }
  if (entries.empty()) return answers;
  store_->append_all(event_id_, last_seq(), entries, next.config.name);
  // Only after the commit, as in try_execute(): memory never shows what the disk does not have.
  state_ = std::move(next);
  for (JournalEntry& e : entries) journal_.push_back(std::move(e));
  appended();
  return answers;
}

Result<std::int64_t> EventSession::undo(std::string at) {
  try {
    return try_undo(at);
  } catch (const ConflictError&) {
    reload();  // the latest effective entry may now be a different one
  }
  try {
    return try_undo(at);
  } catch (const ConflictError& e) {
    return tl::unexpected(e.error);
  }
}

Result<std::int64_t> EventSession::try_undo(const std::string& at) {
  Result<std::int64_t> target = undo_target(journal_);
  if (!target) return tl::unexpected(target.error());
  JournalEntry entry{0, at, std::nullopt, *target};
  // An undo can cancel anything, so rebuild rather than try to reverse one apply().
  std::vector<JournalEntry> journal = journal_;
  journal.push_back(entry);
  EventState next = replay(journal);
  entry.seq = store_->append(event_id_, last_seq(), entry, next.config.name);
  journal.back().seq = entry.seq;
  journal_ = std::move(journal);
  state_ = std::move(next);
  if (*target <= checkpoint_seq_) checkpoint_stale_ = true;
  appended();
  return journal_.back().seq;
}

Result<std::int64_t> EventSession::undo_many(std::size_t count, std::string at) {
  std::vector<JournalEntry> journal = journal_;
  std::vector<JournalEntry> entries;
  for (std::size_t i = 0; i < count; ++i) {
    Result<std::int64_t> target = undo_target(journal);
    if (!target) return tl::unexpected(target.error());
    journal.push_back(JournalEntry{last_seq() + static_cast<std::int64_t>(i) + 1, at, std::nullopt, *target});
    entries.push_back(journal.back());
  }
  if (entries.empty()) return last_seq();
  EventState next = replay(journal);
  try {
    store_->append_all(event_id_, last_seq(), entries, next.config.name);
  } catch (const ConflictError& e) {
    return tl::unexpected(e.error);
  }
  journal_ = std::move(journal);
  state_ = std::move(next);
  if (undoes_at_or_before(entries, checkpoint_seq_)) checkpoint_stale_ = true;
  appended();
  return last_seq();
}

}  // namespace gauntlet
