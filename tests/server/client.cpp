#include "client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>

namespace gauntlet::server::test {

constexpr int kFastHash = 1000;  // PBKDF2 strength is not under test; login speed is

namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

Reply Client::get(const std::string& target) {
  return send(http::verb::get, target, "", {});
}

Reply Client::post(const std::string& target, const nlohmann::json& body) {
  return send(http::verb::post, target, body.dump(), {{"Content-Type", "application/json"}});
}

Reply Client::send(http::verb method, const std::string& target, const std::string& body,
                   const std::vector<std::pair<std::string, std::string>>& headers, bool use_csrf) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
  http::request<http::string_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!cookie.empty()) req.set(http::field::cookie, cookie);
  if (use_csrf && !csrf.empty()) req.set("X-CSRF-Token", csrf);
  if (!bearer.empty()) req.set(http::field::authorization, "Bearer " + bearer);
  for (const auto& [k, v] : headers) req.set(k, v);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  parser.skip(method == http::verb::head);  // the answer to a HEAD has headers only
  http::read(stream, buffer, parser);
  Reply r;
  r.raw = parser.release();
  r.status = static_cast<int>(r.raw.result_int());
  r.body = r.raw.body();
  r.json = nlohmann::json::parse(r.body, nullptr, false);
  if (r.json.is_discarded()) r.json = nullptr;
  const std::string set_cookie(r.raw[http::field::set_cookie]);
  if (set_cookie.rfind("gauntlet_session=", 0) == 0) cookie = set_cookie.substr(0, set_cookie.find(';'));
  if (r.status == 200 && r.json.is_object() && r.json.contains("csrf")) csrf = r.json["csrf"];
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return r;
}

struct RawConnection::Impl {
  asio::io_context ioc;
  beast::tcp_stream stream{ioc};
  beast::flat_buffer buffer;  // what was read past one response belongs to the next
};

RawConnection::RawConnection(unsigned short port) : impl_(std::make_unique<Impl>()) {
  impl_->stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
}

RawConnection::~RawConnection() {
  beast::error_code ec;
  impl_->stream.socket().shutdown(tcp::socket::shutdown_both, ec);
}

void RawConnection::write(std::string_view bytes) {
  asio::write(impl_->stream, asio::buffer(bytes.data(), bytes.size()));
}

http::response<http::string_body> RawConnection::read(bool head) {
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  parser.skip(head);
  http::read(impl_->stream, impl_->buffer, parser);
  return parser.release();
}

bool RawConnection::closed_by_server(std::chrono::seconds wait) {
  if (impl_->buffer.size() > 0) return false;  // bytes of another response are waiting
  char byte = 0;
  beast::error_code result = asio::error::timed_out;
  impl_->stream.expires_after(wait);
  impl_->stream.async_read_some(asio::buffer(&byte, 1),
                                [&](beast::error_code ec, std::size_t) { result = ec; });
  impl_->ioc.restart();
  impl_->ioc.run();
  return result == asio::error::eof;
}

struct LiveClient::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
};

LiveClient::LiveClient(unsigned short port, const std::string& event_id) : impl_(std::make_unique<Impl>()) {
  beast::get_lowest_layer(impl_->ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  impl_->ws.handshake("127.0.0.1", "/api/events/" + event_id + "/live");
}

LiveClient::~LiveClient() {
  beast::error_code ec;
  impl_->ws.close(websocket::close_code::normal, ec);
}

nlohmann::json LiveClient::next() {
  beast::flat_buffer buffer;
  impl_->ws.read(buffer);
  return nlohmann::json::parse(beast::buffers_to_string(buffer.data()));
}

void ServerTest::SetUp() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  database_ = std::make_unique<testing::TestDatabase>(std::string("server_") + info->test_suite_name() + "_" +
                                                      info->name());
  db_ = database_->target();
  {
    Credentials creds(db_, kFastHash);
    admin_key_ = *creds.ensure_admin_key();
  }
  server_ = start_server(db_);
}

std::unique_ptr<Server> ServerTest::start_server(const std::string& db, const std::string& public_url,
                                                 const std::vector<std::string>& trusted_proxies) {
  ServerOptions o;
  o.app.db = db;
  o.app.public_url = public_url;
  o.app.trusted_proxies = trusted_proxies;
  return start_server(std::move(o));
}

std::unique_ptr<Server> ServerTest::start_server(ServerOptions o) {
  o.app.pbkdf2_iterations = kFastHash;
  o.port = 0;
  auto server = std::make_unique<Server>(o);
  server->start();
  return server;
}

void ServerTest::TearDown() {
  server_.reset();
  database_.reset();
}

void ServerTest::create_event(const std::string& id, const std::string& name) {
  Client admin(port());
  admin.bearer = admin_key_;
  const Reply r =
      admin.post("/api/events", {{"id", id},
                                 {"config", {{"name", name}, {"edition", "SR2017"}, {"points", 75}}},
                                 {"password", "eo-secret-" + id}});
  ASSERT_EQ(r.status, 201) << r.body;
  ASSERT_EQ(r.json["id"], id);
}

Client ServerTest::login_eo(const std::string& id) {
  Client eo(port());
  const Reply r = eo.post("/api/events/" + id + "/login", {{"password", "eo-secret-" + id}});
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["role"], "eo");
  return eo;
}

Client ServerTest::login_player(const std::string& event_id, const std::string& player,
                                const std::string& pin) {
  Client c(port());
  const Reply r = c.post("/api/events/" + event_id + "/player-login", {{"player", player}, {"pin", pin}});
  EXPECT_EQ(r.status, 200) << r.body;
  return c;
}

std::pair<std::string, std::string> ServerTest::add_player(Client& eo, const std::string& event_id,
                                                           const std::string& name,
                                                           const std::string& contact) {
  nlohmann::json player{{"name", name}, {"faction", "Cygnar"}};
  if (!contact.empty()) player["contact"] = contact;
  const Reply r =
      eo.post("/api/events/" + event_id + "/commands", {{"type", "add-player"}, {"player", player}});
  EXPECT_EQ(r.status, 200) << r.body;
  const std::string id = r.json["command"]["player"]["id"];
  const std::string pin = r.json["pin"];
  const Reply in = eo.post("/api/events/" + event_id + "/commands",
                           {{"type", "set-player-status"}, {"id", id}, {"status", "checked-in"}});
  EXPECT_EQ(in.status, 200) << in.body;
  return {id, pin};
}

std::int64_t ServerTest::journal_length(const std::string& event_id) {
  return server().app().hubs().find(event_id)->snapshot()->seq;
}

}  // namespace gauntlet::server::test
