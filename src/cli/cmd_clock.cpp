// gauntlet round start; gauntlet clock show|start|pass|switch|extension|pause|resume|adjust.
// The EO at a laptop runs the same clocks as the phones (issue 11): a table without phones, a
// ruling, a clock set right. Every action is the app's clock_action, as the EO, at this instant.
#include <fmt/format.h>

#include "app/clock.hpp"
#include "app/execute.hpp"
#include "app/table_clock.hpp"
#include "cli/commands.hpp"
#include "model/json.hpp"

namespace gauntlet::cli {

namespace {

std::string when(std::int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%H:%M:%S", &tm);
  return buf;
}

// "+2:00", "-30", "1:30" (minutes:seconds, or seconds) -> milliseconds.
std::int64_t parse_delta(const std::string& text) {
  std::string t = text;
  int sign = 1;
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
    sign = t[0] == '-' ? -1 : 1;
    t.erase(0, 1);
  }
  const auto colon = t.find(':');
  try {
    std::size_t used = 0;
    const long first = std::stol(t, &used);
    long seconds = first;
    if (colon != std::string::npos)
      seconds = first * 60 + std::stol(t.substr(colon + 1));
    else if (used != t.size())
      throw std::invalid_argument(t);
    return sign * seconds * 1000;
  } catch (const std::exception&) {
    reject(Error{"--by", "clock", "'" + text + "' is not a time: write +2:00, -0:30 or -30 (seconds)"});
  }
}

void print_clocks(const EventState& s, bool json) {
  if (s.rounds.empty()) reject(Error{"round", "clock", "no round has been paired yet"});
  const Round& r = s.rounds.back();
  const std::int64_t now = app::unix_millis();
  if (json) {
    nlohmann::json tables = nlohmann::json::array();
    for (const Table& t : r.tables)
      tables.push_back({{"table", t.number},
                        {"players", {t.players[0], t.players[1]}},
                        {"clock", app::table_clock_json(s, r, t)}});
    fmt::print(
        "{}\n",
        nlohmann::json{{"server_ms", now}, {"round", app::round_clock_json(s, r, true)}, {"tables", tables}}
            .dump(2));
    return;
  }
  const auto end = round_end_ms(s, r);
  fmt::print("Round {}: {}\n", r.number,
             !r.started_ms ? "not started (gauntlet round start)"
             : end         ? "started " + when(*r.started_ms) + ", ends " + when(*end)
                           : "started " + when(*r.started_ms) + ", untimed");
  for (const Table& t : r.tables) {
    const auto clock = app::table_clock_json(s, r, t);
    std::string times;
    if (t.clock) {
      const auto left = remaining_at(*t.clock, now);
      times = fmt::format("  {} {} | {} {}", s.label(t.players[0]), clock_text(left[0]), clock_text(left[1]),
                          s.label(t.players[1]));
    }
    fmt::print("  table {:>3}: {:<12}{}\n", t.number, clock["state"].get<std::string>(), times);
  }
}

struct ClockFlags {
  int table = 0;
  std::string player, by, reason;
  bool scenario_win = false;
};

void run(Options& o, ClockActionKind kind, const ClockFlags& f) {
  Store store = open_store(o);
  EventSession s = open_session(store, o);
  ClockAction c;
  c.table = f.table;
  c.action = kind;
  c.reason = f.reason;
  c.scenario_win = f.scenario_win;
  if (!f.player.empty()) {
    const PlayerId id =
        resolve_player(s.state(), f.player, kind == ClockActionKind::start ? "--first" : "--player");
    const Table* t = s.state().rounds.empty() ? nullptr : s.state().rounds.back().find_table(f.table);
    if (!t) reject(Error{"table", "clock", "no table " + std::to_string(f.table) + " in the current round"});
    c.seat = t->players[0] == id ? 0 : t->players[1] == id ? 1 : -1;
    if (c.seat < 0)
      reject(Error{"--player", "clock",
                   s.state().label(id) + " does not play at table " + std::to_string(f.table)});
  }
  if (!f.by.empty()) c.delta_ms = parse_delta(f.by);
  const auto a = unwrap(app::clock_action(s, c, app::Caller::organizer(), app::unix_millis()));
  for (const std::string& note : std::get<ClockAction>(a.command).notes) fmt::print("  · {}\n", note);
  print_clocks(s.state(), o.json);
}

void add_action(CLI::App* clock, Options& o, ClockActionKind kind, const char* help) {
  auto* cmd = clock->add_subcommand(to_string(kind), help);
  auto f = std::make_shared<ClockFlags>();
  cmd->add_option("table", f->table, "Table number")->required();
  if (kind == ClockActionKind::start)
    cmd->add_option("--first", f->player, "Who goes first (id or name)")->required();
  if (kind == ClockActionKind::adjust) {
    cmd->add_option("--player", f->player, "Whose clock (id or name)")->required();
    cmd->add_option("--by", f->by, "Time to add (+2:00) or remove (-0:30)")->required();
  }
  if (kind == ClockActionKind::pause || kind == ClockActionKind::adjust)
    cmd->add_option("--reason", f->reason, "Why (shown to the players)")->required();
  if (kind == ClockActionKind::resume) cmd->add_option("--reason", f->reason, "Why (optional)");
  if (kind == ClockActionKind::pass)
    cmd->add_flag("--scenario-win", f->scenario_win,
                  "Both players verified a scenario victory (no 15 s minimum)");
  cmd->callback([&o, kind, f] { run(o, kind, *f); });
}

}  // namespace

void add_clock_commands(CLI::App& app, CLI::App* round, Options& o) {
  round->add_subcommand("start", "Start the current round: its time counts from now; clocks may start")
      ->callback([&o] {
        Store store = open_store(o);
        EventSession s = open_session(store, o);
        unwrap(app::start_round(s, 0, app::unix_millis()));
        print_clocks(s.state(), o.json);
      });
  auto* clock = app.add_subcommand("clock", "The tables' clocks: show them, or act as the EO/judge")
                    ->require_subcommand(1);
  clock->add_subcommand("show", "Every table's clock in the current round")->callback([&o] {
    Store store = open_store(o);
    print_clocks(open_session(store, o).state(), o.json);
  });
  add_action(clock, o, ClockActionKind::start, "Start a table's clock");
  add_action(clock, o, ClockActionKind::pass, "End the turn: the clock passes to the other player");
  add_action(clock, o, ClockActionKind::switch_over, "Switch the clock to the inactive player, or back");
  add_action(clock, o, ClockActionKind::extension, "Classic turn timing: a turn extension");
  add_action(clock, o, ClockActionKind::pause, "Pause a table's clock for a ruling");
  add_action(clock, o, ClockActionKind::resume, "Resume a paused (or timed-out) table's clock");
  add_action(clock, o, ClockActionKind::adjust, "Add or remove time on one player's clock");
}

}  // namespace gauntlet::cli
