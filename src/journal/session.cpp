#include "journal/session.hpp"

namespace gauntlet {

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
  journal_ = store_->load(event_id_);
  state_ = replay(journal_);
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
  return last_seq();
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
  return last_seq();
}

}  // namespace gauntlet
