// Replaying a 1024-player, 10-round journal (goal < 50 ms) and loading it from SQLite.
//
//   build/release/bench/engine/replay_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>

#include "core/rng.hpp"
#include "engine/engine.hpp"
#include "journal/session.hpp"
#include "model/records.hpp"

namespace gauntlet {
namespace {

// A realistic journal: registration, then per round a pairing (players sorted by TP, adjacent
// pairs), every result, and the close.
std::vector<JournalEntry> build_journal(int players, int rounds) {
  EventState s;
  std::vector<JournalEntry> journal;
  auto run = [&](Command c) {
    auto r = decide(s, std::move(c));
    if (!r) throw ErrorException(r.error());
    apply(s, *r);
    JournalEntry e;
    e.seq = static_cast<std::int64_t>(journal.size()) + 1;
    e.at = "2026-11-22T09:00:00Z";
    e.command = std::move(*r);
    journal.push_back(std::move(e));
  };
  EventConfig c;
  c.name = "Benchmark Open";
  c.edition = "SR2017";
  c.points = 75;
  c.rounds = rounds;
  c.seed = 1;
  run(CreateEvent{c});
  static const char* factions[] = {"Cygnar", "Khador", "Cryx", "Skorne", "Trollbloods", "Grymkin"};
  for (int i = 0; i < players; ++i) {
    Player p;
    p.name = "Player " + std::to_string(i + 1);
    p.faction = factions[i % 6];
    run(AddPlayer{p});
  }
  Rng rng(7);
  for (int round = 1; round <= rounds; ++round) {
    auto recs = player_records(s);
    std::vector<std::size_t> order(recs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    rng.shuffle(order);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return recs[a].tp > recs[b].tp; });
    PairRound pr;
    for (std::size_t i = 0; i + 1 < order.size(); i += 2) {
      Table t;
      t.number = static_cast<int>(i / 2) + 1;
      t.players = {recs[order[i]].id, recs[order[i + 1]].id};
      pr.tables.push_back(t);
    }
    run(pr);
    for (const Table& t : s.rounds.back().tables) {
      RecordResult r;
      r.table = t.number;
      const int w = static_cast<int>(rng.below(2));
      const int loser_cp = static_cast<int>(rng.below(3));
      r.results[w] = GameResult{Outcome::win, loser_cp + 5, static_cast<int>(rng.below(75)), 1, {}};
      r.results[1 - w] = GameResult{Outcome::loss, loser_cp, static_cast<int>(rng.below(75)), 1, {}};
      r.ending = Ending::scenario;
      run(r);
    }
    run(CloseRound{});
  }
  return journal;
}

void BM_Replay(benchmark::State& state) {
  const auto journal = build_journal(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) {
    EventState s = replay(journal);
    benchmark::DoNotOptimize(s);
  }
  state.counters["entries"] = static_cast<double>(journal.size());
}
BENCHMARK(BM_Replay)->Args({1024, 10})->Unit(benchmark::kMillisecond);

void BM_LoadFromSqliteAndReplay(benchmark::State& state) {
  const auto journal = build_journal(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  const auto path = std::filesystem::temp_directory_path() / "gauntlet_replay_bench.db";
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
  {
    Store store = Store::open(path.string());
    store.import_event("bench", journal);
  }
  Store store = Store::open(path.string());
  for (auto _ : state) {
    EventSession s = EventSession::open(store, "bench");
    benchmark::DoNotOptimize(s.state());
  }
  state.counters["entries"] = static_cast<double>(journal.size());
}
BENCHMARK(BM_LoadFromSqliteAndReplay)->Args({1024, 10})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gauntlet

BENCHMARK_MAIN();
