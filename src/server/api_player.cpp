// A player's own routes: report the result of their table, confirm or dispute the opponent's.
#include "model/json.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

// 404 for a round or table that does not exist; 403 when the player does not play there
// (checked here, before the core, so the refusal is an authorisation error).
void check_own_table(const Call& c, const Login& login, const json& body) {
  const auto snap = c.hub->snapshot();
  const EventState& s = *snap->state;
  int round = 0;
  if (body.contains("round") && body["round"].is_number_integer()) round = body["round"].get<int>();
  if (round == 0) round = static_cast<int>(s.rounds.size());
  if (round < 1 || round > static_cast<int>(s.rounds.size()))
    refuse(http::status::not_found, "round", "results", "round " + std::to_string(round) + " does not exist");
  if (!body.contains("table") || !body["table"].is_number_integer())
    refuse(http::status::bad_request, "table", "results", "is required (a table number)");
  const int table = body["table"].get<int>();
  const Round& r = s.rounds[static_cast<std::size_t>(round - 1)];
  const Table* t = r.find_table(table);
  if (!t)
    refuse(http::status::not_found, "table", "results",
           "round " + std::to_string(round) + " has no table " + std::to_string(table));
  if (t->players[0] != login.player && t->players[1] != login.player)
    refuse(http::status::forbidden, "table", "results",
           login.player + " does not play at table " + std::to_string(table));
}

Response run_as_player(Call& c, const char* type, const char* who_key,
                       std::initializer_list<const char*> allowed) {
  const Login login = require_player(c);
  json body = json_body(c);
  for (const auto& [key, value] : body.items()) {
    (void)value;
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char* k) { return key == k; }) ==
        allowed.end())
      refuse(http::status::bad_request, key, "API", "unknown key");
  }
  check_own_table(c, login, body);
  body["type"] = type;
  body[who_key] = login.player;  // who reports is the login, never the body
  Command command = must(command_from_json(body));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    answer["seq"] = must(s.execute(std::move(command), now_utc()));
    answer["command"] = command_to_json(*s.journal().back().command);
  });
  return json_response(http::status::ok, answer, c.req);
}

}  // namespace

Response player_report(Call& c) {
  return run_as_player(c, "report-result", "reporter", {"round", "table", "results", "victory"});
}

Response player_confirm(Call& c) {
  return run_as_player(c, "confirm-result", "by", {"round", "table", "agree", "note"});
}

}  // namespace gauntlet::server
