#include "server/http_session.hpp"

#include <sys/sendfile.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/websocket.hpp>
#include <cerrno>
#include <chrono>

#include "server/live.hpp"

namespace gauntlet::server {

namespace {
constexpr auto kIdle = std::chrono::seconds(30);  // a keep-alive connection idle this long is closed
// The request line and headers: a browser's are under 2 KB; a URL or cookie beyond this is no client's.
constexpr std::size_t kHeaderLimit = 16 * 1024;
}  // namespace

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, App& app, std::size_t body_limit,
                         asio::thread_pool::executor_type workers)
    : stream_(std::move(socket)), app_(app), body_limit_(body_limit), workers_(std::move(workers)) {
  beast::error_code ec;
  const auto peer = stream_.socket().remote_endpoint(ec);
  client_ = ec ? "unknown" : peer.address().to_string();
}

void HttpSession::run() {
  asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
}

void HttpSession::read() {
  parser_.emplace();
  parser_->body_limit(body_limit_);
  parser_->header_limit(kHeaderLimit);
  stream_.expires_after(kIdle);
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void HttpSession::on_read(beast::error_code ec) {
  if (ec == http::error::body_limit || ec == http::error::header_limit) {
    Request stub;
    stub.version(11);
    stub.keep_alive(false);
    // RFC 6585: 431 for a request line and headers over the limit, 413 for the body.
    const bool head = ec == http::error::header_limit;
    ApiError too_large = head ? api_error(ErrorKind::invalid, "headers", "HTTP",
                                          "the request line and headers are larger than " +
                                              std::to_string(kHeaderLimit) + " bytes")
                              : api_error(ErrorKind::invalid, "body", "HTTP",
                                          "larger than " + std::to_string(body_limit_) + " bytes");
    too_large.protocol =
        head ? http::status::request_header_fields_too_large : http::status::payload_too_large;
    send_response(error_response(too_large, stub));
    return;
  }
  if (ec) return close();  // end of stream, timeout, reset: nothing to answer
  if (beast::websocket::is_upgrade(parser_->get())) {
    if (auto hub = app_.live_target(parser_->get())) {
      stream_.expires_never();
      std::make_shared<LiveSocket>(stream_.release_socket(), std::move(hub))->start(parser_->release());
      return;
    }
  }
  if (auto quick = app_.handle_quick(parser_->get(), client_)) return send(std::move(*quick));
  // The request and this session stay untouched until the answer is sent: the worker reads them.
  asio::post(workers_, [self = shared_from_this()] {
    Answer answer = self->app_.handle(self->parser_->get(), self->client_);
    asio::post(self->stream_.get_executor(),
               [self, answer = std::move(answer)]() mutable { self->send(std::move(answer)); });
  });
}

void HttpSession::send(Answer answer) {
  if (auto* prebuilt = std::get_if<Prebuilt>(&answer)) return send_prebuilt(std::move(*prebuilt));
  send_response(std::move(std::get<Response>(answer)));
}

// Only ever an HTTP/1.1 keep-alive answer (answer_from decides): the connection stays open.
void HttpSession::send_prebuilt(Prebuilt prebuilt) {
  prebuilt_ = std::move(prebuilt);
  stream_.expires_after(kIdle);
  std::size_t sent = 0;
  if (prebuilt_.file >= 0) sent = send_file();
  const std::string_view rest = prebuilt_.bytes.substr(sent);
  asio::async_write(stream_, asio::buffer(rest.data(), rest.size()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      self->prebuilt_ = {};
                      if (ec) return self->close();
                      self->read();
                    });
}

// As much of the answer as the socket takes now, by sendfile(2) from the answer's memfd; the
// rest (when the socket is full, or sendfile fails) is written from memory with the usual timeout.
std::size_t HttpSession::send_file() {
  auto& socket = stream_.socket();
  beast::error_code ec;
  if (!socket.native_non_blocking()) socket.native_non_blocking(true, ec);
  if (ec) return 0;
  std::size_t sent = 0;
  while (sent < prebuilt_.bytes.size()) {
    off_t offset = static_cast<off_t>(sent);
    const ssize_t n =
        ::sendfile(socket.native_handle(), prebuilt_.file, &offset, prebuilt_.bytes.size() - sent);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;  // EAGAIN (the socket is full) or an error the write from memory will report
    }
  }
  return sent;
}

void HttpSession::send_response(Response response) {
  response_ = std::move(response);
  stream_.expires_after(kIdle);
  http::async_write(stream_, response_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec || !self->response_.keep_alive()) return self->close();
    self->read();
  });
}

void HttpSession::close() {
  beast::error_code ec;
  stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace gauntlet::server
