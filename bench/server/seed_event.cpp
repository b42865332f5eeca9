// server_bench_seed DB [PLAYERS] [ROUNDS]: writes event "bench" (SR2017, PLAYERS players, ROUNDS
// rounds paired by the Swiss pairer and played with seeded random results; the next round is
// left to pair) and sets its EO password to "bench-password". Used by bench/server/load.sh.
#include <cstdio>
#include <string>

#include "../random_result.hpp"
#include "core/rng.hpp"
#include "journal/session.hpp"
#include "pairing/swiss_pairer.hpp"
#include "server/credentials.hpp"

using namespace gauntlet;

namespace {

template <class T>
T check(Result<T> r) {
  if (!r) {
    std::fprintf(stderr, "%s\n", r.error().describe().c_str());
    std::exit(1);
  }
  return std::move(*r);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: server_bench_seed DB [PLAYERS] [ROUNDS]\n");
    return 2;
  }
  const std::string db = argv[1];
  const int players = argc > 2 ? std::stoi(argv[2]) : 256;
  const int rounds = argc > 3 ? std::stoi(argv[3]) : 3;
  Store store = Store::open(db);
  if (store.has_event("bench")) {
    std::printf("event 'bench' already in %s\n", db.c_str());
    return 0;
  }
  EventConfig config;
  config.name = "Bench Open";
  config.edition = "SR2017";
  config.points = 75;
  config.seed = 42;
  EventSession s = check(EventSession::create(store, "bench", CreateEvent{config}, "2026-01-01T09:00:00Z"));
  const char* factions[] = {"Cygnar", "Khador", "Cryx", "Trollbloods", "Circle Orboros", "Skorne"};
  std::vector<Command> adds;
  for (int i = 1; i <= players; ++i) {
    Player p;
    p.name = "Player " + std::to_string(i);
    p.faction = factions[i % 6];
    p.club = "Club " + std::to_string(i % 17);
    p.contact = "player" + std::to_string(i) + "@example.com";
    adds.push_back(AddPlayer{p});
  }
  check(s.execute_all(std::move(adds), "2026-01-01T09:00:00Z"));
  Rng rng(7);
  for (int round = 1; round <= rounds; ++round) {
    check(s.execute(check(SwissPairer{}.pair(s.state(), round)), "2026-01-01T10:00:00Z"));
    std::vector<Command> results;
    for (const Table& t : s.state().rounds.back().tables) {
      const RecordResult r = bench::random_scenario_result(rng, t.number);
      results.push_back(r);
    }
    results.push_back(CloseRound{});
    check(s.execute_all(std::move(results), "2026-01-01T12:00:00Z"));
  }
  server::Credentials creds(db, 1000);
  creds.set_eo_password("bench", "bench-password");
  std::printf("event 'bench': %d players, %d rounds, journal %lld entries\n", players, rounds,
              static_cast<long long>(s.last_seq()));
}
