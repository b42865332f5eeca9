// An event shaped as large events are: players registered, each round paired by the Swiss pairer,
// seeded random results recorded, the round closed; the journal holds every command as decided.
// For the event-file readers' tests (the fast reader, the reader in pieces), which must read such
// a journal as reading it whole does.
//
//   PlainEvent e = plain_event(config(), 41, 3, /*seed=*/5);
//   nlohmann::json file = write_event_file(e.state, e.journal);
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "engine/engine.hpp"
#include "model/state.hpp"
#include "pairing/swiss_pairer.hpp"

namespace gauntlet::testing {

struct PlainEvent {
  EventState state;
  std::vector<JournalEntry> journal;
};

// `players` players (factions alternating Cygnar and Khador, every third in a club) over `rounds`
// rounds; a test failure when the engine refuses a step.
inline PlainEvent plain_event(const EventConfig& config, int players, int rounds, std::uint64_t seed) {
  PlainEvent e;
  const auto run = [&e](Command c) {
    auto resolved = decide(e.state, std::move(c));
    ASSERT_TRUE(resolved) << resolved.error().describe();
    apply(e.state, *resolved);
    e.journal.push_back(JournalEntry{static_cast<std::int64_t>(e.journal.size()) + 1, "2026-11-27T09:00:00Z",
                                     std::move(*resolved), std::nullopt});
  };
  run(CreateEvent{config});
  for (int i = 1; i <= players; ++i) {
    Player p;
    p.name = "Player " + std::to_string(i);
    p.faction = i % 2 ? "Cygnar" : "Khador";
    p.club = i % 3 ? "" : "Club";
    run(AddPlayer{p});
  }
  Rng rng(seed);
  for (int round = 1; round <= rounds; ++round) {
    auto pairing = SwissPairer{}.pair(e.state, round);
    if (!pairing) {
      ADD_FAILURE() << "round " << round << ": " << pairing.error().describe();
      return e;
    }
    run(*pairing);
    for (const Table& t : std::vector<Table>(e.state.rounds.back().tables)) {
      RecordResult r;
      r.table = t.number;
      const int w = static_cast<int>(rng.below(2));
      r.results[w] = GameResult{Outcome::win, 5, 40, std::nullopt, {}};
      r.results[1 - w] = GameResult{Outcome::loss, 0, 20, std::nullopt, {}};
      run(r);
    }
    run(CloseRound{});
  }
  return e;
}

}  // namespace gauntlet::testing
