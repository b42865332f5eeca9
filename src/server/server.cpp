#include "server/server.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>

#include "server/http_session.hpp"

namespace gauntlet::server {

namespace {

std::vector<std::unique_ptr<asio::io_context>> make_loops(int threads) {
  std::vector<std::unique_ptr<asio::io_context>> loops;
  // Concurrency hint 1: one thread runs each loop, so asio skips waking other threads.
  for (int i = 0; i < std::max(threads, 1); ++i) loops.push_back(std::make_unique<asio::io_context>(1));
  return loops;
}

}  // namespace

Server::Server(ServerOptions options)
    : options_(std::move(options)),
      app_(options_.app),
      loops_(make_loops(options_.threads)),
      acceptor_(asio::make_strand(*loops_[0])),
      clock_timer_(asio::make_strand(*loops_[0])),
      workers_(static_cast<std::size_t>(std::max(options_.workers, 1))) {}

Server::~Server() {
  stop();
}

void Server::start() {
  const asio::ip::tcp::endpoint endpoint{asio::ip::make_address(options_.address), options_.port};
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
  app_.set_listening(options_.address, port_);
  accept();
  tick_clocks();
  for (const auto& loop : loops_) {
    // Loops without a connection yet must not return from run().
    keep_running_.push_back(asio::make_work_guard(*loop));
    threads_.emplace_back([&loop = *loop] { loop.run(); });
  }
}

void Server::accept() {
  asio::io_context& loop = *loops_[next_loop_++ % loops_.size()];
  acceptor_.async_accept(asio::make_strand(loop), [this](beast::error_code ec, asio::ip::tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) {
      socket.set_option(asio::ip::tcp::no_delay(true), ec);
      std::make_shared<HttpSession>(std::move(socket), app_, options_.body_limit, workers_.get_executor())
          ->run();
    }
    // Out of file descriptors etc.: keep accepting; the next accept may succeed.
    accept();
  });
}

// A clock runs out or a round's expected end comes whether or not anyone taps: the server looks
// four times a second (a flag is recorded at the instant it fell, whenever it is noticed; after a
// restart, the first look records what fell while the server was down).
// Recording journals (an fsync): done on the worker pool, the timer re-armed on its own strand.
void Server::tick_clocks() {
  app_.record_due_clocks();
  asio::post(clock_timer_.get_executor(), [this] {
    clock_timer_.expires_after(std::chrono::milliseconds(250));
    clock_timer_.async_wait([this](beast::error_code ec) {
      if (!ec) asio::post(workers_, [this] { tick_clocks(); });
    });
  });
}

void Server::wait_for_signal() {
  asio::io_context signals_ioc;
  asio::signal_set signals(signals_ioc, SIGINT, SIGTERM);
  signals.async_wait([](beast::error_code, int) {});
  signals_ioc.run();
  stop();
}

void Server::stop() {
  if (threads_.empty()) return;
  // The workers first: a request running there finishes (its answer is posted to a loop still
  // running); one still queued is dropped with its connection.
  workers_.stop();
  workers_.join();
  asio::post(acceptor_.get_executor(), [this] {
    beast::error_code ec;
    acceptor_.close(ec);
  });
  asio::post(clock_timer_.get_executor(), [this] { clock_timer_.cancel(); });
  keep_running_.clear();
  for (const auto& loop : loops_) loop->stop();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
}

}  // namespace gauntlet::server
