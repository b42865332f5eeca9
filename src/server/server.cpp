#include "server/server.hpp"

#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>

#include "server/http_session.hpp"

namespace gauntlet::server {

Server::Server(ServerOptions options)
    : options_(std::move(options)),
      app_(options_.app),
      ioc_(options_.threads),
      acceptor_(asio::make_strand(ioc_)),
      clock_timer_(asio::make_strand(ioc_)) {}

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
  for (int i = 0; i < options_.threads; ++i) threads_.emplace_back([this] { ioc_.run(); });
}

void Server::accept() {
  acceptor_.async_accept(asio::make_strand(ioc_), [this](beast::error_code ec, asio::ip::tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) {
      socket.set_option(asio::ip::tcp::no_delay(true), ec);
      std::make_shared<HttpSession>(std::move(socket), app_, options_.body_limit)->run();
    }
    // Out of file descriptors etc.: keep accepting; the next accept may succeed.
    accept();
  });
}

// A clock runs out or a round's expected end comes whether or not anyone taps: the server looks
// four times a second (a flag is recorded at the instant it fell, whenever it is noticed; after a
// restart, the first look records what fell while the server was down).
void Server::tick_clocks() {
  app_.record_due_clocks();
  clock_timer_.expires_after(std::chrono::milliseconds(250));
  clock_timer_.async_wait([this](beast::error_code ec) {
    if (!ec) tick_clocks();
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
  asio::post(acceptor_.get_executor(), [this] {
    beast::error_code ec;
    acceptor_.close(ec);
  });
  asio::post(clock_timer_.get_executor(), [this] { clock_timer_.cancel(); });
  ioc_.stop();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
}

}  // namespace gauntlet::server
