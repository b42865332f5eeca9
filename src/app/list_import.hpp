// Pasting a list (issue 13 point 1) for every face: the text a player exports from War Room or
// Conflict Chamber (or the project's JSON) becomes the SetList command for one player, or one
// error naming every refused line. The engine then checks the list as for one typed entry by entry
// (point window, one leader, different leaders, lock at the event's start).
//
//   auto plan = app::plan_list_import(state, "p3", pasted, std::nullopt, "list");
//   if (!plan) return plan.error();   // "list, line 7: 2 lines refused, nothing imported: ..."
//   execute(session, plan->command);  // plan->imported: format, faction, title, theme
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "armylists/import.hpp"
#include "core/error.hpp"
#include "model/commands.hpp"

namespace gauntlet::app {

struct ListImportPlan {
  SetList command;  // the player's list `index` (default: the next one)
  ImportedList imported;
};

// Refuses unreadable lines, and a list whose exported faction is not the player's (SR2017 "Army
// Lists": "each list must be led by a different warcaster or warlock from the same Faction").
Result<ListImportPlan> plan_list_import(const EventState& state, const PlayerId& player,
                                        std::string_view text, std::optional<int> index,
                                        const std::string& field);

}  // namespace gauntlet::app
