// Refusals: bad input names the field; unauthorised writes are 401/403 and change nothing;
// CSRF; PIN brute force; hostile names stay inert JSON strings; contacts stay private.
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

}  // namespace
}  // namespace gauntlet::server::test
