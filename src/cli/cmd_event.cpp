// gauntlet event new|show|list|set, import, undo, log, rules.
#include <fmt/format.h>

#include <iostream>

#include "app/clock.hpp"
#include "app/events.hpp"
#include "app/history.hpp"
#include "app/json.hpp"
#include "app/rounds.hpp"
#include "cli/commands.hpp"
#include "cli/print.hpp"
#include "editions/render.hpp"
#include "eventfile/event_file.hpp"
#include "model/json.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::cli {

namespace {

struct ConfigFlags {
  std::string name, edition, date, end_date, venue;
  int points = 0;
  std::vector<std::string> variants, scenarios, add_factions;
  int lists = 0;
  int rounds = 0;
};

void add_config_flags(CLI::App* cmd, ConfigFlags& f, bool required) {
  cmd->add_option("--name", f.name, "Event name")->required(required);
  cmd->add_option("--edition", f.edition, "SR2013, SR2014, SR2017 or SR2023")->required(required);
  cmd->add_option("--points", f.points, "Point size (allowed sizes depend on the edition)")
      ->required(required);
  cmd->add_option("--variant", f.variants,
                  "Variant key, e.g. cut-to-top:4 (repeatable; `gauntlet rules show ED` lists them)");
  cmd->add_option("--lists", f.lists, "Lists each player brings (default 1)");
  cmd->add_option("--rounds", f.rounds, "Planned rounds (default: from attendance)");
  cmd->add_option("--date", f.date, "Start date YYYY-MM-DD");
  cmd->add_option("--end-date", f.end_date, "End date YYYY-MM-DD");
  cmd->add_option("--venue", f.venue, "Venue");
  cmd->add_option("--scenario", f.scenarios,
                  "Scenario plan in round order (repeatable; default: random roll)");
  cmd->add_option(
      "--add-faction", f.add_factions,
      "A faction (army) the edition's list lacks, e.g. Orgoth (repeatable; allowed after round 1 too)");
}

EventConfig merge(EventConfig c, const ConfigFlags& f) {
  if (!f.name.empty()) c.name = f.name;
  if (!f.edition.empty()) c.edition = f.edition;
  if (f.points) c.points = f.points;
  if (!f.variants.empty()) {
    c.variants.clear();
    for (std::size_t i = 0; i < f.variants.size(); ++i)
      c.variants.push_back(unwrap(variant_from_text(f.variants[i], "--variant " + f.variants[i])));
  }
  if (f.lists) c.lists = f.lists;
  if (f.rounds) c.rounds = f.rounds;
  if (!f.date.empty()) c.start_date = f.date;
  if (!f.end_date.empty()) c.end_date = f.end_date;
  if (!f.venue.empty()) c.venue = f.venue;
  if (!f.scenarios.empty()) c.scenario_plan = f.scenarios;
  c.factions.insert(c.factions.end(), f.add_factions.begin(), f.add_factions.end());
  return c;
}

// event new|show|list|set
void add_setup_commands(CLI::App& app, Options& o) {
  auto* event = app.add_subcommand("event", "Create and inspect events")->require_subcommand(1);

  auto* create = event->add_subcommand("new", "Create an event");
  auto flags = std::make_shared<ConfigFlags>();
  auto id = std::make_shared<std::string>();
  auto seed = std::make_shared<std::uint64_t>(0);
  add_config_flags(create, *flags, true);
  create->add_option("--id", *id, "Short id for the event (default: from the name)");
  create->add_option("--seed", *seed, "Random seed (default: fresh; recorded in the journal)");
  create->callback([&o, flags, id, seed] {
    EventConfig config = merge(EventConfig{}, *flags);
    config.seed = *seed;  // 0: drawn once by create_event, then journaled
    Store store = open_store(o);
    const std::string event_id = unwrap(
        app::choose_event_id(*id, config.name, [&](const std::string& x) { return store.has_event(x); }));
    EventSession s = unwrap(app::create_event(store, event_id, config));
    fmt::print("Created event '{}' (id {}) in {}\n{}", s.state().config.name, event_id,
               sqldb::printable(o.db), describe_event(s.state()));
  });

  event->add_subcommand("show", "Show the event")->callback([&o] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    if (o.json) {
      fmt::print("{}\n", write_event_file(s.state(), {}).dump(2));
      return;
    }
    fmt::print("{}", describe_event(s.state()));
    for (const Round& r : s.state().rounds) fmt::print("\n{}", describe_round(s.state(), r.number));
  });

  event->add_subcommand("list", "List the events in the database")->callback([&o] {
    Store store = open_store(o);
    for (const EventSummary& e : store.events())
      fmt::print("{:<24} {:<40} {} journal entries\n", e.id, e.name, e.entries);
  });

  auto* set = event->add_subcommand(
      "set", "Change the setup (before round 1 is paired; factions can be added later)");
  auto set_flags = std::make_shared<ConfigFlags>();
  add_config_flags(set, *set_flags, false);
  set->callback([&o, set_flags] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    execute(s, ConfigureEvent{merge(s.state().config, *set_flags)});
    fmt::print("{}", describe_event(s.state()));
  });

  // Issue 10 point 7: the planned rounds once round 1 is paired; what it means is printed first.
  auto* rounds = event->add_subcommand(
      "rounds", "Change the planned rounds once round 1 is paired, or end the event now (--end)");
  auto planned = std::make_shared<int>(0);
  auto end = std::make_shared<bool>(false), preview = std::make_shared<bool>(false);
  rounds->add_option("rounds", *planned, "The planned number of rounds (at least the rounds paired)");
  rounds->add_flag("--end", *end, "End the event now: plan only the rounds paired so far");
  rounds->add_flag("--preview", *preview, "Only say what the change means; write nothing");
  rounds->callback([&o, planned, end, preview] {
    if (*end == (*planned > 0)) reject(Error{"rounds", "CLI", "give the planned rounds or --end (not both)"});
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const app::RoundsPlan plan =
        unwrap(app::plan_rounds(s.state(), *end ? app::end_now(s.state()) : *planned));
    for (const std::string& line : plan.explain) fmt::print("  · {}\n", line);
    if (*preview) return;
    execute(s, plan.command);
    fmt::print("Planned rounds: {}\n", plan.command.rounds);
  });
}

// import: an event file (export is cmd_export.cpp)
void add_file_commands(CLI::App& app, Options& o) {
  auto* imp = app.add_subcommand("import", "Read an event file into the database as a new event");
  auto file = std::make_shared<std::string>();
  auto import_id = std::make_shared<std::string>();
  imp->add_option("file", *file, "Event file (JSON)")->required();
  imp->add_option("--id", *import_id, "Id for the imported event (default: from its name)");
  imp->callback([&o, file, import_id] {
    EventFile f = load_event_file(*file, "file");
    Store store = open_store(o);
    const std::string name = f.state.config.name;
    const std::size_t entries = f.journal.size();
    const std::string event_id = unwrap(app::import_event(store, std::move(f), *import_id));
    fmt::print("Imported '{}' as {} ({} journal entries)\n", name, event_id, entries);
  });
}

// undo, log: the journal
void add_journal_commands(CLI::App& app, Options& o) {
  app.add_subcommand("undo", "Cancel the latest change (appends a compensating entry)")->callback([&o] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const app::Undone u = unwrap(app::undo(s));
    fmt::print("Undid entry {} ({}: {}, {}) as entry {}\n", u.undid.seq, u.undid.kind, u.undid.text,
               u.undid.at, u.seq);
  });

  app.add_subcommand("log", "Show the journal")->callback([&o] {
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    const auto effective = effective_entries(s.journal());
    for (const JournalEntry& e : s.journal()) {
      const bool live = std::find(effective.begin(), effective.end(), &e) != effective.end();
      if (o.json) {
        nlohmann::json j{{"seq", e.seq}, {"at", e.at}, {"effective", live}};
        if (e.undoes) j["undoes"] = *e.undoes;
        if (e.command) j["command"] = command_to_json(*e.command);
        fmt::print("{}\n", j.dump());
      } else if (e.undoes) {
        fmt::print("{:>5}  {}  undo of entry {}\n", e.seq, e.at, *e.undoes);
      } else {
        fmt::print("{:>5}  {}  {}{}  {}\n", e.seq, e.at, command_name(*e.command), live ? "" : " (undone)",
                   command_to_json(*e.command).dump());
      }
    }
  });
}

// gauntlet rules timing --edition E --points P [--variant KEY]... [--json]
void add_timing_command(CLI::App* rules, Options& o) {
  struct Flags {
    std::string edition;
    int points = 0;
    std::vector<std::string> variants;
  };
  auto f = std::make_shared<Flags>();
  auto* timing = rules->add_subcommand("timing", "A round's timing for an edition, point size and variants");
  timing->add_option("--edition", f->edition, "sr2013, sr2014, sr2017 or sr2023")->required();
  timing->add_option("--points", f->points, "The event's point size")->required();
  timing->add_option("--variant", f->variants,
                     "A variant key, e.g. classic-turn-timing or cut-to-top:4 (repeatable)");
  timing->callback([&o, f] {
    const Edition& e = *unwrap(require_edition(f->edition, "--edition"));
    // What `event new` refuses is refused here in its words: a timing no event can have is no answer.
    const RoundTiming t = unwrap(app::rules_timing(e.id, f->points, f->variants));
    if (o.json)
      fmt::print("{}\n", app::timing_json(e.id, t).dump(2));
    else
      fmt::print("{}", render_timing(e, t));
  });
}

void add_rules_commands(CLI::App& app, Options& o) {
  auto* rules = app.add_subcommand("rules", "Show an edition's rules data")->require_subcommand(1);
  auto* show = rules->add_subcommand("show", "Print one edition's rules sheet");
  auto edition = std::make_shared<std::string>();
  show->add_option("edition", *edition, "sr2013, sr2014, sr2017 or sr2023")->required();
  show->callback(
      [edition] { fmt::print("{}", render_edition(*unwrap(require_edition(*edition, "edition")))); });
  rules->add_subcommand("list", "List the editions")->callback([] {
    for (const Edition& e : all_editions()) fmt::print("{:<8} {}\n", e.id, e.title);
  });
  add_timing_command(rules, o);
}

}  // namespace

void add_event_commands(CLI::App& app, Options& o) {
  add_setup_commands(app, o);
  add_file_commands(app, o);
  add_journal_commands(app, o);
  add_rules_commands(app, o);
}

}  // namespace gauntlet::cli
