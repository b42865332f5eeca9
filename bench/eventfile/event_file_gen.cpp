// event_file_gen PLAYERS ROUNDS OUT.json [PLAIN.json]: writes the event file `gauntlet export` would
// write for an SR2017 75-point event of PLAYERS players with ROUNDS rounds paired by the Swiss pairer
// and played with seeded random results, the next round left to pair — and, when PLAIN.json is
// named, the same file without its checkpoint (eventfile/file_checkpoint.hpp), as another tool or
// another build of Gauntlet would leave it. Used by bench/eventfile/whole_process.sh to time
// `gauntlet pair --event` and `gauntlet standings --event` as users run them (issue 16).
#include <cstdio>
#include <fstream>
#include <string>

#include "../random_result.hpp"
#include "core/rng.hpp"
#include "eventfile/event_file.hpp"
#include "eventfile/file_checkpoint.hpp"
#include "pairing/swiss_pairer.hpp"

using namespace gauntlet;

namespace {

// The journal as EventSession would write it: decide, apply, keep the resolved command.
class Journal {
 public:
  void run(Command c, const char* at) {
    auto resolved = decide(state_, std::move(c));
    if (!resolved) {
      std::fprintf(stderr, "event_file_gen: %s\n", resolved.error().describe().c_str());
      std::exit(1);
    }
    apply(state_, *resolved);
    entries_.push_back(
        JournalEntry{static_cast<std::int64_t>(entries_.size()) + 1, at, std::move(*resolved), std::nullopt});
  }
  const EventState& state() const { return state_; }
  const std::vector<JournalEntry>& entries() const { return entries_; }

 private:
  EventState state_;
  std::vector<JournalEntry> entries_;
};

bool write(const char* path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) std::fprintf(stderr, "event_file_gen: cannot write %s\n", path);
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::fprintf(stderr, "usage: event_file_gen PLAYERS ROUNDS OUT.json [PLAIN.json]\n");
    return 2;
  }
  const int players = std::stoi(argv[1]);
  const int rounds = std::stoi(argv[2]);
  Journal j;
  EventConfig config;
  config.name = "Bench Open " + std::to_string(players);
  config.edition = "SR2017";
  config.points = 75;
  config.seed = 42;
  j.run(CreateEvent{config}, "2026-01-01T09:00:00Z");
  const char* factions[] = {"Cygnar", "Khador", "Cryx", "Trollbloods", "Circle Orboros", "Skorne"};
  for (int i = 1; i <= players; ++i) {
    Player p;
    p.name = "Player " + std::to_string(i);
    p.faction = factions[i % 6];
    p.club = "Club " + std::to_string(i % 97);
    j.run(AddPlayer{p}, "2026-01-01T09:00:00Z");
  }
  Rng rng(7);
  for (int round = 1; round <= rounds; ++round) {
    auto pairing = SwissPairer{}.pair(j.state(), round);
    if (!pairing) {
      std::fprintf(stderr, "event_file_gen: %s\n", pairing.error().describe().c_str());
      return 1;
    }
    j.run(*pairing, "2026-01-01T10:00:00Z");
    const std::vector<Table> tables = j.state().rounds.back().tables;
    for (const Table& t : tables) {
      const RecordResult r = bench::random_scenario_result(rng, t.number);
      j.run(r, "2026-01-01T12:00:00Z");
    }
    j.run(CloseRound{}, "2026-01-01T12:30:00Z");
  }
  if (!write(argv[3], event_file_text(j.state(), j.entries()))) return 1;  // as `gauntlet export` does
  if (argc == 5 && !write(argv[4], write_event_file(j.state(), j.entries()).dump(2) + "\n")) return 1;
  std::printf("%s: %d players, %d rounds, %zu journal entries\n", argv[3], players, rounds,
              j.entries().size());
}
