// Player registration from a CSV file (one row per player).
//
//   name,faction,club,contact
//   Ada Lovelace,Cygnar,Hobbit Hole,ada@example.org
//
//   auto players = parse_players_csv(text);   // Result<std::vector<Player>>; errors name the row and column
//
// The header is required; columns may come in any order and are matched case-insensitively
// (name/player, faction/army, club/team, contact/email). Parsing uses libcsv (RFC 4180 quoting).
#pragma once

#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "model/state.hpp"

namespace gauntlet {

Result<std::vector<Player>> parse_players_csv(std::string_view text);

}  // namespace gauntlet
