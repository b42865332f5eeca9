// The clocks (issue 11): a tap or a judge's action at a table, every table's clock for the pages,
// and the judges the EO makes. The rules live in the core and src/app/table_clock.cpp.
#include "app/clock.hpp"
#include "app/table_clock.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

// Any login of this event acts on clocks; the use case decides what each role may do. An
// organizer account acts as the role it holds at the event (session_of): the owner and the
// co-organizers as the EO, a judge by their login (docs/api.md, "Organizer accounts").
app::Caller clock_caller(const Call& c) {
  return caller_of(require_login(c));
}

bool sees_secrets(const Call& c) {
  const auto login = session_of(c);
  return login && login->event_id == c.hub->id() && (login->role == Role::eo || login->role == Role::judge);
}

ClockAction action_from(const json& body) {
  must(check_keys(body, {"round", "table", "action", "seat", "delta_ms", "reason", "scenario_win", "at_ms"},
                  ""));
  json j = body;
  j["type"] = "clock";
  j.erase("by");
  return std::get<ClockAction>(must(command_from_json(j)));
}

}  // namespace

Response post_clock(Call& c) {
  const app::Caller caller = clock_caller(c);
  const ClockAction action = action_from(json_body(c));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    const app::Accepted a = must(app::clock_action(s, action, caller, app::unix_millis()));
    const auto& done = std::get<ClockAction>(a.command);
    const EventState& st = s.state();
    const Round& r = st.rounds[static_cast<std::size_t>(done.round - 1)];
    answer = {{"seq", a.seq},
              {"command", command_to_json(a.command)},
              {"notes", done.notes},
              {"clock", app::table_clock_json(st, r, *r.find_table(done.table))},
              {"server_ms", app::unix_millis()}};
  });
  return json_response(http::status::ok, answer, c.req);
}

Response get_clocks(Call& c) {
  const auto snap = c.hub->snapshot();
  const EventState& s = *snap->state;
  int round = 0;
  if (const auto it = c.query.find("round"); it != c.query.end()) round = std::atoi(it->second.c_str());
  if (round == 0) round = static_cast<int>(s.rounds.size());
  if (round < 1 || round > static_cast<int>(s.rounds.size()))
    refuse(ErrorKind::not_found, "round", "clock", "round " + std::to_string(round) + " is not published");
  const Round& r = s.rounds[static_cast<std::size_t>(round - 1)];
  json tables = json::array();
  for (const Table& t : r.tables) {
    json names = json::array();
    for (const PlayerId& id : t.players) names.push_back(s.find_player(id) ? s.find_player(id)->name : id);
    tables.push_back({{"table", t.number},
                      {"players", {t.players[0], t.players[1]}},
                      {"names", names},
                      {"clock", app::table_clock_json(s, r, t)}});
  }
  // `seq`: the journal position these clocks are of, so a page that already has a later clock (a
  // tap's answer or a live message that overtook this read) keeps it.
  const json answer{{"server_ms", app::unix_millis()},
                    {"seq", snap->seq},
                    {"round", app::round_clock_json(s, r, sees_secrets(c))},
                    {"tables", tables}};
  Response res = json_response(http::status::ok, answer, c.req);
  res.set(http::field::cache_control, "no-store");  // the times are of this instant
  return res;
}

Response post_judge(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  must(check_keys(body, {"name", "disabled"}, ""));
  std::string name = must(read_string(body, "name", ""));
  if (name.empty() || name.size() > 40)
    refuse(ErrorKind::invalid, "name", "judges", "a judge's name: 1 to 40 characters");
  if (body.contains("disabled") && !body["disabled"].is_boolean())
    refuse(ErrorKind::invalid, "disabled", "judges", "must be true or false");
  if (body.value("disabled", false)) {
    // The judge's PIN goes and so do the sessions it opened: a judge sent home stops at once.
    if (!c.app.credentials().remove_judge(c.hub->id(), name))
      refuse(ErrorKind::not_found, "name", "judges", "no judge '" + name + "'");
    return json_response(http::status::ok, json{{"name", name}, {"disabled", true}}, c.req);
  }
  const auto pins = c.app.credentials().ensure_pins(c.hub->id(), {judge_credential(name)});
  return json_response(http::status::ok, json{{"name", name}, {"pin", pins.at(judge_credential(name))}},
                       c.req);
}

Response get_judges(Call& c) {
  require_eo(c);
  json judges = json::array();
  const std::string prefix = judge_credential("");
  for (const auto& [holder, pin] : c.app.credentials().pins_with_prefix(c.hub->id(), prefix))
    judges.push_back({{"name", holder.substr(prefix.size())}, {"pin", pin}});
  return json_response(http::status::ok, json{{"judges", judges}}, c.req);
}

}  // namespace gauntlet::server
