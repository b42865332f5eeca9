// Journal throughput: one durable append (synchronous=FULL, so one fsync each) and loading plus
// replaying a 10 000-entry journal, the cost of opening a big event.
//
//   build/release/bench/journal/journal_bench --benchmark_filter=Load
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "journal/session.hpp"

namespace gauntlet {
namespace {

constexpr const char* kAt = "2024-06-01T10:00:00Z";

struct TempDb {
  std::filesystem::path dir;
  explicit TempDb(const char* name)
      : dir(std::filesystem::temp_directory_path() /
            ("gauntlet-bench-" + std::to_string(::getpid()) + "-" + name)) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~TempDb() { std::filesystem::remove_all(dir); }
  std::string path() const { return (dir / "gauntlet.db").string(); }
};

CreateEvent bench_event() {
  EventConfig config;
  config.name = "Bench Open";
  config.edition = "SR2017";
  config.points = 75;
  config.seed = 1;
  return CreateEvent{config};
}

AddPlayer bench_player(std::int64_t i) {
  Player p;
  p.name = "Player " + std::to_string(i);
  p.faction = "Khador";
  return AddPlayer{p};
}

EventSession must_create(Store& store) {
  Result<EventSession> s = EventSession::create(store, "bench", bench_event(), kAt);
  if (!s) throw ErrorException(s.error());
  return std::move(*s);
}

// Session::execute end to end: decide, one IMMEDIATE transaction with fsync, apply.
void BM_Execute(benchmark::State& state) {
  TempDb tmp("execute");
  Store store = Store::open(tmp.path());
  EventSession session = must_create(store);
  std::int64_t i = 0;
  for (auto _ : state)
    if (!session.execute(bench_player(++i), kAt)) state.SkipWithError("execute failed");
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Execute)->Unit(benchmark::kMicrosecond);

// Store::append alone (entries pre-resolved), to separate storage cost from the engine's.
void BM_Append(benchmark::State& state) {
  TempDb tmp("append");
  Store store = Store::open(tmp.path());
  store.create_event("bench", JournalEntry{0, kAt, Command(bench_event()), std::nullopt});
  std::int64_t last = 1;
  for (auto _ : state) {
    AddPlayer p = bench_player(last);
    p.player.id = "p" + std::to_string(last);
    last = store.append("bench", last, JournalEntry{0, kAt, Command(std::move(p)), std::nullopt});
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Append)->Unit(benchmark::kMicrosecond);

void BM_LoadAndReplay(benchmark::State& state) {
  TempDb tmp("load");
  const auto entries = state.range(0);
  {
    Store store = Store::open(tmp.path());
    EventSession session = must_create(store);
    // Built through the session like a real event (one fsync per entry; a few seconds).
    for (std::int64_t i = 1; i < entries; ++i) session.execute(bench_player(i), kAt);
  }
  Store store = Store::open(tmp.path());
  for (auto _ : state) {
    EventSession session = EventSession::open(store, "bench");
    benchmark::DoNotOptimize(session.state().players.size());
  }
  state.SetItemsProcessed(state.iterations() * entries);
}
BENCHMARK(BM_LoadAndReplay)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gauntlet

BENCHMARK_MAIN();
