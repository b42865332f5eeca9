// Registration of the `gauntlet` subcommands, one function per topic.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace gauntlet::cli {

void add_event_commands(CLI::App& app, Options& o);   // event, import, undo, log, rules
void add_player_commands(CLI::App& app, Options& o);  // player, list
void add_round_commands(CLI::App& app, Options& o);   // round, standings, pair
void add_demo_command(CLI::App& app, Options& o);     // demo
// round start, clock show|start|pass|switch|extension|pause|resume|adjust
void add_clock_commands(CLI::App& app, CLI::App* round, Options& o);
void add_serve_command(CLI::App& app, Options& o);       // serve
void add_terrain_commands(CLI::App& app, Options& o);    // terrain, terrain check
void add_scenario_commands(CLI::App& app, Options& o);   // scenario show
void add_adjudicate_command(CLI::App& app, Options& o);  // adjudicate
void add_print_command(CLI::App& app, Options& o);       // print
void add_export_command(CLI::App& app, Options& o);      // export [event|standings|games]
void add_award_commands(CLI::App& app, Options& o);      // award
void add_store_commands(CLI::App& app, Options& o);      // verify, backup
void add_organizer_commands(CLI::App& app, Options& o);  // organizer add|list|disable|password|audit

// Creates the 24-player demo event (id "demo", 3 rounds played) unless the store has it;
// true when it was created now.
bool ensure_demo_event(Store& store);
inline constexpr const char* kDemoEventId = "demo";

// Runs one command on the addressed event and prints what the journal accepted.
std::int64_t execute(EventSession& session, Command command);

}  // namespace gauntlet::cli
