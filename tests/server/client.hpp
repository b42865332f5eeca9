// A small blocking HTTP/WebSocket client for the server tests, and a fixture that runs a real
// server on an ephemeral loopback port over a fresh database.
//
//   ServerTest: server().port(), admin_key(), create_event("spring"), login_eo("spring")
//   Client eo(port);  Reply r = eo.post("/api/events/spring/commands", {{"type", "add-player"}, ...});
//   r.status == 200; r.json["seq"]
//
// The client keeps the session cookie and, once logged in, sends X-CSRF-Token like the web UI.
#pragma once

#include <gtest/gtest.h>

#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "server/server.hpp"
#include "support/test_database.hpp"

namespace gauntlet::server::test {

// A game's result as the API takes it: {"outcome": "win"|..., "cp": .., "ap": ..}.
inline nlohmann::json result(const char* outcome, int cp, int ap) {
  return {{"outcome", outcome}, {"cp", cp}, {"ap", ap}};
}

struct Reply {
  int status = 0;
  nlohmann::json json;  // null when the body is not JSON
  std::string body;
  http::response<http::string_body> raw;
  std::string header(std::string_view name) const { return std::string(raw[name]); }
};

class Client {
 public:
  explicit Client(unsigned short port) : port_(port) {}
  Reply get(const std::string& target);
  Reply post(const std::string& target, const nlohmann::json& body);
  // Full control: method, raw body, content type, extra headers; no automatic CSRF header.
  Reply send(http::verb method, const std::string& target, const std::string& body,
             const std::vector<std::pair<std::string, std::string>>& headers, bool csrf = true);

  std::string cookie;  // "gauntlet_session=..." once logged in
  std::string csrf;
  std::string bearer;  // admin key for POST /api/events

 private:
  unsigned short port_;
};

// One connection written and read by hand: requests exactly as given (HTTP/1.0, two on one
// connection, repeated header lines), responses read one at a time.
class RawConnection {
 public:
  explicit RawConnection(unsigned short port);
  ~RawConnection();
  void write(std::string_view bytes);
  // The next response; `head`: the answer to a HEAD, headers only whatever its Content-Length.
  http::response<http::string_body> read(bool head = false);
  // True when the server closes the connection within `wait` (nothing more to read).
  bool closed_by_server(std::chrono::seconds wait = std::chrono::seconds(5));

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A WebSocket connected to /api/events/{id}/live.
class LiveClient {
 public:
  LiveClient(unsigned short port, const std::string& event_id);
  ~LiveClient();
  nlohmann::json next();  // blocks for the next message

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  unsigned short port() const { return server_->port(); }
  Server& server() { return *server_; }
  // A started server on `db` (a second one on the test's database, or the same database through
  // another path), with the fast password hashing every test server uses; `public_url` as
  // `gauntlet serve --public-url` gives it.
  // `trusted_proxies` as `--trusted-proxy` gives them.
  static std::unique_ptr<Server> start_server(const std::string& db, const std::string& public_url = "",
                                              const std::vector<std::string>& trusted_proxies = {});
  // The same with options of the test's own (a small quota); the hashing and port as above.
  static std::unique_ptr<Server> start_server(ServerOptions options);
  // POST /api/events with the admin key; the EO password is "eo-secret-<id>".
  void create_event(const std::string& id, const std::string& name = "Spring Open");
  Client login_eo(const std::string& id);
  Client login_player(const std::string& event_id, const std::string& player, const std::string& pin);
  // Adds a checked-in player as the EO; returns {id, pin}.
  std::pair<std::string, std::string> add_player(Client& eo, const std::string& event_id,
                                                 const std::string& name, const std::string& contact = "");
  std::int64_t journal_length(const std::string& event_id);

  std::unique_ptr<testing::TestDatabase> database_;  // a SQLite file, or PostgreSQL under "pg:" tests
  std::string db_;                                   // its path or URL
  std::string admin_key_;
  std::unique_ptr<Server> server_;
};

}  // namespace gauntlet::server::test
