// server_live_bench PORT [SOCKETS]: opens SOCKETS WebSockets (default 500) on event "bench",
// logs in as its EO ("bench-password"), publishes the next round (propose + pair-round) and
// checks that every socket receives {"type":"changed","kind":"pair-round"}. Exit 0 only if all did.
// Prints connection time and the time from publishing until the last socket heard of it.
#include <boost/asio/connect.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Http {
  unsigned short port;
  std::string cookie, csrf;
  nlohmann::json post(asio::io_context& ioc, const std::string& target, const nlohmann::json& body) {
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> req{http::verb::post, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    if (!cookie.empty()) req.set(http::field::cookie, cookie);
    if (!csrf.empty()) req.set("X-CSRF-Token", csrf);
    req.body() = body.dump();
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buf;
    http::response<http::string_body> res;
    http::read(stream, buf, res);
    if (res.result_int() != 200) {
      std::fprintf(stderr, "%s -> %u %s\n", target.c_str(), res.result_int(), res.body().c_str());
      std::exit(1);
    }
    const std::string set(res[http::field::set_cookie]);
    if (!set.empty()) cookie = set.substr(0, set.find(';'));
    return nlohmann::json::parse(res.body());
  }
};

double ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: server_live_bench PORT [SOCKETS]\n");
    return 2;
  }
  const auto port = static_cast<unsigned short>(std::stoi(argv[1]));
  const int count = argc > 2 ? std::stoi(argv[2]) : 500;
  asio::io_context ioc;
  std::vector<std::unique_ptr<websocket::stream<beast::tcp_stream>>> sockets;
  const auto t0 = Clock::now();
  for (int i = 0; i < count; ++i) {
    auto ws = std::make_unique<websocket::stream<beast::tcp_stream>>(ioc);
    beast::get_lowest_layer(*ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    ws->handshake("127.0.0.1", "/api/events/bench/live");
    beast::flat_buffer hello;
    ws->read(hello);
    sockets.push_back(std::move(ws));
  }
  const auto connected = Clock::now();
  std::printf("%d sockets open (each got hello) in %.1f ms\n", count, ms(connected - t0));

  Http api{port, "", ""};
  api.csrf = api.post(ioc, "/api/events/bench/login", {{"password", "bench-password"}})["csrf"];
  const nlohmann::json proposal =
      api.post(ioc, "/api/events/bench/pairing/propose", nlohmann::json::object());
  const auto published_at = Clock::now();
  const nlohmann::json published =
      api.post(ioc, "/api/events/bench/commands",
               {{"type", "pair-round"}, {"tables", proposal["tables"]}, {"bye", proposal["bye"]}});
  const auto acked = Clock::now();
  int received = 0;
  for (auto& ws : sockets) {
    beast::flat_buffer buf;
    ws->read(buf);
    const auto msg = nlohmann::json::parse(beast::buffers_to_string(buf.data()));
    if (msg["type"] == "changed" && msg["kind"] == "pair-round" && msg["seq"] == published["seq"]) ++received;
  }
  const auto all = Clock::now();
  std::printf(
      "published round %d (seq %lld): HTTP answer after %.1f ms; %d/%d sockets received the change, "
      "the last within %.1f ms of publishing\n",
      proposal["round"].get<int>(), published["seq"].get<long long>(), ms(acked - published_at), received,
      count, ms(all - published_at));
  for (auto& ws : sockets) {
    beast::error_code ec;
    ws->close(websocket::close_code::normal, ec);
  }
  return received == count ? 0 : 1;
}
