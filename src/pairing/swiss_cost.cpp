// The cost tiers of one pair / one bye, the total cost of a pairing and the EO-edit checker.
#include "pairing/swiss_cost.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

namespace gauntlet {
namespace swiss_detail {

PairingCost to_cost(const Tiers& t) {
  return {t[kRematch], t[kPairDown], t[kSecondBye], t[kByeRank], t[kFloats], t[kGap2], t[kClub], t[kFaction]};
}

CostModel::CostModel(const std::vector<PairingPlayer>& players, const PairingOptions& options) : p_(players) {
  history_ = !options.round_one;
  bool soft_now = options.round_one || options.avoid_in_all_rounds;
  club_ = soft_now && options.avoid_same_club;
  faction_ = soft_now && options.avoid_same_faction;
  // One pass over the players (issue 16 point 1: 100 000 records of ~200 bytes, read once, not
  // once per thing taken from them): their TP, and the games for met().
  const std::size_t n = p_.size();
  std::vector<int> tp(n);
  std::vector<std::pair<int, int>> games;
  if (history_) met_from_.assign(n + 1, 0);
  std::optional<int> byeless_tp;  // the lowest TP of a player who never had a bye
  for (std::size_t i = 0; i < n; ++i) {
    tp[i] = history_ ? p_[i].tp : 0;
    if (!history_ || !p_[i].had_bye) byeless_tp = std::min(byeless_tp.value_or(tp[i]), tp[i]);
    if (!history_) continue;
    for (int o : p_[i].opponents) {
      if (o < 0 || static_cast<std::size_t>(o) >= n) continue;  // names nobody a pair can hold
      games.emplace_back(static_cast<int>(i), o);
      ++met_from_[i + 1];
      ++met_from_[static_cast<std::size_t>(o) + 1];
    }
  }
  // Piles by current TP (SR2017 "Subsequent Pairings"); round 1 is a single pile.
  pile_tp_ = tp;
  std::sort(pile_tp_.begin(), pile_tp_.end());
  pile_tp_.erase(std::unique(pile_tp_.begin(), pile_tp_.end()), pile_tp_.end());
  rank_.reserve(n);
  for (const int t : tp)
    rank_.push_back(
        static_cast<int>(std::lower_bound(pile_tp_.begin(), pile_tp_.end(), t) - pile_tp_.begin()));
  // SR2017 "Byes": the lowest TP group that still holds a player who never had a bye.
  bye_base_ = byeless_tp ? static_cast<int>(std::lower_bound(pile_tp_.begin(), pile_tp_.end(), *byeless_tp) -
                                            pile_tp_.begin())
                         : 0;
  if (!history_) return;
  // Each game under both players, whichever of them records it.
  for (std::size_t i = 0; i < n; ++i) met_from_[i + 1] += met_from_[i];
  met_.resize(static_cast<std::size_t>(met_from_.back()));
  std::vector<int> next(met_from_.begin(), met_from_.end() - 1);
  for (const auto& [a, b] : games) {
    met_[static_cast<std::size_t>(next[static_cast<std::size_t>(a)]++)] = b;
    met_[static_cast<std::size_t>(next[static_cast<std::size_t>(b)]++)] = a;
  }
}

bool CostModel::met(int a, int b) const {
  if (!history_) return false;
  const int* from = met_.data() + met_from_[static_cast<std::size_t>(a)];
  const int* to = met_.data() + met_from_[static_cast<std::size_t>(a) + 1];
  return std::find(from, to, b) != to;
}

Tiers CostModel::pair(int a, int b) const {
  Tiers t{};
  if (!history_) {
    t[kClub] = club_ && !p_[a].club.empty() && p_[a].club == p_[b].club;
    t[kFaction] = faction_ && !p_[a].faction.empty() && p_[a].faction == p_[b].faction;
    return t;
  }
  t[kRematch] = met(a, b);
  if (const auto hi = paired_down(a, b)) {
    t[kPairDown] = p_[*hi].times_paired_down > 0;
    t[kFloats] = std::abs(rank_[a] - rank_[b]);
    long long gap = p_[a].tp - p_[b].tp;
    t[kGap2] = gap * gap;
  }
  t[kClub] = club_ && !p_[a].club.empty() && p_[a].club == p_[b].club;
  t[kFaction] = faction_ && !p_[a].faction.empty() && p_[a].faction == p_[b].faction;
  return t;
}

Tiers CostModel::bye(int a) const {
  Tiers t{};
  if (!history_) return t;  // round 1: any player, at random
  t[kSecondBye] = p_[a].had_bye;
  t[kByeRank] = std::abs(rank_[a] - bye_base_);
  return t;
}

PairingCost CostModel::total(const std::vector<std::pair<int, int>>& pairs, std::optional<int> b) const {
  Tiers sum{};
  auto add = [&](const Tiers& t) {
    for (int k = 0; k < kTiers; ++k) sum[k] += t[k];
  };
  for (auto [a, c] : pairs) add(pair(a, c));
  if (b) add(bye(*b));
  return to_cost(sum);
}

}  // namespace swiss_detail

PairingCost evaluate_pairing(const std::vector<PairingPlayer>& players, const PairingOptions& options,
                             const std::vector<std::pair<int, int>>& pairs, std::optional<int> bye) {
  return swiss_detail::CostModel(players, options).total(pairs, bye);
}

std::vector<PairingFinding> check_pairing(const std::vector<PairingPlayer>& players,
                                          const std::vector<std::pair<int, int>>& pairs,
                                          std::optional<int> bye, const PairingOptions* avoided) {
  std::vector<PairingFinding> out;
  const int n = static_cast<int>(players.size());
  auto name = [&](int i) {
    if (i < 0 || i >= n) return "#" + std::to_string(i);
    return players[i].name.empty() ? "#" + std::to_string(i) : players[i].name;
  };
  auto add = [&](const char* rule, bool hard, std::vector<int> who, std::string text) {
    out.push_back(PairingFinding{rule, hard, std::move(who), std::move(text)});
  };
  // Every player seated exactly once, and a bye exactly when the field is odd.
  std::vector<int> seen(players.size(), 0);
  auto count = [&](int i) {
    if (i < 0 || i >= n)
      add("missing", true, {}, "unknown player " + name(i));
    else
      ++seen[i];
  };
  for (auto [a, b] : pairs) {
    count(a);
    count(b);
  }
  if (bye) count(*bye);
  for (int i = 0; i < n; ++i) {
    if (seen[i] == 0) add("missing", true, {i}, name(i) + " is missing from the pairing");
    if (seen[i] > 1) add("duplicate", true, {i}, name(i) + " appears " + std::to_string(seen[i]) + " times");
  }
  const bool odd = needs_bye(players.size());
  if (odd && !bye) add("bye-parity", true, {}, "odd number of players but no bye");
  if (!odd && bye) add("bye-parity", true, {*bye}, "even number of players but " + name(*bye) + " has a bye");
  if (!out.empty()) return out;

  PairingOptions opt;  // history-based rules; the club clash as `avoided` says
  swiss_detail::CostModel m(players, opt);
  const bool clubs = !avoided || swiss_detail::CostModel(players, *avoided).club();
  for (auto [a, b] : pairs) {
    // SR2017 "Subsequent Pairings": no rematches; no second pair-down.
    if (m.met(a, b))
      add("rematch", true, {a, b}, "rematch: " + name(a) + " and " + name(b) + " have already played");
    if (const auto hi = m.paired_down(a, b); hi && players[*hi].times_paired_down > 0)
      add("second-pair-down", true, {*hi},
          "second pair-down: " + name(*hi) + " (" + std::to_string(players[*hi].tp) +
              " TP) was already paired down in this event");
    if (clubs && !players[a].club.empty() && players[a].club == players[b].club)
      add("club-clash", false, {a, b},
          "club clash: " + name(a) + " and " + name(b) + " are both from " + players[a].club);
  }
  // SR2017 "Byes & Odd Number of Players": never twice; among the lowest TP.
  if (bye && players[*bye].had_bye)
    add("second-bye", true, {*bye}, "second bye: " + name(*bye) + " already had a bye");
  if (bye && m.bye(*bye)[swiss_detail::kByeRank] > 0)
    add("bye-not-lowest", false, {*bye},
        "bye not in the lowest eligible TP group: " + name(*bye) + " has " +
            std::to_string(players[*bye].tp) + " TP, the lowest player without a bye has " +
            std::to_string(m.pile_tp(m.bye_base())) + " TP");
  return out;
}

}  // namespace gauntlet
