// Validating and applying commands; replaying a journal.
//
//   EventState state;
//   auto resolved = decide(state, CreateEvent{config});   // Result<Command>
//   if (!resolved) return resolved.error();               // names field and rule; state unchanged
//   apply(state, *resolved);                              // cannot fail
//
// decide() is pure: same state and command -> same result, every random choice drawn from the
// event's seed. apply() must only be given what decide() returned for the same state.
#pragma once

#include <array>
#include <span>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "editions/edition.hpp"
#include "editions/timing.hpp"
#include "model/commands.hpp"
#include "model/rounds.hpp"

namespace gauntlet {

Result<Command> decide(const EventState& state, Command command);
// A faction as players type it or a list builder exports it ("Trollblood", "Mercs", "cyg"), as the
// event names it; an error names `field`, the unknown or ambiguous word and the known factions.
Result<std::string> faction_of_event(const EventState& state, const std::string& given,
                                     const std::string& field);
// Whether a result recorded as decided by the tiebreakers ("tiebreaker") agrees with the edition's
// ladder (edition data game_tiebreakers) on what a result records: walking the rungs in order,
// the first that differs on control points or army points destroyed names the winner (a tie: it
// must not differ), and a rung the result does not record (army points remaining, scenario
// presence, warcasters left at a No Assassination Victory event) ends the check. The same rule
// as a scenario victory's "more control points", the other way: SR2017 "If the players are tied
// for control points when the game ends, use the 3rd tiebreaker". An error names `field`.ending.
Result<void> check_tiebreaker_result(const EventState& state, const std::array<GameResult, 2>& results,
                                     const std::string& field);

// The timing of an event's rounds at this edition, point size and variants, refused exactly as event
// setup refuses them: the edition's point sizes, each variant known, chosen once, with its number,
// the combinations the variants' texts forbid (SR2017 "Classic Casual Time Limits" needs Classic
// Turn Timing: the Deathclock has no turn or extension length to take from a larger size), the
// Rumble range, a timing table row. `rules timing` and POST /api/rules/timing answer with it, so they
// never give a timing `event new` would refuse. Fields: `where`.points, `where`.variants[i]
// (without the prefix when `where` is empty).
Result<RoundTiming> setup_timing(const std::string& edition, int points, std::vector<VariantChoice> variants,
                                 const std::string& where);
void apply_command(EventState& state, const Command& resolved);
// The same, taking what it keeps from `resolved` (a published round's tables: 50 000 at 100 000
// players, issue 16) instead of copying it.
void apply_command(EventState& state, Command&& resolved);
// `apply` reads better, but Command is a std::variant, so an unqualified apply(state, cmd)
// also finds std::apply by argument-dependent lookup; these exact non-template overloads win.
inline void apply(EventState& state, const Command& resolved) {
  apply_command(state, resolved);
}
inline void apply(EventState& state, Command& resolved) {
  apply_command(state, resolved);
}
inline void apply(EventState& state, Command&& resolved) {
  apply_command(state, std::move(resolved));
}

// One stored journal entry. `undoes` marks a compensating entry (undo) that cancels an earlier
// entry; undo never deletes anything.
struct JournalEntry {
  std::int64_t seq = 0;
  std::string at;  // ISO 8601 time the adapter accepted it (informational; the core has no clock)
  std::optional<Command> command;
  std::optional<std::int64_t> undoes;
};

// The entries still in effect: every entry that is neither an undo nor undone.
std::vector<const JournalEntry*> effective_entries(std::span<const JournalEntry> journal);
// State = replay of the effective entries, in order.
EventState replay(std::span<const JournalEntry> journal);
// The effective entries an undo may cancel, in order: neither the event's creation, a clock action
// (a tap is not undone; a judge adjusts the clock instead, issue 11) nor an award command (a vote
// cannot be taken back; commands.hpp is_award_command).
std::vector<const JournalEntry*> undoable_entries(std::span<const JournalEntry> journal);
// Which entry an undo appended now would cancel: the latest undoable entry. Error when there is
// nothing to undo.
Result<std::int64_t> undo_target(std::span<const JournalEntry> journal);

}  // namespace gauntlet
