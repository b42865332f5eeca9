// Where a player stands now, in one sentence their phone shows on top (issue 10 point 8: "Every
// player's page says where they stand: playing table N, bye, waiting for the next round, cut
// (final rank), dropped, finished").
//
//   app::Situation s = app::situation_of(state, "p7", rank_of_p7, 28);
//   // s.state == "playing", s.text == "Round 3: table 4 against Boris Lenk (Khador)."
#pragma once

#include <optional>
#include <string>

#include "model/state.hpp"

namespace gauntlet::app {

struct Situation {
  // "playing", "reported" (played, result in), "bye", "waiting" (for the next round's pairings),
  // "joins" (a late entry before their first round), "not-paired", "cut", "dropped",
  // "disqualified", "finished"
  std::string state;
  std::optional<int> round;  // the round the sentence is about
  std::optional<int> table;
  std::optional<int> rank;  // final place once cut or finished
  std::string text;         // the sentence, e.g. "Cut after round 3: your final place is 7th of 28."
};

// `rank`: the player's place in the current standings of `ranked` players (the caller computes the
// standings once per change). Precondition: `id` names a registered player.
Situation situation_of(const EventState& state, const PlayerId& id, std::optional<int> rank, int ranked);

// "1st", "2nd", "3rd", "4th", "11th", "21st"…
std::string ordinal(int n);

}  // namespace gauntlet::app
