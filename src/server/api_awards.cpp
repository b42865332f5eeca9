// Awards and blind votes (issue 14 point 2): the awards as each audience sees them, a player's
// entry and photo, the vote on a player's phone, and the EO's count. Defining, opening, deciding
// and revealing are EO commands (POST .../commands: define-award, open-vote, decide-award, ...).
#include "app/awards.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"
#include "server/api.hpp"
#include "server/ballots.hpp"
#include "server/crypto.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

// The login of this event, if any: the awards are public, a login only shows more.
std::optional<Login> login_if_any(const Call& c) {
  std::optional<Login> login = session_of(c);
  if (login && login->event_id != c.hub->id()) return std::nullopt;
  return login;
}

app::AwardsAudience audience_of(const std::optional<Login>& login) {
  if (!login) return app::AwardsAudience::everyone();
  if (login->role == Role::eo) return app::AwardsAudience::organizer();
  if (login->role == Role::player) return app::AwardsAudience::as_player(login->player);
  return app::AwardsAudience::everyone();
}

// The bytes must be what the type says (JPEG, PNG or WebP signatures), so nothing else is served
// back under an image's name.
bool looks_like(const std::string& type, const std::string& b) {
  if (type == "image/jpeg") return b.size() > 3 && b.compare(0, 3, "\xFF\xD8\xFF") == 0;
  if (type == "image/png") return b.size() > 8 && b.compare(0, 8, "\x89PNG\r\n\x1A\n") == 0;
  return b.size() > 12 && b.compare(0, 4, "RIFF") == 0 && b.compare(8, 4, "WEBP") == 0;
}

constexpr std::size_t kPhotoLimit = 240 * 1024;  // under the server's body limit; phones shrink first

}  // namespace

Response get_awards(Call& c) {
  const auto snap = c.hub->snapshot();
  return json_response(http::status::ok, app::awards_json(*snap->state, audience_of(login_if_any(c))), c.req);
}

// {"choice": player id}: the logged-in player's secret vote on the open ballot.
Response post_vote(Call& c) {
  const Login login = require_player(c);
  const json body = json_body(c);
  must(check_keys(body, {"choice"}, ""));
  const std::string choice = must(read_string(body, "choice", ""));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    answer = accepted_json(must(cast_vote(s, c.app.award_store(), c.parts[4], login.player, choice)));
  });
  return json_response(http::status::ok, answer, c.req);
}

// The EO closes the open ballot: the ballot box counts the sealed votes and forgets its key.
Response post_close_vote(Call& c) {
  require_eo(c);
  json answer;
  c.hub->sequenced(
      [&](EventSession& s) { answer = accepted_json(must(close_vote(s, c.app.award_store(), c.parts[4]))); });
  return json_response(http::status::ok, answer, c.req);
}

// {"title"?, "photo"?, "withdraw"?, "player"? (EO only)}: an entry for the award, the player's own.
Response post_entry(Call& c) {
  const Login login = require_login(c);
  if (login.role == Role::judge)
    refuse(ErrorKind::forbidden, "session", "role", "a judge runs the tables' clocks only");
  json body = json_body(c);
  must(check_keys(body, {"title", "photo", "withdraw", "player"}, ""));
  if (login.role == Role::player) body["player"] = login.player;  // the use case checks it too
  body["type"] = "enter-award";
  body["award"] = c.parts[4];
  Command command = must(command_from_json(body));
  json answer;
  c.hub->sequenced([&](EventSession& s) {
    answer = accepted_json(must(app::execute(s, std::move(command), caller_of(login))));
  });
  return json_response(http::status::ok, answer, c.req);
}

// The image itself (Content-Type image/jpeg, image/png or image/webp): stored beside the journal,
// named by its SHA-256, which an entry then carries.
Response post_photo(Call& c) {
  const Login login = require_login(c);
  if (login.role == Role::judge)
    refuse(ErrorKind::forbidden, "session", "role", "a judge runs the tables' clocks only");
  const std::string type(c.req[http::field::content_type]);
  if (type != "image/jpeg" && type != "image/png" && type != "image/webp")
    refuse(ErrorKind::invalid, "Content-Type", "API", "a photo is image/jpeg, image/png or image/webp");
  const std::string& bytes = c.req.body();
  if (bytes.empty()) refuse(ErrorKind::invalid, "body", "API", "the photo is empty");
  if (bytes.size() > kPhotoLimit)
    refuse(ErrorKind::invalid, "body", "API",
           "a photo is at most 240 KB (the page shrinks it before sending)");
  if (!looks_like(type, bytes)) refuse(ErrorKind::invalid, "body", "API", "is not a " + type + " picture");
  const AwardStore::PhotoQuota& quota = c.app.photo_quota();
  const std::string uploader = login.role == Role::player ? "player:" + login.player : "eo";
  const AwardStore::PutPhoto put = c.app.award_store().put_photo(c.hub->id(), uploader, type, bytes, quota);
  // 409: the state of the event, not the request, stands in the way (waiting does not help).
  if (put.refused == AwardStore::PhotoRefusal::uploader_full)
    refuse(ErrorKind::conflict, "photo", "photo quota",
           "you have uploaded " + std::to_string(quota.per_uploader) +
               " photos at this event, the most one player may: enter one of them, or ask the EO to take "
               "the photo");
  if (put.refused == AwardStore::PhotoRefusal::event_full)
    refuse(ErrorKind::conflict, "photo", "photo quota",
           "this event holds " + std::to_string(quota.per_event) + " photos, the most one event may");
  return json_response(http::status::ok, json{{"photo", put.hash}}, c.req);
}

Response get_photo(Call& c) {
  const auto photo = c.app.award_store().photo(c.hub->id(), c.parts[4]);
  if (!photo) refuse(ErrorKind::not_found, "photo", "awards", "no such photo in this event");
  Response r = file_response(photo->type, make_body(photo->bytes), c.req);
  // Named by its content: it never changes.
  r.set(http::field::cache_control, "public, max-age=31536000, immutable");
  return r;
}

}  // namespace gauntlet::server
