// Issue 10 points 3, 9, 16, 6 at the API: sessions survive a restart (stored hashed), logout
// deletes them; Idempotency-Key makes a repeat return the first answer and write nothing; the
// admin key can be replaced; the join address and its QR code.

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;

class SessionsTest : public ServerTest {
 protected:
  // A new server process on the same database (a new port): what `gauntlet serve` restarted is.
  void restart(const std::string& public_url = "") {
    server_.reset();
    ServerOptions o;
    o.app.db = db_;
    o.app.pbkdf2_iterations = 1000;
    o.app.public_url = public_url;
    o.port = 0;
    server_ = std::make_unique<Server>(o);
    server_->start();
  }
  // The same browser (cookie and CSRF token) talking to the restarted server.
  Client same(const Client& c) {
    Client moved(port());
    moved.cookie = c.cookie;
    moved.csrf = c.csrf;
    return moved;
  }
  Reply post_with_key(Client& c, const std::string& target, const json& body, const std::string& key) {
    return c.send(http::verb::post, target, body.dump(),
                  {{"Content-Type", "application/json"}, {"Idempotency-Key", key}});
  }
};

TEST_F(SessionsTest, APlayerLoggedInBeforeARestartIsStillLoggedInAfterIt) {
  create_event("ev");
  Client eo = login_eo("ev");
  const auto [ada, pin] = add_player(eo, "ev", "Ada");
  Client phone = login_player("ev", ada, pin);
  restart();
  Client after = same(phone);
  const Reply who = after.get("/api/events/ev/session");
  EXPECT_EQ(who.json["role"], "player") << who.body;
  EXPECT_EQ(who.json["player"], ada);
  EXPECT_EQ(who.json["csrf"], phone.csrf);
  // And the EO can still write (CSRF token unchanged).
  Client eo_after = same(eo);
  EXPECT_EQ(eo_after
                .post("/api/events/ev/commands",
                      {{"type", "add-player"}, {"player", {{"name", "Bo"}, {"faction", "Cryx"}}}})
                .status,
            200);
}

TEST_F(SessionsTest, TheDatabaseHoldsADigestOfTheTokenNeverTheTokenAndLogoutDeletesIt) {
  create_event("ev");
  Client eo = login_eo("ev");
  const std::string token = eo.cookie.substr(eo.cookie.find('=') + 1);
  auto rows = [&](const std::string& column, const std::string& value) {
    return std::stoi(
        database_->scalar("SELECT COUNT(*) FROM server_sessions WHERE " + column + " = '" + value + "'"));
  };
  EXPECT_EQ(rows("token_sha256", token), 0);
  EXPECT_EQ(rows("token_sha256", sha256_hex(token)), 1);
  EXPECT_EQ(eo.post("/api/events/ev/logout", json::object()).status, 200);
  EXPECT_EQ(rows("token_sha256", sha256_hex(token)), 0);
  restart();
  EXPECT_EQ(same(eo).get("/api/events/ev/session").json["role"], nullptr);
}

TEST_F(SessionsTest, ExpiredSessionsAreRefusedAndPurged) {
  Store store = Store::open(db_);
  store.put_session("old", SessionRecord{"ev", "eo", "", "c", 100});
  store.put_session("new", SessionRecord{"ev", "eo", "", "c", 300});
  EXPECT_FALSE(store.find_session("old", 200));
  EXPECT_TRUE(store.find_session("new", 200));
  store.purge_expired(200);
  EXPECT_FALSE(store.find_session("old", 0));
  EXPECT_TRUE(store.find_session("new", 0));
}

// Rotating a credential ends the sessions it opened: a new EO password (gauntlet serve
// --new-eo-password) once left the old password's sessions writing for up to 24 hours.
TEST_F(SessionsTest, ANewEoPasswordEndsTheEoSessionsTheOldOneOpened) {
  create_event("ev");
  create_event("other");
  Client eo = login_eo("ev"), other_eo = login_eo("other");
  const auto [ada, pin] = add_player(eo, "ev", "Ada");
  Client phone = login_player("ev", ada, pin);
  const json add{{"type", "add-player"}, {"player", {{"name", "Bo"}, {"faction", "Cryx"}}}};

  // What `gauntlet serve --new-eo-password ev` does as it starts, on this database.
  const Store store = Store::open(db_);
  const auto printed =
      eo_passwords_at_start(store, server().app().credentials(), server().app().accounts(), {"ev"});
  ASSERT_TRUE(printed) << printed.error().describe();
  ASSERT_EQ(printed->size(), 1u);
  EXPECT_EQ((*printed)[0].event_id, "ev");

  const Reply old_session = eo.post("/api/events/ev/commands", add);
  EXPECT_EQ(old_session.status, 401) << old_session.body;
  EXPECT_EQ(eo.get("/api/events/ev/session").json["role"], nullptr);
  EXPECT_EQ(Client(port()).post("/api/events/ev/login", {{"password", "eo-secret-ev"}}).status, 401);
  Client fresh(port());
  ASSERT_EQ(fresh.post("/api/events/ev/login", {{"password", (*printed)[0].password}}).status, 200);
  EXPECT_EQ(fresh.post("/api/events/ev/commands", add).status, 200);
  // Only that event's EO sessions: its players and the other event's EO stay logged in.
  EXPECT_EQ(phone.get("/api/events/ev/session").json["role"], "player");
  EXPECT_EQ(other_eo.get("/api/events/other/session").json["role"], "eo");

  // An unknown event is refused before anything is written.
  const auto unknown = eo_passwords_at_start(store, server().app().credentials(), server().app().accounts(),
                                             {"other", "nope"});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::not_found);
  EXPECT_EQ(other_eo.get("/api/events/other/session").json["role"], "eo");
}

// So does sending a judge home: their PIN goes, and the sessions it opened end at once.
TEST_F(SessionsTest, DisablingAJudgeEndsTheirSessions) {
  create_event("ev");
  Client eo = login_eo("ev");
  const Reply made = eo.post("/api/events/ev/judges", {{"name", "Kim"}});
  ASSERT_EQ(made.status, 200) << made.body;
  ASSERT_EQ(eo.post("/api/events/ev/judges", {{"name", "Lee"}}).status, 200);
  Client kim(port()), lee(port());
  ASSERT_EQ(kim.post("/api/events/ev/judge-login", {{"name", "Kim"}, {"pin", made.json["pin"]}}).status, 200);
  const std::string lee_pin = eo.get("/api/events/ev/judges").json["judges"][1]["pin"];
  ASSERT_EQ(lee.post("/api/events/ev/judge-login", {{"name", "Lee"}, {"pin", lee_pin}}).status, 200);
  EXPECT_EQ(kim.get("/api/events/ev/session").json["role"], "judge");

  const Reply bad = eo.post("/api/events/ev/judges", {{"name", "Kim"}, {"disabled", "yes"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["error"]["field"], "disabled");
  EXPECT_EQ(eo.post("/api/events/ev/judges", {{"name", "Zed"}, {"disabled", true}}).status, 404);
  EXPECT_EQ(Client(port()).post("/api/events/ev/judges", {{"name", "Kim"}, {"disabled", true}}).status, 401);

  const Reply off = eo.post("/api/events/ev/judges", {{"name", "Kim"}, {"disabled", true}});
  ASSERT_EQ(off.status, 200) << off.body;
  EXPECT_EQ(kim.get("/api/events/ev/session").json["role"], nullptr);
  EXPECT_EQ(
      Client(port()).post("/api/events/ev/judge-login", {{"name", "Kim"}, {"pin", made.json["pin"]}}).status,
      401);
  const Reply judges = eo.get("/api/events/ev/judges");
  ASSERT_EQ(judges.json["judges"].size(), 1u) << judges.body;
  EXPECT_EQ(judges.json["judges"][0]["name"], "Lee");
  EXPECT_EQ(lee.get("/api/events/ev/session").json["role"], "judge") << "only that judge";
}

TEST_F(SessionsTest, TheSameIdempotencyKeyTwiceGivesTheFirstAnswerAndWritesNothing) {
  create_event("ev");
  Client eo = login_eo("ev");
  const json add{{"type", "add-player"}, {"player", {{"name", "Ada"}, {"faction", "Cygnar"}}}};
  const Reply first = post_with_key(eo, "/api/events/ev/commands", add, "k-123");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.header("Idempotent-Replayed"), "");
  const std::int64_t length = journal_length("ev");
  const Reply again = post_with_key(eo, "/api/events/ev/commands", add, "k-123");
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.body, first.body);
  EXPECT_EQ(again.header("Idempotent-Replayed"), "true");
  EXPECT_EQ(journal_length("ev"), length);
  // Also after a restart (the answers live in the database).
  restart();
  Client eo_after = same(eo);
  EXPECT_EQ(post_with_key(eo_after, "/api/events/ev/commands", add, "k-123").body, first.body);
  EXPECT_EQ(journal_length("ev"), length);

  // The same key with another body: 422 naming the header, nothing written.
  const json other{{"type", "add-player"}, {"player", {{"name", "Bo"}, {"faction", "Cryx"}}}};
  const Reply mismatch = post_with_key(eo_after, "/api/events/ev/commands", other, "k-123");
  EXPECT_EQ(mismatch.status, 422) << mismatch.body;
  EXPECT_EQ(mismatch.json["error"]["field"], "Idempotency-Key");
  EXPECT_EQ(journal_length("ev"), length);
  // A new key is a new request; no key works as it always did.
  EXPECT_EQ(post_with_key(eo_after, "/api/events/ev/commands", other, "k-124").status, 200);
  EXPECT_EQ(eo_after.post("/api/events/ev/commands", other).status, 400);  // "Bo" is taken now
  EXPECT_EQ(journal_length("ev"), length + 1);
}

TEST_F(SessionsTest, ARepeatedRefusalIsTheSameRefusalAndKeysBelongToTheirSession) {
  create_event("ev");
  Client eo = login_eo("ev");
  const Reply refused = post_with_key(eo, "/api/events/ev/commands",
                                      {{"type", "close-round"}, {"results", json::array()}}, "k");
  const Reply again = post_with_key(eo, "/api/events/ev/commands",
                                    {{"type", "close-round"}, {"results", json::array()}}, "k");
  EXPECT_EQ(again.status, refused.status);
  EXPECT_EQ(again.body, refused.body);
  // Another EO session using the same key value is another client: its request runs.
  Client other = login_eo("ev");
  const json add{{"type", "add-player"}, {"player", {{"name", "Cy"}, {"faction", "Cryx"}}}};
  EXPECT_EQ(post_with_key(other, "/api/events/ev/commands", add, "k").status, 200);
}

TEST_F(SessionsTest, ARepeatWhileTheFirstIsStillBeingProcessedIs409) {
  create_event("ev");
  Client eo = login_eo("ev");
  const json add{{"type", "add-player"}, {"player", {{"name", "Ada"}, {"faction", "Cygnar"}}}};
  // The first request with this key has been claimed and not answered yet (as while it runs).
  const std::string token = eo.cookie.substr(eo.cookie.find('=') + 1);
  const auto seen =
      server().app().idempotent().claim("event:ev|session:" + sha256_hex(token), "slow",
                                        sha256_hex("POST /api/events/ev/commands\n" + add.dump()));
  ASSERT_EQ(seen.claim, IdempotentAnswers::Claim::claimed);
  const std::int64_t length = journal_length("ev");
  const Reply busy = post_with_key(eo, "/api/events/ev/commands", add, "slow");
  EXPECT_EQ(busy.status, 409) << busy.body;
  EXPECT_EQ(busy.json["error"]["field"], "Idempotency-Key");
  EXPECT_EQ(journal_length("ev"), length);
}

TEST_F(SessionsTest, CreatingAnEventTwiceWithOneKeyMakesOneEvent) {
  Client admin(port());
  admin.bearer = admin_key_;
  const json create{{"config", {{"name", "Spring Open"}, {"edition", "SR2017"}, {"points", 75}}},
                    {"password", "long-enough"}};
  auto send = [&] {
    return admin.send(http::verb::post, "/api/events", create.dump(),
                      {{"Content-Type", "application/json"},
                       {"Authorization", "Bearer " + admin_key_},
                       {"Idempotency-Key", "once"}});
  };
  const Reply first = send(), second = send();
  EXPECT_EQ(first.status, 201) << first.body;
  EXPECT_EQ(second.status, 201);
  EXPECT_EQ(second.json["id"], first.json["id"]);
  EXPECT_EQ(Client(port()).get("/api/events").json["events"].size(), 1u);
}

TEST_F(SessionsTest, TheAdminKeyErrorTellsTheEoWhatToDoAndANewKeyReplacesTheOld) {
  Client nobody(port());
  const json create{{"config", {{"name", "X"}, {"edition", "SR2017"}, {"points", 75}}},
                    {"password", "long-enough"}};
  const Reply r = nobody.post("/api/events", create);
  EXPECT_EQ(r.status, 401);
  EXPECT_NE(r.json["error"]["message"].get<std::string>().find("gauntlet admin-key --db FILE --new"),
            std::string::npos);
  const std::string fresh = server().app().credentials().replace_admin_key();
  Client old_key(port()), new_key(port());
  old_key.bearer = admin_key_;
  new_key.bearer = fresh;
  EXPECT_EQ(old_key.post("/api/events", create).status, 401);
  EXPECT_EQ(new_key.post("/api/events", create).status, 201);
}

TEST_F(SessionsTest, LoopbackIsNotReachableAndAPublicUrlIs) {
  create_event("ev");
  Reply j = Client(port()).get("/api/events/ev/join");
  EXPECT_EQ(j.json["reachable"], false) << j.body;
  EXPECT_NE(j.json["how"].get<std::string>().find("--listen 0.0.0.0"), std::string::npos);
  restart("https://gauntlet.example.org/");
  j = Client(port()).get("/api/events/ev/join");
  EXPECT_EQ(j.json["reachable"], true);
  EXPECT_EQ(j.json["url"], "https://gauntlet.example.org/player.html?event=ev");
  const Reply qr = Client(port()).get("/api/events/ev/qr.svg");
  EXPECT_EQ(qr.status, 200);
  EXPECT_EQ(qr.header("Content-Type"), "image/svg+xml");
  EXPECT_EQ(qr.body.rfind("<svg", 0), 0u);
  EXPECT_EQ(Client(port()).get("/api/events/ev/qr.svg?player=p99").status, 404);
}

TEST(Join, AnyAddressBecomesALanAddressAndAPublicUrlWins) {
  const Join any = join_address("", "0.0.0.0", 8080);
  if (any.reachable) {
    EXPECT_EQ(any.url.rfind("http://", 0), 0u);
    EXPECT_EQ(any.url.find("127.0.0.1"), std::string::npos);
    EXPECT_NE(any.url.find(":8080"), std::string::npos);
  }
  EXPECT_FALSE(join_address("", "127.0.0.1", 8080).reachable);
  EXPECT_FALSE(join_address("", "::1", 8080).reachable);
  EXPECT_EQ(join_address("", "192.0.2.7", 80).url, "http://192.0.2.7:80");
  EXPECT_EQ(join_address("https://x.example/", "127.0.0.1", 1).url, "https://x.example");
}

}  // namespace
}  // namespace gauntlet::server::test
