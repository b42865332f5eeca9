// Where time and randomness enter Gauntlet: the use cases stamp journal entries with the time of
// acceptance and draw an event's seed once, here; the core below never reads a clock.
//
//   session.execute(command, app::now_utc());   // "2026-11-23T09:00:00Z"
//   config.seed = app::fresh_seed();             // journaled in create-event: every later draw replays
#pragma once

#include <cstdint>
#include <string>

namespace gauntlet::app {

std::string now_utc();
// Unix seconds: when a login session or an idempotent answer expires (server records beside the journal).
std::int64_t unix_seconds();
// Unix milliseconds: the time a clock action happened (issue 11), journaled on the command.
std::int64_t unix_millis();
std::uint64_t fresh_seed();

}  // namespace gauntlet::app
