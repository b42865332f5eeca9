#include "server/http.hpp"

namespace gauntlet::server {

namespace {

Response base(http::status status, Body body, const Request& req) {
  return make_response(status, std::move(body), req.version(), req.keep_alive());
}

}  // namespace

Response make_response(http::status status, Body body, unsigned version, bool keep_alive) {
  Response r{status, version};
  r.set(http::field::server, "gauntlet");
  r.set("X-Content-Type-Options", "nosniff");
  r.set("Referrer-Policy", "no-referrer");
  r.body() = std::move(body);
  r.keep_alive(keep_alive);
  r.prepare_payload();
  return r;
}

Response json_response(http::status status, Body body, const Request& req) {
  Response r = base(status, std::move(body), req);
  r.set(http::field::content_type, "application/json; charset=utf-8");
  r.set(http::field::cache_control, "no-store");
  return r;
}

Response json_response(http::status status, const nlohmann::json& j, const Request& req) {
  // `replace` so a stray invalid UTF-8 byte in a name can never make the server throw mid-answer.
  return json_response(status, make_body(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)),
                       req);
}

http::status status_for(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::invalid:
      return http::status::bad_request;
    case ErrorKind::not_found:
      return http::status::not_found;
    case ErrorKind::forbidden:
      return http::status::forbidden;
    case ErrorKind::unauthorized:
      return http::status::unauthorized;
    case ErrorKind::conflict:
      return http::status::conflict;
    // The event's state does not allow it yet (RFC 9110 409: "conflict with the current state").
    case ErrorKind::precondition:
      return http::status::conflict;
    case ErrorKind::rate_limited:
      return http::status::too_many_requests;
    case ErrorKind::storage:
      return http::status::internal_server_error;
    // Nothing was written and a retry may succeed (RFC 9110 §15.6.4), with Retry-After.
    case ErrorKind::unavailable:
      return http::status::service_unavailable;
  }
  return http::status::bad_request;
}

Response error_response(const ApiError& e, const Request& req) {
  nlohmann::json j{{"error",
                    {{"field", e.error.field},
                     {"rule", e.error.rule},
                     {"message", e.error.message},
                     {"kind", to_string(e.error.kind)}}}};
  if (!e.details.is_null()) j["error"].update(e.details);
  Response r = json_response(e.status(), j, req);
  if (e.retry_after > 0) r.set(http::field::retry_after, std::to_string(e.retry_after));
  // A disk filling or a database restarting takes seconds to minutes: a phone's retry in a few
  // seconds is cheap and soon succeeds.
  else if (e.error.kind == ErrorKind::unavailable)
    r.set(http::field::retry_after, std::to_string(kUnavailableRetryAfter));
  return r;
}

Response file_response(std::string_view content_type, Body body, const Request& req) {
  Response r = base(http::status::ok, std::move(body), req);
  r.set(http::field::content_type, content_type);
  r.set(http::field::cache_control, "no-cache");
  set_page_headers(r);
  return r;
}

void set_page_headers(Response& r) {
  // blob: images: a phone's photo is read from the file input and shrunk on a canvas before upload.
  r.set("Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src "
        "'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  r.set("X-Frame-Options", "DENY");
}

}  // namespace gauntlet::server
