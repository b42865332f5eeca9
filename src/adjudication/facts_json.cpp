#include "adjudication/facts_json.hpp"

#include <set>

namespace gauntlet {
namespace {

using nlohmann::json;

Result<void> only_keys(const json& j, const std::string& where, const std::set<std::string>& known) {
  if (!j.is_object()) return fail(where.empty() ? "facts" : where, "adjudication", "must be a JSON object");
  for (const auto& [key, value] : j.items())
    if (!known.count(key)) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      return fail(where.empty() ? key : where + "." + key, "adjudication",
                  "unknown key (known: " + list + ")");
    }
  return {};
}

Result<std::optional<int>> number(const json& j, const char* key, const std::string& where) {
  if (!j.contains(key) || j.at(key).is_null()) return std::optional<int>{};
  const json& v = j.at(key);
  const std::string field = where + "." + key;
  if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 10000)
    return fail(field, "adjudication", "must be a whole number 0 to 10000");
  return std::optional<int>{v.get<int>()};
}

Result<SideFacts> side_from_json(const json& j, const std::string& where) {
  GAUNTLET_CHECK(only_keys(j, where,
                           {"casters", "cp", "ap_destroyed", "ap_remaining", "ap_in_area", "presence",
                            "starting_army", "battlegroup"}));
  SideFacts s;
  GAUNTLET_TRY(auto casters, number(j, "casters", where));
  GAUNTLET_TRY(auto cp, number(j, "cp", where));
  GAUNTLET_TRY(auto ap, number(j, "ap_destroyed", where));
  s.casters = casters.value_or(1);
  s.cp = cp.value_or(0);
  s.ap_destroyed = ap.value_or(0);
  GAUNTLET_TRY(s.ap_remaining, number(j, "ap_remaining", where));
  GAUNTLET_TRY(s.ap_in_area, number(j, "ap_in_area", where));
  GAUNTLET_TRY(s.presence, number(j, "presence", where));
  GAUNTLET_TRY(s.starting_army, number(j, "starting_army", where));
  GAUNTLET_TRY(s.battlegroup, number(j, "battlegroup", where));
  return s;
}

}  // namespace

Result<Facts> facts_from_json(const json& j) {
  GAUNTLET_CHECK(only_keys(j, "", {"edition", "end", "player", "clock_scenario_win", "variants", "players"}));
  Facts f;
  if (!j.contains("end") || !j.at("end").is_string())
    return fail("end", "adjudication", "is required: one of " + game_end_keys());
  const auto end = parse_game_end(j.at("end").get<std::string>());
  if (!end)
    return fail("end", "adjudication",
                "'" + j.at("end").get<std::string>() + "' is not an ending (" + game_end_keys() + ")");
  f.end = *end;
  if (j.contains("player") && !j.at("player").is_null()) {
    const json& p = j.at("player");
    if (!p.is_number_integer() || (p.get<int>() != 1 && p.get<int>() != 2))
      return fail("player", "adjudication", "must be 1 or 2");
    f.player = p.get<int>() - 1;
  }
  if (j.contains("clock_scenario_win")) {
    if (!j.at("clock_scenario_win").is_boolean())
      return fail("clock_scenario_win", "adjudication", "must be true or false");
    f.clock_scenario_win = j.at("clock_scenario_win").get<bool>();
  }
  if (j.contains("variants")) {
    const json& v = j.at("variants");
    if (!v.is_array()) return fail("variants", "adjudication", "must be an array of variant keys");
    // An edition has about twenty variants: more keys than this name none of them.
    constexpr std::size_t kMaxVariantKeys = 64;
    if (v.size() > kMaxVariantKeys)
      return fail("variants", "adjudication",
                  "lists " + std::to_string(v.size()) + " keys; at most " + std::to_string(kMaxVariantKeys));
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_string())
        return fail("variants[" + std::to_string(i) + "]", "adjudication", "must be a variant key");
      f.variants.push_back(v[i].get<std::string>());
    }
  }
  if (!j.contains("players") || !j.at("players").is_array() || j.at("players").size() != 2)
    return fail("players", "adjudication", "must be an array of the two players' facts");
  for (int i = 0; i < 2; ++i) {
    GAUNTLET_TRY(
        f.sides[static_cast<std::size_t>(i)],
        side_from_json(j.at("players")[static_cast<std::size_t>(i)], "players[" + std::to_string(i) + "]"));
  }
  return f;
}

json to_json(const Decision& d) {
  json records = json::array();
  for (const GameResult& r : d.records)
    records.push_back({{"outcome", to_string(r.outcome)}, {"cp", r.cp}, {"ap", r.ap}});
  json steps = json::array();
  for (const Step& s : d.steps) steps.push_back({{"rule", s.rule}, {"text", s.text}, {"decided", s.decided}});
  return {{"winner", d.winner ? json(*d.winner + 1) : json(nullptr)},
          {"victory", to_string(d.victory)},
          {"records", records},
          {"steps", steps}};
}

}  // namespace gauntlet
