// Organizer accounts over HTTP (issue 15 point 3): the admin's management of organizers and the
// audit, an organizer's login and their events, the owner's co-organizers, judges and listing.
#include "model/json_read.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

json organizer_json(const Organizer& o) {
  return json{{"login", o.login}, {"name", o.name}, {"disabled", o.disabled}, {"created_at", o.created_at}};
}

json grant_json(const EventGrant& g) {
  return json{{"organizer", g.organizer}, {"name", g.name}, {"role", to_string(g.role)}};
}

// The owner of the event behind this request, logged in as an organizer; 403 for anyone else.
Login require_owner(const Call& c) {
  Login login = require_login(c);
  if (login.organizer.empty() || c.app.accounts().role_on(c.hub->id(), login.organizer) != EventRole::owner)
    refuse(ErrorKind::forbidden, "session", "event roles", "only the event's owner may do this");
  return login;
}

}  // namespace

Response post_organizer(Call& c) {
  require_admin_key(c);
  const json body = json_body(c);
  must(check_keys(body, {"login", "name", "password"}, ""));
  const Organizer o = must(c.app.accounts().add("admin", must(read_string(body, "login", "")),
                                                must(read_string(body, "name", "")),
                                                must(read_string(body, "password", ""))));
  return json_response(http::status::created, organizer_json(o), c.req);
}

Response get_organizers(Call& c) {
  require_admin_key(c);
  json all = json::array();
  for (const Organizer& o : c.app.accounts().list()) all.push_back(organizer_json(o));
  return json_response(http::status::ok, json{{"organizers", all}}, c.req);
}

// Disable or enable, and/or a new password; both checked before either is written.
Response post_organizer_change(Call& c) {
  require_admin_key(c);
  const std::string& login = c.parts[2];
  const json body = json_body(c);
  must(check_keys(body, {"disabled", "password"}, ""));
  if (!body.contains("disabled") && !body.contains("password"))
    refuse(ErrorKind::invalid, "body", "API", "send \"disabled\" (true or false) or \"password\"");
  if (!c.app.accounts().find(login))
    refuse(ErrorKind::not_found, "login", "organizer login", "no organizer '" + login + "'");
  std::optional<bool> disabled;
  if (body.contains("disabled")) disabled = must(read_bool(body, "disabled", "", false));
  std::optional<std::string> password;
  if (body.contains("password")) {
    password = must(read_string(body, "password", ""));
    if (password->size() < Accounts::kMinPasswordLength)
      refuse(ErrorKind::invalid, "password", "organizer password",
             "must be at least " + std::to_string(Accounts::kMinPasswordLength) + " characters");
  }
  if (password) must(c.app.accounts().set_password("admin", login, *password));
  if (disabled) must(c.app.accounts().set_disabled("admin", login, *disabled));
  return json_response(http::status::ok, organizer_json(*c.app.accounts().find(login)), c.req);
}

Response get_audit(Call& c) {
  require_admin_key(c);
  int limit = 100;
  if (auto it = c.query.find("limit"); it != c.query.end()) {
    try {
      std::size_t used = 0;
      limit = std::stoi(it->second, &used);
      if (used != it->second.size() || limit < 1 || limit > 1000) throw std::out_of_range(it->second);
    } catch (const std::exception&) {
      refuse(ErrorKind::invalid, "limit", "API", "must be a number from 1 to 1000");
    }
  }
  json entries = json::array();
  for (const AuditEntry& e : c.app.accounts().audit_log(limit))
    entries.push_back({{"seq", e.seq},
                       {"at", e.at},
                       {"actor", e.actor},
                       {"action", e.action},
                       {"subject", e.subject},
                       {"detail", e.detail}});
  return json_response(http::status::ok, json{{"entries", entries}}, c.req);
}

Response organizer_login(Call& c) {
  const json body = json_body(c);
  must(check_keys(body, {"login", "password"}, ""));
  const std::string login = must(read_string(body, "login", ""));
  Attempt per_account(c.app.player_limiter(), credential_key(c, "organizer:" + login)),
      per_address(c.app.address_limiter(), client_key(c, "organizers"));
  const std::string password = must(read_string(body, "password", ""));
  const std::optional<Organizer> o = c.app.accounts().check_password(login, password);
  if (!o) {
    per_account.failed();
    per_address.failed();
    // Logins are account actions too: a run of these is what an admin looks for.
    if (c.app.accounts().find(login))
      c.app.accounts().audit("address:" + c.client, "organizer.login-refused", login, "");
    refuse(ErrorKind::unauthorized, "password", "organizer login",
           "wrong login or password, or the account is disabled");
  }
  per_account.succeeded();
  c.app.accounts().audit("organizer:" + login, "organizer.login", login, "from " + c.client);
  const auto issued = c.app.sessions().create("", Role::organizer, login);
  Response r = json_response(
      http::status::ok,
      json{{"role", "organizer"}, {"login", o->login}, {"name", o->name}, {"csrf", issued.csrf}}, c.req);
  r.set(http::field::set_cookie, session_cookie(c, issued.token));
  return r;
}

// The organizer's own page: who is logged in (null without an organizer login) and their events.
Response get_organizer_self(Call& c) {
  const std::optional<Login> login = session_of(c);
  if (!login || login->role != Role::organizer)
    return json_response(http::status::ok, json{{"organizer", nullptr}}, c.req);
  const std::optional<Organizer> o = c.app.accounts().find(login->player);
  if (!o) return json_response(http::status::ok, json{{"organizer", nullptr}}, c.req);
  json events = json::array();
  for (const EventGrant& g : c.app.accounts().events_of(o->login)) {
    const auto hub = c.app.hubs().find(g.event_id);
    if (!hub) continue;  // created on another server a moment ago: listed once this one follows it
    json item = hub->list_item();
    item["role"] = to_string(g.role);
    item["published"] = c.app.accounts().published(g.event_id).value_or(true);
    events.push_back(item);
  }
  return json_response(
      http::status::ok,
      json{
          {"organizer", {{"login", o->login}, {"name", o->name}}}, {"csrf", login->csrf}, {"events", events}},
      c.req);
}

Response get_event_roles(Call& c) {
  require_eo(c);
  json roles = json::array();
  for (const EventGrant& g : c.app.accounts().roles_at(c.hub->id())) roles.push_back(grant_json(g));
  return json_response(
      http::status::ok,
      json{{"roles", roles}, {"published", c.app.accounts().published(c.hub->id()).value_or(true)}}, c.req);
}

// The owner gives an organizer a role at the event, or takes it away: {"organizer", "role":
// "co-organizer"|"judge"|null}.
Response post_event_role(Call& c) {
  const Login owner = require_owner(c);
  const json body = json_body(c);
  must(check_keys(body, {"organizer", "role"}, ""));
  const std::string organizer = must(read_string(body, "organizer", ""));
  if (!body.contains("role"))
    refuse(ErrorKind::invalid, "role", "event roles", "is required (null takes the role away)");
  std::optional<EventRole> role;
  if (!body["role"].is_null()) {
    const std::string text = must(read_string(body, "role", ""));
    role = event_role_from(text);
    if (!role || role == EventRole::owner)
      refuse(ErrorKind::invalid, "role", "event roles", "must be \"co-organizer\", \"judge\" or null");
  }
  must(c.app.accounts().grant("organizer:" + owner.organizer, c.hub->id(), organizer, role));
  return get_event_roles(c);
}

Response post_publish(Call& c) {
  const Login owner = require_owner(c);
  const json body = json_body(c);
  must(check_keys(body, {"published"}, ""));
  if (!body.contains("published"))
    refuse(ErrorKind::invalid, "published", "API", "is required (true or false)");
  const bool published = must(read_bool(body, "published", "", false));
  c.app.accounts().set_published("organizer:" + owner.organizer, c.hub->id(), published);
  return json_response(http::status::ok, json{{"published", published}}, c.req);
}

// The owner gives the event an EO password (a venue's shared login beside the organizers' roles),
// replaces it, or (null) takes it away: {"password": string|null}. Every change ends the EO sessions
// the old password opened; an organizer's event has no EO password until its owner sets one.
Response post_eo_password(Call& c) {
  require_owner(c);
  const json body = json_body(c);
  must(check_keys(body, {"password"}, ""));
  if (!body.contains("password"))
    refuse(ErrorKind::invalid, "password", "EO password", "is required (null takes the EO password away)");
  if (body["password"].is_null()) {
    c.app.credentials().remove_eo_password(c.hub->id());
    return json_response(http::status::ok, json{{"eo_password", false}}, c.req);
  }
  const std::string password = must(read_string(body, "password", ""));
  if (password.size() < kMinEoPasswordLength)
    refuse(ErrorKind::invalid, "password", "EO password",
           "must be at least " + std::to_string(kMinEoPasswordLength) + " characters");
  // The slow hash first, outside the credentials' lock; then one transaction that also ends the
  // old password's sessions.
  c.app.credentials().set_eo_password_hash(c.hub->id(), c.app.credentials().hash_eo_password(password));
  return json_response(http::status::ok, json{{"eo_password", true}}, c.req);
}

}  // namespace gauntlet::server
