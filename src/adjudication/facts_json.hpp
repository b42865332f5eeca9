// The adjudication wizard's JSON (docs/adjudication.md): the facts in, the decision out. Players
// are numbered 1 and 2 as on the record sheet; readers refuse unknown keys and bad values with an
// Error naming the field ("players[1].cp: must be a whole number 0 to 10000").
//
//   auto facts = facts_from_json(nlohmann::json::parse(text));   // {"end": "dice-down", ...}
//   if (facts) print(to_json(*adjudicate(edition, *facts)));
#pragma once

#include <nlohmann/json.hpp>

#include "adjudication/adjudicate.hpp"

namespace gauntlet {

Result<Facts> facts_from_json(const nlohmann::json& j);
nlohmann::json to_json(const Decision& d);

}  // namespace gauntlet
