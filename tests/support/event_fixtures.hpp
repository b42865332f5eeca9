// Builders for tests that drive an event through the engine: decide()/apply() only, so every
// fixture is a state the engine itself accepts. (For a state built field by field, without the
// engine, see support/state_fixtures.hpp.)
//
//   EventState s = event_with_players(4);                     // "Test Open", SR2017, p1..p4
//   must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
//   must(s, win_at(1, 0));                                    // p1 wins table 1 on scenario
//   must(s, tie_at(2));
//   must(s, CloseRound{});
//   std::optional<Error> e = run(s, CloseRound{});            // refused: no open round
//   EXPECT_EQ(record_of(player_records(s), "p1").tp, 1);
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "model/records.hpp"

namespace gauntlet::testing {

inline EventConfig config(std::string edition = "SR2017", int points = 75) {
  EventConfig c;
  c.name = "Test Open";
  c.edition = std::move(edition);
  c.points = points;
  c.seed = 42;
  return c;
}

// Applies `c` if accepted; returns the error otherwise (state unchanged).
inline std::optional<Error> run(EventState& s, Command c) {
  auto r = decide(s, std::move(c));
  if (!r) return r.error();
  apply(s, *r);
  return std::nullopt;
}

// Applies `c`; a fatal test failure when the engine refuses it.
inline void must(EventState& s, Command c) {
  auto e = run(s, std::move(c));
  ASSERT_FALSE(e.has_value()) << e->describe();
}

inline Player player(std::string name, std::string faction = "Cygnar") {
  Player p;
  p.name = std::move(name);
  p.faction = std::move(faction);
  return p;
}

// A created event with players p1..pn ("Player 1".."Player n").
inline EventState event_with_players(int n, EventConfig c = config()) {
  EventState s;
  must(s, CreateEvent{std::move(c)});
  for (int i = 1; i <= n; ++i) must(s, AddPlayer{player("Player " + std::to_string(i))});
  return s;
}

inline ArmyList army(int leader_bonus, std::vector<int> costs, std::string leader = "Kaelyssa") {
  ArmyList l;
  l.entries.push_back(ListEntry{std::move(leader), leader_bonus, EntryKind::leader, 1});
  for (std::size_t i = 0; i < costs.size(); ++i)
    l.entries.push_back(ListEntry{"Entry " + std::to_string(i), costs[i], EntryKind::unit, 6});
  return l;
}

inline Table table(int n, PlayerId a, PlayerId b) {
  Table t;
  t.number = n;
  t.players = {std::move(a), std::move(b)};
  return t;
}

// The EO's pairing of the next round (round 0: the engine fills in the number).
inline PairRound pairing(std::vector<Table> tables, std::optional<PlayerId> bye = std::nullopt,
                         std::string scenario = "") {
  return PairRound{0, std::move(tables), std::move(bye), std::move(scenario), 0, {}};
}

// Round `r` (1-based) of a round robin of eight players p1..p8 (circle method): no rematch in
// seven rounds.
inline PairRound round_robin(int r, std::string scenario = "") {
  std::vector<int> ring = {2, 3, 4, 5, 6, 7, 8};
  std::rotate(ring.begin(), ring.begin() + (r - 1), ring.end());
  std::vector<int> seats = {1};
  seats.insert(seats.end(), ring.begin(), ring.end());
  std::vector<Table> tables;
  for (int t = 0; t < 4; ++t)
    tables.push_back(table(t + 1, "p" + std::to_string(seats[t]), "p" + std::to_string(seats[7 - t])));
  return pairing(tables, std::nullopt, std::move(scenario));
}

// Side `winner_side` (0 or 1) of table `table` wins; round 0 is the open round.
inline RecordResult win_at(int table, int winner_side, int cpw = 5, int cpl = 0, int apw = 40, int apl = 20,
                           Ending e = Ending::scenario, int round = 0) {
  RecordResult r;
  r.round = round;
  r.table = table;
  r.ending = e;
  r.results[winner_side] = GameResult{Outcome::win, cpw, apw, std::nullopt, {}};
  r.results[1 - winner_side] = GameResult{Outcome::loss, cpl, apl, std::nullopt, {}};
  return r;
}

// Table `table` of the open round ends in a tie (0 CP, 20 AP each).
inline RecordResult tie_at(int table) {
  RecordResult r;
  r.table = table;
  r.ending = Ending::tie;
  r.results[0] = GameResult{Outcome::tie, 0, 20, std::nullopt, {}};
  r.results[1] = GameResult{Outcome::tie, 0, 20, std::nullopt, {}};
  return r;
}

// The record of player `id`; throws (failing the test) when there is none.
inline const PlayerRecord& record_of(const std::vector<PlayerRecord>& records, const std::string& id) {
  for (const PlayerRecord& r : records)
    if (r.id == id) return r;
  throw std::runtime_error("no record " + id);
}

}  // namespace gauntlet::testing
