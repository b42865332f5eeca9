// JSON form of the award commands (model/awards.hpp); internal to model/json.cpp, which dispatches
// on the command's "type". Shapes: docs/event-file.md.
#pragma once

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "model/commands.hpp"

namespace gauntlet {

nlohmann::json award_command_json(const DefineAward& c);
nlohmann::json award_command_json(const EnterAward& c);
nlohmann::json award_command_json(const OpenVote& c);
nlohmann::json award_command_json(const CastVote& c);
nlohmann::json award_command_json(const CloseVote& c);
nlohmann::json award_command_json(const DecideAward& c);
nlohmann::json award_command_json(const RevealAwards& c);

Result<Command> read_define_award(const nlohmann::json& j, const std::string& w);
Result<Command> read_enter_award(const nlohmann::json& j, const std::string& w);
Result<Command> read_open_vote(const nlohmann::json& j, const std::string& w);
Result<Command> read_cast_vote(const nlohmann::json& j, const std::string& w);
Result<Command> read_close_vote(const nlohmann::json& j, const std::string& w);
Result<Command> read_decide_award(const nlohmann::json& j, const std::string& w);
Result<Command> read_reveal_awards(const nlohmann::json& j, const std::string& w);

}  // namespace gauntlet
