// Fuzz target: the players CSV reader (eventfile/players_csv.hpp), fed any bytes as the file, and
// what it reads registered into an SR2017 event as `gauntlet player import` and the server do
// (app::registrations: every row checked by the engine, names case-folded and normalised by ICU).
// A bug is: a crash, a leak or a sanitizer report; an exception out of either (errors are values);
// an error without a message; or players that do not survive being written back as CSV (every
// field quoted, RFC 4180) and read again.
#include <string>
#include <string_view>

#include "app/players.hpp"
#include "engine/engine.hpp"
#include "eventfile/players_csv.hpp"
#include "fuzz_check.hpp"

using namespace gauntlet;
using fuzz::fuzz_require;

namespace {

std::string quoted(const std::string& field) {
  std::string out = "\"";
  for (char c : field) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

const EventState& event() {
  static const EventState state = [] {
    EventConfig config;
    config.name = "Fuzz Open";
    config.edition = "SR2017";
    config.points = 75;
    config.seed = 1;
    EventState s;
    const Result<Command> created = decide(s, CreateEvent{config});
    fuzz_require(created.has_value(), "the fuzz target's event is refused");
    apply(s, *created);
    return s;
  }();
  return state;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<std::vector<Player>> players = parse_players_csv(text);
  fuzz::show(players);
  if (!players) {
    fuzz_require(!players.error().describe().empty(), "a refused CSV has no message");
    return 0;
  }
  std::string csv = "name,faction,club,contact\r\n";
  for (const Player& p : *players)
    csv += quoted(p.name) + "," + quoted(p.faction) + "," + quoted(p.club) + "," + quoted(p.contact) + "\r\n";
  const Result<std::vector<Player>> back = parse_players_csv(csv);
  fuzz_require(back.has_value(), "players written back as CSV are refused");
  fuzz_require(*back == *players, "players written back as CSV read differently");

  const Result<std::vector<Command>> registered = app::registrations(event(), *players, "csv");
  if (!registered) fuzz_require(!registered.error().describe().empty(), "a refused row has no message");
  return 0;
}
