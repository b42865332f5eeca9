// JSON form of commands and state pieces: what the journal stores and the event file reads.
//
//   nlohmann::json j = command_to_json(cmd);          // {"type": "add-player", ...}
//   Result<Command> back = command_from_json(j);      // errors name the JSON key at fault
//
// The shapes are documented in docs/event-file.md; field names are part of the contract.
#pragma once

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "model/commands.hpp"

namespace gauntlet {

nlohmann::json command_to_json(const Command& command);
// `where` prefixes field names in errors (e.g. "journal[12]").
Result<Command> command_from_json(const nlohmann::json& j, const std::string& where = "");

nlohmann::json list_to_json(const ArmyList& list);
Result<ArmyList> list_from_json(const nlohmann::json& j, const std::string& where);
nlohmann::json config_to_json(const EventConfig& config);
Result<EventConfig> config_from_json(const nlohmann::json& j, const std::string& where);
nlohmann::json result_to_json(const GameResult& r);
// The army-points calculator's marks: [{"entry","models","inert"?,"again"?}].
nlohmann::json losses_to_json(const std::vector<Loss>& losses);
Result<std::vector<Loss>> losses_from_json(const nlohmann::json& j, const std::string& where);
// {"points": 104, "list": 2} or {"points": 75, "from": "point-size"}.
nlohmann::json concession_army_to_json(const ConcessionArmy& a);
// A `players[]` entry and a `tables[]` entry (`{"table", "players"}`) of the event file.
Result<Player> player_from_json(const nlohmann::json& j, const std::string& where);
Result<Table> table_from_json(const nlohmann::json& j, const std::string& where);
Result<GameResult> result_from_json(const nlohmann::json& j, const std::string& where);

}  // namespace gauntlet

namespace gauntlet {
// "cut-to-top:4" -> {key "cut-to-top", value 4}; "finals-tables" -> {key, no value}.
Result<VariantChoice> variant_from_text(const std::string& text, const std::string& field);
}  // namespace gauntlet
