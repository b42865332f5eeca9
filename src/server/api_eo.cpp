// The EO's routes: commands, pairing proposals and checks, undo, journal, PINs, export, admin view.
#include "app/execute.hpp"
#include "app/json.hpp"
#include "app/players.hpp"
#include "app/rounds.hpp"
#include "eventfile/event_file.hpp"
#include "eventfile/players_csv.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

app::Tables tables_from(const json& body) {
  if (!body.contains("tables") || !body["tables"].is_array())
    refuse(ErrorKind::invalid, "tables", "API", "must be a list of {\"table\", \"players\": [a, b]}");
  app::Tables tables;
  for (std::size_t i = 0; i < body["tables"].size(); ++i) {
    const json& t = body["tables"][i];
    const std::string field = "tables[" + std::to_string(i) + "].players";
    if (!t.is_object() || !t.contains("players") || !t["players"].is_array() || t["players"].size() != 2 ||
        !t["players"][0].is_string() || !t["players"][1].is_string())
      refuse(ErrorKind::invalid, field, "API", "must be two player ids");
    tables.emplace_back(t["players"][0].get<std::string>(), t["players"][1].get<std::string>());
  }
  return tables;
}

std::optional<PlayerId> bye_from(const json& body) {
  if (!body.contains("bye") || body["bye"].is_null()) return std::nullopt;
  if (!body["bye"].is_string()) refuse(ErrorKind::invalid, "bye", "API", "must be a player id or null");
  return body["bye"].get<std::string>();
}

// A refused pairing carries what it breaks, so the console can list the rules and ask for a reason.
[[noreturn]] void refuse_pairing(Error e, const EventState& state, const PairRound& round) {
  ApiError refusal{std::move(e)};
  if (auto findings = app::review_pairing(state, app::tables_of(round), round.bye))
    refusal.details = {{"findings", app::findings_json(*findings)}};
  throw refusal;
}

json accepted_json(const app::Accepted& a) {
  return {{"seq", a.seq}, {"command", command_to_json(a.command)}};
}

}  // namespace

Response post_command(Call& c) {
  require_eo(c);
  Command command = must(command_from_json(json_body(c)));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    auto accepted = app::execute(s, command, app::Caller::organizer());
    if (!accepted && std::holds_alternative<PairRound>(command))
      refuse_pairing(std::move(accepted).error(), s.state(), std::get<PairRound>(command));
    answer = accepted_json(must(std::move(accepted)));
  });
  if (answer["command"]["type"] == "add-player") {
    const std::string id = answer["command"]["player"]["id"];
    answer["pin"] = c.app.credentials().ensure_pins(c.hub->id(), {id})[id];
  }
  return json_response(http::status::ok, answer, c.req);
}

Response propose_pairing(Call& c) {
  require_eo(c);
  json_body(c);
  const auto snap = c.hub->snapshot();
  return json_response(http::status::ok, app::proposal_json(must(app::propose_pairing(*snap->state, {}))),
                       c.req);
}

Response check_pairing_edit(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  const auto snap = c.hub->snapshot();
  const auto findings = must(app::review_pairing(*snap->state, tables_from(body), bye_from(body)));
  return json_response(http::status::ok,
                       app::review_json(static_cast<int>(snap->state->rounds.size()) + 1, findings), c.req);
}

Response get_undo(Call& c) {
  require_eo(c);
  json j = c.hub->sequenced(
      [](EventSession& s) { return app::entry_json(must(app::undo_preview(s.journal(), s.state()))); });
  return json_response(http::status::ok, j, c.req);
}

Response post_undo(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  must(check_keys(body, {"expect"}, ""));
  std::optional<std::int64_t> expect;
  if (body.contains("expect")) {
    if (!body["expect"].is_number_integer())
      refuse(ErrorKind::invalid, "expect", "undo", "must be the seq of the entry the preview showed");
    expect = body["expect"].get<std::int64_t>();
  }
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    const app::Undone u = must(app::undo(s, expect));
    answer = {{"undid", u.undid.seq}, {"seq", u.seq}, {"entry", app::entry_json(u.undid)}};
  });
  return json_response(http::status::ok, answer, c.req);
}

Response post_drop(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  must(check_keys(body, {"player", "amend", "after_round", "preview"}, ""));
  const std::string player = must(read_string(body, "player", ""));
  const app::Amend amend = must(app::parse_amend(must(read_string(body, "amend", "", "none")), "amend"));
  const std::optional<int> after = must(read_optional_int(body, "after_round", ""));
  const bool preview = must(read_bool(body, "preview", "", false));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    const app::DropPlan plan = must(app::plan_drop(s.state(), player, after, amend));
    answer = app::drop_plan_json(plan);
    if (preview) return;
    answer.update(accepted_json(must(app::execute(s, plan.command, app::Caller::organizer()))));
  });
  return json_response(http::status::ok, answer, c.req);
}

// Issue 10 point 7: {"rounds": N} or {"end_now": true}, with "preview" answering only what it means.
Response post_rounds(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  must(check_keys(body, {"rounds", "end_now", "preview"}, ""));
  const bool end_now = must(read_bool(body, "end_now", "", false));
  const std::optional<int> rounds = must(read_optional_int(body, "rounds", ""));
  if (end_now == rounds.has_value())
    refuse(ErrorKind::invalid, "rounds", "API",
           "give the planned rounds (\"rounds\": N) or \"end_now\": true");
  const bool preview = must(read_bool(body, "preview", "", false));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    const app::RoundsPlan plan =
        must(app::plan_rounds(s.state(), end_now ? app::end_now(s.state()) : *rounds));
    answer = {{"command", command_to_json(plan.command)}, {"explain", plan.explain}};
    if (preview) return;
    answer.update(accepted_json(must(app::execute(s, plan.command, app::Caller::organizer()))));
  });
  return json_response(http::status::ok, answer, c.req);
}

Response import_players(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  must(check_keys(body, {"csv"}, ""));
  const std::vector<Player> players = must(parse_players_csv(must(read_string(body, "csv", ""))));
  json answer;
  std::vector<std::string> ids;
  c.hub->sequenced([&](EventSession& s) {
    const std::size_t before = s.state().players.size();
    answer["seq"] = must(app::execute_all(s, must(app::registrations(s.state(), players, "csv")))).seq;
    for (std::size_t i = before; i < s.state().players.size(); ++i) ids.push_back(s.state().players[i].id);
  });
  auto pins = c.app.credentials().ensure_pins(c.hub->id(), ids);
  const auto snap = c.hub->snapshot();
  json list = json::array();
  for (const std::string& id : ids)
    list.push_back({{"id", id}, {"name", snap->state->find_player(id)->name}, {"pin", pins[id]}});
  answer["players"] = list;
  return json_response(http::status::ok, answer, c.req);
}

Response get_journal(Call& c) {
  require_eo(c);
  json j = c.hub->sequenced([](EventSession& s) { return journal_view(s); });
  return json_response(http::status::ok, j, c.req);
}

Response get_pins(Call& c) {
  require_eo(c);
  const auto snap = c.hub->snapshot();
  std::vector<std::string> ids;
  for (const Player& p : snap->state->players) ids.push_back(p.id);
  auto pins = c.app.credentials().ensure_pins(c.hub->id(), ids);
  json list = json::array();
  for (const Player& p : snap->state->players)
    list.push_back({{"id", p.id}, {"name", p.name}, {"pin", pins[p.id]}});
  return json_response(http::status::ok, json{{"pins", list}}, c.req);
}

Response get_export(Call& c) {
  require_eo(c);
  json file = c.hub->sequenced([](EventSession& s) { return write_event_file(s.state(), s.journal()); });
  Response r = json_response(http::status::ok, file, c.req);
  r.set(http::field::content_disposition, "attachment; filename=\"" + c.hub->id() + ".json\"");
  return r;
}

Response get_admin(Call& c) {
  require_eo(c);
  return json_response(http::status::ok, admin_view(*c.hub->snapshot()), c.req);
}

}  // namespace gauntlet::server
