// Standings for people and programs: JSON and an aligned text table.
//
//   Standings s = compute_standings(state);
//   nlohmann::json j = standings_to_json(s);
//   j["standings"][0]["rank"] == 1; j["criteria"] == {"tp", "sos", "cp", "ap"}
//   std::cout << standings_to_text(s);
//   std::string text = standings_json_text(s, 2);  // == standings_to_json(s).dump(2), no DOM
//
// JSON row keys: rank, id, name, faction, tp, sos, cp, ap, assassinations, wins, losses, ties,
// dropped, disqualified, frozen, and placed_by when a rule placed the row. `sos` is an integer
// when integral; otherwise the nearest double plus "sos_exact": "7/3" (compare on sos_exact).
// Top level: standings, criteria, finished, rounds_counted.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "standings/standings.hpp"

namespace gauntlet {

nlohmann::json standings_to_json(const Standings& standings);

// The text of standings_to_json(standings).dump(indent, ' ', false, handler), byte for byte,
// written straight from the rows. For a 10 000-player event, building, dumping and freeing the
// DOM cost ~35 ms of a ~230 ms `gauntlet standings --json`, and the server pays it again at every
// journal change (issue 16 point 1). Strings other than plain printable ASCII, and the fractional
// `sos`, are written by nlohmann itself, so escaping, UTF-8 checks (`handler`: strict throws
// nlohmann::json::type_error on invalid UTF-8, replace writes U+FFFD) and number format are its own.
std::string standings_json_text(
    const Standings& standings, int indent = -1,
    nlohmann::json::error_handler_t handler = nlohmann::json::error_handler_t::strict);

// One line per row: rank, id, name, faction, one column per criterion in ladder order,
// W-L-T and notes (dropped, disqualified, frozen, placed_by). Ends with a newline.
std::string standings_to_text(const Standings& standings);

// One criterion's column title ("TP", "SoS", "Assassinations") and a row's value in it, as the
// text table prints them (printouts use the same).
std::string criterion_header(const std::string& key);
std::string criterion_cell(const StandingRow& row, const std::string& key);
// What a rule did to the row: "finals table 1 winner, dropped"; "" for none.
std::string standing_notes(const StandingRow& row);

}  // namespace gauntlet
