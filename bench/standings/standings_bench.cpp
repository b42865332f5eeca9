// compute_standings on a large event: 1024 players, 10 rounds (goal: < 5 ms in Release).
//
//   cmake -S . -B build/rel -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build/rel --target
//   standings_bench build/rel/bench/standings/standings_bench
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>

#include "model/records.hpp"
#include "standings/standings.hpp"

namespace gauntlet {
namespace {

// Swiss-like event: each round pairs neighbours in TP order (shuffled within equal TP), every
// table has a result; `variant` is a final-standings variant key or empty.
EventState large_event(int players, int rounds, const std::string& variant) {
  std::mt19937_64 rng(2017);
  EventState s;
  s.created = true;
  s.config.edition = "SR2017";
  s.config.points = 75;
  s.config.rounds = rounds;
  if (!variant.empty()) s.config.variants.push_back({variant, std::nullopt});
  std::vector<int> tp(players, 0);
  for (int i = 1; i <= players; ++i) {
    Player p;
    // Appended, not `"p" + to_string(i)`: GCC 12 -O3 reports a false -Wrestrict on the latter.
    p.id = "p";
    p.id += std::to_string(i);
    p.name = "Player ";
    p.name += std::to_string(i);
    p.faction = "Khador";
    p.status = PlayerStatus::checked_in;
    s.players.push_back(std::move(p));
  }
  std::vector<int> order(players);
  for (int r = 1; r <= rounds; ++r) {
    for (int i = 0; i < players; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return tp[a] > tp[b]; });
    Round round;
    round.number = r;
    round.closed = true;
    for (int i = 0; i + 1 < players; i += 2) {
      const bool first_wins = rng() % 2 == 0;
      auto cp = [&] { return static_cast<int>(rng() % 6); };
      auto ap = [&] { return static_cast<int>(rng() % 76); };
      Table t;
      t.number = i / 2 + 1;
      t.players = {s.players[order[i]].id, s.players[order[i + 1]].id};
      t.results =
          std::array<GameResult, 2>{GameResult{first_wins ? Outcome::win : Outcome::loss, cp(), ap(), 1, {}},
                                    GameResult{first_wins ? Outcome::loss : Outcome::win, cp(), ap(), 1, {}}};
      t.ending = Ending::scenario;
      ++tp[order[first_wins ? i : i + 1]];
      round.tables.push_back(std::move(t));
    }
    s.rounds.push_back(std::move(round));
  }
  return s;
}

void run(benchmark::State& bench, const std::string& variant) {
  const EventState s =
      large_event(static_cast<int>(bench.range(0)), static_cast<int>(bench.range(1)), variant);
  for (auto _ : bench) benchmark::DoNotOptimize(compute_standings(s));
}

void BM_Standings(benchmark::State& bench) {
  run(bench, "");
}
void BM_StandingsLargeEvent(benchmark::State& bench) {
  run(bench, "large-event-scoring");
}

// For comparison: the per-player totals compute_standings starts from (event/records.hpp).
void BM_PlayerRecords(benchmark::State& bench) {
  const EventState s = large_event(static_cast<int>(bench.range(0)), static_cast<int>(bench.range(1)), "");
  for (auto _ : bench) benchmark::DoNotOptimize(player_records(s));
}

BENCHMARK(BM_PlayerRecords)->Args({1024, 10})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Standings)->Args({1024, 10})->Args({128, 7})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StandingsLargeEvent)->Args({1024, 10})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gauntlet

BENCHMARK_MAIN();
