// The Swiss pairing core: pure, independent of the event model, provably optimal.
//
//   std::vector<PairingPlayer> field = ...;   // one per player to pair; opponents are indices
//   PairingOptions opt;  opt.seed = Rng::derive(event_seed, "pairing", round).next();
//   Result<PairingOutcome> out = pair_round(field, opt);
//   for (auto [a, b] : out->pairs) ...;  out->bye;  out->explain;  out->cost.rematches
//   std::vector<int> tables = assign_tables(field, out->pairs, standing_rank, opt);
//   for (const PairingFinding& f : check_pairing(field, edited_pairs, edited_bye)) f.hard, f.text;
//
// Priority order, strict and lexicographic (SR2017 "Subsequent Pairings", "Byes & Odd Number of
// Players"; RULES.md §4; issue 3):
//   1 no rematch (if impossible: fewest rematches, flagged loudly in `explain`);
//   2 no second pair-down (the higher-TP player of a cross-pile pair is "paired down");
//   3 never a second bye, then the bye to the lowest TP pile that holds a player without a bye;
//   4 fewest pile boundaries crossed by floats (a 3-TP v 1-TP pair crosses two, like two single
//     floats), then the smallest sum of squared TP gaps (so the 3 v 1 pair loses to two floats);
//   5 soft avoidance of the same club, then of the same faction (round 1, or every round);
//   6 random among everything still tied, a deterministic function of `seed`.
// The optimum is a minimum-cost perfect matching (see swiss_match.cpp for the sparse graph and
// the LP-duality certificate that makes it optimal on the complete graph).
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/byes.hpp"
#include "core/error.hpp"

namespace gauntlet {

struct PairingPlayer {
  std::string name;  // used in explanations ("p7"); empty -> "#<index>"
  int tp = 0;        // tournament points before the round (late entries: 0)
  bool had_bye = false;
  int times_paired_down = 0;
  std::vector<int> opponents;  // indices into the same vector (players not present: omit)
  std::string club, faction;   // empty = none
  std::vector<int> tables_played;
  std::optional<int> fixed_table;  // accessibility: always this table
};

struct PairingOptions {
  bool avoid_same_club = false;
  bool avoid_same_faction = false;
  bool avoid_in_all_rounds = false;               // otherwise the soft avoidance applies in round 1 only
  bool fresh_tables = false;                      // assign_tables: avoid a player repeating a table number
  bool round_one = false;                         // random pairing and random bye; history ignored
  std::vector<std::pair<int, int>> locked_pairs;  // the EO's locked tables; the rest is paired
  // Why each locked pair is locked, by position in locked_pairs, for the explanation; a missing or
  // empty reason is the EO's lock. A finals table or a kept table is locked by a rule, not the EO.
  std::vector<std::string> lock_reasons;
  std::uint64_t seed = 0;
};

// The lexicographic cost of a pairing; members compare in declaration order (lower is better).
struct PairingCost {
  long long rematches = 0;
  long long second_pair_downs = 0;
  long long second_byes = 0;
  long long bye_rank = 0;         // piles between the bye's pile and the lowest pile with a bye-less player
  long long floats = 0;           // pile boundaries crossed, summed over pairs
  long long float_gap2 = 0;       // sum over pairs of (TP gap)^2
  long long club_clashes = 0;     // counted only when the option is in force this round
  long long faction_clashes = 0;  // idem
  auto operator<=>(const PairingCost&) const = default;
};

struct PairingStats {
  int vertices = 0, edges = 0, solves = 0, added_edges = 0;
  bool noise = false;   // random tie-break by weight perturbation (else by vertex order only)
  bool halves = false;  // matched as two halves apart, on two cores (swiss_match.cpp "Halves")
};

struct PairingOutcome {
  std::vector<std::pair<int, int>> pairs;  // higher TP first
  std::optional<int> bye;
  int rematches = 0;
  int second_pair_downs = 0;
  bool second_bye = false;
  PairingCost cost;
  std::vector<std::string> explain;  // one line per pair / float / bye, warnings first
  PairingStats stats;
};

// Pairs `players` (all of them; the caller passes only the active ones, or the top X after a cut).
// Errors: a locked pair with an unknown or repeated index.
Result<PairingOutcome> pair_round(const std::vector<PairingPlayer>& players, const PairingOptions& options);

// Finals Tables variant (SR2017 appendix): `standing` lists indices in standing order; #1 v #2
// and #3 v #4 are locked (on top of options.locked_pairs) and the rest is paired normally.
// Each finals pair's explanation says it is a finals table (finals_reason), not an EO's lock.
Result<PairingOutcome> pair_finals(const std::vector<PairingPlayer>& players,
                                   const std::vector<int>& standing, PairingOptions options);

// Why finals table k (0: #1 v #2, 1: #3 v #4) is paired as it is, for the explanation.
std::string finals_reason(std::size_t k);

// The cost of a complete pairing under `options` (the objective pair_round minimises).
PairingCost evaluate_pairing(const std::vector<PairingPlayer>& players, const PairingOptions& options,
                             const std::vector<std::pair<int, int>>& pairs, std::optional<int> bye);

// One rule a pairing breaks, as data: which rule, whether it is hard, whom it concerns, and the
// sentence to show. Hard: SR2017 "Subsequent Pairings" (no rematch, no second pair-down),
// "Byes & Odd Number of Players" (never a second bye; a bye exactly when the field is odd) and
// every player seated exactly once. Soft: a club clash, a bye above the lowest eligible TP group.
struct PairingFinding {
  // "rematch", "second-pair-down", "second-bye", "missing", "duplicate", "bye-parity",
  // "club-clash", "bye-not-lowest"
  std::string rule;
  bool hard = false;
  std::vector<int> players;  // indices into the field given to check_pairing
  std::string text;          // "rematch: Ada and Boris have already played"
};

// Every rule a (possibly EO-edited) pairing breaks, in the order above per pair. `avoided`: the
// round's options; a club clash is then a finding only where they avoid clubs this round (round 1,
// or every round) — a proposal for round 2 warned of clashes nobody asked to avoid. Without them
// (a hand-made pairing whose options are not known) every club clash is said.
std::vector<PairingFinding> check_pairing(const std::vector<PairingPlayer>& players,
                                          const std::vector<std::pair<int, int>>& pairs,
                                          std::optional<int> bye, const PairingOptions* avoided = nullptr);

// Table number (1-based) of each pair. Table 1 = the top pair by best TP, then best standing
// rank (`standing_rank[i]`, lower is better; empty = by index). Fixed tables are honoured first;
// with options.fresh_tables a player avoids a table number already in tables_played.
std::vector<int> assign_tables(const std::vector<PairingPlayer>& players,
                               const std::vector<std::pair<int, int>>& pairs,
                               const std::vector<int>& standing_rank, const PairingOptions& options);

}  // namespace gauntlet
