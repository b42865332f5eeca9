// Scenario sheets and terrain: pure functions of the edition data and the body, no login needed;
// and the EO's next scenario (a secret until the round is published).
//   GET  /api/editions/{edition}/scenarios/{key}.svg   the sheet's picture
//   POST /api/terrain         {edition, method?, seed?, table?, tables?, rumble?, scenario?, inventory?}
//   GET  /api/events/{id}/scenario/next?draw=N   the EO's scenario for the next round (secret: EO only)
//   POST /api/terrain/check   a placement (as POST /api/terrain answers, scenario?) -> {legal, findings, svg}
#include <charconv>

#include "app/scenario_choice.hpp"
#include "editions/edition.hpp"
#include "server/api.hpp"
#include "tabletop/generate.hpp"
#include "tabletop/json.hpp"
#include "tabletop/sheet.hpp"

namespace gauntlet::server {

using nlohmann::json;
namespace tt = tabletop;

namespace {

const Edition& edition_named(const std::string& id, const std::string& field) {
  return *must(require_edition(id, field));
}

const Scenario& scenario_named(const Edition& e, const std::string& key, const std::string& field) {
  return *must(require_scenario(e, key, field));
}

template <class T>
T field_or(const json& body, const char* key, T fallback) {
  auto it = body.find(key);
  if (it == body.end()) return fallback;
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    refuse(ErrorKind::invalid, key, "API", "has the wrong type");
  }
}

// The draw's seed: a number, or digits in a string (a 64-bit seed does not fit a JS number).
std::uint64_t seed_of(const json& body) {
  auto it = body.find("seed");
  if (it == body.end()) return 0;
  if (it->is_number_unsigned()) return it->get<std::uint64_t>();
  if (it->is_string())
    if (auto v = tt::seed_from_digits(it->get_ref<const std::string&>())) return *v;
  refuse(ErrorKind::invalid, "seed", "API", "must be a whole number from 0");
}

}  // namespace

Response get_scenario_svg(Call& c) {
  std::string key = c.parts[4];
  if (!key.ends_with(".svg")) refuse(ErrorKind::not_found, "path", "API", "ask for {key}.svg");
  key.resize(key.size() - 4);
  const Edition& e = edition_named(c.parts[2], "edition");
  return file_response("image/svg+xml",
                       make_body(tt::scenario_svg(e, scenario_named(e, key, "scenario"), nullptr)), c.req);
}

Response post_terrain(Call& c) {
  const json body = json_body(c);
  const Edition& e = edition_named(field_or<std::string>(body, "edition", ""), "edition");
  const Scenario* scenario = nullptr;
  if (auto key = field_or<std::string>(body, "scenario", ""); !key.empty())
    scenario = &scenario_named(e, key, "scenario");
  tt::GenerateRequest req{field_or<std::string>(body, "method", ""),
                          field_or<bool>(body, "rumble", false) || (scenario && scenario->rumble),
                          seed_of(body),
                          field_or<int>(body, "table", 1),
                          {}};
  if (body.contains("inventory")) req.inventory = must(tt::inventory_from_json(body.at("inventory")));
  int tables = field_or<int>(body, "tables", 1);
  if (tables < 1 || tables > 512) refuse(ErrorKind::invalid, "tables", "API", "must be 1 to 512");
  json out = json::array();
  for (int t = 0; t < tables; ++t, ++req.table) {
    tt::Placement p = must(tt::generate_terrain(e, req));
    json j = tt::to_json(p);
    j["svg"] =
        scenario ? tt::scenario_svg(e, *scenario, &p)
                 : tt::table_svg(e, {&p, p.rumble, false, "Table " + std::to_string(p.table_number), {}, {}});
    out.push_back(std::move(j));
  }
  return json_response(http::status::ok, json{{"tables", out}}, c.req);
}

Response post_terrain_check(Call& c) {
  const json body = json_body(c);
  tt::Placement p = must(tt::placement_from_json(body));
  const Edition& e = edition_named(p.edition, "edition");
  auto findings = tt::check_terrain(e, p);
  const std::vector<std::string> flagged = tt::pieces_at_fault(findings);
  std::string title =
      p.table_number ? "Table " + std::to_string(p.table_number) + " (checked)" : "Checked table";
  // With the round's scenario the picture stays its sheet (Kill Box, elements), pieces at fault in red.
  const Scenario* scenario = nullptr;
  if (auto key = field_or<std::string>(body, "scenario", ""); !key.empty())
    scenario = &scenario_named(e, key, "scenario");
  std::string svg = scenario ? tt::scenario_svg(e, *scenario, &p, flagged)
                             : tt::table_svg(e, {&p, p.rumble, false, title, {}, flagged});
  return json_response(
      http::status::ok,
      json{{"legal", tt::legal(findings)}, {"findings", tt::to_json(findings)}, {"svg", svg}}, c.req);
}

// The scenario the next round would get, a re-roll (draw 2, 3...), and every scenario with the round
// that played it. EO only: SR2017 "the EO should not announce the scenario until the start of the round".
Response get_next_scenario(Call& c) {
  require_eo(c);
  int draw = 1;
  if (auto it = c.query.find("draw"); it != c.query.end()) {
    const std::string& v = it->second;
    auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), draw);
    if (ec != std::errc{} || ptr != v.data() + v.size() || draw < 1 || draw > 1000)
      refuse(ErrorKind::invalid, "draw", "API", "must be a whole number from 1 to 1000");
  }
  const auto snap = c.hub->snapshot();
  const app::ScenarioChoice ch = app::next_scenario(*snap->state, draw);
  json options = json::array();
  for (const app::ScenarioOption& o : ch.options)
    options.push_back({{"key", o.key},
                       {"name", o.name},
                       {"rumble", o.rumble},
                       {"played_in", o.played_in},
                       {"group", o.group},
                       {"open", o.open}});
  json out = {{"round", ch.round}, {"key", ch.key},   {"name", ch.name},   {"how", ch.how},
              {"draw", ch.draw},   {"text", ch.text}, {"options", options}};
  return json_response(http::status::ok, out, c.req);
}

}  // namespace gauntlet::server
