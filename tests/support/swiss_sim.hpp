// A random Swiss event driven by the pure pairing core only, without the engine: players as
// PairingPlayers, random results, drops and late entries (pairing tests and bench/pairing).
//
//   SimEvent ev(seed, /*players=*/24, /*clubs=*/4, /*factions=*/8);
//   for (int r = 1; r <= 5; ++r) {
//     SimRound in = ev.next_round_input(r);       // active players as PairingPlayers
//     auto out = pair_round(in.players, in.options);
//     ev.play(in, *out);                          // random results, then drops and late entries
//   }
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "pairing/swiss.hpp"

namespace gauntlet::sim {

struct SimPlayer {
  int tp = 0, pd = 0;
  bool bye = false, active = true;
  std::vector<int> opponents, tables;  // global ids
  std::string club, faction;
};

struct SimRound {
  std::vector<PairingPlayer> players;
  std::vector<int> global;  // local index -> global id
  PairingOptions options;
};

class SimEvent {
 public:
  SimEvent(std::uint64_t seed, int players, int clubs, int factions, double drop = 0.05, double late = 0.15)
      : rng_(seed), clubs_(clubs), factions_(factions), drop_(drop), late_(late) {
    for (int i = 0; i < players; ++i) add();
  }

  SimRound next_round_input(int round) {
    SimRound in;
    std::vector<int> local(p_.size(), -1);
    for (int g = 0; g < static_cast<int>(p_.size()); ++g)
      if (p_[g].active) local[g] = static_cast<int>(in.global.size()), in.global.push_back(g);
    for (int g : in.global) {
      const SimPlayer& s = p_[g];
      PairingPlayer pp;
      pp.name = label('p', g + 1);
      pp.tp = s.tp;
      pp.had_bye = s.bye;
      pp.times_paired_down = s.pd;
      for (int o : s.opponents)
        if (local[o] >= 0) pp.opponents.push_back(local[o]);
      pp.club = s.club;
      pp.faction = s.faction;
      pp.tables_played = s.tables;
      in.players.push_back(std::move(pp));
    }
    in.options.round_one = round == 1;
    in.options.seed = rng_.next();
    return in;
  }

  // Random results (ties sometimes), then drops and late entries (0 TP).
  void play(const SimRound& in, const PairingOutcome& out, const std::vector<int>& tables = {}) {
    for (std::size_t k = 0; k < out.pairs.size(); ++k) {
      int a = in.global[out.pairs[k].first], b = in.global[out.pairs[k].second];
      p_[a].opponents.push_back(b);
      p_[b].opponents.push_back(a);
      if (p_[a].tp != p_[b].tp) ++p_[p_[a].tp > p_[b].tp ? a : b].pd;  // SR2017: paired down
      if (!tables.empty()) p_[a].tables.push_back(tables[k]), p_[b].tables.push_back(tables[k]);
      std::uint64_t r = rng_.below(20);
      if (r == 0) continue;  // tie: 0 TP each
      ++p_[r % 2 ? a : b].tp;
    }
    if (out.bye) {
      int g = in.global[*out.bye];
      p_[g].bye = true;
      ++p_[g].tp;
    }
    for (auto& s : p_)
      if (s.active && rng_.below(1000) < drop_ * 1000) s.active = false;
    while (rng_.below(1000) < late_ * 1000) add();
  }

  const std::vector<SimPlayer>& players() const { return p_; }

 private:
  void add() {
    SimPlayer s;
    if (clubs_ > 0 && rng_.below(3)) s.club = label('c', static_cast<int>(rng_.below(clubs_)));
    if (factions_ > 0) s.faction = label('f', static_cast<int>(rng_.below(factions_)));
    p_.push_back(std::move(s));
  }

  static std::string label(char prefix, int n) {  // not "p" + to_string: GCC 12 -Wrestrict bug 105329
    std::string s(1, prefix);
    s += std::to_string(n);
    return s;
  }

  Rng rng_;
  int clubs_, factions_;
  double drop_, late_;
  std::vector<SimPlayer> p_;
};

}  // namespace gauntlet::sim
