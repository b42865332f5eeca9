// 64 tables of terrain per method and edition, in process (an EO places a whole event at once). The
// whole-process figure (gauntlet terrain --tables 64) is in docs/benchmarks.md beside this one.
#include <benchmark/benchmark.h>

#include "editions/edition.hpp"
#include "tabletop/generate.hpp"

namespace {

using namespace gauntlet;

void Terrain64Tables(benchmark::State& state, const char* edition, const char* method) {
  const Edition& e = *find_edition(edition);
  std::uint64_t seed = 1;
  for (auto _ : state) {
    for (int table = 1; table <= 64; ++table) {
      auto p = tabletop::generate_terrain(e, {method, false, seed, table, {}});
      if (!p) state.SkipWithError(p.error().describe().c_str());
      benchmark::DoNotOptimize(p);
    }
    ++seed;
  }
}

BENCHMARK_CAPTURE(Terrain64Tables, sr2017_cluster, "sr2017", "cluster")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Terrain64Tables, sr2017_quadrant, "sr2017", "quadrant")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Terrain64Tables, sr2017_scatter, "sr2017", "scatter")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Terrain64Tables, sr2023_cluster, "sr2023", "cluster")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Terrain64Tables, sr2014_random, "sr2014", "random")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
