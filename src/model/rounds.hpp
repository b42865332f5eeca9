// Facts about an event's rounds that every layer above the model reads.
//
//   const Edition& e = edition_of(state);       // the edition's rules data
//   if (event_finished(state)) show_final_standings();
//
// Pure functions of the state; defined in rounds.cpp.
#pragma once

#include "editions/edition.hpp"
#include "model/state.hpp"

namespace gauntlet {

// The edition the event uses (its config was validated on creation).
const Edition& edition_of(const EventState& state);
// Rounds the event plans: EO override, else attendance, capped by "[X] Round Event".
int planned_rounds(const EventState& state);
// After the last closed round: one player leads alone on TP, or the planned rounds are played.
bool event_finished(const EventState& state);

}  // namespace gauntlet
