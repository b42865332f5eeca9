// The EO's routes: commands, pairing proposals and checks, undo, journal, PINs, export, admin view.
#include "eventfile/event_file.hpp"
#include "model/json.hpp"
#include "pairing/swiss_pairer.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

int next_round(const EventState& s) {
  return static_cast<int>(s.rounds.size()) + 1;
}

// Rules an (edited) pairing of `round` breaks (pairing/swiss.hpp check_pairing), as data:
// {"rule", "hard", "players": [ids], "round", "text"}.
json pairing_findings(const EventState& state, int round,
                      const std::vector<std::pair<PlayerId, PlayerId>>& tables,
                      const std::optional<PlayerId>& bye) {
  const SwissPairer::Input in = must(SwissPairer{}.input(state, round));
  std::map<PlayerId, int> index;
  for (std::size_t i = 0; i < in.ids.size(); ++i) index[in.ids[i]] = static_cast<int>(i);
  json findings = json::array();
  auto add = [&](const std::string& rule, bool hard, json players, const std::string& text) {
    findings.push_back(
        {{"rule", rule}, {"hard", hard}, {"players", std::move(players)}, {"round", round}, {"text", text}});
  };
  const auto find = [&](const PlayerId& id) -> std::optional<int> {
    if (auto it = index.find(id); it != index.end()) return it->second;
    add("missing", true, json::array({id}),
        id + " is not in round " + std::to_string(round) + "'s field (unknown, dropped or cut)");
    return std::nullopt;
  };
  std::vector<std::pair<int, int>> pairs;
  for (const auto& [a, b] : tables) {
    const auto ia = find(a), ib = find(b);
    if (ia && ib) pairs.emplace_back(*ia, *ib);
  }
  std::optional<int> bye_index;
  if (bye) bye_index = find(*bye);
  for (const PairingFinding& f : check_pairing(in.players, pairs, bye_index)) {
    json players = json::array();
    for (int i : f.players) players.push_back(in.ids[static_cast<std::size_t>(i)]);
    add(f.rule, f.hard, std::move(players), f.text);
  }
  return findings;
}

// "warnings" keeps the sentences (what the console lists); "findings" the same as data.
json with_findings(json answer, json findings) {
  json warnings = json::array();
  for (const json& f : findings) warnings.push_back(f["text"]);
  answer["warnings"] = std::move(warnings);
  answer["findings"] = std::move(findings);
  return answer;
}

json proposal_json(const PairRound& p, json findings) {
  json tables = json::array();
  for (const Table& t : p.tables)
    tables.push_back({{"table", t.number}, {"players", {t.players[0], t.players[1]}}});
  return with_findings({{"round", p.round},
                        {"tables", tables},
                        {"bye", p.bye ? json(*p.bye) : json(nullptr)},
                        {"explain", p.explain}},
                       std::move(findings));
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
  return json_response(http::status::ok, proposal_json(p, pairing_findings(state, round, tables, p.bye)),
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
      with_findings(json{{"round", round}}, pairing_findings(*snap->state, round, tables, bye)), c.req);
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
