// Who reads a player's army lists, and the army-points calculator over them (issue 13 points 2
// and 4), for every face:
//   - the EO and the judges read every list, a player their own, always;
//   - SR2017 "Army Lists" locks the lists when the event starts: from then on a player's opponents
//     (in any round) read them too — the result form shows the opponent's list played entry by
//     entry to count the army points destroyed.
//
//   GAUNTLET_CHECK(app::may_view_lists(state, caller, "p7"));
//   auto d = app::count_destroyed(state, "p7", 2, marks, "destroyed");  // d->total, d->lines
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/execute.hpp"
#include "armylists/army_points.hpp"
#include "core/error.hpp"
#include "model/state.hpp"

namespace gauntlet::app {

// Forbidden (naming the rule) when `viewer` may not read `owner`'s lists; not found for an unknown
// owner. The public is a Caller with neither eo, player nor judge.
Result<void> may_view_lists(const EventState& state, const Caller& viewer, const PlayerId& owner);

// The marks counted on `owner`'s list `list` (1-based; nullopt: the only list) by the event's
// edition. Refused: no such list, two lists and none named, bad marks (armylists/army_points.hpp).
// `as_assassination`: the game was lost by a concession or a clock-out scored as an assassination
// on the table as it is (army_points.hpp): the leader and, where it counts, the battlegroup added.
Result<Destroyed> count_destroyed(const EventState& state, const PlayerId& owner, std::optional<int> list,
                                  const std::vector<Loss>& marks, const std::string& field,
                                  bool as_assassination = false);

}  // namespace gauntlet::app
