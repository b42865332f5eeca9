// Internal: the per-pair cost tiers of the Swiss objective (see swiss.hpp for the order).
//
//   CostModel m(players, options);
//   Tiers t = m.pair(a, b);      // tier vector of pairing a with b
//   Tiers t = m.bye(a);          // tier vector of giving a the bye
//   PairingCost c = m.total(pairs, bye);
#pragma once

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "pairing/swiss.hpp"

namespace gauntlet::swiss_detail {

// Indices into Tiers, top priority first; same order as PairingCost's members.
enum Tier { kRematch, kPairDown, kSecondBye, kByeRank, kFloats, kGap2, kClub, kFaction, kTiers };
using Tiers = std::array<long long, kTiers>;

PairingCost to_cost(const Tiers& t);

class CostModel {
 public:
  CostModel(const std::vector<PairingPlayer>& players, const PairingOptions& options);

  Tiers pair(int a, int b) const;
  Tiers bye(int a) const;
  PairingCost total(const std::vector<std::pair<int, int>>& pairs, std::optional<int> bye) const;

  bool met(int a, int b) const;
  // SR2017 "Subsequent Pairings": of a pair across TP piles, the player from the higher pile is
  // "paired down"; nothing for a pair inside one pile (or in round 1, a single pile).
  std::optional<int> paired_down(int a, int b) const {
    if (rank_[a] == rank_[b]) return std::nullopt;
    return rank_[a] > rank_[b] ? a : b;
  }
  const PairingPlayer& player(int a) const { return p_[a]; }
  int rank(int a) const { return rank_[a]; }  // pile index, 0 = lowest TP
  int piles() const { return static_cast<int>(pile_tp_.size()); }
  int pile_tp(int pile) const { return pile_tp_[pile]; }
  int bye_base() const { return bye_base_; }  // lowest pile holding a player without a bye
  bool club() const { return club_; }
  bool faction() const { return faction_; }
  bool history() const { return history_; }

 private:
  const std::vector<PairingPlayer>& p_;
  std::vector<int> rank_;
  std::vector<int> pile_tp_;
  int bye_base_ = 0;
  bool club_ = false, faction_ = false, history_ = true;
  // Who met whom, as lists in one array (player a's opponents are met_[met_from_[a]] up to
  // met_[met_from_[a + 1]], either player's record counted): made in two passes with no hashing or
  // allocation per game, and a lookup reads a handful of adjacent ints. A hash set of pairs took
  // 5 % of `pair --event` at 100 000 players to fill, once per model (issue 16 point 1).
  std::vector<int> met_from_;
  std::vector<int> met_;
};

}  // namespace gauntlet::swiss_detail
