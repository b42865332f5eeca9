// The EO's routes: commands, pairing proposals and checks, undo, journal, PINs, export, admin view.
#include "event/json.hpp"
#include "eventfile/event_file.hpp"
#include "pairing/swiss_pairer.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

int next_round(const EventState& s) {
  return static_cast<int>(s.rounds.size()) + 1;
}

// Rules an (edited) pairing of `round` breaks, as sentences (pairing/swiss.hpp check_pairing).
std::vector<std::string> pairing_warnings(const EventState& state, int round,
                                          const std::vector<std::pair<PlayerId, PlayerId>>& tables,
                                          const std::optional<PlayerId>& bye) {
  const SwissPairer::Input in = must(SwissPairer{}.input(state, round));
  std::map<PlayerId, int> index;
  for (std::size_t i = 0; i < in.ids.size(); ++i) index[in.ids[i]] = static_cast<int>(i);
  std::vector<std::string> warnings;
  const auto find = [&](const PlayerId& id) -> std::optional<int> {
    if (auto it = index.find(id); it != index.end()) return it->second;
    warnings.push_back(id + " is not in round " + std::to_string(round) +
                       "'s field (unknown, dropped or cut)");
    return std::nullopt;
  };
  std::vector<std::pair<int, int>> pairs;
  for (const auto& [a, b] : tables) {
    const auto ia = find(a), ib = find(b);
    if (ia && ib) pairs.emplace_back(*ia, *ib);
  }
  std::optional<int> bye_index;
  if (bye) bye_index = find(*bye);
  for (std::string& w : check_pairing(in.players, pairs, bye_index)) warnings.push_back(std::move(w));
  return warnings;
}

json proposal_json(const PairRound& p, std::vector<std::string> warnings) {
  json tables = json::array();
  for (const Table& t : p.tables)
    tables.push_back({{"table", t.number}, {"players", {t.players[0], t.players[1]}}});
  return {{"round", p.round},
          {"tables", tables},
          {"bye", p.bye ? json(*p.bye) : json(nullptr)},
          {"explain", p.explain},
          {"warnings", std::move(warnings)}};
}

}  // namespace

Response post_command(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  Command command = must(command_from_json(body));
  if (std::holds_alternative<CreateEvent>(command))
    refuse(http::status::bad_request, "type", "API", "create an event with POST /api/events");
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    answer["seq"] = must(s.execute(std::move(command), now_utc()));
    answer["command"] = command_to_json(*s.journal().back().command);
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
  const EventState& state = *snap->state;
  const int round = next_round(state);
  PairRound p = must(SwissPairer{}.pair(state, round));
  p.round = round;
  std::vector<std::pair<PlayerId, PlayerId>> tables;
  for (const Table& t : p.tables) tables.emplace_back(t.players[0], t.players[1]);
  return json_response(http::status::ok, proposal_json(p, pairing_warnings(state, round, tables, p.bye)),
                       c.req);
}

Response check_pairing_edit(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  const auto snap = c.hub->snapshot();
  const int round = next_round(*snap->state);
  if (!body.contains("tables") || !body["tables"].is_array())
    refuse(http::status::bad_request, "tables", "API", "must be a list of {\"table\", \"players\": [a, b]}");
  std::vector<std::pair<PlayerId, PlayerId>> tables;
  for (std::size_t i = 0; i < body["tables"].size(); ++i) {
    const json& t = body["tables"][i];
    const std::string field = "tables[" + std::to_string(i) + "].players";
    if (!t.is_object() || !t.contains("players") || !t["players"].is_array() || t["players"].size() != 2 ||
        !t["players"][0].is_string() || !t["players"][1].is_string())
      refuse(http::status::bad_request, field, "API", "must be two player ids");
    tables.emplace_back(t["players"][0].get<std::string>(), t["players"][1].get<std::string>());
  }
  std::optional<PlayerId> bye;
  if (body.contains("bye") && !body["bye"].is_null()) {
    if (!body["bye"].is_string())
      refuse(http::status::bad_request, "bye", "API", "must be a player id or null");
    bye = body["bye"].get<std::string>();
  }
  return json_response(
      http::status::ok,
      json{{"round", round}, {"warnings", pairing_warnings(*snap->state, round, tables, bye)}}, c.req);
}

Response post_undo(Call& c) {
  require_eo(c);
  json_body(c);
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    answer["undid"] = must(undo_target(s.journal()));
    answer["seq"] = must(s.undo(now_utc()));
  });
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
