// The EO's routes: commands, pairing proposals and checks, undo, journal, PINs, export, admin view.
#include <algorithm>

#include "app/execute.hpp"
#include "app/json.hpp"
#include "app/pairing_options.hpp"
#include "app/players.hpp"
#include "app/rounds.hpp"
#include "eventfile/event_file.hpp"
#include "eventfile/file_checkpoint.hpp"
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

// "replaces" of a record-result: the result the page showed (the pairings' "result"), or null.
app::ShownResult shown_from(const json& r) {
  const auto bad = [] {
    refuse(ErrorKind::invalid, "replaces", "API", "must be the table's \"result\" as shown, or null");
  };
  if (!r.is_object()) bad();
  app::ShownResult out;
  for (const char* k : {"outcome", "cp", "ap"})
    if (!r.contains(k) || !r[k].is_array() || r[k].size() != 2) bad();
  for (std::size_t i = 0; i < 2; ++i) {
    GameResult& g = out.results[i];
    const auto o =
        r["outcome"][i].is_string() ? parse_outcome(r["outcome"][i].get<std::string>()) : std::nullopt;
    if (!o || !r["cp"][i].is_number_integer() || !r["ap"][i].is_number_integer()) bad();
    g = {*o, r["cp"][i].get<int>(), r["ap"][i].get<int>(), std::nullopt, {}};
    if (r.contains("list") && r["list"].is_array() && r["list"].size() == 2 &&
        r["list"][i].is_number_integer())
      g.list = r["list"][i].get<int>();
  }
  const auto e = r.contains("victory") && r["victory"].is_string()
                     ? parse_ending(r["victory"].get<std::string>())
                     : std::nullopt;
  if (!e) bad();
  out.ending = *e;
  return out;
}

json shown_json(const std::optional<app::ShownResult>& r) {
  if (!r) return nullptr;
  json j{{"outcome", json::array()}, {"cp", json::array()}, {"ap", json::array()}, {"list", json::array()}};
  for (const GameResult& g : r->results) {
    j["outcome"].push_back(to_string(g.outcome));
    j["cp"].push_back(g.cp);
    j["ap"].push_back(g.ap);
    j["list"].push_back(g.list ? json(*g.list) : json(nullptr));
  }
  j["victory"] = to_string(r->ending);
  return j;
}

}  // namespace

app::PairingChoices choices_from(const json& body);  // below, with the propose route

Response post_command(Call& c) {
  require_eo(c);
  json body = json_body(c);
  // Issue 10, two tabs: a record-result may name the result it replaces.
  std::optional<std::optional<app::ShownResult>> replaces;
  if (body.is_object() && body.contains("replaces") && body.value("type", "") == "record-result") {
    replaces = body["replaces"].is_null() ? std::nullopt : std::optional(shown_from(body["replaces"]));
    body.erase("replaces");
  }
  // A pair-round names the pairer options it was proposed with (the console's "Pairing options" and
  // re-draw), so the pairer's own proposal is published as such, with its reasons.
  json proposed_with = json::object();
  if (body.is_object() && body.contains("pairing_options") && body.value("type", "") == "pair-round") {
    proposed_with = body["pairing_options"];
    body.erase("pairing_options");
    if (!proposed_with.is_object())
      refuse(ErrorKind::invalid, "pairing_options", "API",
             "must be the options object sent to pairing/propose");
  }
  Command command = must(command_from_json(body));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    if (replaces) {
      const auto& r = std::get<RecordResult>(command);
      auto accepted = app::replace_result(s, r, *replaces);
      if (!accepted && accepted.error().kind == ErrorKind::conflict) {
        ApiError refusal{std::move(accepted).error()};
        refusal.details = {{"current", shown_json(app::current_result(s.state(), r.round, r.table))}};
        throw refusal;
      }
      answer = accepted_json(must(std::move(accepted)));
      return;
    }
    const SwissPairerOptions options = must(app::pairer_options(s.state(), choices_from(proposed_with)));
    auto accepted = app::execute(s, command, app::Caller::organizer(), options);
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

// What correcting a result would change, before it is written (issue 10 point 4).
Response preview_result(Call& c) {
  require_eo(c);
  json body = json_body(c);
  if (body.is_object()) body.erase("replaces");
  Command command = must(command_from_json(body));
  auto* r = std::get_if<RecordResult>(&command);
  if (!r) refuse(ErrorKind::invalid, "type", "API", "must be record-result");
  const auto snap = c.hub->snapshot();
  return json_response(http::status::ok,
                       app::result_preview_json(must(app::preview_result(*snap->state, *r))), c.req);
}

// The console's "Pairing options" (the CLI's --avoid-club … --lock), read here; app checks them.
app::PairingChoices choices_from(const json& body) {
  must(check_keys(
      body,
      {"avoid_club", "avoid_faction", "avoid_all_rounds", "fresh_tables", "fixed_tables", "locks", "draw"},
      ""));
  app::PairingChoices c;
  c.avoid_club = must(read_bool(body, "avoid_club", "", false));
  c.avoid_faction = must(read_bool(body, "avoid_faction", "", false));
  c.avoid_all_rounds = must(read_bool(body, "avoid_all_rounds", "", false));
  c.fresh_tables = must(read_bool(body, "fresh_tables", "", false));
  c.draw = must(read_int(body, "draw", "", 1));
  const json none = json::array();
  const json& fixed = body.contains("fixed_tables") ? body["fixed_tables"] : none;
  const json& locks = body.contains("locks") ? body["locks"] : none;
  if (!fixed.is_array())
    refuse(ErrorKind::invalid, "fixed_tables", "API", "must be a list of {\"player\", \"table\"}");
  if (!locks.is_array()) refuse(ErrorKind::invalid, "locks", "API", "must be a list of [a, b]");
  for (std::size_t i = 0; i < fixed.size(); ++i) {
    const std::string field = "fixed_tables[" + std::to_string(i) + "]";
    if (!fixed[i].is_object()) refuse(ErrorKind::invalid, field, "API", "must be {\"player\", \"table\"}");
    c.fixed.push_back(
        {field, must(read_string(fixed[i], "player", field)), must(read_int(fixed[i], "table", field))});
  }
  for (std::size_t i = 0; i < locks.size(); ++i) {
    const std::string field = "locks[" + std::to_string(i) + "]";
    const json& l = locks[i];
    if (!l.is_array() || l.size() != 2 || !l[0].is_string() || !l[1].is_string())
      refuse(ErrorKind::invalid, field, "API", "must be two player ids");
    c.locks.push_back({field, l[0].get<std::string>(), l[1].get<std::string>()});
  }
  return c;
}

Response propose_pairing(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  const auto snap = c.hub->snapshot();
  const SwissPairerOptions options = must(app::pairer_options(*snap->state, choices_from(body)));
  return json_response(http::status::ok,
                       app::proposal_json(must(app::propose_pairing(*snap->state, options))), c.req);
}

Response check_pairing_edit(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  const auto snap = c.hub->snapshot();
  // The console sends the pairing options the proposal was made with: a club clash is a warning only
  // where they avoid clubs this round.
  std::optional<SwissPairerOptions> options;
  if (body.is_object() && body.contains("pairing_options")) {
    if (!body["pairing_options"].is_object())
      refuse(ErrorKind::invalid, "pairing_options", "API",
             "must be the options object sent to pairing/propose");
    options = must(app::pairer_options(*snap->state, choices_from(body["pairing_options"])));
  }
  const auto findings = must(
      app::review_pairing(*snap->state, tables_from(body), bye_from(body), options ? &*options : nullptr));
  return json_response(http::status::ok,
                       app::review_json(static_cast<int>(snap->state->rounds.size()) + 1, findings), c.req);
}

// ?recent=N lists the latest N entries in effect (the undo dialog's choice); without it, the one
// entry a single undo would cancel.
Response get_undo(Call& c) {
  require_eo(c);
  std::optional<std::size_t> recent;
  if (auto it = c.query.find("recent"); it != c.query.end()) {
    const std::string& v = it->second;
    if (v.empty() || v.size() > 3 || v.find_first_not_of("0123456789") != std::string::npos)
      refuse(ErrorKind::invalid, "recent", "undo", "must be a whole number from 1 to 100");
    recent = std::clamp<std::size_t>(std::stoul(v), 1, 100);
  }
  json j = c.hub->sequenced([&](EventSession& s) {
    if (!recent) return app::entry_json(must(app::undo_preview(s.journal(), s.state())));
    json list = json::array();
    for (const app::EntryView& e : app::recent_entries(s.journal(), s.state(), *recent))
      list.push_back(app::entry_json(e));
    return json{{"entries", list}};
  });
  return json_response(http::status::ok, j, c.req);
}

Response post_undo(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  must(check_keys(body, {"expect", "to"}, ""));
  std::optional<std::int64_t> expect;
  if (body.contains("expect")) {
    if (!body["expect"].is_number_integer())
      refuse(ErrorKind::invalid, "expect", "undo", "must be the seq of the entry the preview showed");
    expect = body["expect"].get<std::int64_t>();
  }
  json answer;
  if (body.contains("to")) {
    if (!body["to"].is_number_integer())
      refuse(ErrorKind::invalid, "to", "undo", "must be the seq of the entry to undo back to");
    if (!expect) refuse(ErrorKind::invalid, "expect", "undo", "must be the latest entry the EO saw");
    c.hub->sequenced([&](EventSession& s) {
      const app::UndoneMany u = must(app::undo_to(s, body["to"].get<std::int64_t>(), *expect));
      json undid = json::array(), entries = json::array();
      for (const app::EntryView& e : u.undid) {
        undid.push_back(e.seq);
        entries.push_back(app::entry_json(e));
      }
      answer = {{"undid", undid}, {"seq", u.seq}, {"entries", entries}};
    });
    return json_response(http::status::ok, answer, c.req);
  }
  c.hub->sequenced([&](EventSession& s) {
    const app::Undone u = must(app::undo(s, expect));
    answer = {{"undid", u.undid.seq}, {"seq", u.seq}, {"entry", app::entry_json(u.undid)}};
  });
  return json_response(http::status::ok, answer, c.req);
}

Response post_drop(Call& c) {
  require_eo(c);
  const json body = json_body(c);
  must(check_keys(body, {"player", "amend", "after_round", "preview", "options"}, ""));
  const std::string player = must(read_string(body, "player", ""));
  const app::Amend amend = must(app::parse_amend(must(read_string(body, "amend", "", "none")), "amend"));
  const std::optional<int> after = must(read_optional_int(body, "after_round", ""));
  const bool preview = must(read_bool(body, "preview", "", false));
  // The round's pairing options (the console's panel), which a re-pair keeps.
  const json none = json::object();
  const json& options = body.contains("options") ? body["options"] : none;
  if (!options.is_object())
    refuse(ErrorKind::invalid, "options", "API", "must be the pairing options object");
  const app::PairingChoices choices = choices_from(options);
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    const SwissPairerOptions o = must(app::pairer_options(s.state(), choices));
    const app::DropPlan plan = must(app::plan_drop(s.state(), player, after, amend, o));
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
  auto pins = c.app.credentials().ensure_player_pins(c.hub->id(), *snap->state);
  json list = json::array();
  for (const Player& p : snap->state->players)
    list.push_back({{"id", p.id}, {"name", p.name}, {"pin", pins[p.id]}});
  return json_response(http::status::ok, json{{"pins", list}}, c.req);
}

Response get_export(Call& c) {
  require_eo(c);
  // The text `gauntlet export` writes, a large event's checkpoint included (eventfile/file_checkpoint.hpp).
  auto file = std::make_shared<const std::string>(
      c.hub->sequenced([](EventSession& s) { return event_file_text(s.state(), s.journal()); }));
  Response r = json_response(http::status::ok, std::move(file), c.req);
  r.set(http::field::content_disposition, "attachment; filename=\"" + c.hub->id() + ".json\"");
  return r;
}

Response get_admin(Call& c) {
  require_eo(c);
  return json_response(http::status::ok, admin_view(*c.hub->snapshot()), c.req);
}

}  // namespace gauntlet::server
