// A player's own routes: report the result of their table, confirm or dispute the opponent's.
#include "app/execute.hpp"
#include "model/json.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

// Who reports is the login, never the body: the use case checks the table is the player's own
// (404 for a round or table that does not exist, 403 for another table).
Response run_as_player(Call& c, const char* type, const char* who_key,
                       std::initializer_list<const char*> allowed) {
  const Login login = require_player(c);
  json body = json_body(c);
  for (const auto& [key, value] : body.items()) {
    (void)value;
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char* k) { return key == k; }) ==
        allowed.end())
      refuse(ErrorKind::invalid, key, "API", "unknown key");
  }
  body["type"] = type;
  body[who_key] = login.player;  // the JSON form names who acts; the use case sets it from the caller too
  Command command = must(command_from_json(body));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    const app::Accepted a = must(app::execute(s, std::move(command), app::Caller::as_player(login.player)));
    answer = {{"seq", a.seq}, {"command", command_to_json(a.command)}};
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
