// Logging in (EO password, player PIN), out, and creating events with the admin key or an
// organizer's login.
#include "app/events.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

Response logged_in(Call& c, Role role, const std::string& player) {
  const auto issued = c.app.sessions().create(c.hub->id(), role, player);
  json j{{"role", to_string(role)}, {"csrf", issued.csrf}};
  if (role == Role::player) j["player"] = player;
  if (role == Role::judge) j["judge"] = player;
  Response r = json_response(http::status::ok, j, c.req);
  r.set(http::field::set_cookie, session_cookie(c, issued.token));
  return r;
}

std::string admin_key(const Call& c) {
  const std::string_view auth = c.req[http::field::authorization];
  if (auth.substr(0, 7) != "Bearer ") return "";
  return std::string(auth.substr(7));
}

}  // namespace

Attempt::Attempt(RateLimiter& limiter, std::string key) : limiter_(limiter), key_(std::move(key)) {
  if (auto wait = limiter_.attempt(key_)) {
    settled_ = true;  // refused unchecked: it stays counted (it never lengthens the lockout)
    ApiError e = api_error(ErrorKind::rate_limited, "pin", "rate limit",
                           "too many wrong attempts; try again in " + std::to_string(wait->count()) + " s");
    e.retry_after = static_cast<int>(wait->count());
    throw e;
  }
}

Attempt::~Attempt() {
  if (settled_) return;
  try {
    limiter_.release(key_);
  } catch (const std::exception&) {
    // The database failed: the attempt stays counted, which errs on the side of the limit.
  }
}

std::string credential_key(const Call& c, const std::string& credential) {
  return credential + "|client:" + c.client;
}

std::string client_key(const Call& c, const std::string& realm) {
  return "addr:" + c.client + "|" + realm;
}

void Attempt::succeeded() {
  limiter_.success(key_);
  settled_ = true;
}

namespace {

// Behind TLS (an https --public-url) the browser must never send the session over plain HTTP: an
// http:// link or a downgrade on the venue's network would hand the cookie to anyone listening.
std::string cookie_attributes(const Call& c) {
  return c.app.secure_cookies() ? "; HttpOnly; Secure; SameSite=Strict; Path=/"
                                : "; HttpOnly; SameSite=Strict; Path=/";
}

}  // namespace

std::string session_cookie(const Call& c, const std::string& token) {
  return "gauntlet_session=" + token + cookie_attributes(c) + "; Max-Age=86400";
}

void require_admin_key(Call& c) {
  if (c.admin_key_checked) return;  // once() checked it before storing anything for the request
  const std::string key = admin_key(c);
  // Only a key that was sent is a guess: a page or script that sends none (a browser opening
  // /api/organizers) must not use up the address's allowance and lock the admin out.
  std::optional<Attempt> attempt;
  if (!key.empty()) attempt.emplace(c.app.address_limiter(), "admin:" + c.client);
  if (key.empty() || !c.app.credentials().check_admin_key(key)) {
    if (attempt) attempt->failed();
    // Written for the EO at the create form, who never saw an HTTP header.
    refuse(ErrorKind::unauthorized, "Authorization", "admin key",
           key.empty()
               ? "This server needs its admin key to create events. It was printed when `gauntlet serve` "
                 "first started; lost it? run `gauntlet admin-key --db FILE --new`"
               : "That is not this server's admin key. It was printed when `gauntlet serve` first "
                 "started; lost it? run `gauntlet admin-key --db FILE --new`");
  }
  c.admin_key_checked = true;
}

Response create_event(Call& c) {
  // An organizer's login creates an event of their own (they own it, it waits unpublished);
  // anything else needs the admin key, as on a venue's laptop.
  std::optional<Login> organizer;
  if (c.req[http::field::authorization].empty())
    if (const auto login = session_of(c); login && login->role == Role::organizer)
      organizer = require_organizer(c);
  if (!organizer) require_admin_key(c);
  const json body = json_body(c);
  must(check_keys(body, {"id", "config", "password"}, ""));
  if (!body.contains("config")) refuse(ErrorKind::invalid, "config", "API", "is required");
  const EventConfig config = must(config_from_json(body["config"], "config"));
  // An organizer runs the event through their own login: an EO password is optional then.
  const std::string password =
      must(read_string(body, "password", "", organizer ? std::optional<std::string>("") : std::nullopt));
  if ((!organizer || !password.empty()) && password.size() < kMinEoPasswordLength)
    refuse(ErrorKind::invalid, "password", "EO password",
           "must be at least " + std::to_string(kMinEoPasswordLength) + " characters");
  const std::string id =
      must(app::choose_event_id(must(read_string(body, "id", "", "")), config.name,
                                [&](const std::string& x) { return c.app.hubs().taken(x); }));
  // Hashed before the event exists: the slow part must not sit between storing the event and
  // storing its password, where a crash would leave an event its creator cannot log in to.
  std::optional<PasswordHash> hash;
  if (!password.empty()) hash = c.app.credentials().hash_eo_password(password);
  auto hub = must(c.app.hubs().create(id, config));
  if (hash) c.app.credentials().set_eo_password_hash(id, *hash);
  if (organizer) c.app.accounts().event_created(organizer->player, id);
  return json_response(http::status::created, json{{"id", hub->id()}}, c.req);
}

Response eo_login(Call& c) {
  Attempt per_event(c.app.player_limiter(), credential_key(c, "eo:" + c.hub->id())),
      per_address(c.app.address_limiter(), client_key(c, "event:" + c.hub->id()));
  const json body = json_body(c);
  const std::string password = must(read_string(body, "password", ""));
  if (!c.app.credentials().check_eo_password(c.hub->id(), password)) {
    per_event.failed();
    per_address.failed();
    refuse(ErrorKind::unauthorized, "password", "login", "wrong password");
  }
  per_event.succeeded();
  return logged_in(c, Role::eo, "");
}

Response player_login(Call& c) {
  const json body = json_body(c);
  const std::string player = must(read_string(body, "player", ""));
  Attempt per_player(c.app.player_limiter(), credential_key(c, "pin:" + c.hub->id() + "/" + player)),
      per_address(c.app.address_limiter(), client_key(c, "event:" + c.hub->id()));
  const std::string pin = must(read_string(body, "pin", ""));
  if (!c.hub->snapshot()->state->find_player(player))
    refuse(ErrorKind::not_found, "player", "registration", "no player '" + player + "'");
  const auto stored = c.app.credentials().pin(c.hub->id(), player);
  if (!stored || !constant_time_equal(pin, *stored)) {
    per_player.failed();
    per_address.failed();
    refuse(ErrorKind::unauthorized, "pin", "login", "wrong PIN (ask the EO for your slip)");
  }
  per_player.succeeded();
  return logged_in(c, Role::player, player);
}

// A judge the EO made (issue 11 point 3): a name and a PIN, like a player's slip; clocks only.
Response judge_login(Call& c) {
  const json body = json_body(c);
  must(check_keys(body, {"name", "pin"}, ""));
  const std::string name = must(read_string(body, "name", ""));
  Attempt per_judge(c.app.player_limiter(), credential_key(c, "judge:" + c.hub->id() + "/" + name)),
      per_address(c.app.address_limiter(), client_key(c, "event:" + c.hub->id()));
  const std::string pin = must(read_string(body, "pin", ""));
  const auto stored = c.app.credentials().pin(c.hub->id(), judge_credential(name));
  if (!stored || !constant_time_equal(pin, *stored)) {
    per_judge.failed();
    per_address.failed();
    refuse(ErrorKind::unauthorized, "pin", "login", "wrong name or PIN (ask the EO)");
  }
  per_judge.succeeded();
  return logged_in(c, Role::judge, name);
}

Response logout(Call& c) {
  const std::string token = cookie_value(c.req[http::field::cookie], "gauntlet_session");
  if (const auto login = c.app.sessions().find(token)) {
    if (!constant_time_equal(c.req["X-CSRF-Token"], login->csrf))
      refuse(ErrorKind::forbidden, "X-CSRF-Token", "CSRF", "missing or wrong X-CSRF-Token header");
    c.app.sessions().erase(token);
  }
  Response r = json_response(http::status::ok, json::object(), c.req);
  r.set(http::field::set_cookie, "gauntlet_session=" + cookie_attributes(c) + "; Max-Age=0");
  return r;
}

Response who_am_i(Call& c) {
  // The cookie is HttpOnly, so a reloaded page asks here for its role and CSRF token. Other
  // sites cannot read this answer (same-origin policy; no CORS headers are ever sent).
  const auto login = session_of(c);  // an organizer: the role held at this event
  if (!login || login->event_id != c.hub->id())
    return json_response(http::status::ok, json{{"role", nullptr}}, c.req);
  json j{{"role", to_string(login->role)}, {"csrf", login->csrf}};
  if (login->role == Role::player) j["player"] = login->player;
  if (login->role == Role::judge) j["judge"] = login->player;
  if (!login->organizer.empty()) j["organizer"] = login->organizer;
  return json_response(http::status::ok, j, c.req);
}

}  // namespace gauntlet::server
