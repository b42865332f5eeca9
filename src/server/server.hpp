// gauntlet serve: HTTP/1.1 + WebSocket on Boost.Beast, a small thread pool, the App behind it.
//
//   Server server({.app = {.db = "gauntlet.db"}, .address = "127.0.0.1", .port = 0});
//   server.start();                       // binds (port 0: an ephemeral port) and runs
//   std::cout << server.port();
//   server.wait_for_signal();             // SIGINT/SIGTERM -> clean stop
//
// Every connection lives on its own strand; requests of one connection are answered in order
// (keep-alive), a WebSocket upgrade of /api/events/{id}/live hands the socket to LiveSocket.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <thread>
#include <vector>

#include "server/app.hpp"

namespace gauntlet::server {

struct ServerOptions {
  AppOptions app;
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  int threads = 2;
  std::size_t body_limit = 256 * 1024;  // the largest legitimate body is a CSV-sized command
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();  // stops and joins
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  void start();
  unsigned short port() const { return port_; }
  App& app() { return app_; }
  // Blocks until SIGINT or SIGTERM, then stops.
  void wait_for_signal();
  void stop();

 private:
  void accept();
  void tick_clocks();

  ServerOptions options_;
  App app_;
  // Destroyed before app_ (reverse declaration order): pending handlers referencing the App go first.
  asio::io_context ioc_;
  asio::ip::tcp::acceptor acceptor_;
  asio::steady_timer clock_timer_;  // records flags and expected ends as they come (App::record_due_clocks)
  std::vector<std::thread> threads_;
  unsigned short port_ = 0;
};

}  // namespace gauntlet::server
