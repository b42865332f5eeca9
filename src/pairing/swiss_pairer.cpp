// SwissPairer: EventState -> PairingPlayer inputs -> pair_round -> PairRound.
#include "pairing/swiss_pairer.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/rng.hpp"
#include "event/engine.hpp"
#include "event/records.hpp"
#include "standings/standings.hpp"

namespace gauntlet {

Result<SwissPairer::Input> SwissPairer::input(const EventState& state, int round) const {
  if (round < 1) return fail("round", "issue 3", "rounds are numbered from 1");
  Input in;
  std::vector<PlayerRecord> recs = player_records(state, round - 1);
  // SR2017 appendix "Cut to Top [X]": after the cut only the top X are paired.
  const bool cut = state.cut && state.cut->after_round < round;
  std::unordered_map<std::string, int> local;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const Player& p = state.players[i];
    if (!p.active_in(round)) continue;
    if (cut && std::find(state.cut->top.begin(), state.cut->top.end(), p.id) == state.cut->top.end())
      continue;
    local[p.id] = static_cast<int>(in.ids.size());
    in.ids.push_back(p.id);
  }
  std::unordered_map<std::string, const PlayerRecord*> rec_of;
  for (const auto& r : recs) rec_of[r.id] = &r;
  for (const PlayerId& id : in.ids) {
    const Player& p = *state.find_player(id);
    PairingPlayer pp;
    pp.name = p.name + " (" + id + ")";  // explanations name players the way the EO knows them
    pp.club = p.club;
    pp.faction = p.faction;
    if (auto it = rec_of.find(id); it != rec_of.end()) {
      const PlayerRecord& r = *it->second;
      pp.tp = r.tp;  // late entries have no games: 0 TP
      pp.had_bye = r.byes > 0;
      pp.times_paired_down = r.times_paired_down();
      for (const PlayerId& o : r.opponents())
        if (auto l = local.find(o); l != local.end()) pp.opponents.push_back(l->second);
      for (const GameRecord& g : r.history)
        if (g.table > 0) pp.tables_played.push_back(g.table);
    }
    for (const auto& [fid, table] : options_.fixed_tables)
      if (fid == id) pp.fixed_table = table;
    in.players.push_back(std::move(pp));
  }
  in.options.avoid_same_club = options_.avoid_same_club;
  in.options.avoid_same_faction = options_.avoid_same_faction;
  in.options.avoid_in_all_rounds = options_.avoid_in_all_rounds;
  in.options.fresh_tables = options_.fresh_tables;
  in.options.round_one = round == 1;
  in.options.seed = Rng::derive(state.config.seed, "pairing", round).next();
  for (const auto& [a, b] : options_.locked) {
    auto la = local.find(a), lb = local.find(b);
    if (la == local.end() || lb == local.end())
      return fail(
          "locked", "issue 3",
          "locked pair " + a + " v " + b + " names a player who cannot play round " + std::to_string(round));
    in.options.locked_pairs.emplace_back(la->second, lb->second);
  }
  in.standing_rank.assign(in.ids.size(), static_cast<int>(in.ids.size()));
  if (round > 1) {
    Standings st = compute_standings(state);
    int pos = 0;
    for (const StandingRow& row : st.rows)
      if (auto l = local.find(row.id); l != local.end()) in.standing_rank[l->second] = pos++;
  }
  in.finals = round > 1 && state.config.has_variant("finals-tables") && round == planned_rounds(state);
  return in;
}

Result<PairRound> SwissPairer::pair(const EventState& state, int round) const {
  auto in = input(state, round);
  if (!in) return tl::unexpected(in.error());
  Result<PairingOutcome> out;
  if (in->finals) {
    std::vector<int> order(in->ids.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[in->standing_rank[i]] = static_cast<int>(i);
    out = pair_finals(in->players, order, in->options);
  } else {
    out = pair_round(in->players, in->options);
  }
  if (!out) return tl::unexpected(out.error());
  std::vector<int> numbers = assign_tables(in->players, out->pairs, in->standing_rank, in->options);
  PairRound cmd;
  cmd.round = round;
  for (std::size_t k = 0; k < out->pairs.size(); ++k) {
    Table t;
    t.number = numbers[k];
    t.players = {in->ids[out->pairs[k].first], in->ids[out->pairs[k].second]};
    cmd.tables.push_back(std::move(t));
  }
  std::sort(cmd.tables.begin(), cmd.tables.end(),
            [](const Table& a, const Table& b) { return a.number < b.number; });
  if (out->bye) cmd.bye = in->ids[*out->bye];
  cmd.explain = std::move(out->explain);
  return cmd;
}

}  // namespace gauntlet
