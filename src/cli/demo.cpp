// gauntlet demo: a 24-player SR2017 event with three rounds played, for a first look.
//
// Results are real games: 64 decided games of the WARMACHINE & HORDES World Team Championship
// 2017 (../shared/data/wtc/wtc2017_games.csv, a seeded sample of those valid under SR2017),
// dealt to the demo's tables; who wins a table follows a hidden skill rating so the standings
// look like a real event's.
#include <fmt/format.h>

#include "app/events.hpp"
#include "app/execute.hpp"
#include "cli/commands.hpp"
#include "cli/print.hpp"
#include "core/rng.hpp"
#include "pairing/swiss_pairer.hpp"
#include "sqldb/sqldb.hpp"
#include "standings/render.hpp"

namespace gauntlet::cli {

namespace {

struct RealGame {
  Ending ending;
  int cp_winner, cp_loser, ap_winner, ap_loser;
};

constexpr RealGame kWtc2017[] = {
    {Ending::assassination, 5, 8, 59, 36},  {Ending::scenario, 5, 0, 27, 0},
    {Ending::scenario, 5, 0, 59, 37},       {Ending::clock, 3, 3, 96, 19},
    {Ending::assassination, 5, 4, 107, 4},  {Ending::assassination, 1, 1, 39, 8},
    {Ending::assassination, 1, 2, 81, 29},  {Ending::clock, 7, 2, 38, 20},
    {Ending::scenario, 9, 3, 28, 27},       {Ending::scenario, 5, 0, 46, 43},
    {Ending::scenario, 9, 4, 121, 7},       {Ending::scenario, 5, 0, 7, 0},
    {Ending::assassination, 1, 2, 59, 34},  {Ending::scenario, 5, 0, 22, 17},
    {Ending::assassination, 0, 0, 10, 0},   {Ending::scenario, 5, 0, 106, 16},
    {Ending::assassination, 2, 1, 66, 26},  {Ending::clock, 7, 1, 0, 0},
    {Ending::clock, 3, 3, 0, 30},           {Ending::scenario, 6, 1, 36, 39},
    {Ending::assassination, 0, 0, 75, 0},   {Ending::assassination, 0, 0, 10, 0},
    {Ending::assassination, 5, 6, 100, 70}, {Ending::clock, 3, 2, 32, 50},
    {Ending::assassination, 1, 0, 104, 32}, {Ending::scenario, 5, 0, 98, 26},
    {Ending::clock, 4, 4, 52, 30},          {Ending::clock, 5, 0, 39, 18},
    {Ending::clock, 2, 1, 38, 19},          {Ending::scenario, 10, 4, 116, 59},
    {Ending::assassination, 3, 1, 119, 0},  {Ending::assassination, 3, 0, 84, 12},
    {Ending::scenario, 8, 3, 47, 49},       {Ending::scenario, 8, 2, 99, 48},
    {Ending::scenario, 7, 1, 114, 0},       {Ending::assassination, 1, 2, 29, 20},
    {Ending::assassination, 0, 0, 10, 16},  {Ending::clock, 2, 0, 56, 63},
    {Ending::clock, 0, 4, 43, 54},          {Ending::scenario, 8, 2, 35, 35},
    {Ending::scenario, 8, 3, 92, 26},       {Ending::assassination, 1, 0, 56, 29},
    {Ending::assassination, 2, 0, 31, 3},   {Ending::scenario, 9, 3, 104, 71},
    {Ending::scenario, 12, 6, 53, 54},      {Ending::assassination, 1, 0, 112, 18},
    {Ending::assassination, 0, 0, 10, 0},   {Ending::assassination, 2, 1, 40, 30},
    {Ending::assassination, 5, 5, 37, 38},  {Ending::assassination, 1, 1, 10, 23},
    {Ending::assassination, 0, 4, 19, 38},  {Ending::scenario, 5, 0, 46, 12},
    {Ending::scenario, 6, 1, 24, 18},       {Ending::assassination, 0, 0, 58, 8},
    {Ending::clock, 1, 1, 81, 69},          {Ending::scenario, 9, 2, 110, 0},
    {Ending::assassination, 1, 1, 105, 46}, {Ending::scenario, 6, 0, 32, 54},
    {Ending::scenario, 7, 2, 98, 21},       {Ending::scenario, 7, 2, 22, 48},
    {Ending::scenario, 11, 5, 61, 46},      {Ending::scenario, 8, 3, 43, 24},
    {Ending::clock, 0, 0, 71, 4},           {Ending::scenario, 7, 2, 31, 49},
};

struct DemoPlayer {
  const char* name;
  const char* faction;
  const char* club;
  int skill;  // hidden rating deciding who wins a table
};

constexpr DemoPlayer kPlayers[] = {
    {"Ada Brennan", "Cygnar", "Iron Foundry", 9},
    {"Boris Kowalczyk", "Khador", "Iron Foundry", 6},
    {"Chen Wei", "Cryx", "Dice Vault", 8},
    {"Dana Okafor", "Retribution of Scyrah", "", 5},
    {"Emil Sørensen", "Legion of Everblight", "Dice Vault", 7},
    {"Fatima Haddad", "Circle Orboros", "Hobbit Hole", 4},
    {"Gustav Lind", "Mercenaries", "Hobbit Hole", 6},
    {"Hana Sato", "Protectorate of Menoth", "", 8},
    {"Ivan Petrov", "Skorne", "Iron Foundry", 3},
    {"Jade Morrison", "Grymkin", "Dice Vault", 7},
    {"Karl Becker", "Convergence of Cyriss", "", 5},
    {"Lucia Romero", "Trollbloods", "Hobbit Hole", 6},
    {"Marek Novak", "Cryx", "Iron Foundry", 4},
    {"Nina Ivanova", "Cygnar", "Dice Vault", 5},
    {"Omar Farouk", "Khador", "", 7},
    {"Priya Nair", "Minions", "Hobbit Hole", 3},
    {"Quentin Blake", "Legion of Everblight", "Iron Foundry", 5},
    {"Rosa Lindqvist", "Retribution of Scyrah", "", 6},
    {"Sven Olsen", "Circle Orboros", "Dice Vault", 2},
    {"Tariq Aziz", "Mercenaries", "Hobbit Hole", 4},
    {"Uma Reddy", "Cygnar", "", 8},
    {"Viktor Hale", "Cryx", "Iron Foundry", 3},
    {"Wen Li", "Skorne", "Dice Vault", 5},
    {"Yusuf Demir", "Khador", "Hobbit Hole", 6},
};

constexpr const char* kDemoId = kDemoEventId;
constexpr std::uint64_t kDemoSeed = 20261122;
constexpr int kDemoRounds = 3;

void play_round(EventSession& s, int round) {
  unwrap(app::publish_automatic(s, {}, ""));
  Rng rng = Rng::derive(kDemoSeed, "demo-results", round);
  for (const Table& t : s.state().rounds.back().tables) {
    const auto skill = [&](const PlayerId& id) {
      const std::size_t i = static_cast<std::size_t>(std::stoi(id.substr(1))) - 1;
      return i < std::size(kPlayers) ? kPlayers[i].skill : 5;
    };
    const int a = skill(t.players[0]), b = skill(t.players[1]);
    const int winner = static_cast<int>(rng.below(static_cast<std::uint64_t>(a + b))) < a ? 0 : 1;
    const RealGame& g = kWtc2017[rng.below(std::size(kWtc2017))];
    RecordResult r;
    r.round = round;
    r.table = t.number;
    r.ending = g.ending;
    r.results[winner] = GameResult{Outcome::win, g.cp_winner, g.ap_winner, 1, {}};
    r.results[1 - winner] = GameResult{Outcome::loss, g.cp_loser, g.ap_loser, 1, {}};
    execute(s, r);
  }
  execute(s, CloseRound{});
}

}  // namespace

bool ensure_demo_event(Store& store) {
  if (store.has_event(kDemoId)) return false;
  EventConfig config;
  config.name = "Gauntlet Demo Open";
  config.edition = "SR2017";
  config.points = 75;
  config.start_date = "2026-11-22";
  config.venue = "Dice Vault game store";
  config.seed = kDemoSeed;
  EventSession s = unwrap(app::create_event(store, kDemoId, config));
  for (const DemoPlayer& p : kPlayers) {
    Player player;
    player.name = p.name;
    player.faction = p.faction;
    player.club = p.club;
    execute(s, AddPlayer{player});
    execute(s, SetPlayerStatus{s.state().players.back().id, PlayerStatus::checked_in, std::nullopt});
  }
  for (int round = 1; round <= kDemoRounds; ++round) play_round(s, round);
  return true;
}

void add_demo_command(CLI::App& app, Options& o) {
  app.add_subcommand("demo", "Create (once) and show a 24-player demo event with 3 rounds played")
      ->callback([&o] {
        Store store = open_store(o);
        ensure_demo_event(store);
        Options demo = o;
        demo.event_id = kDemoId;
        EventSession s = open_session(store, demo);
        fmt::print("{}", describe_event(s.state()));
        for (const Round& r : s.state().rounds) fmt::print("\n{}", describe_round(s.state(), r.number));
        fmt::print("\nStandings after round {}\n{}", s.state().closed_rounds(),
                   standings_to_text(compute_standings(s.state())));
        fmt::print(
            "\nThe demo lives in {} (event id '{}'). Next: `gauntlet --db {} round pair --explain`, "
            "`gauntlet --db {} standings --json`, `gauntlet --help`.\n",
            sqldb::printable(o.db), kDemoId, sqldb::printable(o.db), sqldb::printable(o.db));
      });
}

}  // namespace gauntlet::cli
