// Per-player totals derived from the event: the input of standings and pairing.
//
//   auto recs = player_records(state);           // one per player, in registration order
//   const PlayerRecord& r = recs[0];
//   r.tp, r.cp, r.ap, r.games, r.opponents ...
//
// Only rounds with results count: a table without a result yet adds nothing; a bye adds the
// edition's bye award (SR2017 "Byes & Odd Number of Players": 1 TP, 3 CP, half the event size AP).
#pragma once

#include <vector>

#include "model/state.hpp"

namespace gauntlet {

struct GameRecord {
  int round = 0;
  PlayerId opponent;  // empty for a bye
  int table = 0;      // 0 for a bye
  GameResult result;  // this player's result
  std::optional<Ending> ending;
  int tp_before = 0;  // this player's TP before the round
  int opponent_tp_before = 0;
  // The opponent's position in state.players (-1 for a bye): callers that index players by
  // position need no lookup by id (issue 16).
  int opponent_position = -1;
  bool bye() const { return opponent.empty(); }
  // Paired down: met an opponent who had fewer TP going into the round (SR2017 "Subsequent Pairings").
  bool paired_down() const { return !bye() && opponent_tp_before < tp_before; }
};

struct PlayerRecord {
  PlayerId id;
  int tp = 0;
  int cp = 0;
  int ap = 0;
  int wins = 0, losses = 0, ties = 0;
  int assassinations = 0;  // wins by assassination (and by clock, scored as one)
  int games = 0;           // games played, byes included
  int byes = 0;
  std::vector<GameRecord> history;  // in round order
  std::vector<PlayerId> opponents() const;
  int times_paired_down() const;
};

// Totals from every round up to and including `through_round` (0 = all rounds) whose
// tables have results; pairings without results count as opponents met but score nothing.
std::vector<PlayerRecord> player_records(const EventState& state, int through_round = 0);
// The same totals with every history left empty: what the standings read (issue 16: at 100 000
// players the histories are 500 000 game records that the standings never look at).
std::vector<PlayerRecord> player_totals(const EventState& state, int through_round = 0);
// Only the TP of each player (in registration order) through `through_round` (0 = all rounds):
// what "one player leads alone" needs, without a history per player (issue 16).
std::vector<int> tp_totals(const EventState& state, int through_round = 0);

}  // namespace gauntlet
