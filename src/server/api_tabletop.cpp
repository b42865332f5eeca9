// Scenario sheets and terrain: pure functions of the edition data and the body, no login needed;
// and the EO's next scenario (a secret until the round is published).
//   GET  /api/editions/{edition}/scenarios/{key}.svg   the sheet's picture
//   POST /api/terrain         {edition, method?, seed?, table?, tables?, rumble?, scenario?, inventory?}
//   GET  /api/events/{id}/scenario/next?draw=N   the EO's scenario for the next round (secret: EO only)
//   POST /api/terrain/check   a placement (as POST /api/terrain answers, scenario?) -> {legal, findings, svg}
// Without an EO's, judge's or organizer's login both are capped and rationed (docs/security.md).
#include <malloc.h>

#include <charconv>

#include "app/clock.hpp"
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

// Every edition's "rounds_by_attendance" ends at 128 players (seven rounds): 64 tables, the largest
// event the rules size. A stranger's request places at most that many; the EO's Tables tab, for an
// event of any size, up to kMaxTables.
constexpr int kMaxTables = 512;
constexpr int kStrangerTables = 64;

// Who runs events: an EO, a judge or an organizer account (their pages send the session cookie).
// Anyone else, a player or no login, asks as a stranger: capped and rationed (AnonymousWork), since
// 512 tables cost 0.67 s of CPU and a 2.5 MB answer, and eight such requests at once held the cores
// and 400 MB.
bool runs_events(const Call& c) {
  const std::optional<Login> login = session_of(c);
  return login && (login->role == Role::eo || login->role == Role::judge || login->role == Role::organizer);
}

// A stranger's share of the anonymous work (`units` tables), held until the answer is built.
AnonymousWork::Grant rationed(Call& c, int units, const char* field) {
  AnonymousWork::Grant g = c.app.anonymous_work().take(c.client, units, app::unix_millis());
  if (g) return g;
  const AnonymousLimits& l = c.app.anonymous_work().limits();
  ApiError e = api_error(
      ErrorKind::rate_limited, field, "terrain without a login",
      g.busy ? "the server is drawing terrain for another request without a login: try again in a moment, "
               "or log in as the event's EO"
             : "this address asked for " + std::to_string(l.units) + " tables in the last " +
                   std::to_string(std::chrono::duration_cast<std::chrono::seconds>(l.window).count()) +
                   " seconds, the most without a login: wait, or log in as the event's EO");
  e.retry_after = g.retry_after;
  throw e;
}

// After a large answer is built: the pieces it was made of go back to the system (glibc keeps
// freed heap otherwise; RSS stayed at 400 MB after eight 512-table answers).
void give_back_memory(std::size_t answer_bytes) {
  if (answer_bytes >= 256 * 1024) malloc_trim(0);
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
  const int tables = field_or<int>(body, "tables", 1);
  const bool stranger = !runs_events(c);
  if (stranger && (tables < 1 || tables > kStrangerTables))
    refuse(ErrorKind::invalid, "tables", "terrain without a login",
           "must be 1 to " + std::to_string(kStrangerTables) +
               " (a 128-player event's tables, the largest the editions' round counts cover); the event's "
               "EO, logged in, may place up to " +
               std::to_string(kMaxTables));
  if (tables < 1 || tables > kMaxTables)
    refuse(ErrorKind::invalid, "tables", "API", "must be 1 to " + std::to_string(kMaxTables));
  const AnonymousWork::Grant share = stranger ? rationed(c, tables, "tables") : AnonymousWork::Grant{};
  // Written table by table, in the layout json_response's dump() gives, never as one whole document.
  std::string text = "{\"tables\":[";
  text.reserve(static_cast<std::size_t>(tables) * 6 * 1024);
  for (int t = 0; t < tables; ++t, ++req.table) {
    tt::Placement p = must(tt::generate_terrain(e, req));
    json j = tt::to_json(p);
    j["svg"] =
        scenario ? tt::scenario_svg(e, *scenario, &p)
                 : tt::table_svg(e, {&p, p.rumble, false, "Table " + std::to_string(p.table_number), {}, {}});
    if (t > 0) text += ',';
    text += j.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  text += "]}";
  give_back_memory(text.size());
  return json_response(http::status::ok, make_body(std::move(text)), c.req);
}

Response post_terrain_check(Call& c) {
  const json body = json_body(c);
  tt::Placement p = must(tt::placement_from_json(body));
  const AnonymousWork::Grant share = runs_events(c) ? AnonymousWork::Grant{} : rationed(c, 1, "pieces");
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
