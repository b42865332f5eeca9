// Internal to the server module: the request being served and the helpers the route handlers
// share (authentication, body parsing). Handlers refuse by throwing ApiError; App::handle turns
// it into the documented JSON error.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/execute.hpp"
#include "server/app.hpp"

namespace gauntlet::server {

struct Call {
  App& app;
  const Request& req;
  std::string client;                        // peer address
  std::vector<std::string> parts;            // decoded path segments: {"api", "events", "x"}
  std::map<std::string, std::string> query;  // decoded
  std::shared_ptr<EventHub> hub;             // the event of /api/events/{id}/..., when it exists
  bool quick_only = false;                   // App::handle_quick: stop before a handler that may block
  bool admin_key_checked = false;            // require_admin_key passed once: not checked (or counted) again
};

[[noreturn]] void refuse(ErrorKind kind, std::string field, std::string rule, std::string message);
// 405: the path exists, the method does not (HTTP's own refusal; no use case has a kind for it).
[[noreturn]] void refuse_method(std::string message);
// A Result's error, its HTTP status from its kind (status_for in http.cpp; nothing written).
template <class T>
T must(Result<T> r) {
  if (!r) throw ApiError{std::move(r).error()};
  return std::move(*r);
}
inline void must(Result<void> r) {
  if (!r) throw ApiError{std::move(r).error()};
}

// The JSON object in the body (Content-Type application/json), else 400 naming "body".
nlohmann::json json_body(const Call& c);
// The logged-in session of this event: 401 when absent, 403 for another event or role, and on
// POST 403 without the matching X-CSRF-Token header.
// The session the request's cookie names, of any event; nullopt without one (or expired).
std::optional<Login> session_of(const Call& c);
Login require_login(const Call& c);  // any role
Login require_eo(const Call& c);
Login require_player(const Call& c);
Login require_judge(const Call& c);
// An organizer account's session (issue 15 point 3), of no event; on POST with its X-CSRF-Token.
Login require_organizer(const Call& c);
// The server's admin key in `Authorization: Bearer`; 401 without it (not counted: no guess) or with
// a wrong one (counted by the address limiter).
void require_admin_key(Call& c);
// One login attempt, counted by `limiter` under `key` before the credential is checked (429
// naming the wait when over the limit, and then nothing is checked). Unless failed() or
// succeeded(), the attempt is given back when it ends: a refusal that was no guess (a bad body,
// an unknown player) costs nothing.
//   Attempt per_pin(c.app.player_limiter(), credential_key(c, "pin:" + event + "/" + player)),
//       per_client(c.app.address_limiter(), client_key(c, "event:" + event));
//   if (!right) { per_pin.failed(); per_client.failed(); refuse(...); }
//   per_pin.succeeded();   // forgets the key's failures; the client's attempt is given back
class Attempt {
 public:
  Attempt(RateLimiter& limiter, std::string key);
  Attempt(const Attempt&) = delete;
  Attempt& operator=(const Attempt&) = delete;
  ~Attempt();
  void failed() { settled_ = true; }  // a wrong credential: it stays counted
  void succeeded();

 private:
  RateLimiter& limiter_;
  std::string key_;
  bool settled_ = false;
};
// An EO password: at least this long (the create form, the owner's eo-password route).
inline constexpr std::size_t kMinEoPasswordLength = 8;
// The keys a login attempt is counted under (docs/security.md, "Limits"): the credential as tried
// from this client, and this client's attempts at `realm` ("event:<id>", "organizers"). Another
// client's failures never count against either.
std::string credential_key(const Call& c, const std::string& credential);
std::string client_key(const Call& c, const std::string& realm);
// The Set-Cookie value of a new login session (Secure when the server is reached over https).
std::string session_cookie(const Call& c, const std::string& token);
// HEAD is GET without the body (RFC 9110 §9.3.2): it finds the GET routes.
http::verb routed_method(const Request& req);
// The use cases' caller for a login: the EO, a judge by name, or a player by id.
app::Caller caller_of(const Login& login);
// The answer to an accepted command: its sequence number and the command as journaled — but for
// a vote, never what was chosen (the seal stays in the journal).
nlohmann::json accepted_json(const app::Accepted& a);

// The page a phone opens: the event's player page, or one player's own (never with the PIN).
std::string player_page(const Call& c, const std::string& player);

// Route handlers, one file per audience. The hot public reads answer from a CachedAnswer
// (ETag, 304, gzip and brotli, prebuilt bytes): they return an Answer.
Answer get_editions(Call& c);
Answer get_event(Call& c);
Answer get_pairings(Call& c);
Answer get_standings(Call& c);
Response list_events(Call& c);
Response create_event(Call& c);
Response get_player(Call& c);
Response get_join(Call& c);
Response get_qr(Call& c);
Response get_export_csv(Call& c);    // api_export.cpp
Response get_scenario_svg(Call& c);  // api_tabletop.cpp
Response post_adjudicate(Call& c);
Response post_rules_timing(Call& c);  // api_public.cpp
Response post_list_import(Call& c);
Response get_player_lists(Call& c);  // api_lists.cpp
Response post_army_points(Call& c);
Response post_event_adjudicate(Call& c);
Response get_event_adjudicate(Call& c);
Response post_terrain(Call& c);
Response get_print(Call& c);  // api_print.cpp
Response post_terrain_check(Call& c);
Response eo_login(Call& c);
Response player_login(Call& c);
Response logout(Call& c);
Response who_am_i(Call& c);
Response post_command(Call& c);
Response propose_pairing(Call& c);
Response preview_result(Call& c);
Response check_pairing_edit(Call& c);
Response get_undo(Call& c);
Response get_next_scenario(Call& c);
Response post_undo(Call& c);
Response post_drop(Call& c);
Response post_rounds(Call& c);
Response import_players(Call& c);
Response get_journal(Call& c);
Response get_pins(Call& c);
Response get_export(Call& c);
Response get_admin(Call& c);
Response player_report(Call& c);
Response player_confirm(Call& c);
Response judge_login(Call& c);
Response post_clock(Call& c);
Response get_clocks(Call& c);
Response post_judge(Call& c);
Response get_judges(Call& c);
Response get_awards(Call& c);  // api_awards.cpp
Response post_vote(Call& c);
Response post_close_vote(Call& c);
Response post_entry(Call& c);
Response post_photo(Call& c);
Response get_photo(Call& c);
Response post_organizer(Call& c);  // api_accounts.cpp
Response get_organizers(Call& c);
Response post_organizer_change(Call& c);
Response get_audit(Call& c);
Response organizer_login(Call& c);
Response get_organizer_self(Call& c);
Response get_event_roles(Call& c);
Response post_event_role(Call& c);
Response post_publish(Call& c);
Response post_eo_password(Call& c);

}  // namespace gauntlet::server
