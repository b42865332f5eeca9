// Random event states built field by field (support/state_fixtures.hpp, no engine), for the
// standings property tests: 2–64 players, 1–6 rounds, random results (ties, unplayed tables in
// the last round), byes, drops, disqualifications and one scoring variant each.
//
//   std::mt19937_64 rng(42);
//   EventState s = random_state(rng, VariantKind::cut_to_top);
//   Standings st = compute_standings(s);
//
// For random events driven through the engine, with a journal, see support/random_event.hpp.
#pragma once

#include <algorithm>
#include <random>

#include "support/state_fixtures.hpp"

namespace gauntlet::testing {

enum class VariantKind {
  baseline,
  assassin,
  control_point,
  destruction,
  large_event,
  finals,
  cut_to_top,
  count
};

inline int uniform(std::mt19937_64& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}
inline bool percent(std::mt19937_64& rng, int p) {
  return uniform(rng, 0, 99) < p;
}

inline GameResult random_result(std::mt19937_64& rng, Outcome o) {
  return {o, uniform(rng, 0, 5), uniform(rng, 0, 75), 1, {}};
}

// Engine-like cut: the top X of the current standings among players still in play.
inline void random_cut(EventState& s, int round, int x) {
  Cut cut{round, {}, {}};
  for (const StandingRow& row : compute_standings(s).rows) {
    const Player* p = s.find_player(row.id);
    bool eligible = p->active_in(round + 1) && p->status != PlayerStatus::disqualified;
    (eligible && static_cast<int>(cut.top.size()) < x ? cut.top : cut.frozen_order).push_back(row.id);
  }
  s.cut = std::move(cut);
}

inline EventState random_state(std::mt19937_64& rng, VariantKind kind) {
  const int n = uniform(rng, 2, 64), rounds = uniform(rng, 1, 6);
  EventState s = make_event(n, {}, rounds);
  s.config.edition = percent(rng, 50) ? "SR2017" : "SR2014";
  static const char* keys[] = {"",
                               "assassin-scoring",
                               "control-point-scoring",
                               "destruction-scoring",
                               "large-event-scoring",
                               "finals-tables",
                               "cut-to-top"};
  const int cut_x = uniform(rng, 2, 8);
  if (kind != VariantKind::baseline)
    s.config.variants.push_back({keys[static_cast<int>(kind)], std::nullopt});
  if (kind == VariantKind::cut_to_top) s.config.variants.back().value = cut_x;
  if (kind == VariantKind::large_event && percent(rng, 30)) s.config.rounds.reset();  // by attendance

  for (int r = 1; r <= rounds; ++r) {
    std::vector<PlayerId> in_play;
    for (const Player& p : s.players) {
      bool cut_out = s.cut && std::find(s.cut->top.begin(), s.cut->top.end(), p.id) == s.cut->top.end();
      if (p.active_in(r) && p.status != PlayerStatus::disqualified && !cut_out) in_play.push_back(p.id);
    }
    std::shuffle(in_play.begin(), in_play.end(), rng);
    Round& round = add_round(s);
    if (in_play.size() % 2 == 1) {
      give_bye(round, in_play.back());
      in_play.pop_back();
    }
    for (std::size_t i = 0; i + 1 < in_play.size(); i += 2) {
      if (r == rounds && percent(rng, 5)) {
        add_unplayed(round, in_play[i], in_play[i + 1]);
        continue;
      }
      bool tie_game = percent(rng, 10);
      Outcome a = tie_game ? Outcome::tie : percent(rng, 50) ? Outcome::win : Outcome::loss;
      Outcome b = tie_game ? Outcome::tie : a == Outcome::win ? Outcome::loss : Outcome::win;
      Ending e = tie_game ? Ending::tie : static_cast<Ending>(uniform(rng, 0, 4));
      add_game(round, in_play[i], in_play[i + 1], random_result(rng, a), random_result(rng, b), e);
    }
    if (percent(rng, 20)) drop(s, pid(uniform(rng, 1, n)), r);
    if (percent(rng, 5)) disqualify(s, pid(uniform(rng, 1, n)), r);
    if (kind == VariantKind::cut_to_top && !s.cut && r < rounds && percent(rng, 50)) random_cut(s, r, cut_x);
  }
  return s;
}

}  // namespace gauntlet::testing
