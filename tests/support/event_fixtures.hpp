// Builders for event-engine tests: an event driven only through decide()/apply(), so every
// fixture is a state the engine itself accepts.
#pragma once

#include <gtest/gtest.h>

#include "engine/engine.hpp"

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

inline RecordResult win(int table, int winner_side, int cpw = 5, int cpl = 0, int apw = 40, int apl = 20,
                        Ending e = Ending::scenario, int round = 0) {
  RecordResult r;
  r.round = round;
  r.table = table;
  r.ending = e;
  r.results[winner_side] = GameResult{Outcome::win, cpw, apw, std::nullopt};
  r.results[1 - winner_side] = GameResult{Outcome::loss, cpl, apl, std::nullopt};
  return r;
}

}  // namespace gauntlet::testing
