#include "server/live.hpp"

#include <boost/asio/post.hpp>

#include "server/event_hub.hpp"

namespace gauntlet::server {

namespace websocket = beast::websocket;

void LiveChannel::join(const std::shared_ptr<LiveSocket>& socket) {
  std::lock_guard lock(mutex_);
  // Forget closed sockets before growing, so the list tracks the open ones.
  if (sockets_.size() >= 64 && sockets_.size() == sockets_.capacity())
    std::erase_if(sockets_, [](const auto& w) { return w.expired(); });
  sockets_.push_back(socket);
}

void LiveChannel::broadcast(const Body& message) {
  std::vector<std::shared_ptr<LiveSocket>> open;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(sockets_, [](const auto& w) { return w.expired(); });
    for (const auto& w : sockets_)
      if (auto s = w.lock()) open.push_back(std::move(s));
  }
  for (const auto& s : open) s->send(message);
}

std::size_t LiveChannel::size() {
  std::lock_guard lock(mutex_);
  std::erase_if(sockets_, [](const auto& w) { return w.expired(); });
  return sockets_.size();
}

LiveSocket::LiveSocket(asio::ip::tcp::socket&& socket, std::shared_ptr<EventHub> hub)
    : ws_(std::move(socket)), hub_(std::move(hub)) {}

void LiveSocket::start(Request upgrade) {
  beast::get_lowest_layer(ws_).expires_never();
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.keep_alive_pings = true;  // detects phones that vanished without closing
  ws_.set_option(timeouts);
  ws_.read_message_max(4096);  // clients have nothing to say beyond pings
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "gauntlet"); }));
  auto req = std::make_shared<Request>(std::move(upgrade));
  ws_.async_accept(*req, [self = shared_from_this(), req](beast::error_code ec) { self->on_accept(ec); });
}

void LiveSocket::on_accept(beast::error_code ec) {
  if (ec) return;
  hub_->live().join(shared_from_this());
  const auto snap = hub_->snapshot();
  queue_.push_back(make_body(nlohmann::json{{"type", "hello"}, {"seq", snap->seq}}.dump()));
  write_next();
  read();
}

void LiveSocket::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      self->closed_ = true;
      self->queue_.clear();
      return;
    }
    self->buffer_.consume(self->buffer_.size());
    self->read();
  });
}

void LiveSocket::send(Body message) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), message = std::move(message)]() mutable {
    if (self->closed_) return;
    if (self->queue_.size() >= kMaxQueue) {
      self->closed_ = true;
      beast::get_lowest_layer(self->ws_).close();
      return;
    }
    self->queue_.push_back(std::move(message));
    if (self->queue_.size() == 1) self->write_next();
  });
}

void LiveSocket::write_next() {
  if (queue_.empty() || closed_) return;
  ws_.text(true);
  ws_.async_write(asio::buffer(*queue_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    if (ec) {
                      self->closed_ = true;
                      self->queue_.clear();
                      return;
                    }
                    self->queue_.pop_front();
                    self->write_next();
                  });
}

}  // namespace gauntlet::server
