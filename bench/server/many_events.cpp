// server_bench_many DB [EVENTS] [PLAYERS] [ROUNDS]: writes EVENTS events ("bench-1", "bench-2", …;
// SR2017, PLAYERS players, ROUNDS rounds paired by the Swiss pairer and played with seeded random
// results, every round closed) and gives each the EO password "bench-password". Used by
// bench/server/start_time.sh (issue 16 point 2: a server holding 1 000 stored events starts and serves
// in under 1 s). Defaults: 1000 events of 64 players and 6 rounds.
//
// Fast on purpose: each journal is built in memory through decide/apply (no append per command, so
// no fsync per entry) and written with one Store::import_event, the way an event file lands.
#include <cstdio>
#include <string>
#include <vector>

#include "../random_result.hpp"
#include "core/rng.hpp"
#include "journal/store.hpp"
#include "pairing/swiss_pairer.hpp"
#include "server/credentials.hpp"

using namespace gauntlet;

namespace {

// Decides and applies `command` on `state`, appending the resolved entry to `journal`.
void run(EventState& state, std::vector<JournalEntry>& journal, Command command, const char* at) {
  Result<Command> resolved = decide(state, std::move(command));
  if (!resolved) throw ErrorException(resolved.error());
  apply(state, *resolved);
  journal.push_back(
      JournalEntry{static_cast<std::int64_t>(journal.size()) + 1, at, std::move(*resolved), std::nullopt});
}

std::vector<JournalEntry> build_event(int number, int players, int rounds) {
  EventState s;
  std::vector<JournalEntry> journal;
  EventConfig config;
  config.name = "Bench Open " + std::to_string(number);
  config.edition = "SR2017";
  config.points = 75;
  config.rounds = rounds;
  config.seed = 1000 + static_cast<std::uint64_t>(number);
  run(s, journal, CreateEvent{config}, "2026-01-01T09:00:00Z");
  const char* factions[] = {"Cygnar", "Khador", "Cryx", "Trollbloods", "Circle Orboros", "Skorne"};
  for (int i = 1; i <= players; ++i) {
    Player p;
    p.name = "Player " + std::to_string(i);
    p.faction = factions[i % 6];
    p.club = "Club " + std::to_string(i % 17);
    p.contact = "player" + std::to_string(i) + "@example.com";
    run(s, journal, AddPlayer{p}, "2026-01-01T09:00:00Z");
  }
  Rng rng(static_cast<std::uint64_t>(number));
  for (int round = 1; round <= rounds; ++round) {
    Result<PairRound> pairing = SwissPairer{}.pair(s, round);
    if (!pairing) throw ErrorException(pairing.error());
    run(s, journal, std::move(*pairing), "2026-01-01T10:00:00Z");
    const std::vector<Table> tables = s.rounds.back().tables;
    for (const Table& t : tables) {
      const RecordResult r = bench::random_scenario_result(rng, t.number);
      run(s, journal, r, "2026-01-01T12:00:00Z");
    }
    run(s, journal, CloseRound{}, "2026-01-01T12:30:00Z");
  }
  return journal;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: server_bench_many DB [EVENTS] [PLAYERS] [ROUNDS]\n");
    return 2;
  }
  const std::string db = argv[1];
  const int events = argc > 2 ? std::stoi(argv[2]) : 1000;
  const int players = argc > 3 ? std::stoi(argv[3]) : 64;
  const int rounds = argc > 4 ? std::stoi(argv[4]) : 6;
  try {
    Store store = Store::open(db);
    // 1 000 iterations, not the server's 600 000: `serve` hashes a password for every event that has
    // none at start, which would time PBKDF2, not opening events.
    server::Credentials creds(db, 1000);
    // Likewise the admin key `serve` makes on its first start.
    (void)creds.ensure_admin_key();
    std::int64_t entries = 0;
    for (int i = 1; i <= events; ++i) {
      const std::string id = "bench-" + std::to_string(i);
      if (store.has_event(id)) continue;
      const std::vector<JournalEntry> journal = build_event(i, players, rounds);
      store.import_event(id, journal);
      creds.set_eo_password(id, "bench-password");
      entries += static_cast<std::int64_t>(journal.size());
    }
    std::printf("%d events of %d players and %d rounds in %s (%lld entries written)\n", events, players,
                rounds, db.c_str(), static_cast<long long>(entries));
  } catch (const ErrorException& e) {
    std::fprintf(stderr, "%s\n", e.error.describe().c_str());
    return 1;
  }
}
