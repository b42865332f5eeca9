// Replaying a 1024-player, 10-round journal (goal < 50 ms) and loading it from SQLite: every row
// parsed and replayed, or from a checkpoint and the rows after it (issue 16 point 2).
//
//   build/release/bench/engine/replay_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <SQLiteCpp/SQLiteCpp.h>
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <span>

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

// A fresh database holding `journal` as event "bench": the first `journal.size() - tail` entries
// imported (which writes a checkpoint of them), the last `tail` appended after it.
std::string database_of(const std::vector<JournalEntry>& journal, std::size_t tail) {
  const auto path = std::filesystem::temp_directory_path() / "gauntlet_replay_bench.db";
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
  Store store = Store::open(path.string());
  const std::span<const JournalEntry> all(journal);
  store.import_event("bench", all.first(all.size() - tail));
  if (tail > 0) store.append_all("bench", static_cast<std::int64_t>(all.size() - tail), all.last(tail));
  return path.string();
}

// Opening an event without a checkpoint (before issue 16 point 2, EventSession::open did exactly
// this): every row read, its JSON parsed, the journal replayed.
void BM_LoadFromSqliteAndReplay(benchmark::State& state) {
  const auto journal = build_journal(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  Store store = Store::open(database_of(journal, 0));
  for (auto _ : state) {
    EventState s = replay(store.load("bench"));
    benchmark::DoNotOptimize(s);
  }
  state.counters["entries"] = static_cast<double>(journal.size());
}
BENCHMARK(BM_LoadFromSqliteAndReplay)->Args({1024, 10})->Unit(benchmark::kMillisecond);

// EventSession::open from a checkpoint with range(2) entries after it: 0, and 770, the most the
// session's rule leaves behind a 6 165-entry journal (max(32, seq / 8)).
void BM_OpenWithCheckpoint(benchmark::State& state) {
  const auto journal = build_journal(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  Store store = Store::open(database_of(journal, static_cast<std::size_t>(state.range(2))));
  for (auto _ : state) {
    EventSession s = EventSession::open(store, "bench");
    if (s.checkpoint_seq() == 0) state.SkipWithError("opened without its checkpoint");
    benchmark::DoNotOptimize(s.state());
  }
  state.counters["entries"] = static_cast<double>(journal.size());
}
BENCHMARK(BM_OpenWithCheckpoint)->Args({1024, 10, 0})->Args({1024, 10, 770})->Unit(benchmark::kMillisecond);

// Writing one checkpoint (encoding the journal and state, one SQLite statement with its fsync): what
// the session pays once per max(32, seq / 8) commands.
void BM_SaveCheckpoint(benchmark::State& state) {
  const auto journal = build_journal(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  const std::string path = database_of(journal, 0);
  Store store = Store::open(path);
  SQLite::Database raw(path, SQLite::OPEN_READWRITE);
  EventSession s = EventSession::open(store, "bench");
  for (auto _ : state) {
    state.PauseTiming();
    raw.exec("DELETE FROM checkpoints");  // else the same seq again is not rewritten
    state.ResumeTiming();
    const bool saved = s.save_checkpoint();
    if (!saved) state.SkipWithError("checkpoint not written");
  }
  state.counters["entries"] = static_cast<double>(journal.size());
}
BENCHMARK(BM_SaveCheckpoint)->Args({1024, 10})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gauntlet

BENCHMARK_MAIN();
