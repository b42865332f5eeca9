// Issue 15 point 3: organizer accounts on a hosted server. The admin makes organizers; an
// organizer logs in, creates events (owning them), publishes them to the directory and gives other
// organizers a role per event; every account action lands in the audit. On SQLite and PostgreSQL.
#include <gmock/gmock.h>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class AccountsTest : public ServerTest {
 protected:
  Client admin() {
    Client a(port());
    a.bearer = admin_key_;
    return a;
  }
  void add_organizer(const std::string& login, const std::string& name = "Someone") {
    const Reply r = admin().post("/api/organizers",
                                 {{"login", login}, {"name", name}, {"password", "pw-" + login + "-long"}});
    ASSERT_EQ(r.status, 201) << r.body;
  }
  Client login_organizer(const std::string& login) {
    Client c(port());
    const Reply r = c.post("/api/organizer/login", {{"login", login}, {"password", "pw-" + login + "-long"}});
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.json["role"], "organizer");
    return c;
  }
  static json event_body(const std::string& id) {
    return {{"id", id}, {"config", {{"name", "Club Night " + id}, {"edition", "SR2017"}, {"points", 75}}}};
  }
  static json add_player_command(const std::string& name) {
    return {{"type", "add-player"}, {"player", {{"name", name}, {"faction", "Cygnar"}}}};
  }
  std::vector<std::string> directory() {
    std::vector<std::string> ids;
    const Reply r = Client(port()).get("/api/events");
    for (const auto& e : r.json["events"]) ids.push_back(e["id"]);
    return ids;
  }
  // Alice, Bob and Carol logged in, Alice owning "club-night".
  struct Three {
    Client alice, bob, carol;
  };
  Three alice_owns_club_night() {
    add_organizer("alice");
    add_organizer("bob");
    add_organizer("carol");
    Three three{login_organizer("alice"), login_organizer("bob"), login_organizer("carol")};
    EXPECT_EQ(three.alice.post("/api/events", event_body("club-night")).status, 201);
    return three;
  }
  std::vector<std::string> audit_actions() {
    const Reply r = admin().get("/api/audit");
    EXPECT_EQ(r.status, 200) << r.body;
    std::vector<std::string> actions;
    for (const auto& e : r.json["entries"])
      actions.push_back(e["action"].get<std::string>() + " " + e["subject"].get<std::string>());
    return actions;
  }
};

TEST_F(AccountsTest, OnlyTheAdminKeyManagesOrganizersAndBadInputNamesItsField) {
  EXPECT_EQ(Client(port())
                .post("/api/organizers", {{"login", "alice"}, {"name", "A"}, {"password", "long-enough"}})
                .status,
            401);
  EXPECT_EQ(Client(port()).get("/api/organizers").status, 401);
  const Reply bad_login =
      admin().post("/api/organizers", {{"login", "Alice Smith"}, {"name", "A"}, {"password", "long-enough"}});
  EXPECT_EQ(bad_login.status, 400);
  EXPECT_EQ(bad_login.json["error"]["field"], "login");
  const Reply short_pw =
      admin().post("/api/organizers", {{"login", "alice"}, {"name", "A"}, {"password", "short"}});
  EXPECT_EQ(short_pw.status, 400);
  EXPECT_EQ(short_pw.json["error"]["field"], "password");
  const Reply no_name = admin().post("/api/organizers", {{"login", "alice"}, {"password", "long-enough"}});
  EXPECT_EQ(no_name.status, 400);
  EXPECT_EQ(no_name.json["error"]["field"], "name");
  EXPECT_TRUE(admin().get("/api/organizers").json["organizers"].empty()) << "a refusal changes nothing";

  add_organizer("alice", "Alice Liddell");
  const Reply again =
      admin().post("/api/organizers", {{"login", "alice"}, {"name", "B"}, {"password", "long-enough"}});
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.json["error"]["field"], "login");
  const Reply list = admin().get("/api/organizers");
  ASSERT_EQ(list.json["organizers"].size(), 1u);
  EXPECT_EQ(list.json["organizers"][0]["name"], "Alice Liddell");
  EXPECT_EQ(list.json["organizers"][0]["disabled"], false);
  EXPECT_FALSE(list.body.find("pw-") != std::string::npos || list.body.find("hash") != std::string::npos);
}

TEST_F(AccountsTest, AnOrganizerCreatesOwnsAndPublishesAnEvent) {
  add_organizer("alice");
  Client wrong(port());
  EXPECT_EQ(wrong.post("/api/organizer/login", {{"login", "alice"}, {"password", "not-hers-at-all"}}).status,
            401);
  Client alice = login_organizer("alice");
  EXPECT_EQ(alice.get("/api/organizer").json["organizer"]["login"], "alice");

  const Reply created = alice.post("/api/events", event_body("club-night"));
  ASSERT_EQ(created.status, 201) << created.body;
  // Unpublished at first: out of the directory, yet reachable by its link.
  EXPECT_THAT(directory(), ::testing::Not(::testing::Contains("club-night")));
  EXPECT_EQ(Client(port()).get("/api/events/club-night").status, 200);
  const Reply mine = alice.get("/api/organizer");
  ASSERT_EQ(mine.json["events"].size(), 1u) << mine.body;
  EXPECT_EQ(mine.json["events"][0]["id"], "club-night");
  EXPECT_EQ(mine.json["events"][0]["role"], "owner");
  EXPECT_EQ(mine.json["events"][0]["published"], false);

  // The organizer's one login is the EO of their event: the console's session and a command.
  const Reply session = alice.get("/api/events/club-night/session");
  EXPECT_EQ(session.json["role"], "eo");
  EXPECT_EQ(session.json["organizer"], "alice");
  EXPECT_EQ(alice.post("/api/events/club-night/commands", add_player_command("Ada")).status, 200);

  const Reply bad = alice.post("/api/events/club-night/publish", {{"published", "yes"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["error"]["field"], "published");
  ASSERT_EQ(alice.post("/api/events/club-night/publish", {{"published", true}}).status, 200);
  EXPECT_THAT(directory(), ::testing::Contains("club-night"));

  // Events made with the admin key (a venue laptop) are listed as before.
  create_event("spring");
  EXPECT_THAT(directory(), ::testing::Contains("spring"));
  EXPECT_EQ(alice.post("/api/events/spring/commands", add_player_command("Bo")).status, 403);

  ASSERT_EQ(alice.post("/api/organizer/logout", json::object()).status, 200);
  EXPECT_TRUE(alice.get("/api/organizer").json["organizer"].is_null());
  EXPECT_EQ(alice.post("/api/events/club-night/commands", add_player_command("Cy")).status, 401);
}

TEST_F(AccountsTest, TheOwnerGivesCoOrganizersAndJudgesTheirRoles) {
  auto [alice, bob, carol] = alice_owns_club_night();
  const Reply outsider = bob.post("/api/events/club-night/commands", add_player_command("Ada"));
  EXPECT_EQ(outsider.status, 403);
  EXPECT_THAT(outsider.body, HasSubstr("holds no role"));

  const Reply unknown =
      alice.post("/api/events/club-night/organizers", {{"organizer", "zed"}, {"role", "judge"}});
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json["error"]["field"], "organizer");
  const Reply bad_role =
      alice.post("/api/events/club-night/organizers", {{"organizer", "bob"}, {"role", "owner"}});
  EXPECT_EQ(bad_role.status, 400);
  EXPECT_EQ(bad_role.json["error"]["field"], "role");

  const Reply granted =
      alice.post("/api/events/club-night/organizers", {{"organizer", "bob"}, {"role", "co-organizer"}});
  ASSERT_EQ(granted.status, 200) << granted.body;
  ASSERT_EQ(
      alice.post("/api/events/club-night/organizers", {{"organizer", "carol"}, {"role", "judge"}}).status,
      200);
  EXPECT_EQ(bob.post("/api/events/club-night/commands", add_player_command("Ada")).status, 200);
  EXPECT_EQ(carol.get("/api/events/club-night/session").json["role"], "judge");
  EXPECT_EQ(carol.post("/api/events/club-night/commands", add_player_command("Bo")).status, 403);
  // A co-organizer runs the event but neither hands out roles nor publishes.
  EXPECT_EQ(bob.post("/api/events/club-night/organizers", {{"organizer", "carol"}, {"role", "co-organizer"}})
                .status,
            403);
  EXPECT_EQ(bob.post("/api/events/club-night/publish", {{"published", true}}).status, 403);
  const Reply roles = bob.get("/api/events/club-night/organizers");
  ASSERT_EQ(roles.status, 200);
  EXPECT_EQ(roles.json["roles"].size(), 3u);

  ASSERT_EQ(alice.post("/api/events/club-night/organizers", {{"organizer", "bob"}, {"role", nullptr}}).status,
            200);
  EXPECT_EQ(bob.post("/api/events/club-night/commands", add_player_command("Cy")).status, 403);
  const Reply owner_stays =
      alice.post("/api/events/club-night/organizers", {{"organizer", "alice"}, {"role", nullptr}});
  EXPECT_EQ(owner_stays.status, 400);
}

// The docs say a judge is a judge by their login: an organizer holding a role at an event runs the
// clocks as that role (the owner as the EO, a judge by their login), as on every other route; the
// clock route once read the session alone and answered "log in as a player".
TEST_F(AccountsTest, AnOrganizerRunsTheClocksAsTheRoleHeldAtTheEvent) {
  auto [alice, bob, carol] = alice_owns_club_night();
  ASSERT_EQ(alice.post("/api/events/club-night/organizers", {{"organizer", "bob"}, {"role", "judge"}}).status,
            200);
  const auto [ada, ada_pin] = add_player(alice, "club-night", "Ada");
  const auto [bo, bo_pin] = add_player(alice, "club-night", "Bo");
  ASSERT_EQ(alice
                .post("/api/events/club-night/commands",
                      {{"type", "pair-round"}, {"tables", {{{"table", 1}, {"players", {ada, bo}}}}}})
                .status,
            200);
  ASSERT_EQ(alice.post("/api/events/club-night/commands", {{"type", "start-round"}}).status, 200);

  const Reply start =
      alice.post("/api/events/club-night/clock", {{"table", 1}, {"action", "start"}, {"seat", 0}});
  ASSERT_EQ(start.status, 200) << start.body;
  EXPECT_EQ(start.json["command"]["by"], "EO");
  const Reply pause =
      bob.post("/api/events/club-night/clock", {{"table", 1}, {"action", "pause"}, {"reason", "rules call"}});
  ASSERT_EQ(pause.status, 200) << pause.body;
  EXPECT_EQ(pause.json["command"]["by"], "judge:bob");
  // An organizer without a role there is no one at the event; the CSRF token is still needed.
  const Reply stranger =
      carol.post("/api/events/club-night/clock", {{"table", 1}, {"action", "resume"}, {"reason", "x"}});
  EXPECT_EQ(stranger.status, 403);
  EXPECT_THAT(stranger.body, HasSubstr("holds no role"));
  const Reply no_csrf = bob.send(http::verb::post, "/api/events/club-night/clock",
                                 json{{"table", 1}, {"action", "resume"}, {"reason", "x"}}.dump(),
                                 {{"Content-Type", "application/json"}}, false);
  EXPECT_EQ(no_csrf.status, 403);
  EXPECT_EQ(no_csrf.json["error"]["field"], "X-CSRF-Token");
  const Reply resume =
      bob.post("/api/events/club-night/clock", {{"table", 1}, {"action", "resume"}, {"reason", "answered"}});
  EXPECT_EQ(resume.status, 200) << resume.body;
}

TEST_F(AccountsTest, DisablingOrResettingEndsTheOrganizersSessions) {
  add_organizer("alice");
  Client alice = login_organizer("alice");
  ASSERT_EQ(alice.post("/api/events", event_body("club-night")).status, 201);
  const Reply off = admin().post("/api/organizers/alice", {{"disabled", true}});
  ASSERT_EQ(off.status, 200) << off.body;
  EXPECT_EQ(off.json["disabled"], true);
  EXPECT_EQ(alice.post("/api/events/club-night/commands", add_player_command("Ada")).status, 401);
  Client again(port());
  EXPECT_EQ(again.post("/api/organizer/login", {{"login", "alice"}, {"password", "pw-alice-long"}}).status,
            401);

  ASSERT_EQ(
      admin().post("/api/organizers/alice", {{"disabled", false}, {"password", "a-new-password"}}).status,
      200);
  EXPECT_EQ(again.post("/api/organizer/login", {{"login", "alice"}, {"password", "pw-alice-long"}}).status,
            401);
  EXPECT_EQ(again.post("/api/organizer/login", {{"login", "alice"}, {"password", "a-new-password"}}).status,
            200);
  EXPECT_EQ(again.post("/api/events/club-night/commands", add_player_command("Ada")).status, 200);

  const Reply short_pw = admin().post("/api/organizers/alice", {{"disabled", true}, {"password", "short"}});
  EXPECT_EQ(short_pw.status, 400);
  EXPECT_EQ(admin().get("/api/organizers").json["organizers"][0]["disabled"], false) << "nothing changed";
  EXPECT_EQ(admin().post("/api/organizers/zed", {{"disabled", true}}).status, 404);
}

TEST_F(AccountsTest, WrongOrganizerPasswordsAreRateLimited) {
  add_organizer("alice");
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(Client(port())
                  .post("/api/organizer/login", {{"login", "alice"}, {"password", "guess-number-x"}})
                  .status,
              401);
  const Reply r =
      Client(port()).post("/api/organizer/login", {{"login", "alice"}, {"password", "pw-alice-long"}});
  EXPECT_EQ(r.status, 429);
  EXPECT_FALSE(r.header("Retry-After").empty());
}

// A refusal's time must not tell which logins exist: an unknown organizer login, and an EO login at
// an event without an EO password, run the same PBKDF2 work as a wrong password for a real one (the
// hash once ran only for real accounts: 1 ms against 177 ms). Counted, not timed.
TEST_F(AccountsTest, AnUnknownLoginRunsTheSameHashAsAWrongPassword) {
  add_organizer("alice");
  auto work = [&](const std::string& target, const json& body) {
    const std::uint64_t before = pbkdf2_iterations_run();
    EXPECT_EQ(Client(port()).post(target, body).status, 401) << target << " " << body;
    return pbkdf2_iterations_run() - before;
  };
  const std::uint64_t wrong =
      work("/api/organizer/login", {{"login", "alice"}, {"password", "not-her-password"}});
  EXPECT_GT(wrong, 0u);
  EXPECT_EQ(work("/api/organizer/login", {{"login", "nobody"}, {"password", "not-her-password"}}), wrong);

  create_event("with-password");
  Client alice = login_organizer("alice");
  ASSERT_EQ(alice.post("/api/events", event_body("without")).status, 201);
  const std::uint64_t eo_wrong = work("/api/events/with-password/login", {{"password", "not-the-password"}});
  EXPECT_GT(eo_wrong, 0u);
  EXPECT_EQ(work("/api/events/without/login", {{"password", "not-the-password"}}), eo_wrong);
}

// An organizer's event is run through the organizers' roles: `gauntlet serve` once generated and
// printed an EO password for it at the next start, a second way in the owner never chose. It has one
// only when the owner sets it, and every change of it ends the EO sessions the old one opened.
TEST_F(AccountsTest, AnOrganizersEventHasAnEoPasswordOnlyWhenItsOwnerSetsOne) {
  add_organizer("alice");
  add_organizer("bob");
  Client alice = login_organizer("alice"), bob = login_organizer("bob");
  ASSERT_EQ(alice.post("/api/events", event_body("club-night")).status, 201);
  ASSERT_EQ(alice.post("/api/events/club-night/organizers", {{"organizer", "bob"}, {"role", "co-organizer"}})
                .status,
            200);
  create_event("venue");
  server().app().credentials().remove_eo_password("venue");  // as an event made by the CLI has none

  // The next start: a password for the venue's event, none for the organizer's.
  const Store store = Store::open(db_);
  Credentials& creds = server().app().credentials();
  const auto start = eo_passwords_at_start(store, creds, server().app().accounts(), {});
  ASSERT_TRUE(start) << start.error().describe();
  ASSERT_EQ(start->size(), 1u);
  EXPECT_EQ((*start)[0].event_id, "venue");
  EXPECT_FALSE(creds.has_eo_password("club-night"));
  EXPECT_EQ(Client(port()).post("/api/events/club-night/login", {{"password", "anything-at-all"}}).status,
            401);
  // Nor when asked for by name: refused, and nothing written.
  creds.remove_eo_password("venue");
  const auto forced = eo_passwords_at_start(store, creds, server().app().accounts(), {"club-night"});
  ASSERT_FALSE(forced);
  EXPECT_EQ(forced.error().kind, ErrorKind::forbidden);
  EXPECT_THAT(forced.error().message, HasSubstr("owned by organizer 'alice'"));
  EXPECT_FALSE(creds.has_eo_password("venue"));
  EXPECT_FALSE(creds.has_eo_password("club-night"));

  // Only the owner sets one; a short one names its field.
  EXPECT_EQ(bob.post("/api/events/club-night/eo-password", {{"password", "venue-laptop-pw"}}).status, 403);
  EXPECT_EQ(Client(port()).post("/api/events/club-night/eo-password", {{"password", "x-long-enough"}}).status,
            401);
  const Reply short_pw = alice.post("/api/events/club-night/eo-password", {{"password", "short"}});
  EXPECT_EQ(short_pw.status, 400);
  EXPECT_EQ(short_pw.json["error"]["field"], "password");
  const Reply set = alice.post("/api/events/club-night/eo-password", {{"password", "venue-laptop-pw"}});
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json["eo_password"], true);
  Client laptop(port());
  ASSERT_EQ(laptop.post("/api/events/club-night/login", {{"password", "venue-laptop-pw"}}).status, 200);
  EXPECT_EQ(laptop.post("/api/events/club-night/commands", add_player_command("Ada")).status, 200);
  const auto again = eo_passwords_at_start(store, creds, server().app().accounts(), {});
  ASSERT_TRUE(again);
  for (const auto& p : *again) EXPECT_NE(p.event_id, "club-night") << "the owner's password stands";

  // A new one ends the laptop's session; null takes it away. The organizers stay the EO throughout.
  ASSERT_EQ(alice.post("/api/events/club-night/eo-password", {{"password", "another-password"}}).status, 200);
  EXPECT_EQ(laptop.post("/api/events/club-night/commands", add_player_command("Bo")).status, 401);
  ASSERT_EQ(laptop.post("/api/events/club-night/login", {{"password", "another-password"}}).status, 200);
  const Reply removed = alice.post("/api/events/club-night/eo-password", {{"password", nullptr}});
  ASSERT_EQ(removed.status, 200) << removed.body;
  EXPECT_EQ(removed.json["eo_password"], false);
  EXPECT_EQ(laptop.get("/api/events/club-night/session").json["role"], nullptr);
  EXPECT_EQ(Client(port()).post("/api/events/club-night/login", {{"password", "another-password"}}).status,
            401);
  EXPECT_EQ(bob.post("/api/events/club-night/commands", add_player_command("Cy")).status, 200);
  EXPECT_EQ(alice.get("/api/events/club-night/session").json["role"], "eo");
}

TEST_F(AccountsTest, EveryAccountActionIsAuditedAndTheAuditIsAppendOnly) {
  add_organizer("alice");
  add_organizer("bob");
  Client(port()).post("/api/organizer/login", {{"login", "alice"}, {"password", "wrong-password"}});
  Client alice = login_organizer("alice");
  ASSERT_EQ(alice.post("/api/events", event_body("club-night")).status, 201);
  ASSERT_EQ(alice.post("/api/events/club-night/organizers", {{"organizer", "bob"}, {"role", "judge"}}).status,
            200);
  ASSERT_EQ(alice.post("/api/events/club-night/publish", {{"published", true}}).status, 200);
  ASSERT_EQ(admin().post("/api/organizers/bob", {{"disabled", true}}).status, 200);
  EXPECT_THAT(
      audit_actions(),
      ::testing::ElementsAre("organizer.disable bob", "event.publish club-night", "event.grant club-night",
                             "event.create club-night", "organizer.login alice",
                             "organizer.login-refused alice", "organizer.add bob", "organizer.add alice"));
  EXPECT_EQ(Client(port()).get("/api/audit").status, 401);
  EXPECT_EQ(alice.get("/api/audit").status, 401);
  EXPECT_ANY_THROW(database_->sql("UPDATE account_audit SET actor = 'nobody'"));
  EXPECT_ANY_THROW(database_->sql("DELETE FROM account_audit"));
  EXPECT_EQ(database_->scalar("SELECT COUNT(*) FROM account_audit"), "8");
}

TEST_F(AccountsTest, WithoutAnOrganizerLoginCreatingStillNeedsTheAdminKey) {
  const Reply r = Client(port()).post("/api/events", event_body("club-night"));
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.json["error"]["field"], "Authorization");
  Client admin_client = admin();
  json body = event_body("club-night");
  EXPECT_EQ(admin_client.post("/api/events", body).json["error"]["field"], "password");
}

}  // namespace
}  // namespace gauntlet::server::test
