// gauntlet round pair|result|close|show, standings, pair --event FILE.
#include <fmt/format.h>

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

nlohmann::json pairing_json(const PairRound& p) {
  nlohmann::json tables = nlohmann::json::array();
  for (const Table& t : p.tables)
    tables.push_back({{"table", t.number}, {"players", {t.players[0], t.players[1]}}});
  return {{"round", p.round},
          {"tables", tables},
          {"bye", p.bye ? nlohmann::json(*p.bye) : nlohmann::json(nullptr)},
          {"explain", p.explain}};
}

EventFile load_event_file(const std::string& path) {
  return unwrap(parse_event_file(read_file(path, "--event")));
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

SwissPairerOptions pairer_options(const EventState& st, const PairFlags& f) {
  if (f.all_rounds && !f.avoid_club && !f.avoid_faction)
    reject(Error{"--avoid-all-rounds", "pairings", "needs --avoid-club or --avoid-faction"});
  SwissPairerOptions o;
  o.avoid_same_club = f.avoid_club;
  o.avoid_same_faction = f.avoid_faction;
  o.avoid_in_all_rounds = f.all_rounds;
  o.fresh_tables = f.fresh_tables;
  for (const std::string& text : f.fixed) {
    const std::string field = "--fixed-table " + text;
    const auto eq = text.rfind('=');
    const std::string number = eq == std::string::npos ? "" : text.substr(eq + 1);
    if (number.empty() || number.size() > 4 || number.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(number) < 1)
      reject(Error{field, "pairings",
                   "write PLAYER=N with a table number of 1 or more, e.g. --fixed-table p7=1"});
    const PlayerId id = resolve_player(st, text.substr(0, eq), field);
    for (const auto& [other, t] : o.fixed_tables) {
      if (other == id) reject(Error{field, "pairings", id + " already has a fixed table"});
      if (t == std::stoi(number))
        reject(Error{field, "pairings", "table " + number + " is already fixed for " + other});
    }
    o.fixed_tables.emplace_back(id, std::stoi(number));
  }
  for (const std::string& text : f.locks) {
    auto [a, b] = two_players(st, text, "--lock " + text);
    if (a == b) reject(Error{"--lock " + text, "pairings", "a player cannot be locked with themself"});
    o.locked.emplace_back(a, b);
  }
  return o;
}

// Warnings go to stderr, before anything is published: the EO must not miss them.
void print_warnings(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) fmt::print(stderr, "{}\n", line);
}

// The automatic proposal and what it could not avoid, said loudly (issue 3: "say so loudly").
SwissPairer::Proposal automatic(const EventState& st, int number, const PairFlags& flags) {
  SwissPairer::Proposal p = unwrap(SwissPairer(pairer_options(st, flags)).propose(st, number));
  if (p.rematches > 0)
    p.warnings.insert(
        p.warnings.begin(),
        fmt::format("WARNING: {} rematch{}: no rematch-free pairing of round {} exists; this pairing has the "
                    "fewest (SR2017 \"Subsequent Pairings\")",
                    p.rematches, p.rematches == 1 ? "" : "es", number));
  return p;
}

}  // namespace

void add_round_commands(CLI::App& app, Options& o) {
  auto* round =
      app.add_subcommand("round", "Pair rounds, record results, close rounds")->require_subcommand(1);

  auto* pair = round->add_subcommand("pair", "Pair the next round (automatically, or the tables you give)");
  auto tables = std::make_shared<std::vector<std::string>>();
  auto bye = std::make_shared<std::string>();
  auto scenario = std::make_shared<std::string>();
  auto explain = std::make_shared<bool>(false);
  auto force = std::make_shared<bool>(false);
  auto flags = std::make_shared<PairFlags>();
  pair->add_option("--table", *tables, "A manual table: two players, e.g. --table p1,p4 (repeat per table)");
  pair->add_option("--bye", *bye, "Player who gets the bye (manual pairing, odd field)");
  pair->add_option("--scenario", *scenario, "Scenario (default: the event's plan or a roll)");
  pair->add_flag("--explain", *explain, "Print why each pair, float and bye was chosen");
  pair->add_flag(
      "--force", *force,
      "Publish manual tables even if they break a hard rule (rematch, second pair-down, second bye)");
  add_pair_flags(pair, *flags);
  pair->callback([&o, tables, bye, scenario, explain, force, flags] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const EventState& st = s.state();
    const int number = static_cast<int>(st.rounds.size()) + 1;
    PairRound proposal;
    if (tables->empty()) {
      if (!bye->empty()) reject(Error{"--bye", "pairings", "--bye goes with manual --table pairings"});
      SwissPairer::Proposal p = automatic(st, number, *flags);
      print_warnings(p.warnings);
      proposal = std::move(p.round);
    } else {
      if (flags->any())
        reject(Error{"--table", "pairings",
                     "--lock, --fixed-table, --fresh-tables and --avoid-* steer the automatic pairing; with "
                     "--table you "
                     "give every table yourself"});
      std::vector<std::pair<PlayerId, PlayerId>> manual;
      for (const std::string& t : *tables) manual.push_back(two_players(st, t, "--table " + t));
      std::optional<PlayerId> b;
      if (!bye->empty()) b = resolve_player(st, *bye, "--bye");
      proposal = unwrap(ManualPairer(manual, b).pair(st, number));
      unwrap(decide(st, proposal));  // everyone exactly once, nobody dropped: refused before any review
      // Issue 3: the engine lists each rule the EO's edit breaks before it is published.
      const PairingReview review = unwrap(SwissPairer().review(st, proposal));
      std::vector<std::string> loud;
      for (const PairingFinding& h : review.hard) loud.push_back("WARNING: " + h.text);
      for (const PairingFinding& w : review.soft) loud.push_back("warning: " + w.text);
      print_warnings(loud);
      if (!review.hard.empty() && !*force)
        reject(Error{
            "--table", "SR2017 \"Subsequent Pairings\", \"Byes & Odd Number of Players\"",
            fmt::format("these tables break {} hard rule{} (listed above); nothing was published. Change the "
                        "tables, or add --force to publish them anyway",
                        review.hard.size(), review.hard.size() == 1 ? "" : "s")});
      for (const PairingFinding& h : review.hard)
        proposal.explain.push_back("published by the EO despite: " + h.text);
      for (const PairingFinding& w : review.soft) proposal.explain.push_back("note: " + w.text);
    }
    proposal.scenario = *scenario;
    execute(s, proposal);
    fmt::print("{}", describe_round(s.state(), number));
    if (*explain)
      for (const std::string& line : proposal.explain) fmt::print("  · {}\n", line);
  });

  auto* result = round->add_subcommand("result", "Record the result of a table");
  auto table = std::make_shared<int>(0);
  auto rnd = std::make_shared<int>(0);
  auto winner = std::make_shared<std::string>();
  auto tie = std::make_shared<bool>(false);
  auto cp = std::make_shared<std::string>("0:0");
  auto ap = std::make_shared<std::string>("0:0");
  auto lists = std::make_shared<std::string>();
  auto ending = std::make_shared<std::string>();
  result->add_option("table", *table, "Table number")->required();
  result->add_option("--round", *rnd, "Round (default: the current one)");
  result->add_option("--winner", *winner, "The winner (id or name)");
  result->add_flag("--tie", *tie, "The game is a tie");
  result->add_option("--cp", *cp, "Control points winner:loser (with --tie: in table order)");
  result->add_option("--ap", *ap, "Army points destroyed winner:loser (with --tie: in table order)");
  result->add_option("--list", *lists, "List played winner:loser (with --tie: in table order)");
  result->add_option("--ending", *ending, "assassination, scenario, clock, tiebreaker, concession or tie")
      ->required();
  result->callback([&o, table, rnd, winner, tie, cp, ap, lists, ending] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const EventState& st = s.state();
    if (st.rounds.empty()) reject(Error{"round", "results", "no round has been paired"});
    const int round_number = *rnd ? *rnd : st.rounds.back().number;
    if (round_number < 1 || round_number > static_cast<int>(st.rounds.size()))
      reject(Error{"--round", "results", "round " + std::to_string(round_number) + " does not exist"});
    const Round& r = st.rounds[round_number - 1];
    const Table* t = r.find_table(*table);
    if (!t)
      reject(Error{"table", "results",
                   "round " + std::to_string(round_number) + " has no table " + std::to_string(*table)});
    auto end = parse_ending(*ending);
    if (!end)
      reject(Error{"--ending", "results",
                   "'" + *ending + "' is not assassination, scenario, clock, tiebreaker, concession or tie"});
    if (*tie == !winner->empty()) reject(Error{"--winner", "results", "give either --winner or --tie"});
    RecordResult c;
    c.round = round_number;
    c.table = *table;
    c.ending = *end;
    int first = 0;  // index in table order of the side written first in --cp/--ap/--list
    if (!*tie) {
      const PlayerId w = resolve_player(st, *winner, "--winner");
      if (w != t->players[0] && w != t->players[1])
        reject(Error{
            "--winner", "results",
            w + " is not at table " + std::to_string(*table) + " in round " + std::to_string(round_number)});
      first = w == t->players[0] ? 0 : 1;
      c.results[first].outcome = Outcome::win;
      c.results[1 - first].outcome = Outcome::loss;
    }
    const auto cps = parse_pair(*cp, "--cp"), aps = parse_pair(*ap, "--ap");
    for (int k = 0; k < 2; ++k) {
      const int side = k == 0 ? first : 1 - first;
      c.results[side].cp = cps[k];
      c.results[side].ap = aps[k];
    }
    if (!lists->empty()) {
      const auto ls = parse_pair(*lists, "--list");
      c.results[first].list = ls[0];
      c.results[1 - first].list = ls[1];
    }
    execute(s, c);
    fmt::print("{}", describe_round(s.state(), round_number));
  });

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

  auto* standings =
      app.add_subcommand("standings", "Show the standings (from the database or an event file)");
  auto file = std::make_shared<std::string>();
  standings->add_option("--event", *file, "Event file (JSON) to compute from, without a database");
  standings->callback([&o, file] {
    EventState state;
    if (!file->empty()) {
      state = load_event_file(*file).state;
    } else {
      Store store = open_store(o);
      state = open_session(store, o).state();
    }
    const Standings result = compute_standings(state);
    if (o.json)
      fmt::print("{}\n", standings_to_json(result).dump(2));
    else
      fmt::print("{}", standings_to_text(result));
  });

  auto* pair_file = app.add_subcommand("pair", "Pair the next round of an event file, without a database");
  auto pair_path = std::make_shared<std::string>();
  auto file_flags = std::make_shared<PairFlags>();
  pair_file->add_option("--event", *pair_path, "Event file (JSON)")->required();
  add_pair_flags(pair_file, *file_flags);
  pair_file->callback([&o, pair_path, file_flags] {
    const EventFile f = load_event_file(*pair_path);
    const int number = static_cast<int>(f.state.rounds.size()) + 1;
    SwissPairer::Proposal p = automatic(f.state, number, *file_flags);
    const Command resolved = unwrap(decide(f.state, p.round));  // the engine's checks apply here too
    if (o.json) {
      nlohmann::json out = pairing_json(p.round);
      if (!p.warnings.empty()) out["warnings"] = p.warnings;
      fmt::print("{}\n", out.dump(2));
      return;
    }
    print_warnings(p.warnings);
    EventState next = f.state;
    apply(next, resolved);
    fmt::print("{}", describe_round(next, number));
    for (const std::string& line : p.round.explain) fmt::print("  · {}\n", line);
  });
}

}  // namespace gauntlet::cli
