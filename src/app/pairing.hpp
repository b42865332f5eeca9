// Pairing use cases: propose the next round, review hand-made tables, and the one policy for
// publishing them (issue 9): a pairing that breaks a hard rule — a rematch, a second pair-down, a
// second bye (SR2017 "Subsequent Pairings", "Byes & Odd Number of Players") — is published only
// with the EO's override and a reason, and both are journaled with the round.
//
//   Result<app::Proposal> p = app::propose_pairing(state, {});         // automatic, with findings
//   auto findings = app::review_pairing(state, tables, bye);            // what an edit breaks
//   Result<PairRound> ready = app::vet_pairing(state, edited);          // refused (precondition)
//   edited.eo_override = PairingOverride{"brothers asked not to meet", {}};
//   ready = app::vet_pairing(state, edited);                            // accepted, rules recorded
//
// The automatic proposal never needs an override: what it breaks no pairing of the field avoids
// (the matching is certified optimal), and it says so loudly in its warnings.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/state.hpp"
#include "pairing/swiss_pairer.hpp"

namespace gauntlet::app {

// One rule a pairing breaks, as data (issue 9 point 5).
struct Finding {
  std::string rule;  // "rematch", "second-pair-down", "second-bye", "missing", "duplicate", "bye-parity",
                     // "club-clash", "bye-not-lowest"; to look at, no rule broken: "finals-table-moved"
                     // (a fixed table seats a finals game off its finals table), "lists-missing" (fewer
                     // lists than the event asks for), "award-category" (an award players enter
                     // defined without its category)
  bool hard = false;
  std::vector<PlayerId> players;
  int round = 0;
  std::string text;  // "rematch: Ada (p1) and Boris (p2) have already played"
};

struct Proposal {
  PairRound round;
  std::vector<Finding> findings;      // what the proposal breaks (only the unavoidable), and what to look at
  std::vector<std::string> warnings;  // the loud sentences: unavoidable rematches and the like
  // Check-in (model/rounds.hpp checkin_decides): round 1 leaves out who is not checked in
  // (= round.left_out); a later round pairs who never checked in and warns about them.
  std::vector<PlayerId> left_out = {};
  std::vector<PlayerId> not_checked_in = {};
};

using Tables = std::vector<std::pair<PlayerId, PlayerId>>;

// The automatic pairing of the next round.
Result<Proposal> propose_pairing(const EventState& state, const SwissPairerOptions& options);
// Every rule `tables` (+ `bye`) break as the next round; players the round cannot hold (unknown,
// dropped, cut) are "missing" findings, so an editor can show them beside the rest. `options`: the
// round's pairing options when known (the console's edit): a club clash is then said only where
// they avoid clubs this round; without them, every club clash is.
Result<std::vector<Finding>> review_pairing(const EventState& state, const Tables& tables,
                                            const std::optional<PlayerId>& bye,
                                            const SwissPairerOptions* options = nullptr);
// The publishing policy for a pairing the EO made or edited (see the top of this file). The
// engine's own checks (everyone active exactly once) come first. Returns the round ready to
// execute: with `eo_override->broken` filled when hard rules are broken on purpose, without an
// override when none is.
// `proposed_with`: the options the EO proposed with (the pairer's proposal under them needs no override).
Result<PairRound> vet_pairing(const EventState& state, PairRound round,
                              const SwissPairerOptions& proposed_with = {});

// Tables of a PairRound as player-id pairs.
Tables tables_of(const PairRound& round);

}  // namespace gauntlet::app
