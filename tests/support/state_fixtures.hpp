// EventState values built directly, field by field (no engine, no journal), and reading the
// standings computed from them: for standings tests and any test that needs a state the engine
// would take many commands to reach. Also makes gtest print a Standings as its JSON.
//
//   EventState s = make_event(4);                       // p1..p4, SR2017, 75 points
//   Round& r = add_round(s);                            // round 1
//   add_game(r, "p1", "p2", win(3, 40), loss(1, 20));   // table 1
//   add_game(r, "p3", "p4", tie(), tie());              // table 2
//   Standings st = compute_standings(s);
//   row_of(st, "p1").tp == 1
//
// win/loss/tie here are one side's GameResult; the engine-driven builders of
// support/event_fixtures.hpp spell a whole table's result win_at(table, side) / tie_at(table).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/state.hpp"
#include "standings/render.hpp"
#include "standings/standings.hpp"

namespace gauntlet {
// Readable gtest failures for standings.
inline void PrintTo(const Standings& s, std::ostream* os) {
  *os << standings_to_json(s).dump();
}
}  // namespace gauntlet

namespace gauntlet::testing {

inline PlayerId pid(int n) {
  return "p" + std::to_string(n);
}

inline EventState make_event(int players, std::vector<VariantChoice> variants = {},
                             std::optional<int> rounds = std::nullopt) {
  EventState s;
  s.created = true;
  s.config.name = "Test Event";
  s.config.edition = "SR2017";
  s.config.points = 75;
  s.config.variants = std::move(variants);
  s.config.rounds = rounds;
  for (int i = 1; i <= players; ++i) {
    Player p;
    p.id = pid(i);
    p.name = "Player " + std::to_string(i);
    p.faction = "Cygnar";
    p.status = PlayerStatus::checked_in;
    s.players.push_back(std::move(p));
  }
  return s;
}

inline GameResult win(int cp = 0, int ap = 0) {
  return {Outcome::win, cp, ap, 1, {}};
}
inline GameResult loss(int cp = 0, int ap = 0) {
  return {Outcome::loss, cp, ap, 1, {}};
}
inline GameResult tie(int cp = 0, int ap = 0) {
  return {Outcome::tie, cp, ap, 1, {}};
}

// Appends round number rounds.size() + 1 (closed, as after "close round").
inline Round& add_round(EventState& s) {
  Round r;
  r.number = static_cast<int>(s.rounds.size()) + 1;
  r.closed = true;
  s.rounds.push_back(std::move(r));
  return s.rounds.back();
}

// Appends table tables.size() + 1 with a result.
inline Table& add_game(Round& r, const PlayerId& a, const PlayerId& b, GameResult ra, GameResult rb,
                       Ending ending = Ending::scenario) {
  Table t;
  t.number = static_cast<int>(r.tables.size()) + 1;
  t.players = {a, b};
  t.results = std::array<GameResult, 2>{ra, rb};
  t.ending = ending;
  r.tables.push_back(std::move(t));
  return r.tables.back();
}

// A pairing without a result yet (round in progress).
inline Table& add_unplayed(Round& r, const PlayerId& a, const PlayerId& b) {
  Table t;
  t.number = static_cast<int>(r.tables.size()) + 1;
  t.players = {a, b};
  r.tables.push_back(std::move(t));
  r.closed = false;
  return r.tables.back();
}

inline void give_bye(Round& r, const PlayerId& id) {
  r.bye = id;
}

inline void drop(EventState& s, const PlayerId& id, int after_round) {
  Player* p = s.find_player(id);
  p->status = PlayerStatus::dropped;
  p->dropped_after = after_round;
}

inline void disqualify(EventState& s, const PlayerId& id, int after_round) {
  Player* p = s.find_player(id);
  p->status = PlayerStatus::disqualified;
  p->disqualified_after = after_round;
}

// The row of player `id`; a test failure (and an empty row) when there is none.
inline const StandingRow& row_of(const Standings& st, const PlayerId& id) {
  for (const StandingRow& r : st.rows)
    if (r.id == id) return r;
  ADD_FAILURE() << "no row for " << id;
  static const StandingRow none;
  return none;
}

inline std::vector<PlayerId> order(const Standings& st) {
  std::vector<PlayerId> ids;
  for (const StandingRow& r : st.rows) ids.push_back(r.id);
  return ids;
}

inline std::vector<int> ranks(const Standings& st) {
  std::vector<int> out;
  for (const StandingRow& r : st.rows) out.push_back(r.rank);
  return out;
}

}  // namespace gauntlet::testing
