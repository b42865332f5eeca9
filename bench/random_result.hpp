// The seeded result the benchmarks' generated events give a table: a scenario win for either seat,
// the winner 5–7 CP (a scenario win needs a 5 CP lead), the loser 0–2, army points 0–59 each.
//
//   Rng rng(7);
//   RecordResult r = bench::random_scenario_result(rng, table.number);
#pragma once

#include "core/rng.hpp"
#include "model/commands.hpp"

namespace gauntlet::bench {

inline RecordResult random_scenario_result(Rng& rng, int table) {
  const int w = static_cast<int>(rng.below(2));
  RecordResult r;
  r.table = table;
  r.ending = Ending::scenario;
  const int margin = static_cast<int>(rng.below(3));
  r.results[w] = GameResult{Outcome::win, 5 + margin, static_cast<int>(rng.below(60)), std::nullopt, {}};
  r.results[1 - w] = GameResult{Outcome::loss, margin, static_cast<int>(rng.below(60)), std::nullopt, {}};
  return r;
}

}  // namespace gauntlet::bench
