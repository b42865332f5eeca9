// gauntlet: the command-line adapter. Every subcommand is a thin shell over the event engine
// (decide/apply), the journal (Store/EventSession), standings and pairing.
#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "app/execute.hpp"
#include "cli/commands.hpp"

namespace gauntlet::cli {

std::int64_t execute(EventSession& session, Command command) {
  const app::Accepted done = unwrap(app::execute(session, std::move(command), app::Caller::organizer()));
  // What the EO should hear about it (a player approved short of lists): on stderr, not missed.
  for (const app::Finding& f : done.findings) fmt::print(stderr, "warning: {}\n", f.text);
  return done.seq;
}

}  // namespace gauntlet::cli

int main(int argc, char** argv) {
  using namespace gauntlet::cli;
  CLI::App app{"Gauntlet — Steamroller tournament organizer"};
  app.require_subcommand(1);
  Options o;
  app.add_option(
      "--db", o.db,
      "SQLite database file, or a PostgreSQL URL postgresql://user@host/db (default: ./gauntlet.db)");
  app.add_option("--event-id", o.event_id, "Event in the database (default: the latest created)");
  app.add_flag("--json", o.json, "Machine-readable output");
  app.fallthrough();
  add_event_commands(app, o);
  add_player_commands(app, o);
  add_round_commands(app, o);
  add_demo_command(app, o);
  add_terrain_commands(app, o);
  add_scenario_commands(app, o);
  add_adjudicate_command(app, o);
  add_print_command(app, o);
  add_export_command(app, o);
  add_award_commands(app, o);
  add_store_commands(app, o);
  add_organizer_commands(app, o);
  add_serve_command(app, o);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const gauntlet::ErrorException& e) {  // a UsageError too
    fmt::print(stderr, "error: {}{}\n", e.what(), cli_hint(e.error));
    return exit_status(e.error);
  } catch (const std::exception& e) {
    fmt::print(stderr, "internal error: {}\n", e.what());
    return 1;
  }
  return 0;
}
