// Live updates: WebSocket clients of one event and the fan-out that tells them the journal moved.
//
//   LiveChannel channel;                                   // one per event (EventHub)
//   std::make_shared<LiveSocket>(std::move(socket), hub)->start(std::move(upgrade_request));
//   channel.broadcast(make_body(R"({"type":"changed","seq":9,"kind":"pair-round","round":2})"));
//
// The message is built once and shared by every socket. Each socket writes on its own strand
// with its own queue; a reader too slow to drain kMaxQueue messages is dropped (it reconnects
// and refetches), so one stalled phone cannot make the server buffer without bound.
#pragma once

#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "server/http.hpp"

namespace gauntlet::server {

class EventHub;
class LiveSocket;

class LiveChannel {
 public:
  void join(const std::shared_ptr<LiveSocket>& socket);
  void broadcast(const Body& message);
  std::size_t size();

 private:
  std::mutex mutex_;
  std::vector<std::weak_ptr<LiveSocket>> sockets_;
};

class LiveSocket : public std::enable_shared_from_this<LiveSocket> {
 public:
  static constexpr std::size_t kMaxQueue = 64;
  LiveSocket(asio::ip::tcp::socket&& socket, std::shared_ptr<EventHub> hub);
  void start(Request upgrade);
  // Thread-safe.
  void send(Body message);

 private:
  void on_accept(beast::error_code ec);
  void read();
  void write_next();

  beast::websocket::stream<beast::tcp_stream> ws_;
  std::shared_ptr<EventHub> hub_;
  beast::flat_buffer buffer_;
  std::deque<Body> queue_;  // only touched on the socket's strand
  bool closed_ = false;
};

}  // namespace gauntlet::server
