// Registration use cases shared by every face: a batch of players all or nothing, and dropping a
// player after the round's pairings are published (issue 3: "re-pair or give the orphan a bye —
// EO's choice, explained").
//
//   auto cmds = app::registrations(state, players, "csv");   // every row checked, or the first bad row
//   auto plan = app::plan_drop(state, "p6", std::nullopt, app::Amend::orphan_bye);
//   // plan->explain says what will happen; execute plan->command to do it
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "model/commands.hpp"
#include "pairing/swiss_pairer.hpp"

namespace gauntlet::app {

// Checks every player as the next registration and returns the AddPlayer commands; the first
// refusal names its row ("csv, row 3, player.faction: …", rows numbered from 2 under a header).
Result<std::vector<Command>> registrations(const EventState& state, const std::vector<Player>& players,
                                           const std::string& source);

// What a drop does to the open round's tables when the player has not played there yet.
enum class Amend {
  none,        // the player stays at their table and still owes the game (e.g. a concession)
  orphan_bye,  // the opponent left alone gets the bye (the round must have none)
  repair,      // the fewest tables without a result or report change (the orphan v the bye, say)
};
// "none" (or ""), "orphan-bye", "repair".
Result<Amend> parse_amend(std::string_view text, const std::string& field);

struct DropPlan {
  SetPlayerStatus command;            // resolved: after_round set, amended round when asked for
  std::vector<std::string> warnings;  // rules the amended round cannot avoid breaking
  std::vector<std::string> explain;   // what happens, in order, for the EO to read before confirming
  std::optional<int> owed_table;      // Amend::none and still paired without a result: the table
  std::vector<std::string> moved;     // repair: each table that changes, "table 5: … v …, was … v …"
};
// `after`: last round the player takes part in (default: the latest paired; with an amendment
// it must be the open round - 1). `options`: the round's pairing options (clubs avoided, fixed
// tables, the EO's locks), which a repair keeps. Nothing is written: execute `command` to drop.
Result<DropPlan> plan_drop(const EventState& state, const PlayerId& id, std::optional<int> after, Amend amend,
                           const SwissPairerOptions& options = {});

}  // namespace gauntlet::app
