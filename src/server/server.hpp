// gauntlet serve: HTTP/1.1 + WebSocket on Boost.Beast, a small thread pool, the App behind it.
//
//   Server server({.app = {.db = "gauntlet.db"}, .address = "127.0.0.1", .port = 0});
//   server.start();                       // binds (port 0: an ephemeral port) and runs
//   std::cout << server.port();
//   server.wait_for_signal();             // SIGINT/SIGTERM -> clean stop
//
// Every connection lives on its own strand; requests of one connection are answered in order
// (keep-alive), a WebSocket upgrade of /api/events/{id}/live hands the socket to LiveSocket.
// Each I/O thread runs an event loop of its own (as nginx runs one per worker) and connections
// are dealt to the loops in turn. A loop only ever does quick work: reading, writing, and answers
// App::handle_quick gives at once (cached reads, pages, refusals). Anything that may block — a
// command's fsync, a PDF, a pairing proposal, the clock's look at due flags — runs on a separate
// worker pool, so one slow request never holds up the other connections of its loop.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <memory>
#include <thread>
#include <vector>

#include "server/app.hpp"

namespace gauntlet::server {

struct ServerOptions {
  AppOptions app;
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  int threads = 2;  // I/O threads, one event loop each
  // Threads for requests that may block. Commands wait on fsync, not on the CPU, and a group commit
  // (EventHub::execute) holds only as many as wait at once: 4 made a burst of 1 024 reports queue.
  int workers = 64;
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
  std::vector<std::unique_ptr<asio::io_context>> loops_;  // one per thread; [0] accepts and ticks
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> keep_running_;
  std::size_t next_loop_ = 0;  // the loop the next connection goes to (used on the acceptor's strand)
  asio::ip::tcp::acceptor acceptor_;
  asio::steady_timer clock_timer_;  // records flags and expected ends as they come (App::record_due_clocks)
  std::vector<std::thread> threads_;
  // Declared after the loops, so destroyed before them: a request still queued here holds its
  // connection, whose socket belongs to a loop.
  asio::thread_pool workers_;
  unsigned short port_ = 0;
};

}  // namespace gauntlet::server
