#include "app/pairing_options.hpp"

namespace gauntlet::app {

namespace {

Result<PlayerId> known(const EventState& state, const PlayerId& id, const std::string& field) {
  if (!state.find_player(id))
    return fail(ErrorKind::not_found, field, "registration", "no player '" + id + "'");
  return id;
}

}  // namespace

Result<SwissPairerOptions> pairer_options(const EventState& state, const PairingChoices& c) {
  if (c.avoid_all_rounds && !c.avoid_club && !c.avoid_faction)
    return fail(c.all_rounds_field, "pairings", "needs " + c.club_flag + " or " + c.faction_flag);
  SwissPairerOptions o;
  o.avoid_same_club = c.avoid_club;
  o.avoid_same_faction = c.avoid_faction;
  o.avoid_in_all_rounds = c.avoid_all_rounds;
  o.fresh_tables = c.fresh_tables;
  if (c.draw < 1 || c.draw > 1000) return fail(c.draw_field, "pairings", "a draw is a number from 1 to 1000");
  o.draw = c.draw;
  for (const PairingChoices::Fixed& f : c.fixed) {
    if (f.table < 1 || f.table > 9999)
      return fail(f.field, "pairings", "a fixed table is a table number of 1 or more");
    GAUNTLET_TRY(const PlayerId id, known(state, f.player, f.field));
    for (const auto& [other, t] : o.fixed_tables) {
      if (other == id) return fail(f.field, "pairings", id + " already has a fixed table");
      if (t == f.table)
        return fail(f.field, "pairings",
                    "table " + std::to_string(f.table) + " is already fixed for " + other);
    }
    o.fixed_tables.emplace_back(id, f.table);
  }
  for (const PairingChoices::Lock& l : c.locks) {
    GAUNTLET_TRY(const PlayerId a, known(state, l.a, l.field));
    GAUNTLET_TRY(const PlayerId b, known(state, l.b, l.field));
    if (a == b) return fail(l.field, "pairings", "a player cannot be locked with themself");
    o.locked.emplace_back(a, b);
  }
  return o;
}

}  // namespace gauntlet::app
