// The clocks' use cases (issue 11): starting a round, a tap or a judge's action at a table, the
// flags and expected ends the server records when they come, and the clocks as JSON for every page.
//
//   auto a = app::clock_action(session, ClockAction{0, 5, ClockActionKind::pass}, Caller::as_player("p7"),
//                              app::unix_millis());
//   // a->command: the ClockAction as journaled (by "p7", at_ms, notes such as a short turn)
//   for (ClockAction due : app::due_clock_actions(session.state(), now)) app::record_due(session, due);
//
// Time enters here (now_ms); the core takes it as data. A phone that was offline sends its taps
// with the time they happened: accepted in order and at most kOfflineWindowMs old.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "app/execute.hpp"

namespace gauntlet::app {

// How old a tap sent late (a phone that lost the network) may be and still count at its own time.
constexpr std::int64_t kOfflineWindowMs = 5 * 60 * 1000;
// How far ahead of the server a phone's clock may run before its times are taken as "now".
constexpr std::int64_t kClockSkewMs = 2000;
// The server records a flag this long after the clock reached 0, so a tap on its way still counts.
constexpr std::int64_t kFlagGraceMs = 1500;

// The EO starts the latest round (the round's time counts from now_ms).
Result<Accepted> start_round(EventSession& session, int round, std::int64_t now_ms);

// A clock action from a player (at their own table, as themselves), a judge or the EO (`by` is
// set from the caller: "EO" or "judge:<name>"). `c.at_ms` 0 = now; a past time within the window
// is kept (the answer's notes say how late it came); older, refused with the window named.
Result<Accepted> clock_action(EventSession& session, ClockAction c, const Caller& caller,
                              std::int64_t now_ms);

// What the server records by itself at `now_ms`: a flag that fell (kFlagGraceMs ago or more), a
// table whose expected end came (Deathclock). Empty when nothing is due.
std::vector<ClockAction> due_clock_actions(const EventState& state, std::int64_t now_ms);

// {"kind", "started_ms", "end_ms", "warning_ms", "secret_variable"?, "minutes", ...} for a round;
// players and the public never see a secret variable (SR2014: "The EO does not announce the
// result of this roll or reveal the amount of time remaining in a game to players"): end_ms is
// then null for them and "elapsed" is what their pages show.
nlohmann::json round_clock_json(const EventState& state, const Round& round, bool eo);
// {"state", "remaining_ms": [a, b], "as_of_ms", "turn", "running", ...} for a table; null when not started.
nlohmann::json table_clock_json(const EventState& state, const Round& round, const Table& table);

}  // namespace gauntlet::app
