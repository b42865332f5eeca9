#include "model/records.hpp"

#include "model/rounds.hpp"

namespace gauntlet {

std::vector<PlayerId> PlayerRecord::opponents() const {
  std::vector<PlayerId> out;
  for (const GameRecord& g : history)
    if (!g.bye()) out.push_back(g.opponent);
  return out;
}

int PlayerRecord::times_paired_down() const {
  int n = 0;
  for (const GameRecord& g : history) n += g.paired_down() ? 1 : 0;
  return n;
}

namespace {

void add_result(PlayerRecord& rec, const GameResult& r, std::optional<Ending> ending) {
  rec.cp += r.cp;
  rec.ap += r.ap;
  ++rec.games;
  switch (r.outcome) {
    case Outcome::win:
      ++rec.tp;  // SR2017 "Number of Rounds": 1 TP for a win, 0 for a loss or tie
      ++rec.wins;
      // A clock loss is "scored as an assassination victory" (SR2017 "The Deathclock").
      if (ending == Ending::assassination || ending == Ending::clock) ++rec.assassinations;
      break;
    case Outcome::loss:
      ++rec.losses;
      break;
    case Outcome::tie:
      ++rec.ties;
      break;
  }
}

}  // namespace

std::vector<int> tp_totals(const EventState& state, int through_round) {
  std::vector<int> tp(state.players.size());
  const PlayerPositions index(state);
  const int bye_tp = edition_of(state).bye.tp;
  for (const Round& round : state.rounds) {
    if (through_round > 0 && round.number > through_round) break;
    for (std::size_t k = 0; k < round.tables.size(); ++k) {
      index.prefetch_ahead(round.tables, k);
      const Table& t = round.tables[k];
      if (t.results)
        for (int side = 0; side < 2; ++side)
          if ((*t.results)[side].outcome == Outcome::win) ++tp[index.find(t.players[side]).value()];
    }
    if (round.bye) tp[index.find(*round.bye).value()] += bye_tp;
  }
  return tp;
}

namespace {

// player_records, and player_totals when `kHistory` is false (no GameRecord is made).
template <bool kHistory>
std::vector<PlayerRecord> records_of(const EventState& state, int through_round) {
  std::vector<PlayerRecord> records(state.players.size());
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    records[i].id = state.players[i].id;
    if constexpr (kHistory) records[i].history.reserve(state.rounds.size());
  }
  const PlayerPositions index(state);
  const ByeAward& bye = edition_of(state).bye;
  std::vector<int> tp_before(kHistory ? records.size() : 0);

  for (const Round& round : state.rounds) {
    if (through_round > 0 && round.number > through_round) break;
    if constexpr (kHistory)
      for (std::size_t i = 0; i < records.size(); ++i) tp_before[i] = records[i].tp;
    for (std::size_t k = 0; k < round.tables.size(); ++k) {
      index.prefetch_ahead(round.tables, k);
      const Table& t = round.tables[k];
      if (!kHistory && !t.results) continue;
      const std::size_t a = index.find(t.players[0]).value(), b = index.find(t.players[1]).value();
      for (int side = 0; side < 2; ++side) {
        const std::size_t self = side == 0 ? a : b, other = side == 0 ? b : a;
        if constexpr (kHistory) {
          GameRecord g{round.number, state.players[other].id, t.number,         {},
                       t.ending,     tp_before[self],         tp_before[other], static_cast<int>(other)};
          if (t.results) {
            g.result = (*t.results)[side];
            add_result(records[self], g.result, t.ending);
          }
          records[self].history.push_back(std::move(g));
        } else {
          add_result(records[self], (*t.results)[side], t.ending);
        }
      }
    }
    if (round.bye) {
      // SR2017 "Byes & Odd Number of Players": 1 TP, 3 CP, half the event's army points.
      const std::size_t i = index.find(*round.bye).value();
      GameResult award{Outcome::win, bye.cp, bye.army_points(state.config.points), std::nullopt, {}};
      records[i].tp += bye.tp;
      records[i].cp += award.cp;
      records[i].ap += award.ap;
      ++records[i].games;
      ++records[i].byes;
      if constexpr (kHistory)
        records[i].history.push_back(GameRecord{round.number, {}, 0, award, std::nullopt, tp_before[i], 0});
    }
  }
  return records;
}

}  // namespace

std::vector<PlayerRecord> player_records(const EventState& state, int through_round) {
  return records_of<true>(state, through_round);
}

std::vector<PlayerRecord> player_totals(const EventState& state, int through_round) {
  return records_of<false>(state, through_round);
}

}  // namespace gauntlet
