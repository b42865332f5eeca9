// The journal read for people: one line per entry, and what an undo would cancel before it does.
//
//   auto next = app::undo_preview(session.journal(), session.state());
//   // next->seq 14, next->at "2026-11-23T10:02:11Z", next->text "result of round 2, table 3 (Ada v Boris)"
//   Result<app::Undone> u = app::undo(session);
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "journal/session.hpp"

namespace gauntlet::app {

// "result of round 2, table 3 (Ada v Boris)", "drop of Ada (p1) after round 2", …
std::string describe_command(const EventState& state, const Command& command);

struct EntryView {
  std::int64_t seq = 0;
  std::string at, kind, text;
  std::string who;  // "EO", or the player who reported/confirmed: "Ada (p1)"
};
// The entry an undo appended now would cancel; an error (precondition) when there is none.
Result<EntryView> undo_preview(std::span<const JournalEntry> journal, const EventState& state);

struct Undone {
  EntryView undid;
  std::int64_t seq = 0;  // the compensating entry
};
// `expect`: the entry the EO saw in the preview. When a newer entry arrived since, nothing is
// undone blindly: a conflict naming what would be undone now.
Result<Undone> undo(EventSession& session, std::optional<std::int64_t> expect = std::nullopt);

// The latest `n` entries in effect, newest first (the event's creation never: it cannot be undone).
std::vector<EntryView> recent_entries(std::span<const JournalEntry> journal, const EventState& state,
                                      std::size_t n);

struct UndoneMany {
  std::vector<EntryView> undid;  // newest first, as undone
  std::int64_t seq = 0;          // the last compensating entry
};
// Undo is a stack (undo_target): undoing entry `to` undoes every later entry in effect too, one
// compensating entry each, all in one transaction. `expect` is the latest entry the EO saw; a newer
// one is a conflict naming it, and nothing is undone.
Result<UndoneMany> undo_to(EventSession& session, std::int64_t to, std::int64_t expect);

}  // namespace gauntlet::app
