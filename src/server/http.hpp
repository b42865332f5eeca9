// HTTP vocabulary of the server: the request and response types, and the helpers every handler
// uses to answer with JSON, so headers and error shapes are decided in one place.
//
//   Response r = json_response(http::status::ok, {{"id", "spring-open"}}, req);
//   return error_response(http::status::bad_request, {"table", "results", "is required"}, req);
//
// Response bodies are shared, immutable strings: a cached public JSON (pairings, standings) is
// sent to thousands of readers without a copy per request.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

#include "core/error.hpp"

namespace gauntlet::server {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace asio = boost::asio;

// A Beast body whose value is a shared immutable string (serialisation only: responses).
struct SharedBody {
  using value_type = std::shared_ptr<const std::string>;
  static std::uint64_t size(const value_type& v) { return v ? v->size() : 0; }

  class writer {
   public:
    using const_buffers_type = asio::const_buffer;
    template <bool isRequest, class Fields>
    writer(const http::header<isRequest, Fields>&, const value_type& body) : body_(body) {}
    void init(beast::error_code& ec) { ec = {}; }
    boost::optional<std::pair<const_buffers_type, bool>> get(beast::error_code& ec) {
      ec = {};
      if (!body_ || body_->empty()) return boost::none;
      return std::make_pair(const_buffers_type(body_->data(), body_->size()), false);
    }

   private:
    const value_type& body_;
  };
};

using Request = http::request<http::string_body>;
using Response = http::response<SharedBody>;
using Body = std::shared_ptr<const std::string>;

inline Body make_body(std::string s) {
  return std::make_shared<const std::string>(std::move(s));
}

// A whole response serialised ahead of time (status line, headers, body), written as it is on
// an HTTP/1.1 keep-alive connection: no header building, no serializer per request.
struct Prebuilt {
  std::shared_ptr<const void> owner;  // keeps `bytes` (and `file`) alive while they are written
  std::string_view bytes;
  // A file whose first bytes.size() bytes are `bytes` (a memfd), or -1: a large answer goes out
  // with sendfile(2), the kernel taking its pages without a copy from user memory (as nginx does).
  int file = -1;
};

// What a handler answers: a response for Beast to serialise, or prebuilt bytes (cached answers).
using Answer = std::variant<Response, Prebuilt>;

// The one mapping from an error's kind to its HTTP status (docs/api.md "Errors").
http::status status_for(ErrorKind kind);

// A refusal carried out of a handler: the Error the API documents, its status from its kind.
// Seconds a 503 (ErrorKind::unavailable) asks the client to wait before sending the request again.
constexpr int kUnavailableRetryAfter = 5;

struct ApiError {
  Error error;
  int retry_after = 0;  // seconds, sent as Retry-After with a 429
  // Only for what HTTP itself refuses (405 wrong method, 413 body too large): no use case has a kind for it.
  std::optional<http::status> protocol = std::nullopt;
  nlohmann::json details = nullptr;  // more keys inside "error", e.g. the pairing findings behind a refusal
  http::status status() const { return protocol ? *protocol : status_for(error.kind); }
};

// The headers every answer carries (Server, nosniff, Referrer-Policy), the body and its length;
// HTTP/1.1 keep-alive needs no Connection header.
Response make_response(http::status status, Body body, unsigned version, bool keep_alive);

// Headers every API answer carries: JSON, never cached (answers depend on the session and
// change with every journal entry), never sniffed.
Response json_response(http::status status, Body body, const Request& req);
Response json_response(http::status status, const nlohmann::json& j, const Request& req);
Response error_response(const ApiError& e, const Request& req);
inline ApiError api_error(ErrorKind kind, std::string field, std::string rule, std::string message) {
  return ApiError{Error{std::move(field), std::move(rule), std::move(message), kind}};
}
// Static pages and scripts: strict CSP (no inline script, nothing from other origins).
Response file_response(std::string_view content_type, Body body, const Request& req);
// file_response's page headers: the CSP and no framing.
void set_page_headers(Response& r);

}  // namespace gauntlet::server
