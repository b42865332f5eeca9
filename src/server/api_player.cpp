// A player's own routes: report the result of their table, confirm or dispute the opponent's.
#include "app/execute.hpp"
#include "app/list_import.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"
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
    if (std::find_if(allowed.begin(), allowed.end(), [&key = key](const char* k) { return key == k; }) ==
        allowed.end())
      refuse(ErrorKind::invalid, key, "API", "unknown key");
  }
  body["type"] = type;
  body[who_key] = login.player;  // the JSON form names who acts; the use case sets it from the caller too
  Command command = must(command_from_json(body));
  // Through the group commit: a burst of reports at the end of a round shares its commits.
  const app::Accepted a = must(c.hub->execute(std::move(command), app::Caller::as_player(login.player)));
  return json_response(http::status::ok, accepted_json(a), c.req);
}

}  // namespace

Response player_report(Call& c) {
  return run_as_player(c, "report-result", "reporter", {"round", "table", "results", "victory"});
}

Response player_confirm(Call& c) {
  return run_as_player(c, "confirm-result", "by", {"round", "table", "agree", "note"});
}

// A pasted list (War Room, Conflict Chamber, JSON): {player?, text, index?}. The EO names the player;
// a player imports their own (the body's player, if any, must be them). Every refused line is in the
// 400's message; nothing is written unless the whole list is read and the engine accepts it.
Response post_list_import(Call& c) {
  const Login login = require_login(c);
  if (login.role == Role::judge)
    refuse(ErrorKind::forbidden, "session", "role", "a judge runs the tables' clocks only");
  const json body = json_body(c);
  must(check_keys(body, {"player", "text", "index"}, ""));
  if (!body.contains("text") || !body.at("text").is_string())
    refuse(ErrorKind::invalid, "text", "API", "is required: the list as your army builder exports it");
  std::string player = login.role == Role::player ? login.player : "";
  if (body.contains("player")) {
    if (!body.at("player").is_string()) refuse(ErrorKind::invalid, "player", "API", "must be a player id");
    player = body.at("player").get<std::string>();
  }
  if (player.empty()) refuse(ErrorKind::invalid, "player", "API", "is required: whose list it is");
  std::optional<int> index;
  if (body.contains("index")) index = must(read_int(body, "index", "", 1));
  const app::Caller caller = caller_of(login);
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    app::ListImportPlan plan =
        must(app::plan_list_import(s.state(), player, body.at("text").get<std::string>(), index, "list"));
    const app::Accepted a = must(app::execute(s, plan.command, caller));
    const ImportedList& l = plan.imported;
    answer = {
        {"seq", a.seq},
        {"command", command_to_json(a.command)},
        {"imported", {{"format", l.format}, {"faction", l.faction}, {"title", l.title}, {"theme", l.theme}}}};
  });
  return json_response(http::status::ok, answer, c.req);
}

}  // namespace gauntlet::server
