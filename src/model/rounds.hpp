// Facts about an event's rounds that every layer above the model reads.
//
//   const Edition& e = edition_of(state);       // the edition's rules data
//   if (event_finished(state)) show_final_standings();
//
// Pure functions of the state; defined in rounds.cpp.
#pragma once

#include "editions/edition.hpp"
#include "editions/timing.hpp"
#include "model/state.hpp"

namespace gauntlet {

// The edition the event uses (its config was validated on creation).
const Edition& edition_of(const EventState& state);
// The scenario's name ("The Pit II") for its key; the key itself when the edition has no such
// scenario (an old event file), "" for none (not announced yet).
std::string scenario_name(const EventState& state, const std::string& key);
// The Rumble rules when the event chose the edition's Rumble variant (SR2017 "Rumble"), else nullptr.
const VariantRumble* rumble_of(const EventConfig& config, const Edition& edition);
inline bool is_rumble(const EventState& state) {
  return rumble_of(state.config, edition_of(state)) != nullptr;
}
// Rounds the event plans: EO override, else attendance, capped by "[X] Round Event".
int planned_rounds(const EventState& state);
// Check-in decides round 1's field (issue 10 point 1). No edition's text names check-in; SR2017
// "First Round Pairings" pairs the player record sheets handed in, i.e. the players who are there.
// When at least one active player is checked in before round 1 is paired, round 1 pairs only the
// checked-in players; when nobody is (CLI users, old event files), every registered player, as
// before. Players still only registered when round 1 is published are left out of it and join
// round 2 as late entries (PairRound::left_out). From round 2 on, every active player plays.
bool checkin_decides(const EventState& state);
// Some player is checked in (the EO uses check-in at this event).
bool checkin_used(const EventState& state);
// `p` belongs to the field of `round` (active, and checked in where check-in decides; the cut aside).
// Looks at every player for round 1 (does check-in decide?): a loop over the field calls the
// overload below with checkin_decides(state) worked out once.
bool plays_in(const EventState& state, const Player& p, int round);
bool plays_in(const Player& p, int round, bool checkin_decides);
// SR2017 "Army Lists": lists "cannot change between rounds": a player's lists are open until the
// first round they play is paired — the event's round 1, a late entry's the round they join. The one
// rule for every face: the engine's SetList/RemoveList (CLI, API, phone), and the phone's and the
// console's list cards, which read it as the views' "lists_open".
bool lists_open(const EventState& state, const Player& p);
// Who is inside the Cut to Top X, flagged by position in state.players (SR2017 appendix "Cut to
// Top [X]": the remaining rounds are only played by the top X players); all set when no cut was made.
std::vector<char> inside_cut(const EventState& state);
// The players round 1 leaves out because they are not checked in; empty when check-in does not decide.
std::vector<PlayerId> left_out_of_round_one(const EventState& state);
// After the last closed round: one player leads alone on TP, or the planned rounds are played.
bool event_finished(const EventState& state);

// The event's round timing (editions/timing.hpp: edition, point size and variants). The setup
// was checked when the event was made, so an error here means an event from before that check.
Result<RoundTiming> timing_of(const EventState& state);
// The clock a table starts with under this timing; nullopt when games are untimed.
std::optional<ClockSetup> clock_setup(const RoundTiming& timing);
// When `round`'s time is up: its start plus the expected minutes (both player clocks, or the
// classic round length with its secret variable); nullopt when not started or untimed.
std::optional<std::int64_t> round_end_ms(const EventState& state, const Round& round);
// A table's own expected end: the round's, moved by the time a judge paused its clock or added to
// it (SR2017: a tie at the expected end "unless the EO paused their clocks during the round").
std::optional<std::int64_t> table_end_ms(const EventState& state, const Round& round, const Table& table);

}  // namespace gauntlet
