// The adjudication wizard over HTTP (docs/adjudication.md): pure, no login, nothing written. The
// result forms ask it who won and show its steps; the result itself is then sent as a command.
//   POST /api/adjudicate               {edition, end, player?, clock_scenario_win?, variants?, players}
//   POST /api/events/{id}/adjudicate   the same facts; the event's edition and victory variants are used
//   GET  /api/events/{id}/adjudicate    what the forms ask there: {endings: [{key, player}], facts,
//   clock_scenario_win}
#include "adjudication/facts_json.hpp"
#include "editions/edition.hpp"
#include "model/rounds.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

Response decide(Call& c, const Edition& e, const json& facts) {
  const Facts f = must(facts_from_json(facts));
  return json_response(http::status::ok, to_json(must(adjudicate(e, f))), c.req);
}

std::vector<std::string> variant_keys(const EventState& s) {
  std::vector<std::string> keys;
  for (const VariantChoice& v : s.config.variants) keys.push_back(v.key);
  return keys;
}

}  // namespace

Response post_adjudicate(Call& c) {
  const json body = json_body(c);
  if (!body.is_object() || !body.contains("edition") || !body.at("edition").is_string())
    refuse(ErrorKind::invalid, "edition", "adjudication", "is required: SR2013, SR2014, SR2017 or SR2023");
  return decide(c, *must(require_edition(body.at("edition").get<std::string>(), "edition")), body);
}

Response get_event_adjudicate(Call& c) {
  const auto snap = c.hub->snapshot();
  const WizardShape w = wizard_shape(edition_of(*snap->state), variant_keys(*snap->state));
  json endings = json::array();
  for (GameEnd e : w.endings) endings.push_back({{"key", to_string(e)}, {"player", names_player(e)}});
  return json_response(
      http::status::ok,
      json{{"endings", endings}, {"facts", w.facts}, {"clock_scenario_win", w.clock_scenario_win}}, c.req);
}

// The event's own edition and variants: a player's phone cannot pick the wrong ones.
Response post_event_adjudicate(Call& c) {
  json body = json_body(c);
  if (!body.is_object()) refuse(ErrorKind::invalid, "body", "adjudication", "must be a JSON object");
  for (const char* key : {"edition", "variants"})
    if (body.contains(key))
      refuse(ErrorKind::invalid, key, "adjudication", "comes from the event here; leave it out");
  const auto snap = c.hub->snapshot();
  const EventState& s = *snap->state;
  body["variants"] = variant_keys(s);
  return decide(c, edition_of(s), body);
}

}  // namespace gauntlet::server
