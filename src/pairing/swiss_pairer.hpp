// SwissPairer: the automatic Pairer. Converts the event into the pure core's input
// (pairing/swiss.hpp), pairs, numbers the tables and returns a PairRound with explanations.
//
//   SwissPairer pairer({.avoid_same_club = true});
//   Result<PairRound> proposal = pairer.pair(state, 3);
//   // decide(state, *proposal) validates and resolves it like any other command
//
// Only players active_in(round) are paired (late entries with 0 TP; dropped players never);
// after a Cut to Top X only the top X (SR2017 appendix "Cut to Top [X]"); in the last round of a
// Finals Tables event #1 v #2 and #3 v #4 by current standings (SR2017 appendix "Finals Tables").
// Randomness: Rng::derive(state.config.seed, "pairing", round), so a replay pairs identically.
#pragma once

#include <utility>
#include <vector>

#include "pairing/pairer.hpp"
#include "pairing/swiss.hpp"

namespace gauntlet {

struct SwissPairerOptions {
  bool avoid_same_club = false;
  bool avoid_same_faction = false;
  bool avoid_in_all_rounds = false;
  bool fresh_tables = false;
  std::vector<std::pair<PlayerId, PlayerId>> locked;   // the EO locks these; the rest is re-paired
  std::vector<std::pair<PlayerId, int>> fixed_tables;  // accessibility: player -> table number
};

class SwissPairer final : public Pairer {
 public:
  explicit SwissPairer(SwissPairerOptions options = {}) : options_(std::move(options)) {}
  Result<PairRound> pair(const EventState& state, int round) const override;

  // The pure core's input for `round` (exposed for `--explain` tooling and tests).
  struct Input {
    std::vector<PairingPlayer> players;
    std::vector<PlayerId> ids;  // local index -> player id
    PairingOptions options;
    std::vector<int> standing_rank;  // local index -> position in the current standings
    bool finals = false;
  };
  Result<Input> input(const EventState& state, int round) const;

 private:
  SwissPairerOptions options_;
};

}  // namespace gauntlet
