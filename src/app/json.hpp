// JSON answers of the use cases, the same for `gauntlet … --json` and the HTTP API (docs/api.md).
//
//   nlohmann::json j = app::proposal_json(*proposal);
//   // {"round", "tables": [{"table", "players": [a, b]}], "bye", "explain", "warnings", "findings"}
#pragma once

#include <nlohmann/json.hpp>

#include "app/correction.hpp"
#include "app/history.hpp"
#include "app/pairing.hpp"
#include "app/players.hpp"
#include "armylists/army_points.hpp"
#include "editions/timing.hpp"

namespace gauntlet::app {

// [{"rule", "hard", "players": [ids], "round", "text"}]
nlohmann::json findings_json(const std::vector<Finding>& findings);
// {"round", "tables", "bye", "explain"}
nlohmann::json pairing_json(const PairRound& round);
// pairing_json + "warnings" (the findings' sentences and the pairer's loud ones) + "findings"
nlohmann::json proposal_json(const Proposal& proposal);
// The text of proposal_json(proposal).dump(indent), byte for byte, written without the DOM
// (model/json_dump.hpp; issue 16 point 1: `gauntlet pair --event --json` at 10 000 players).
// Invalid UTF-8 in a name throws nlohmann::json::type_error, as dump() does.
std::string proposal_json_text(const Proposal& proposal, int indent = -1);
// {"round", "warnings", "findings"} for a review of edited tables
nlohmann::json review_json(int round, const std::vector<Finding>& findings);
// {"command": the resolved set-player-status, "explain", "warnings", "owed_table"?, "pairing"?}
nlohmann::json drop_plan_json(const DropPlan& plan);
// {"seq", "at", "kind", "text", "who"}
nlohmann::json entry_json(const EntryView& entry);
// {"changes": [{"id", "name", "rank": [before, after], "tp", "sos", "cp", "ap"}], "notes": [...]}
nlohmann::json result_preview_json(const ResultPreview& preview);
// `gauntlet rules timing --json` (docs/timing.md): {"edition", "points", "table_points", "kind",
// "expected_minutes", "deathclock": {...}|null, "classic": {...}|null, "rules": [...]}
nlohmann::json timing_json(const std::string& edition, const RoundTiming& timing);
// The army-points calculator's count (`gauntlet list count --json`, POST …/army-points):
// {"total", "lines": [{"entry", "name", "points", "why"}], "rule"}
nlohmann::json destroyed_json(const Destroyed& destroyed);

}  // namespace gauntlet::app
