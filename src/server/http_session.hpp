// One HTTP/1.1 connection: read a request (size-limited), answer it, repeat while keep-alive;
// hand the socket over to LiveSocket on a WebSocket upgrade. A prebuilt answer (a cached public
// read) is written as its bytes with one write, no serializer.
//
// A request App::handle_quick cannot answer at once is handled on `workers` (it may block: a
// command's fsync, a PDF) and its answer written back on the connection's own loop.
//
//   std::make_shared<HttpSession>(std::move(socket), app, body_limit, pool.get_executor())->run();
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>
#include <memory>
#include <optional>

#include "server/app.hpp"

namespace gauntlet::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(asio::ip::tcp::socket&& socket, App& app, std::size_t body_limit,
              asio::thread_pool::executor_type workers);
  void run();

 private:
  void read();
  void on_read(beast::error_code ec);
  void send(Answer answer);
  void send_response(Response response);
  void send_prebuilt(Prebuilt prebuilt);
  std::size_t send_file();
  void close();

  beast::tcp_stream stream_;
  App& app_;
  std::size_t body_limit_;
  asio::thread_pool::executor_type workers_;
  std::string client_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Response response_;
  Prebuilt prebuilt_;  // held until written
};

}  // namespace gauntlet::server
