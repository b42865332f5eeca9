// A player's army lists and the army-points calculator over them (issue 13 points 2 and 4): who may
// read which list is app::may_view_lists; these routes only translate.
#include "app/json.hpp"
#include "app/list_views.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

json method_json(const ApMethod& m) {
  return {{"leader", m.leader},
          {"half_units", m.half_units},
          {"inert_wild_count", m.inert_wild_count},
          {"rule", m.rule}};
}

}  // namespace

// GET /api/events/{id}/players/{pid}/lists
Response get_player_lists(Call& c) {
  const auto snap = c.hub->snapshot();
  const EventState& s = *snap->state;
  const std::string& owner = c.parts[4];
  // Published lists are public: no login asked.
  must(app::may_view_lists(s, s.lists_published ? app::Caller{} : caller_of(require_login(c)), owner));
  const Player& p = *s.find_player(owner);
  json lists = json::array();
  for (std::size_t i = 0; i < p.lists.size(); ++i) {
    const ArmyList& l = p.lists[i];
    json j = list_to_json(l);
    j["index"] = i + 1;
    j["points"] = l.net_points();  // what the point window checks (battlegroup points off)
    j["army"] = l.total_cost();    // the starting army's value (concessions)
    lists.push_back(j);
  }
  return json_response(http::status::ok,
                       json{{"player", p.id},
                            {"name", p.name},
                            {"faction", p.faction},
                            {"lists", lists},
                            {"army_points", method_json(edition_of(s).ap_method)}},
                       c.req);
}

// POST /api/events/{id}/army-points {"player", "list"?, "destroyed": [{"entry","models","inert"?,"again"?}],
// "as_assassination"?}
Response post_army_points(Call& c) {
  const auto snap = c.hub->snapshot();
  const app::Caller caller = snap->state->lists_published ? app::Caller{} : caller_of(require_login(c));
  const json body = json_body(c);
  must(check_keys(body, {"player", "list", "destroyed", "as_assassination"}, ""));
  if (!body.contains("player") || !body.at("player").is_string())
    refuse(ErrorKind::invalid, "player", "API", "is required: whose list the marks are on");
  const std::string owner = body.at("player").get<std::string>();
  must(app::may_view_lists(*snap->state, caller, owner));
  const std::optional<int> list = must(read_optional_int(body, "list", ""));
  const std::vector<Loss> marks = must(losses_from_json(body.value("destroyed", json::array()), "destroyed"));
  // A concession or clock-out scored as an assassination on the table as it is (army_points.hpp).
  if (body.contains("as_assassination") && !body.at("as_assassination").is_boolean())
    refuse(ErrorKind::invalid, "as_assassination", "API", "must be true or false");
  const bool assassination = body.value("as_assassination", false);
  json answer = app::destroyed_json(
      must(app::count_destroyed(*snap->state, owner, list, marks, "destroyed", assassination)));
  answer["player"] = owner;
  answer["list"] = list.value_or(1);
  return json_response(http::status::ok, answer, c.req);
}

}  // namespace gauntlet::server
