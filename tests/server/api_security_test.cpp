// Refusals: bad input names the field; unauthorised writes are 401/403 and change nothing;
// CSRF; PIN brute force; hostile names stay inert JSON strings; contacts stay private.
#include <functional>
#include <latch>
#include <map>
#include <thread>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;

class SecurityTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    create_event("ev");
    eo_ = std::make_unique<Client>(login_eo("ev"));
    for (int i = 1; i <= 4; ++i)
      players_.push_back(
          add_player(*eo_, "ev", "P" + std::to_string(i), "p" + std::to_string(i) + "@example.com"));
    const Reply proposal = eo_->post("/api/events/ev/pairing/propose", json::object());
    ASSERT_EQ(
        eo_->post("/api/events/ev/commands", {{"type", "pair-round"}, {"tables", proposal.json["tables"]}})
            .status,
        200);
    tables_ = Client(port()).get("/api/events/ev/pairings").json["tables"];
  }
  std::string pin_of(const std::string& id) {
    for (auto& [pid, pin] : players_)
      if (pid == id) return pin;
    return "";
  }
  std::unique_ptr<Client> eo_;
  std::vector<std::pair<std::string, std::string>> players_;
  json tables_;
};

TEST_F(SecurityTest, BadRequestsNameTheField) {
  const std::int64_t before = journal_length("ev");
  Reply r =
      eo_->post("/api/events/ev/commands", {{"type", "add-player"}, {"player", {{"faction", "Cygnar"}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.json["error"]["field"].get<std::string>().find("name"), std::string::npos) << r.body;
  EXPECT_FALSE(r.json["error"]["message"].get<std::string>().empty());

  r = eo_->post("/api/events/ev/commands", {{"type", "launch-missiles"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"]["field"], "type");

  r = eo_->send(http::verb::post, "/api/events/ev/commands", "{not json",
                {{"Content-Type", "application/json"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"]["field"], "body");

  r = eo_->send(http::verb::post, "/api/events/ev/commands", R"({"type":"close-round"})",
                {{"Content-Type", "text/plain"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"]["field"], "Content-Type");

  r = eo_->post("/api/events/ev/commands", {{"type", "close-round"}});  // results missing
  EXPECT_EQ(r.status, 400);
  EXPECT_FALSE(r.json["error"]["field"].get<std::string>().empty()) << r.body;

  r = eo_->get("/api/events/ev/pairings?round=x");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"]["field"], "round");

  const std::string huge(300 * 1024, 'x');
  r = eo_->send(http::verb::post, "/api/events/ev/commands", huge, {{"Content-Type", "application/json"}});
  EXPECT_EQ(r.status, 413);
  EXPECT_EQ(journal_length("ev"), before);
}

TEST_F(SecurityTest, UnauthorisedWritesChangeNothing) {
  const std::int64_t before = journal_length("ev");
  const json add{{"type", "add-player"}, {"player", {{"name", "Mallory"}, {"faction", "Cryx"}}}};

  Client anonymous(port());
  Reply r = anonymous.post("/api/events/ev/commands", add);
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.json["error"]["field"], "session");
  EXPECT_EQ(anonymous.post("/api/events/ev/undo", json::object()).status, 401);
  EXPECT_EQ(anonymous.get("/api/events/ev/pins").status, 401);
  EXPECT_EQ(anonymous.get("/api/events/ev/admin").status, 401);
  EXPECT_EQ(anonymous.post("/api/events/ev/report", {{"table", 1}}).status, 401);

  Client wrong(port());
  EXPECT_EQ(wrong.post("/api/events/ev/login", {{"password", "guess-guess"}}).status, 401);
  EXPECT_EQ(wrong.post("/api/events/ev/commands", add).status, 401);

  // A player may not act as the EO, nor report another table.
  const std::string me = tables_[0]["players"][0]["id"];
  Client player = login_player("ev", me, pin_of(me));
  EXPECT_EQ(player.post("/api/events/ev/commands", add).status, 403);
  EXPECT_EQ(player.get("/api/events/ev/pins").status, 403);
  r = player.post(
      "/api/events/ev/report",
      {{"table", 2},
       {"results",
        {{{"outcome", "win"}, {"cp", 5}, {"ap", 10}}, {{"outcome", "loss"}, {"cp", 0}, {"ap", 0}}}},
       {"victory", "scenario"}});
  EXPECT_EQ(r.status, 403) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "round 1, table 2");
  EXPECT_EQ(r.json["error"]["kind"], "forbidden");
  // Nor claim to be someone else.
  r = player.post("/api/events/ev/report", {{"table", 1}, {"reporter", "p4"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"]["field"], "reporter");

  // The EO of another event is a stranger here.
  create_event("other");
  Client other_eo = login_eo("other");
  EXPECT_EQ(other_eo.post("/api/events/ev/commands", add).status, 403);

  // No admin key, or a wrong one: no event.
  Client admin(port());
  json create{{"config", {{"name", "X"}, {"edition", "SR2017"}, {"points", 75}}},
              {"password", "long-enough"}};
  EXPECT_EQ(admin.post("/api/events", create).status, 401);
  admin.bearer = "not-the-key";
  EXPECT_EQ(admin.post("/api/events", create).status, 401);

  EXPECT_EQ(journal_length("ev"), before);
  EXPECT_EQ(Client(port()).get("/api/events").json["events"].size(), 2u);
}

TEST_F(SecurityTest, StateChangesNeedTheCsrfToken) {
  const std::int64_t before = journal_length("ev");
  const json add{{"type", "add-player"}, {"player", {{"name", "Mallory"}, {"faction", "Cryx"}}}};
  Reply r = eo_->send(http::verb::post, "/api/events/ev/commands", add.dump(),
                      {{"Content-Type", "application/json"}}, false);
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.json["error"]["field"], "X-CSRF-Token");
  r = eo_->send(http::verb::post, "/api/events/ev/commands", add.dump(),
                {{"Content-Type", "application/json"}, {"X-CSRF-Token", std::string(32, '0')}}, false);
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(journal_length("ev"), before);
  // Reads need no token.
  EXPECT_EQ(eo_->send(http::verb::get, "/api/events/ev/admin", "", {}, false).status, 200);
  // The session endpoint hands the token back to a reloaded page.
  EXPECT_EQ(eo_->get("/api/events/ev/session").json["csrf"], eo_->csrf);
}

TEST_F(SecurityTest, PinGuessingIsRateLimited) {
  const std::string victim = players_[0].first;
  Client attacker(port());
  for (int i = 0; i < 5; ++i) {
    const Reply r = attacker.post("/api/events/ev/player-login",
                                  {{"player", victim}, {"pin", "00000" + std::to_string(i)}});
    EXPECT_EQ(r.status, pin_of(victim) == "00000" + std::to_string(i) ? 200 : 401);
  }
  // Locked now, even for the right PIN.
  const Reply locked =
      attacker.post("/api/events/ev/player-login", {{"player", victim}, {"pin", pin_of(victim)}});
  EXPECT_EQ(locked.status, 429);
  EXPECT_FALSE(locked.header("Retry-After").empty());
  EXPECT_EQ(locked.json["error"]["field"], "pin");

  // Spreading the guesses over players hits the per-address limit (20 failures).
  int limited = 0;
  for (int round = 0; round < 6 && !limited; ++round)
    for (std::size_t p = 1; p < players_.size(); ++p) {
      const Reply r =
          attacker.post("/api/events/ev/player-login",
                        {{"player", players_[p].first}, {"pin", "99999" + std::to_string(round)}});
      if (r.status == 429) ++limited;
    }
  EXPECT_GT(limited, 0);
}

TEST_F(SecurityTest, HostileNamesAreInertJson) {
  const std::vector<std::string> names = {"<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>",
                                          "Robert'); DROP TABLE journal;--",
                                          "\\\"\u2028\u2029 \xF0\x9F\x8E\xB2"};
  std::vector<std::string> ids;
  for (const std::string& n : names) ids.push_back(add_player(*eo_, "ev", n).first);
  const Reply summary = Client(port()).get("/api/events/ev");
  ASSERT_EQ(summary.status, 200);
  ASSERT_FALSE(summary.json.is_null()) << summary.body;
  EXPECT_EQ(summary.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(summary.header("X-Content-Type-Options"), "nosniff");
  // A cached public read: kept by the browser but revalidated every time (ETag, issue 16 point 3).
  EXPECT_EQ(summary.header("Cache-Control"), "no-cache");
  for (std::size_t i = 0; i < names.size(); ++i) {
    const Reply page = Client(port()).get("/api/events/ev/players/" + ids[i]);
    ASSERT_EQ(page.status, 200);
    EXPECT_EQ(page.json["name"], names[i]);
  }
  // The journal still works after the SQL-looking name.
  EXPECT_EQ(Client(port()).get("/api/events/ev/standings").status, 200);
}

// Every body is read by one strict reader: what the probe sent is refused naming the field, and
// nothing reaches the journal.
TEST_F(SecurityTest, LaxBodiesAreRefusedNamingTheFieldAndChangeNothing) {
  const std::int64_t before = journal_length("ev");
  const auto raw = [&](const std::string& body) {
    return eo_->send(http::verb::post, "/api/events/ev/commands", body,
                     {{"Content-Type", "application/json"}});
  };
  // A key twice: which one would the server have kept?
  Reply r = raw(R"({"type":"edit-player","id":"p3","id":"p4","name":"Mallory"})");
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "id");
  // A typo is not a missing key: "replace" for "replaces".
  const json& t = tables_[0];
  r = eo_->post(
      "/api/events/ev/commands",
      {{"type", "record-result"},
       {"table", t["table"]},
       {"results",
        {{{"outcome", "win"}, {"cp", 3}, {"ap", 40}}, {{"outcome", "loss"}, {"cp", 1}, {"ap", 20}}}},
       {"victory", "scenario"},
       {"replace", nullptr}});
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "replace");
  // null is not false.
  r = eo_->post("/api/events/ev/commands", {{"type", "publish-lists"}, {"published", nullptr}});
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "published");
  // Invisible and control characters in what every page shows.
  r = raw(R"({"type":"add-player","player":{"name":"Bo\u200bris","faction":"Cygnar"}})");
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "player.name");
  EXPECT_NE(r.json["error"]["message"].get<std::string>().find("U+200B"), std::string::npos) << r.body;
  r = raw(R"({"type":"add-player","player":{"name":"Eve","faction":"Cyg\u0000nar"}})");
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "player.faction");
  r = raw(R"({"type":"add-player","player":{"name":"\u202eEve","faction":"Cygnar"}})");
  EXPECT_EQ(r.status, 400) << r.body;
  // 250 KB of club would go into the journal and every public answer.
  r = eo_->post(
      "/api/events/ev/commands",
      {{"type", "add-player"},
       {"player", {{"name", "Big"}, {"faction", "Cygnar"}, {"club", std::string(250 * 1000, 'c')}}}});
  EXPECT_EQ(r.status, 400) << r.body.substr(0, 300);
  EXPECT_EQ(r.json["error"]["field"], "player.club");
  EXPECT_EQ(journal_length("ev"), before);
  // A decomposed name is stored composed: one spelling on every page.
  r = raw(R"({"type":"add-player","player":{"name":"Zoe\u0308","faction":"Cygnar"}})");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["command"]["player"]["name"], "Zo\u00eb");
}

TEST_F(SecurityTest, ContactsNeverAppearInPublicAnswers) {
  Client anyone(port());
  for (const std::string path : {"/api/events/ev", "/api/events/ev/pairings", "/api/events/ev/standings",
                                 "/api/events/ev/players/p1", "/api/events"}) {
    const Reply r = anyone.get(path);
    ASSERT_EQ(r.status, 200) << path;
    EXPECT_EQ(r.body.find("@example.com"), std::string::npos) << path;
  }
  EXPECT_NE(eo_->get("/api/events/ev/admin").body.find("p1@example.com"), std::string::npos);
}

TEST_F(SecurityTest, LogoutEndsTheSession) {
  const json add{{"type", "add-player"}, {"player", {{"name", "Late"}, {"faction", "Cryx"}}}};
  EXPECT_EQ(eo_->post("/api/events/ev/logout", json::object()).status, 200);
  EXPECT_EQ(eo_->post("/api/events/ev/commands", add).status, 401);
}

// Any logged-in player may paste a list, so the paste is hostile input: a 48 000-byte line once
// overflowed a worker's stack in the list reader and took every event on the server down.
TEST_F(SecurityTest, AHugeOrLongLinedListPasteIsA400AndTheServerStaysUp) {
  const std::int64_t before = journal_length("ev");
  const std::string me = tables_[0]["players"][0]["id"];
  Client player = login_player("ev", me, pin_of(me));
  Reply r = player.post("/api/events/ev/lists/import", {{"text", std::string(48000, 'A')}});
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "text");
  EXPECT_NE(r.json["error"]["message"].get<std::string>().find("at most 16384 bytes"), std::string::npos)
      << r.body;
  // Lines shaped like War Room and Conflict Chamber entries, the whole paste under the limit.
  const std::string name(16000, 'A');
  r = player.post("/api/events/ev/lists/import",
                  {{"text", "War Room Army\n\nCygnar - x\n\n" + name + " - Leader & 9 Grunts: 8\n"}});
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "list, line 5");
  r = player.post("/api/events/ev/lists/import",
                  {{"text", "Cygnar Army - 75 / 75 pts\n" + name + " [+28]\n"}});
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.json["error"]["field"], "list, line 2");
  EXPECT_NE(r.json["error"]["message"].get<std::string>().find("at most 256 bytes"), std::string::npos)
      << r.body;
  EXPECT_EQ(Client(port()).get("/api/events/ev").status, 200);
  EXPECT_EQ(journal_length("ev"), before);
}

// The id is checked by its rule before anything asks the database: a bad one is the caller's
// mistake (400 naming `id`), never a storage failure (500).
TEST_F(SecurityTest, AnInvalidEventIdIsA400NamingIdAndItsRule) {
  Client admin(port());
  admin.bearer = admin_key_;
  const std::vector<std::string> ids = {"A",
                                        "a b",
                                        "../x",
                                        "a\"b",
                                        std::string(65, 'a'),
                                        std::string("a\0b", 3),
                                        "\xF0\x9F\x8E\xB2",
                                        "summer masters",
                                        "SpringOpen",
                                        "-x",
                                        "a/b",
                                        "a_b"};
  for (const std::string& id : ids) {
    const Reply r =
        admin.post("/api/events", {{"id", id},
                                   {"config", {{"name", "Bad Id"}, {"edition", "SR2017"}, {"points", 75}}},
                                   {"password", "long-enough"}});
    EXPECT_EQ(r.status, 400) << id << ": " << r.body;
    EXPECT_EQ(r.json["error"]["field"], "id") << id;
    EXPECT_EQ(r.json["error"]["kind"], "invalid") << id;
    // A NUL is refused before the id rule by the body reader, as in every other string (text rule).
    if (id.find('\0') != std::string::npos) {
      EXPECT_EQ(r.json["error"]["rule"], "text") << r.body;
      continue;
    }
    EXPECT_EQ(r.json["error"]["rule"], "event id") << id;
    EXPECT_NE(r.body.find("1-64 lowercase letters"), std::string::npos) << r.body;
  }
  EXPECT_EQ(Client(port()).get("/api/events").json["events"].size(), 1u);
  // The rule's own edge: 64 characters is an id.
  const Reply ok =
      admin.post("/api/events", {{"id", std::string(64, 'z')},
                                 {"config", {{"name", "Long"}, {"edition", "SR2017"}, {"points", 75}}},
                                 {"password", "long-enough"}});
  EXPECT_EQ(ok.status, 201) << ok.body;
}

// A browser or script that sends no key is no guess at the admin key: it must not use up the
// address's allowance of wrong keys and lock the admin out.
TEST_F(SecurityTest, ARequestWithoutAnAdminKeyIsNotCountedAsAWrongKey) {
  Client anonymous(port());
  for (int i = 0; i < 25; ++i) ASSERT_EQ(anonymous.get("/api/organizers").status, 401) << i;
  Client admin(port());
  admin.bearer = admin_key_;
  EXPECT_EQ(admin.get("/api/organizers").status, 200);
  // Wrong keys still count: the 21st wrong key from the address is refused before it is checked.
  Client guesser(port());
  guesser.bearer = "not-the-key";
  for (int i = 0; i < 20; ++i) ASSERT_EQ(guesser.get("/api/organizers").status, 401) << i;
  EXPECT_EQ(guesser.get("/api/organizers").status, 429);
}

// Behind TLS the session cookie must never travel over plain HTTP; on a venue laptop without TLS a
// Secure cookie would never come back, so it is set only for an https --public-url.
TEST_F(SecurityTest, TheSessionCookieIsSecureBehindAnHttpsPublicUrl) {
  Client plain(port());
  Reply r = plain.post("/api/events/ev/login", {{"password", "eo-secret-ev"}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.header("Set-Cookie").find("Secure"), std::string::npos) << r.header("Set-Cookie");

  const auto tls = start_server(db_, "https://gauntlet.example.org");
  Client eo(tls->port());
  r = eo.post("/api/events/ev/login", {{"password", "eo-secret-ev"}});
  ASSERT_EQ(r.status, 200);
  EXPECT_NE(r.header("Set-Cookie").find("; HttpOnly; Secure; SameSite=Strict"), std::string::npos)
      << r.header("Set-Cookie");
  const std::string me = players_[0].first;
  Client player(tls->port());
  r = player.post("/api/events/ev/player-login", {{"player", me}, {"pin", pin_of(me)}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_NE(r.header("Set-Cookie").find("; Secure"), std::string::npos) << r.header("Set-Cookie");
  r = eo.post("/api/events/ev/logout", json::object());
  ASSERT_EQ(r.status, 200);
  EXPECT_NE(r.header("Set-Cookie").find("; Secure"), std::string::npos) << r.header("Set-Cookie");
}

// RFC 6585: request line and headers over the server's 16 KB are 431 (not 413, which is the
// body's); RFC 9112 §3.2: an HTTP/1.1 request must name its Host exactly once.
TEST_F(SecurityTest, OversizedHeadersAre431AndAnHttp11RequestNeedsOneHost) {
  for (const std::string& request :
       {"GET /api/events/" + std::string(20000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /api/events HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'b') + "\r\n\r\n"}) {
    RawConnection c(port());
    c.write(request);
    const auto r = c.read();
    EXPECT_EQ(r.result_int(), 431u);
    const json body = json::parse(r.body(), nullptr, false);
    EXPECT_EQ(body["error"]["field"], "headers") << r.body();
  }
  {
    RawConnection c(port());
    c.write("GET /api/events HTTP/1.1\r\n\r\n");
    const auto r = c.read();
    EXPECT_EQ(r.result_int(), 400u);
    EXPECT_EQ(json::parse(r.body(), nullptr, false)["error"]["field"], "Host") << r.body();
  }
  {
    RawConnection c(port());
    c.write("GET /api/events HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
    EXPECT_EQ(c.read().result_int(), 400u);
  }
  RawConnection old(port());
  old.write("GET /api/events HTTP/1.0\r\n\r\n");
  EXPECT_EQ(old.read().result_int(), 200u) << "HTTP/1.0 has no Host requirement";
}

// Attempts are counted before their credential is checked, in one statement: checking first and
// counting after let 30 simultaneous wrong admin keys through a limit of 20, and 40 simultaneous
// wrong PINs through a player's limit of 5.
TEST_F(SecurityTest, SimultaneousGuessesAreCountedBeforeTheyAreChecked) {
  auto burst = [&](int n, const std::function<int()>& guess) {
    std::latch go(n);
    std::vector<int> statuses(static_cast<std::size_t>(n));
    std::vector<std::thread> threads;
    for (int i = 0; i < n; ++i)
      threads.emplace_back([&, i] {
        go.arrive_and_wait();
        statuses[static_cast<std::size_t>(i)] = guess();
      });
    for (std::thread& t : threads) t.join();
    std::map<int, int> by_status;
    for (int s : statuses) ++by_status[s];
    return by_status;
  };
  auto keys = burst(30, [&] {
    Client guesser(port());
    guesser.bearer = "not-the-key";
    return guesser.get("/api/organizers").status;
  });
  EXPECT_EQ(keys[401], 20) << "checked: the address's limit";
  EXPECT_EQ(keys[429], 10);

  const std::string victim = players_[0].first;
  auto pins = burst(40, [&] {
    return Client(port())
        .post("/api/events/ev/player-login", {{"player", victim}, {"pin", "not-a-pin"}})
        .status;
  });
  EXPECT_EQ(pins[401], 5) << "checked: the player's limit";
  EXPECT_EQ(pins[429], 35);
}

// A good login or a refusal that was no guess gives its attempt back: the venue's phones behind
// one address log in all day without using up the address's allowance of wrong PINs.
TEST_F(SecurityTest, RightPinsAndUnknownPlayersDoNotUseUpTheAddressAllowance) {
  for (int i = 0; i < 30; ++i) {
    const auto& [id, pin] = players_[static_cast<std::size_t>(i) % players_.size()];
    ASSERT_EQ(Client(port()).post("/api/events/ev/player-login", {{"player", id}, {"pin", pin}}).status, 200)
        << i;
    ASSERT_EQ(Client(port()).post("/api/events/ev/player-login", {{"player", "p99"}, {"pin", "1"}}).status,
              404)
        << i;
  }
}

// A login as a client behind the reverse proxy, which names it in X-Forwarded-For.
Reply login_from(unsigned short port, const std::string& target, const json& body,
                 const std::string& forwarded) {
  return Client(port).send(http::verb::post, target, body.dump(),
                           {{"Content-Type", "application/json"}, {"X-Forwarded-For", forwarded}});
}

// One address's wrong PINs at one event once locked every login on the server out for five minutes,
// the EO of another event and the organizers with their right passwords included: a client's
// failures count per credential and per event (or the organizer logins), never server-wide.
TEST_F(SecurityTest, OneClientsWrongPinsAtOneEventLockNoOtherLoginOut) {
  create_event("other");
  Client admin(port());
  admin.bearer = admin_key_;
  ASSERT_EQ(
      admin.post("/api/organizers", {{"login", "alice"}, {"name", "Alice"}, {"password", "pw-alice-long"}})
          .status,
      201);
  int limited = 0;
  for (int i = 0; i < 25; ++i) {
    const Reply r = Client(port()).post(
        "/api/events/ev/player-login",
        {{"player", players_[static_cast<std::size_t>(i) % players_.size()].first}, {"pin", "not-a-pin"}});
    if (r.status == 429) ++limited;
  }
  ASSERT_GT(limited, 0) << "the guesses were limited";
  EXPECT_EQ(Client(port()).post("/api/events/other/login", {{"password", "eo-secret-other"}}).status, 200);
  EXPECT_EQ(
      Client(port()).post("/api/organizer/login", {{"login", "alice"}, {"password", "pw-alice-long"}}).status,
      200);
  EXPECT_EQ(admin.get("/api/organizers").status, 200);
}

// Behind the documented reverse proxy every client once was 127.0.0.1, so five wrong passwords from
// anyone locked the EO out. Told to trust the proxy, the server counts the address it forwards: an
// attacker's failures are theirs alone, and the right credential from another client is never refused.
TEST_F(SecurityTest, BehindATrustedProxyEachClientsFailuresAreItsOwn) {
  server_.reset();
  server_ = start_server(db_, "", {"127.0.0.1"});
  const std::string attacker = "198.51.100.7";
  for (int i = 0; i < 5; ++i)
    ASSERT_EQ(
        login_from(port(), "/api/events/ev/login", {{"password", "guess-" + std::to_string(i)}}, attacker)
            .status,
        401);
  EXPECT_EQ(login_from(port(), "/api/events/ev/login", {{"password", "eo-secret-ev"}}, attacker).status, 429);
  // Only the proxy's own entry counts: what the client wrote before it is the client's word.
  EXPECT_EQ(login_from(port(), "/api/events/ev/login", {{"password", "guess-x"}}, "203.0.113.1, " + attacker)
                .status,
            429);
  EXPECT_EQ(login_from(port(), "/api/events/ev/login", {{"password", "eo-secret-ev"}}, "198.51.100.8").status,
            200);

  const std::string victim = players_[0].first;
  for (int i = 0; i < 6; ++i)
    login_from(port(), "/api/events/ev/player-login", {{"player", victim}, {"pin", "not-a-pin"}}, attacker);
  EXPECT_EQ(login_from(port(), "/api/events/ev/player-login", {{"player", victim}, {"pin", pin_of(victim)}},
                       "198.51.100.9")
                .status,
            200);
  // A request from the proxy without the header is of the proxy itself, another client again.
  EXPECT_EQ(Client(port()).post("/api/events/ev/login", {{"password", "eo-secret-ev"}}).status, 200);
}

// Without --trusted-proxy the header is anyone's to write: it gives no fresh allowance.
TEST_F(SecurityTest, AForwardedAddressFromAnUntrustedPeerIsIgnored) {
  for (int i = 0; i < 5; ++i)
    ASSERT_EQ(login_from(port(), "/api/events/ev/login", {{"password", "guess-" + std::to_string(i)}},
                         "198.51.100." + std::to_string(i))
                  .status,
              401);
  EXPECT_EQ(login_from(port(), "/api/events/ev/login", {{"password", "guess-5"}}, "198.51.100.99").status,
            429);
}

// The owner of a credential who mistyped it five times waits half a minute, then a minute, and so on
// up to five: a back-off, not five minutes' lock-out; the right credential forgets the failures.
TEST_F(SecurityTest, ACredentialsOwnerBacksOffRatherThanBeingLockedOut) {
  const std::string me = players_[0].first;
  auto try_pin = [&](const std::string& pin) {
    return Client(port()).post("/api/events/ev/player-login", {{"player", me}, {"pin", pin}});
  };
  auto wait_set = [&] { return std::stoi(database_->scalar("SELECT MAX(wait) FROM login_backoff")); };
  for (int i = 0; i < 5; ++i) ASSERT_EQ(try_pin("not-a-pin").status, 401) << i;
  Reply r = try_pin(pin_of(me));
  ASSERT_EQ(r.status, 429);
  EXPECT_LE(std::stoi(r.header("Retry-After")), 30);
  EXPECT_EQ(wait_set(), 30);
  // The wait is over (as if half a minute passed): one more try, then twice as long.
  database_->sql("UPDATE login_backoff SET not_before = 0");
  EXPECT_EQ(try_pin("still-not-it").status, 401);
  EXPECT_EQ(try_pin(pin_of(me)).status, 429);
  EXPECT_EQ(wait_set(), 60);
  database_->sql("UPDATE login_backoff SET not_before = 0");
  EXPECT_EQ(try_pin(pin_of(me)).status, 200);
  EXPECT_EQ(database_->scalar("SELECT COUNT(*) FROM login_backoff"), "0") << "the right PIN forgets";
  for (int i = 0; i < 5; ++i) EXPECT_EQ(try_pin("not-a-pin").status, 401) << "five free again";
}

}  // namespace
}  // namespace gauntlet::server::test
