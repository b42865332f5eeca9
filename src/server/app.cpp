// Routing: path -> handler, and the shared checks (auth, CSRF, body) every handler relies on.
#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <variant>

#include "app/clock.hpp"
#include "app/json.hpp"
#include "app/table_clock.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"
#include "server/api.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server {

namespace {

// A handler builds its response, or (the hot public reads) answers from a CachedAnswer.
using Handler = std::variant<Response (*)(Call&), Answer (*)(Call&)>;

struct Route {
  http::verb method;
  std::vector<std::string_view> pattern;  // "*" matches one segment
  Handler handler;
  // Changes state: an Idempotency-Key header makes a repeat return the first answer.
  bool once = false;
};

const std::vector<Route>& routes() {
  using V = http::verb;
  static const std::vector<Route> table = {
      {V::get, {"api", "editions"}, get_editions},
      {V::get, {"api", "editions", "*", "scenarios", "*"}, get_scenario_svg},
      {V::post, {"api", "adjudicate"}, post_adjudicate},
      {V::post, {"api", "rules", "timing"}, post_rules_timing},
      {V::post, {"api", "terrain"}, post_terrain},
      {V::post, {"api", "terrain", "check"}, post_terrain_check},
      {V::get, {"api", "organizers"}, get_organizers},
      {V::post, {"api", "organizers"}, post_organizer, true},
      {V::post, {"api", "organizers", "*"}, post_organizer_change, true},
      {V::get, {"api", "audit"}, get_audit},
      {V::get, {"api", "organizer"}, get_organizer_self},
      {V::post, {"api", "organizer", "login"}, organizer_login},
      {V::post, {"api", "organizer", "logout"}, logout},  // the session the cookie names, of any kind
      {V::get, {"api", "events"}, list_events},
      {V::post, {"api", "events"}, create_event, true},
      {V::get, {"api", "events", "*"}, get_event},
      {V::get, {"api", "events", "*", "pairings"}, get_pairings},
      {V::get, {"api", "events", "*", "standings"}, get_standings},
      {V::get, {"api", "events", "*", "players", "*"}, get_player},
      {V::get, {"api", "events", "*", "players", "*", "lists"}, get_player_lists},
      {V::post, {"api", "events", "*", "army-points"}, post_army_points},
      {V::get, {"api", "events", "*", "join"}, get_join},
      {V::get, {"api", "events", "*", "qr.svg"}, get_qr},
      {V::post, {"api", "events", "*", "login"}, eo_login},
      {V::post, {"api", "events", "*", "player-login"}, player_login},
      {V::post, {"api", "events", "*", "logout"}, logout},
      {V::get, {"api", "events", "*", "session"}, who_am_i},
      {V::post, {"api", "events", "*", "commands"}, post_command, true},
      {V::post, {"api", "events", "*", "pairing", "propose"}, propose_pairing},
      {V::post, {"api", "events", "*", "pairing", "check"}, check_pairing_edit},
      {V::post, {"api", "events", "*", "result", "preview"}, preview_result},
      {V::post, {"api", "events", "*", "adjudicate"}, post_event_adjudicate},
      {V::get, {"api", "events", "*", "adjudicate"}, get_event_adjudicate},
      {V::get, {"api", "events", "*", "undo"}, get_undo},
      {V::get, {"api", "events", "*", "scenario", "next"}, get_next_scenario},
      {V::post, {"api", "events", "*", "undo"}, post_undo, true},
      {V::post, {"api", "events", "*", "drop"}, post_drop, true},
      {V::post, {"api", "events", "*", "rounds"}, post_rounds, true},
      {V::post, {"api", "events", "*", "players", "import"}, import_players, true},
      {V::post, {"api", "events", "*", "lists", "import"}, post_list_import, true},
      {V::get, {"api", "events", "*", "journal"}, get_journal},
      {V::get, {"api", "events", "*", "pins"}, get_pins},
      {V::get, {"api", "events", "*", "export"}, get_export},
      {V::get, {"api", "events", "*", "export", "*"}, get_export_csv},
      {V::get, {"api", "events", "*", "print", "*"}, get_print},
      {V::get, {"api", "events", "*", "admin"}, get_admin},
      {V::post, {"api", "events", "*", "report"}, player_report, true},
      {V::post, {"api", "events", "*", "confirm"}, player_confirm, true},
      {V::post, {"api", "events", "*", "judge-login"}, judge_login},
      {V::post, {"api", "events", "*", "clock"}, post_clock, true},
      {V::get, {"api", "events", "*", "clocks"}, get_clocks},
      {V::post, {"api", "events", "*", "judges"}, post_judge, true},
      {V::get, {"api", "events", "*", "judges"}, get_judges},
      {V::get, {"api", "events", "*", "awards"}, get_awards},
      {V::post, {"api", "events", "*", "awards", "*", "vote"}, post_vote, true},
      {V::post, {"api", "events", "*", "awards", "*", "close"}, post_close_vote, true},
      {V::post, {"api", "events", "*", "awards", "*", "entry"}, post_entry, true},
      {V::post, {"api", "events", "*", "photos"}, post_photo},
      {V::get, {"api", "events", "*", "photos", "*"}, get_photo},
      {V::get, {"api", "events", "*", "organizers"}, get_event_roles},
      {V::post, {"api", "events", "*", "organizers"}, post_event_role, true},
      {V::post, {"api", "events", "*", "publish"}, post_publish, true},
      {V::post, {"api", "events", "*", "eo-password"}, post_eo_password, true},
  };
  return table;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string decode(std::string_view s, bool plus_is_space) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += plus_is_space && s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

void split_target(std::string_view target, Call& c) {
  const auto q = target.find('?');
  std::string_view path = target.substr(0, q);
  if (q != std::string_view::npos) {
    std::string_view query = target.substr(q + 1);
    while (!query.empty()) {
      const auto amp = query.find('&');
      const std::string_view kv = query.substr(0, amp);
      const auto eq = kv.find('=');
      c.query[decode(kv.substr(0, eq), true)] =
          eq == std::string_view::npos ? "" : decode(kv.substr(eq + 1), true);
      query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    }
  }
  while (!path.empty()) {
    while (!path.empty() && path.front() == '/') path.remove_prefix(1);
    const auto slash = path.find('/');
    const std::string_view seg = path.substr(0, slash);
    if (!seg.empty()) c.parts.push_back(decode(seg, false));
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash);
  }
}

bool matches(const Route& r, const std::vector<std::string>& parts) {
  if (r.pattern.size() != parts.size()) return false;
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (r.pattern[i] != "*" && r.pattern[i] != parts[i]) return false;
  return true;
}

bool is_event_path(const std::vector<std::string>& parts) {
  return parts.size() >= 3 && parts[0] == "api" && parts[1] == "events";
}

// The handler's answer, a refusal turned into its documented JSON error.
template <class F>
auto answered(const Request& req, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const ApiError& e) {
    return error_response(e, req);
  } catch (const ErrorException& e) {  // ConflictError (kind conflict) too
    return error_response(ApiError{e.error}, req);
  } catch (const sqldb::Error& e) {
    // The server's records beside the journal (photos, ballot keys, accounts) reach sqldb directly.
    if (e.code != sqldb::Error::Code::unavailable)
      return error_response(api_error(ErrorKind::storage, "database", "", e.what()), req);
    return error_response(
        api_error(ErrorKind::unavailable, "database", "database unavailable",
                  std::string(e.what()) + ". Nothing of this was recorded: try again once the database can "
                                          "take writes again"),
        req);
  } catch (const std::exception& e) {
    return error_response(api_error(ErrorKind::storage, "server", "", e.what()), req);
  }
}

bool csrf_matches(const Call& c, const Login& login) {
  const std::string_view sent = c.req["X-CSRF-Token"];
  return !sent.empty() && constant_time_equal(sent, login.csrf);
}

// Whose request a key belongs to, once the caller is proven: a session (a digest of the cookie)
// that may act at the event, with its CSRF token; outside events, an organizer's session or the
// admin key (checked here, counted by its limiter, and not again by the handler). Nullopt for
// anyone else: nothing is stored for an anonymous request, whose handler refuses it anyway (5 000
// anonymous POSTs with fresh keys once left 5 000 rows).
std::optional<std::string> idempotency_scope(Call& c) {
  const std::string token = cookie_value(c.req[http::field::cookie], "gauntlet_session");
  const std::optional<Login> login = token.empty() ? std::nullopt : session_of(c);
  if (c.hub) {
    if (!login || login->role == Role::organizer || login->event_id != c.hub->id() ||
        !csrf_matches(c, *login))
      return std::nullopt;
    return "event:" + c.hub->id() + "|session:" + sha256_hex(token);
  }
  if (c.req[http::field::authorization].empty()) {
    if (!login || login->role != Role::organizer || !csrf_matches(c, *login)) return std::nullopt;
    return "organizer:" + login->player + "|session:" + sha256_hex(token);
  }
  require_admin_key(c);  // a wrong key is refused (401, 429) here, before anything is stored
  return "admin:" + sha256_hex(c.req[http::field::authorization]);
}

constexpr std::size_t kMaxIdempotencyKey = 255;

Response once(Call& c, Response (*handler)(Call&)) {
  const std::string key(c.req["Idempotency-Key"]);
  if (key.empty()) return handler(c);  // CLI scripts and curl: as without the header
  if (key.size() > kMaxIdempotencyKey)
    refuse(ErrorKind::invalid, "Idempotency-Key", "Idempotency-Key", "must be at most 255 characters");
  const std::optional<std::string> proven = idempotency_scope(c);
  if (!proven) return handler(c);  // refused by the handler (401, 403), nothing stored
  const std::string& scope = *proven;
  const std::string fingerprint = sha256_hex(std::string(c.req.method_string()) + " " +
                                             std::string(c.req.target()) + "\n" + c.req.body());
  const auto seen = c.app.idempotent().claim(scope, key, fingerprint);
  switch (seen.claim) {
    case IdempotentAnswers::Claim::mismatch: {
      // The draft's answer to a reused key: 422, naming the header.
      ApiError e = api_error(ErrorKind::invalid, "Idempotency-Key", "Idempotency-Key",
                             "this key was already used for a different request; send a new key");
      e.protocol = http::status::unprocessable_entity;
      throw e;
    }
    case IdempotentAnswers::Claim::busy:
      refuse(ErrorKind::conflict, "Idempotency-Key", "Idempotency-Key",
             "the first request with this key is still being processed, or was cut off by a server restart "
             "(forgotten after 5 minutes): reload to see whether it was recorded before sending it again");
    case IdempotentAnswers::Claim::replay: {
      Response r = json_response(static_cast<http::status>(seen.status), make_body(seen.body), c.req);
      r.set("Idempotent-Replayed", "true");
      return r;
    }
    case IdempotentAnswers::Claim::over_quota: {
      ApiError e = api_error(ErrorKind::rate_limited, "Idempotency-Key", "Idempotency-Key quota",
                             "this login already has " + std::to_string(c.app.idempotent().quota()) +
                                 " answers kept for repeated requests (each is kept 24 hours): send the "
                                 "request again without an Idempotency-Key, or log in again");
      e.retry_after = static_cast<int>(seen.retry_after);
      throw e;
    }
    case IdempotentAnswers::Claim::claimed:
      break;
  }
  Response r = answered(c.req, [&] { return handler(c); });
  // A server failure or a rate limit is not the request's answer: a retry may run it again.
  if (r.result_int() >= 500 || r.result() == http::status::too_many_requests)
    c.app.idempotent().release(scope, key);
  else
    c.app.idempotent().finish(scope, key, static_cast<int>(r.result_int()), r.body() ? *r.body() : "");
  return r;
}

// Thrown past answered() (it is no error) when a quick-only call reaches a handler that may block.
struct NotQuick {};

Answer run(Call& c, const Route& r) {
  if (const auto* cached = std::get_if<Answer (*)(Call&)>(&r.handler)) return (*cached)(c);
  if (c.quick_only) throw NotQuick{};
  const auto handler = std::get<Response (*)(Call&)>(r.handler);
  return r.once ? once(c, handler) : handler(c);
}

Answer dispatch(Call& c) {
  const auto& req = c.req;
  const bool api = !c.parts.empty() && c.parts[0] == "api";
  if (!api) {
    if (req.method() != http::verb::get && req.method() != http::verb::head)
      refuse_method("pages are read with GET");
    const std::string_view target = req.target();
    const StaticFile* f = c.app.files().find(target.substr(0, target.find('?')));
    if (!f)
      refuse(ErrorKind::not_found, "path", "HTTP",
             "no page " + std::string(target.substr(0, target.find('?'))));
    return answer_from(f->answer, req);
  }
  if (is_event_path(c.parts) && c.parts.size() == 4 && c.parts[3] == "live") {
    if (!c.app.hubs().find(c.parts[2]))
      refuse(ErrorKind::not_found, "event", "", "no event '" + c.parts[2] + "'");
    refuse(ErrorKind::invalid, "Upgrade", "HTTP", "/live is a WebSocket: connect with an Upgrade request");
  }
  bool path_known = false;
  for (const Route& r : routes()) {
    if (!matches(r, c.parts)) continue;
    path_known = true;
    if (r.method != routed_method(req)) continue;
    if (is_event_path(c.parts)) {
      c.hub = c.app.hubs().find(c.parts[2]);
      if (!c.hub) refuse(ErrorKind::not_found, "event", "", "no event '" + c.parts[2] + "'");
    }
    return run(c, r);
  }
  if (path_known) refuse_method(std::string(req.method_string()) + " is not allowed here");
  refuse(ErrorKind::not_found, "path", "HTTP", "no API route " + std::string(req.target()));
}

}  // namespace

void refuse(ErrorKind kind, std::string field, std::string rule, std::string message) {
  throw api_error(kind, std::move(field), std::move(rule), std::move(message));
}

void refuse_method(std::string message) {
  ApiError e = api_error(ErrorKind::invalid, "method", "HTTP", std::move(message));
  e.protocol = http::status::method_not_allowed;
  throw e;
}

nlohmann::json json_body(const Call& c) {
  const std::string_view type = c.req[http::field::content_type];
  // Requiring JSON also stops HTML forms of other sites from posting here (they cannot send it).
  if (type.substr(0, 16) != "application/json")
    refuse(ErrorKind::invalid, "Content-Type", "API", "must be application/json");
  // One reader for every body: duplicate keys, invisible characters and over-long text refused
  // (model/json_read.hpp read_json_text), as the CLI reads the JSON files it is given.
  nlohmann::json j = must(read_json_text(c.req.body(), "body"));
  if (!j.is_object()) refuse(ErrorKind::invalid, "body", "JSON", "must be a JSON object");
  return j;
}

http::verb routed_method(const Request& req) {
  return req.method() == http::verb::head ? http::verb::get : req.method();
}

namespace {

// An organizer account at an event acts as the role it holds there: the EO for the owner and the
// co-organizers, a judge (by login) for a judge. Without a role it stays an organizer login, of no
// event, which every event's checks refuse.
Login acting_at_event(const Call& c, Login login) {
  login.organizer = login.player;
  const std::optional<EventRole> role = c.app.accounts().role_on(c.hub->id(), login.organizer);
  if (!role) return login;
  login.event_id = c.hub->id();
  login.role = *role == EventRole::judge ? Role::judge : Role::eo;
  return login;
}

void require_csrf(const Call& c, const Login& login) {
  if (routed_method(c.req) == http::verb::get) return;
  const std::string_view sent = c.req["X-CSRF-Token"];
  if (sent.empty() || !constant_time_equal(sent, login.csrf))
    refuse(ErrorKind::forbidden, "X-CSRF-Token", "CSRF", "missing or wrong X-CSRF-Token header");
}

}  // namespace

std::optional<Login> session_of(const Call& c) {
  const std::string token = cookie_value(c.req[http::field::cookie], "gauntlet_session");
  if (token.empty()) return std::nullopt;
  std::optional<Login> login = c.app.sessions().find(token);
  if (login && login->role == Role::organizer && c.hub) return acting_at_event(c, std::move(*login));
  return login;
}

Login require_login(const Call& c) {
  std::optional<Login> login = session_of(c);
  if (!login) refuse(ErrorKind::unauthorized, "session", "login", "log in first");
  if (login->role == Role::organizer)
    refuse(ErrorKind::forbidden, "session", "event roles",
           "organizer '" + login->organizer + "' holds no role at event '" + c.hub->id() + "'");
  if (login->event_id != c.hub->id())
    refuse(ErrorKind::forbidden, "session", "login", "this login is for event '" + login->event_id + "'");
  require_csrf(c, *login);
  return *login;
}

Login require_organizer(const Call& c) {
  std::optional<Login> login = session_of(c);
  if (!login || login->role != Role::organizer)
    refuse(ErrorKind::unauthorized, "session", "organizer login", "log in as an organizer first");
  require_csrf(c, *login);
  return *login;
}

app::Caller caller_of(const Login& login) {
  if (login.role == Role::eo) return app::Caller::organizer();
  if (login.role == Role::judge) return app::Caller::as_judge(login.player);
  return app::Caller::as_player(login.player);
}

nlohmann::json accepted_json(const app::Accepted& a) {
  nlohmann::json j{{"seq", a.seq}, {"command", command_to_json(a.command)}};
  if (std::holds_alternative<CastVote>(a.command)) j["command"].erase("sealed");
  if (!a.findings.empty()) j["findings"] = app::findings_json(a.findings);  // to show the EO
  return j;
}

Login require_eo(const Call& c) {
  Login login = require_login(c);
  if (login.role != Role::eo) refuse(ErrorKind::forbidden, "session", "role", "only the EO may do this");
  return login;
}

void App::record_due_clocks() {
  const std::int64_t now = app::unix_millis();
  for (const auto& hub : hubs_.all()) {
    if (!hub->clocks_due(now)) continue;
    hub->sequenced([&](EventSession& s) {
      // Looked at again under the sequencer: a tap may have come in between.
      for (ClockAction due : app::due_clock_actions(s.state(), now)) {
        auto done = s.execute(due, app::now_utc());
        (void)done;  // refused only when a tap won the race: nothing is due any more
      }
    });
  }
}

Login require_judge(const Call& c) {
  Login login = require_login(c);
  if (login.role != Role::judge) refuse(ErrorKind::forbidden, "session", "role", "log in as a judge");
  return login;
}

Login require_player(const Call& c) {
  Login login = require_login(c);
  if (login.role != Role::player)
    refuse(ErrorKind::forbidden, "session", "role", "log in as a player (with your PIN) to report a result");
  return login;
}

namespace {

// Issue 15: several servers on one PostgreSQL database. Every append notifies "<event id> <seq>";
// this server brings its copy of the event up to that seq (EventHubs::follow), which publishes it to
// its own live sockets. After a reconnection (notifications may have been missed) every event is
// compared with the store. While PostgreSQL is away the loop tries again every half second.
void follow_journal(const std::string& db, EventHubs& hubs, std::stop_token stop) {
  std::unique_ptr<sqldb::Listener> listener = sqldb::listen(db, Store::kJournalChannel);
  std::mutex idle;
  std::condition_variable_any pause;
  while (!stop.stop_requested()) {
    try {
      sqldb::Heard heard = listener->wait(200);
      if (heard.resync) hubs.follow_all();
      for (const std::string& payload : heard.payloads) {
        const std::size_t space = payload.rfind(' ');
        if (space == std::string::npos) continue;
        hubs.follow(payload.substr(0, space), std::stoll(payload.substr(space + 1)));
      }
    } catch (const std::exception&) {
      std::unique_lock lock(idle);
      pause.wait_for(lock, stop, std::chrono::milliseconds(500), [] { return false; });
    }
  }
}

}  // namespace

App::App(AppOptions options)
    : options_(std::move(options)),
      hubs_(options_.db),
      credentials_(options_.db, options_.pbkdf2_iterations),
      accounts_(options_.db, options_.pbkdf2_iterations),
      award_store_(options_.db),
      sessions_(options_.db),
      idempotent_(options_.db, std::chrono::hours(24), options_.idempotency_quota),
      anonymous_work_(options_.anonymous),
      per_player_(options_.db, "player", options_.per_player),
      per_address_(options_.db, "address", options_.per_address) {
  if (sqldb::is_postgresql_url(options_.db))
    follower_ = std::jthread([this](std::stop_token stop) { follow_journal(options_.db, hubs_, stop); });
}

namespace {

Answer handle_call(Call& c) {
  Answer a = answered(c.req, [&] {
    // RFC 9112 §3.2: an HTTP/1.1 request without a Host header, or with two, is answered 400.
    if (c.req.version() >= 11 && c.req.count(http::field::host) != 1)
      refuse(ErrorKind::invalid, "Host", "HTTP/1.1 (RFC 9112 \u00a73.2)",
             "an HTTP/1.1 request must carry exactly one Host header");
    split_target(c.req.target(), c);
    return dispatch(c);
  });
  // HEAD: the GET's headers, Content-Length included, and no body (prebuilt answers cut their own).
  if (auto* r = std::get_if<Response>(&a); r && c.req.method() == http::verb::head) r->body() = nullptr;
  return a;
}

}  // namespace

std::string App::client_of(const Request& req, const std::string& peer) const {
  if (std::find(options_.trusted_proxies.begin(), options_.trusted_proxies.end(), peer) ==
      options_.trusted_proxies.end())
    return peer;
  // The proxy appends the address it saw to what the client sent (nginx $proxy_add_x_forwarded_for):
  // only the last entry of the last header line is the proxy's word.
  std::string_view forwarded;
  for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) forwarded = it->value();
  if (const auto comma = forwarded.rfind(','); comma != std::string_view::npos)
    forwarded.remove_prefix(comma + 1);
  while (!forwarded.empty() && forwarded.front() == ' ') forwarded.remove_prefix(1);
  while (!forwarded.empty() && forwarded.back() == ' ') forwarded.remove_suffix(1);
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(forwarded, ec);
  if (ec) return peer;  // no header, or not an address: the proxy's own request
  return address.to_string();
}

Answer App::handle(const Request& req, const std::string& client_address) {
  Call c{*this, req, client_of(req, client_address), {}, {}, nullptr};
  return handle_call(c);
}

// `gauntlet serve` takes only a lowercase http:// or https:// --public-url.
bool App::secure_cookies() const {
  return options_.public_url.rfind("https://", 0) == 0;
}

std::optional<Answer> App::handle_quick(const Request& req, const std::string& client_address) {
  Call c{*this, req, client_of(req, client_address), {}, {}, nullptr, true};
  try {
    return handle_call(c);
  } catch (const NotQuick&) {
    return std::nullopt;
  }
}

std::shared_ptr<EventHub> App::live_target(const Request& req) {
  if (!beast::websocket::is_upgrade(req)) return nullptr;
  Call c{*this, req, "", {}, {}, nullptr};
  split_target(req.target(), c);
  if (!is_event_path(c.parts) || c.parts.size() != 4 || c.parts[3] != "live") return nullptr;
  return hubs_.find(c.parts[2]);
}

}  // namespace gauntlet::server
