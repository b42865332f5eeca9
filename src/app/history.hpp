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

#include "journal/session.hpp"

namespace gauntlet::app {

// "result of round 2, table 3 (Ada v Boris)", "drop of Ada (p1) after round 2", …
std::string describe_command(const EventState& state, const Command& command);

struct EntryView {
  std::int64_t seq = 0;
  std::string at, kind, text;
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

}  // namespace gauntlet::app
