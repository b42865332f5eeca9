// The round clock and the tables' clocks (issue 11): decide() and apply() for StartRound and
// ClockAction. Internal to the engine: use decide()/apply() from engine/engine.hpp.
#pragma once

#include <cstdint>

#include "core/error.hpp"
#include "model/commands.hpp"
#include "model/rounds.hpp"

namespace gauntlet::detail {

// Clock times are milliseconds; the rules give their allowances in minutes.
inline constexpr std::int64_t kMinute = 60000;

Result<Command> decide_start_round(const EventState& s, StartRound c);
Result<Command> decide_clock(const EventState& s, ClockAction c);
// Why a game stopped at its expected end is a tie, in the edition's words (also for reports).
std::string time_up_text(const EventState& s);
void apply_start_round(EventState& s, const StartRound& c);
// Tolerant of a table that no longer exists (its round's pairing undone since): clock actions are
// not undone with it (engine.hpp undo_target), so replay skips them.
void apply_clock(EventState& s, const ClockAction& c);

}  // namespace gauntlet::detail
