// Internal: the per-pair cost tiers of the Swiss objective (see swiss.hpp for the order).
//
//   CostModel m(players, options);
//   Tiers t = m.pair(a, b);      // tier vector of pairing a with b
//   Tiers t = m.bye(a);          // tier vector of giving a the bye
//   PairingCost c = m.total(pairs, bye);
#pragma once

#include <array>
#include <boost/unordered/unordered_flat_set.hpp>
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
  // Open addressing (Boost's flat set): a node-based set cost one allocation per pair that met and
  // a second cache miss per lookup (issue 16: 10 000 players, 25 000 games, ~10^5 lookups).
  boost::unordered_flat_set<unsigned long long> met_;
};

}  // namespace gauntlet::swiss_detail
