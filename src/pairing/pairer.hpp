// The pairing port: something that proposes the tables of the next round.
//
//   ManualPairer eo({{"p1", "p4"}, {"p2", "p3"}}, std::nullopt);
//   Result<PairRound> proposal = eo.pair(state, 2);
//   // then decide(state, *proposal) validates and resolves it like any other command
//
// A Pairer only proposes; the event engine still validates the proposal (everyone active
// exactly once, no unknown or dropped players) so no Pairer can corrupt an event.
// The automatic Swiss pairer implements this too; manual pairing stays as the EO's override.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "model/commands.hpp"

namespace gauntlet {

class Pairer {
 public:
  virtual ~Pairer() = default;
  // Proposes round `round` of `state`. Randomness, if any, from Rng::derive(state.config.seed, ...).
  virtual Result<PairRound> pair(const EventState& state, int round) const = 0;
};

// The EO types the tables; tables are numbered in the order given.
class ManualPairer final : public Pairer {
 public:
  ManualPairer(std::vector<std::pair<PlayerId, PlayerId>> tables, std::optional<PlayerId> bye)
      : tables_(std::move(tables)), bye_(std::move(bye)) {}
  Result<PairRound> pair(const EventState& state, int round) const override;

 private:
  std::vector<std::pair<PlayerId, PlayerId>> tables_;
  std::optional<PlayerId> bye_;
};

}  // namespace gauntlet
