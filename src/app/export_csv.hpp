// The end of the event as spreadsheets (issue 14 point 3): the standings and every game as CSV
// (RFC 4180), for the EO's records, a league's table or a results site. The CLI
// (`gauntlet export standings|games --out FILE.csv`) and the server
// (GET /api/events/{id}/export/{standings,games}.csv) write the same bytes.
//
//   std::string text = app::standings_csv(compute_standings(state));
//   // "\xEF\xBB\xBF" "Rank,ID,Player,Faction,Status,TP,SoS,CP,AP,Wins,Losses,Ties,Notes\r\n1,p3,Ada,..."
//   std::string games = app::games_csv(state);  // one row per player per game, byes included
//
// Only what the public standings and pairings show: never a contact, a PIN or a list's contents.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/state.hpp"
#include "standings/standings.hpp"

namespace gauntlet::app {

enum class ExportKind { standings, games };
std::optional<ExportKind> parse_export_kind(std::string_view s);  // "standings", "games"
const char* to_string(ExportKind k);

// One row per standing row, in the standings' order: rank, id, name, faction, status (active,
// dropped, disqualified), TP, every other criterion of the ladder in force (criterion_header
// names the column), wins, losses, ties and the notes a rule left (standing_notes).
std::string standings_csv(const Standings& standings);
// One row per player per game, round by round and table by table: round, table, scenario,
// player, faction, opponent, the opponent's faction, list played, result (win/loss/tie), ending,
// CP, AP. A game without a result yet has those cells empty; a bye is a row whose opponent is "bye"
// with the edition's bye award.
std::string games_csv(const EventState& state);
// Either, computing the standings for the standings file.
std::string export_csv(const EventState& state, ExportKind kind);

}  // namespace gauntlet::app
