// What each audience sees of the awards (GET /api/events/{id}/awards, `gauntlet awards --json`).
//
//   nlohmann::json all = app::awards_json(state, app::AwardsAudience::organizer());
//   nlohmann::json mine = app::awards_json(state, app::AwardsAudience::player("p3"));
//
// Secrecy (issue 14): no audience ever gets a vote's choice (the core has none to give: votes are
// sealed). The EO sees the count once a vote is closed and who has not voted yet (turnout, to call
// them over); players and the public see a winner only once the EO reveals it, and never a count.
#pragma once

#include <nlohmann/json.hpp>

#include "model/state.hpp"

namespace gauntlet::app {

struct AwardsAudience {
  bool eo = false;
  PlayerId player;  // a logged-in player: whether they have voted
  static AwardsAudience organizer() { return {true, ""}; }
  static AwardsAudience as_player(PlayerId id) { return {false, std::move(id)}; }
  static AwardsAudience everyone() { return {false, ""}; }
};

// {"awards": [{"key", "name", "category", "method", "metric"?, "everyone", "entries": [{"id", "name",
//   "faction", "title", "photo"}], "ballot"?: {"number", "open", "candidates": [{"id", "name"}],
//   "votes", "voters", "voted"? (player), "waiting"? (EO: names not voted)}, "tally"? (EO),
//   "tied"? (EO), "scores"? (EO, computed), "winners": [{"id", "name", "faction"}], "decided",
//   "revealed"}]}
nlohmann::json awards_json(const EventState& state, const AwardsAudience& audience);

}  // namespace gauntlet::app
