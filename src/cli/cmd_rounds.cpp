// gauntlet round pair|result|close|show, standings, pair --event FILE.
#include <fmt/format.h>

#include "app/execute.hpp"
#include "app/json.hpp"
#include "app/pairing_options.hpp"
#include "cli/commands.hpp"
#include "cli/print.hpp"
#include "eventfile/event_file.hpp"
#include "pairing/swiss_pairer.hpp"
#include "standings/render.hpp"

namespace gauntlet::cli {

namespace {

// "5:2" -> {5, 2}
std::array<int, 2> parse_pair(const std::string& text, const std::string& field) {
  const auto colon = text.find_first_of(":-/", 1);  // from 1: a leading '-' is a sign, not a separator
  try {
    if (colon == std::string::npos) throw std::invalid_argument(text);
    std::size_t used_a = 0, used_b = 0;
    const int a = std::stoi(text.substr(0, colon), &used_a);
    const int b = std::stoi(text.substr(colon + 1), &used_b);
    if (used_a != colon || used_b != text.size() - colon - 1) throw std::invalid_argument(text);
    return {a, b};
  } catch (const std::exception&) {
    reject(Error{field, "results", "'" + text + "' must be two whole numbers like 5:2"});
  }
}

// "p1,p4" -> the two players' ids.
std::pair<PlayerId, PlayerId> two_players(const EventState& st, const std::string& text,
                                          const std::string& field) {
  const auto comma = text.find_first_of(",;");
  if (comma == std::string::npos) reject(Error{field, "pairings", "give two players separated by a comma"});
  return {resolve_player(st, text.substr(0, comma), field),
          resolve_player(st, text.substr(comma + 1), field)};
}

// The automatic pairer's options (issue 3), shared by `round pair` and `pair --event`.
struct PairFlags {
  bool avoid_club = false, avoid_faction = false, all_rounds = false, fresh_tables = false;
  std::vector<std::string> fixed;  // PLAYER=N
  std::vector<std::string> locks;  // A,B
  bool any() const {
    return avoid_club || avoid_faction || all_rounds || fresh_tables || !fixed.empty() || !locks.empty();
  }
};

void add_pair_flags(CLI::App* cmd, PairFlags& f) {
  cmd->add_flag("--avoid-club", f.avoid_club,
                "Avoid pairing players of the same club/team (round 1 unless --avoid-all-rounds)");
  cmd->add_flag("--avoid-faction", f.avoid_faction,
                "Avoid pairing players of the same faction (round 1 unless --avoid-all-rounds)");
  cmd->add_flag("--avoid-all-rounds", f.all_rounds,
                "Apply --avoid-club/--avoid-faction in every round, not only round 1");
  cmd->add_flag("--fresh-tables", f.fresh_tables,
                "Avoid seating a player at a table number they already played at");
  cmd->add_option("--fixed-table", f.fixed,
                  "PLAYER=N: always seat this player at table N (accessibility; repeatable)");
  cmd->add_option("--lock", f.locks, "A,B: keep these two together and pair the rest (repeatable)");
}

// The flags' syntax and player names are read here; the rules on combining them are app's, shared
// with the console (app/pairing_options.hpp).
SwissPairerOptions pairer_options(const EventState& st, const PairFlags& f) {
  app::PairingChoices c;
  c.avoid_club = f.avoid_club;
  c.avoid_faction = f.avoid_faction;
  c.avoid_all_rounds = f.all_rounds;
  c.fresh_tables = f.fresh_tables;
  c.all_rounds_field = "--avoid-all-rounds";
  c.club_flag = "--avoid-club";
  c.faction_flag = "--avoid-faction";
  for (const std::string& text : f.fixed) {
    const std::string field = "--fixed-table " + text;
    const auto eq = text.rfind('=');
    const std::string number = eq == std::string::npos ? "" : text.substr(eq + 1);
    if (number.empty() || number.size() > 4 || number.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(number) < 1)
      reject(Error{field, "pairings",
                   "write PLAYER=N with a table number of 1 or more, e.g. --fixed-table p7=1"});
    c.fixed.push_back({field, resolve_player(st, text.substr(0, eq), field), std::stoi(number)});
  }
  for (const std::string& text : f.locks) {
    auto [a, b] = two_players(st, text, "--lock " + text);
    c.locks.push_back({"--lock " + text, a, b});
  }
  return unwrap(app::pairer_options(st, c));
}

// Warnings go to stderr, before anything is published: the EO must not miss them.
void print_warnings(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) fmt::print(stderr, "{}\n", line);
}

// A proposal's warnings, then its findings: what it breaks, and what to look at (a finals game a
// fixed table moved, a player short of lists).
void print_proposal_warnings(const app::Proposal& p) {
  print_warnings(p.warnings);
  for (const app::Finding& f : p.findings)
    fmt::print(stderr, "{}{}\n", f.hard ? "WARNING: " : "warning: ", f.text);
}

struct ManualFlags {
  std::vector<std::string> tables;
  std::string bye, reason;
  bool force = false;
};

// The EO's own tables: every rule they break is listed, then the one policy (app/pairing.hpp)
// decides: a hard rule broken needs --force with --reason, and both go into the journal.
PairRound manual_round(const EventState& st, int number, const ManualFlags& m) {
  if (m.force && m.reason.find_first_not_of(" \t") == std::string::npos)
    reject(
        Error{"--reason", "pairings", "--force needs --reason \"why\": the reason is kept in the journal"});
  app::Tables manual;
  for (const std::string& t : m.tables) manual.push_back(two_players(st, t, "--table " + t));
  std::optional<PlayerId> b;
  if (!m.bye.empty()) b = resolve_player(st, m.bye, "--bye");
  PairRound proposal = unwrap(ManualPairer(manual, b).pair(st, number));
  unwrap(decide(st, proposal));  // everyone exactly once, nobody dropped: refused before any review
  const auto findings = unwrap(app::review_pairing(st, manual, b));
  std::vector<std::string> lines;
  for (const app::Finding& f : findings) {
    lines.push_back((f.hard ? "WARNING: " : "warning: ") + f.text);
  }
  print_warnings(lines);
  if (m.force) proposal.eo_override = PairingOverride{m.reason, {}};
  return proposal;
}

void add_pair_command(CLI::App* round, Options& o) {
  auto* pair = round->add_subcommand("pair", "Pair the next round (automatically, or the tables you give)");
  auto manual = std::make_shared<ManualFlags>();
  auto scenario = std::make_shared<std::string>();
  auto explain = std::make_shared<bool>(false);
  auto flags = std::make_shared<PairFlags>();
  pair->add_option("--table", manual->tables,
                   "A manual table: two players, e.g. --table p1,p4 (repeat per table)");
  pair->add_option("--bye", manual->bye, "Player who gets the bye (manual pairing, odd field)");
  pair->add_option("--scenario", *scenario, "Scenario (default: the event's plan or a roll)");
  pair->add_flag("--explain", *explain, "Print why each pair, float and bye was chosen");
  pair->add_flag(
      "--force", manual->force,
      "Publish manual tables that break a hard rule (rematch, second pair-down, second bye); needs "
      "--reason");
  pair->add_option("--reason", manual->reason,
                   "Why the manual tables break a hard rule (kept in the journal)");
  add_pair_flags(pair, *flags);
  pair->callback([&o, manual, scenario, explain, flags] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const EventState& st = s.state();
    const int number = static_cast<int>(st.rounds.size()) + 1;
    app::Accepted done;
    if (manual->tables.empty()) {
      if (!manual->bye.empty()) reject(Error{"--bye", "pairings", "--bye goes with manual --table pairings"});
      if (manual->force || !manual->reason.empty())
        reject(Error{"--force", "pairings", "--force and --reason go with manual --table pairings"});
      app::Proposal p;
      done = unwrap(app::publish_automatic(s, pairer_options(st, *flags), *scenario, &p));
      print_proposal_warnings(p);
    } else {
      if (flags->any())
        reject(Error{"--table", "pairings",
                     "--lock, --fixed-table, --fresh-tables and --avoid-* steer the automatic pairing; with "
                     "--table you give every table yourself"});
      PairRound proposal = manual_round(st, number, *manual);
      proposal.scenario = *scenario;
      auto accepted = app::execute(s, proposal, app::Caller::organizer());
      if (!accepted && accepted.error().kind == ErrorKind::precondition)
        accepted.error().message += " (add --force --reason \"why\")";
      done = unwrap(std::move(accepted));
    }
    fmt::print("{}", describe_round(s.state(), number));
    const auto& published = std::get<PairRound>(done.command);
    if (published.eo_override)
      for (const std::string& rule : published.eo_override->broken)
        fmt::print("  · published by the EO despite: {} (reason: {})\n", rule, published.eo_override->reason);
    if (*explain)
      for (const std::string& line : published.explain) fmt::print("  · {}\n", line);
  });
}

// "--winner Ada --cp 5:2" -> the RecordResult, sides in table order.
struct ResultFlags {
  int table = 0, round = 0;
  std::string winner, cp = "0:0", ap = "0:0", lists, ending;
  bool tie = false;
};

RecordResult result_command(const EventState& st, const ResultFlags& f) {
  if (st.rounds.empty()) reject(Error{"round", "results", "no round has been paired"});
  const int round_number = f.round ? f.round : st.rounds.back().number;
  if (round_number < 1 || round_number > static_cast<int>(st.rounds.size()))
    reject(Error{"--round", "results", "round " + std::to_string(round_number) + " does not exist"});
  const Table* t = st.rounds[round_number - 1].find_table(f.table);
  if (!t)
    reject(Error{"table", "results",
                 "round " + std::to_string(round_number) + " has no table " + std::to_string(f.table)});
  auto end = parse_ending(f.ending);
  if (!end)
    reject(Error{"--ending", "results",
                 "'" + f.ending + "' is not assassination, scenario, clock, tiebreaker, concession or tie"});
  if (f.tie == !f.winner.empty()) reject(Error{"--winner", "results", "give either --winner or --tie"});
  RecordResult c;
  c.round = round_number;
  c.table = f.table;
  c.ending = *end;
  int first = 0;  // index in table order of the side written first in --cp/--ap/--list
  if (!f.tie) {
    const PlayerId w = resolve_player(st, f.winner, "--winner");
    if (w != t->players[0] && w != t->players[1])
      reject(Error{
          "--winner", "results",
          w + " is not at table " + std::to_string(f.table) + " in round " + std::to_string(round_number)});
    first = w == t->players[0] ? 0 : 1;
    c.results[first].outcome = Outcome::win;
    c.results[1 - first].outcome = Outcome::loss;
  }
  const auto cps = parse_pair(f.cp, "--cp"), aps = parse_pair(f.ap, "--ap");
  for (int k = 0; k < 2; ++k) {
    const int side = k == 0 ? first : 1 - first;
    c.results[side].cp = cps[k];
    c.results[side].ap = aps[k];
  }
  if (!f.lists.empty()) {
    const auto ls = parse_pair(f.lists, "--list");
    c.results[first].list = ls[0];
    c.results[1 - first].list = ls[1];
  }
  return c;
}

void add_result_command(CLI::App* round, Options& o) {
  auto* result = round->add_subcommand("result", "Record the result of a table");
  auto f = std::make_shared<ResultFlags>();
  result->add_option("table", f->table, "Table number")->required();
  result->add_option("--round", f->round, "Round (default: the current one)");
  result->add_option("--winner", f->winner, "The winner (id or name)");
  result->add_flag("--tie", f->tie, "The game is a tie");
  result->add_option("--cp", f->cp, "Control points winner:loser (with --tie: in table order)");
  result->add_option("--ap", f->ap, "Army points destroyed winner:loser (with --tie: in table order)");
  result->add_option("--list", f->lists, "List played winner:loser (with --tie: in table order)");
  result->add_option("--ending", f->ending, "assassination, scenario, clock, tiebreaker, concession or tie")
      ->required();
  result->callback([&o, f] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const RecordResult c = result_command(s.state(), *f);
    execute(s, c);
    fmt::print("{}", describe_round(s.state(), c.round));
  });
}

void add_close_and_show_commands(CLI::App* round, Options& o) {
  round->add_subcommand("close", "Close the current round (every table needs a result)")->callback([&o] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    execute(s, CloseRound{});
    const EventState& st = s.state();
    fmt::print("Round {} closed.\n", st.rounds.back().number);
    if (st.cut && st.cut->after_round == st.rounds.back().number)
      fmt::print("Cut to top {}: only they play the remaining rounds.\n", st.cut->top.size());
    if (event_finished(st)) fmt::print("The event is over.\n");
  });

  auto* show = round->add_subcommand("show", "Show a round's pairings and results");
  auto show_n = std::make_shared<int>(0);
  show->add_option("round", *show_n, "Round (default: the current one)");
  show->callback([&o, show_n] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const int n = *show_n ? *show_n : static_cast<int>(s.state().rounds.size());
    if (n == 0) reject(Error{"round", "pairings", "no round has been paired yet"});
    fmt::print("{}", describe_round(s.state(), n));
  });
}

void add_standings_command(CLI::App& app, Options& o) {
  auto* standings =
      app.add_subcommand("standings", "Show the standings (from the database or an event file)");
  auto file = std::make_shared<std::string>();
  standings->add_option("--event", *file, "Event file (JSON) to compute from, without a database");
  standings->callback([&o, file] {
    EventState from_store;
    const EventState* state = &from_store;
    EventFileState* from_file = nullptr;
    if (!file->empty()) {
      from_file = keep_to_exit(std::make_unique<EventFileState>(*file)).get();
      state = &from_file->state();
    } else {
      Store store = open_store(o);
      from_store = open_session(store, o).state();
    }
    const Standings& result = keep_to_exit(compute_standings(*state));
    if (from_file) from_file->check();  // the whole file read before anything is printed
    if (o.json)
      fmt::print("{}\n", standings_json_text(result, 2));  // no DOM (issue 16 point 1)
    else
      fmt::print("{}", standings_to_text(result));
  });
}

void add_pair_file_command(CLI::App& app, Options& o) {
  auto* pair_file = app.add_subcommand("pair", "Pair the next round of an event file, without a database");
  auto pair_path = std::make_shared<std::string>();
  auto file_flags = std::make_shared<PairFlags>();
  pair_file->add_option("--event", *pair_path, "Event file (JSON)")->required();
  add_pair_flags(pair_file, *file_flags);
  pair_file->callback([&o, pair_path, file_flags] {
    const auto& file = keep_to_exit(std::make_unique<EventFileState>(*pair_path));
    const EventState& state = file->state();
    const app::Proposal* proposal = nullptr;
    Command resolved;
    try {
      proposal = &keep_to_exit(unwrap(app::propose_pairing(state, pairer_options(state, *file_flags))));
      resolved = unwrap(decide(state, proposal->round));  // the engine's checks apply here too
    } catch (...) {
      file->check();  // a file that is not one is the first thing to say
      throw;
    }
    file->check();  // the whole file read before anything is printed
    const app::Proposal& p = *proposal;
    if (o.json) {
      fmt::print("{}\n", app::proposal_json_text(p, 2));  // no DOM (issue 16 point 1)
      return;
    }
    print_proposal_warnings(p);
    EventState next = state;
    apply(next, resolved);
    fmt::print("{}", describe_round(next, p.round.round));
    for (const std::string& line : p.round.explain) fmt::print("  · {}\n", line);
  });
}

}  // namespace

void add_round_commands(CLI::App& app, Options& o) {
  auto* round =
      app.add_subcommand("round", "Pair rounds, record results, close rounds")->require_subcommand(1);
  add_pair_command(round, o);
  add_result_command(round, o);
  add_close_and_show_commands(round, o);
  add_clock_commands(app, round, o);
  add_standings_command(app, o);
  add_pair_file_command(app, o);
}

}  // namespace gauntlet::cli
