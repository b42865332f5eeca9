// Public reads (no login): served from the event's snapshot, mostly as cached bytes.
#include <set>

#include "app/events.hpp"
#include "app/json.hpp"
#include "editions/edition.hpp"
#include "server/api.hpp"
#include "server/qr.hpp"

namespace gauntlet::server {

using nlohmann::json;

Answer get_editions(Call& c) {
  // The same for the process's lifetime: built and compressed once (brotli at its best).
  static const auto answer = [] {
    json list = json::array();
    for (const Edition& e : all_editions()) {
      json variants = json::array();
      for (const Variant& v : e.variants) {
        json constraints = json::array();
        for (const VariantConstraint& k : v.constraints) {
          json one{{"rule", k.rule}};
          if (!k.required.empty()) one["requires"] = k.required;
          if (!k.excludes.empty()) one["excludes"] = k.excludes;
          if (k.min_points) one["min_points"] = *k.min_points;
          if (k.alone_in_category) one["alone_in_category"] = true;
          constraints.push_back(std::move(one));
        }
        json one = {{"key", v.key},         {"category", v.category},       {"name", v.name},
                    {"summary", v.summary}, {"takes_value", v.takes_value}, {"constraints", constraints}};
        if (v.unsupported)
          one["unsupported"] = {{"reason", v.unsupported->reason}, {"rule", v.unsupported->rule}};
        if (v.rumble)
          one["rumble"] = {{"min_points", v.rumble->min_points},
                           {"max_points", v.rumble->max_points},
                           {"points_rule", v.rumble->points_rule},
                           {"scenarios_rule", v.rumble->scenarios_rule},
                           {"timing_advice", v.rumble->timing_advice}};
        variants.push_back(std::move(one));
      }
      json scenarios = json::array();
      for (const Scenario& s : e.scenarios)
        scenarios.push_back({{"key", s.key}, {"name", s.name}, {"rumble", s.rumble}});
      json methods = json::array();
      for (const TerrainMethod& m : e.terrain.methods)
        methods.push_back({{"key", m.key}, {"min_pieces", m.min_pieces}, {"max_pieces", m.max_pieces}});
      list.push_back({{"id", e.id},
                      {"title", e.title},
                      {"factions", e.factions},
                      {"faction_aliases", e.faction_aliases},
                      {"point_sizes", e.point_sizes},
                      {"lists_window", {{"max_under", e.list_window.max_under}}},
                      {"variants", variants},
                      {"scenarios", scenarios},
                      {"rounds_by_attendance", e.rounds_by_attendance},
                      {"terrain", {{"methods", methods}, {"rumble_method", e.terrain.rumble_method}}}});
    }
    constexpr int kOncePerProcessBrotli = 11;
    return std::make_shared<const CachedAnswer>(make_body(json{{"editions", list}}.dump()),
                                                json_answer(kOncePerProcessBrotli));
  }();
  return answer_from(answer, c.req);
}

constexpr std::size_t kMaxVariantKeys = 64;

// `gauntlet rules timing` over HTTP: {edition, points, variants?} -> the timing, or the error event
// setup gives for that size and those variants (app::rules_timing), word for word.
Response post_rules_timing(Call& c) {
  const json body = json_body(c);
  if (!body.is_object()) refuse(ErrorKind::invalid, "body", "API", "must be a JSON object");
  const auto edition = body.find("edition");
  if (edition == body.end() || !edition->is_string())
    refuse(ErrorKind::invalid, "edition", "API", "is required: SR2013, SR2014, SR2017 or SR2023");
  const auto points = body.find("points");
  if (points == body.end() || !points->is_number_integer() || points->get<std::int64_t>() < 0 ||
      points->get<std::int64_t>() > 10000)
    refuse(ErrorKind::invalid, "points", "API", "is required: the event's point size, a whole number");
  std::vector<std::string> variants;
  if (const auto v = body.find("variants"); v != body.end()) {
    if (!v->is_array()) refuse(ErrorKind::invalid, "variants", "API", "must be an array of variant keys");
    // An edition has about twenty variants: more keys than kMaxVariantKeys name none of them.
    if (v->size() > kMaxVariantKeys)
      refuse(ErrorKind::invalid, "variants", "API",
             "lists " + std::to_string(v->size()) + " keys; at most " + std::to_string(kMaxVariantKeys));
    for (std::size_t i = 0; i < v->size(); ++i) {
      if (!(*v)[i].is_string())
        refuse(ErrorKind::invalid, "variants[" + std::to_string(i) + "]", "API",
               "must be a variant key, e.g. \"classic-turn-timing\" or \"cut-to-top:4\"");
      variants.push_back((*v)[i].get<std::string>());
    }
  }
  const std::string& id = edition->get_ref<const std::string&>();
  const RoundTiming t = must(app::rules_timing(id, points->get<int>(), variants));
  return json_response(http::status::ok, app::timing_json(must(require_edition(id, "edition"))->id, t),
                       c.req);
}

Response list_events(Call& c) {
  // The directory: every event but those an organizer keeps unpublished (reachable by their link).
  const std::set<std::string> unlisted = c.app.accounts().unlisted();
  json events = json::array();
  for (const auto& hub : c.app.hubs().all())
    if (!unlisted.count(hub->id())) events.push_back(hub->list_item());
  return json_response(http::status::ok, json{{"events", events}}, c.req);
}

Answer get_event(Call& c) {
  return answer_from(c.hub->snapshot()->summary, c.req);
}

Answer get_standings(Call& c) {
  return answer_from(c.hub->snapshot()->standings_json, c.req);
}

Answer get_pairings(Call& c) {
  const auto snap = c.hub->snapshot();
  int round = 0;
  if (auto it = c.query.find("round"); it != c.query.end()) {
    try {
      std::size_t used = 0;
      round = std::stoi(it->second, &used);
      if (used != it->second.size() || round < 1) throw std::invalid_argument(it->second);
    } catch (const std::exception&) {
      refuse(ErrorKind::invalid, "round", "API", "must be a round number (1, 2, ...)");
    }
  }
  auto answer = pairings_answer(*snap, round);
  if (!answer && round == 0)
    refuse(ErrorKind::not_found, "round", "pairings", "no round has been paired yet");
  if (!answer)
    refuse(ErrorKind::not_found, "round", "pairings", "round " + std::to_string(round) + " does not exist");
  return answer_from(answer, c.req);
}

Response get_player(Call& c) {
  auto view = player_view(*c.hub->snapshot(), c.parts[4]);
  if (!view) refuse(ErrorKind::not_found, "player", "registration", "no player '" + c.parts[4] + "'");
  return json_response(http::status::ok, *view, c.req);
}

namespace {

std::string url_encode(std::string_view s) {
  static constexpr char digits[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += ch;
    } else {
      out += '%';
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out;
}

std::string player_of(const Call& c) {
  const auto it = c.query.find("player");
  if (it == c.query.end()) return "";
  if (!c.hub->snapshot()->state->find_player(it->second))
    refuse(ErrorKind::not_found, "player", "registration", "no player '" + it->second + "'");
  return it->second;
}

}  // namespace

// The page a phone opens: the event's player page, or one player's own (never with the PIN).
std::string player_page(const Call& c, const std::string& player) {
  std::string url = c.app.join().url + "/player.html?event=" + url_encode(c.hub->id());
  if (!player.empty()) url += "&player=" + url_encode(player);
  return url;
}

Response get_join(Call& c) {
  const Join& j = c.app.join();
  return json_response(
      http::status::ok,
      json{{"url", player_page(c, "")}, {"base", j.url}, {"reachable", j.reachable}, {"how", j.how}}, c.req);
}

Response get_qr(Call& c) {
  return file_response("image/svg+xml", make_body(qr_svg(player_page(c, player_of(c)))), c.req);
}

}  // namespace gauntlet::server
