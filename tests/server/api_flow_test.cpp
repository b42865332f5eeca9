// A whole event run through HTTP: create, register, pair, players report and confirm, a dispute
// settled by the EO, close the round, standings.
#include <map>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;

class FlowTest : public ServerTest {};

TEST_F(FlowTest, AWholeRoundThroughTheApi) {
  create_event("spring");
  Client eo = login_eo("spring");
  const std::string base = "/api/events/spring";

  std::map<std::string, std::string> pins;
  for (int i = 1; i <= 8; ++i) {
    auto [id, pin] = add_player(eo, "spring", "Player " + std::to_string(i));
    EXPECT_EQ(pin.size(), 6u);
    pins[id] = pin;
  }
  const Reply pin_list = eo.get(base + "/pins");
  ASSERT_EQ(pin_list.status, 200);
  ASSERT_EQ(pin_list.json["pins"].size(), 8u);
  for (const json& p : pin_list.json["pins"]) EXPECT_EQ(p["pin"], pins[p["id"]]);

  // Propose, check, publish.
  const Reply proposal = eo.post(base + "/pairing/propose", json::object());
  ASSERT_EQ(proposal.status, 200) << proposal.body;
  ASSERT_EQ(proposal.json["tables"].size(), 4u);
  EXPECT_TRUE(proposal.json["warnings"].empty()) << proposal.body;
  const Reply check =
      eo.post(base + "/pairing/check", {{"tables", proposal.json["tables"]}, {"bye", nullptr}});
  ASSERT_EQ(check.status, 200) << check.body;
  EXPECT_TRUE(check.json["warnings"].empty());
  const Reply published = eo.post(
      base + "/commands", {{"type", "pair-round"}, {"tables", proposal.json["tables"]}, {"bye", nullptr}});
  ASSERT_EQ(published.status, 200) << published.body;

  const Reply pairings = Client(port()).get(base + "/pairings");
  ASSERT_EQ(pairings.status, 200) << pairings.body;
  EXPECT_EQ(pairings.json["round"], 1);
  ASSERT_EQ(pairings.json["tables"].size(), 4u);
  const json& tables = pairings.json["tables"];
  const auto at = [&](int t, int side) { return tables[t]["players"][side]["id"].get<std::string>(); };

  // Table 1: the first player reports a win, the opponent agrees.
  Client a = login_player("spring", at(0, 0), pins[at(0, 0)]);
  const Reply reported = a.post(
      base + "/report",
      {{"table", 1}, {"results", {result("win", 5, 40), result("loss", 0, 20)}}, {"victory", "scenario"}});
  ASSERT_EQ(reported.status, 200) << reported.body;
  EXPECT_EQ(reported.json["command"]["reporter"], at(0, 0));
  EXPECT_TRUE(Client(port()).get(base + "/pairings").json["tables"][0]["reported"].get<bool>());
  Client b = login_player("spring", at(0, 1), pins[at(0, 1)]);
  const Reply confirmed = b.post(base + "/confirm", {{"table", 1}, {"agree", true}});
  ASSERT_EQ(confirmed.status, 200) << confirmed.body;
  EXPECT_EQ(Client(port()).get(base + "/pairings").json["tables"][0]["result"]["outcome"],
            json({"win", "loss"}));

  // Table 2: reported, disputed, settled by the EO.
  Client c = login_player("spring", at(1, 1), pins[at(1, 1)]);
  ASSERT_EQ(c.post(base + "/report", {{"table", 2},
                                      {"results", {result("loss", 0, 10), result("win", 3, 75)}},
                                      {"victory", "assassination"}})
                .status,
            200);
  Client d = login_player("spring", at(1, 0), pins[at(1, 0)]);
  const Reply disputed =
      d.post(base + "/confirm", {{"table", 2}, {"agree", false}, {"note", "I won on scenario"}});
  ASSERT_EQ(disputed.status, 200) << disputed.body;
  EXPECT_TRUE(Client(port()).get(base + "/pairings").json["tables"][1]["disputed"].get<bool>());
  const Reply admin = eo.get(base + "/admin");
  ASSERT_EQ(admin.json["pending_reports"].size(), 1u) << admin.body;
  EXPECT_EQ(admin.json["pending_reports"][0]["report"]["note"], "I won on scenario");
  ASSERT_EQ(eo.post(base + "/commands", {{"type", "record-result"},
                                         {"table", 2},
                                         {"results", {result("win", 6, 30), result("loss", 1, 40)}},
                                         {"victory", "scenario"}})
                .status,
            200);

  // Tables 3 and 4 by the EO, then close.
  for (int t : {3, 4})
    ASSERT_EQ(eo.post(base + "/commands", {{"type", "record-result"},
                                           {"table", t},
                                           {"results", {result("win", 5, 30), result("loss", 0, 10)}},
                                           {"victory", "scenario"}})
                  .status,
              200);
  const Reply closed = eo.post(base + "/commands", {{"type", "close-round"}});
  ASSERT_EQ(closed.status, 200) << closed.body;

  const Reply standings = Client(port()).get(base + "/standings");
  ASSERT_EQ(standings.status, 200);
  ASSERT_EQ(standings.json["standings"].size(), 8u);
  EXPECT_EQ(standings.json["standings"][0]["tp"], 1);
  EXPECT_EQ(standings.json["rounds_counted"], 1);

  const Reply page = Client(port()).get(base + "/players/" + at(0, 0));
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.json["tp"], 1);
  ASSERT_EQ(page.json["history"].size(), 1u);
  EXPECT_EQ(page.json["history"][0]["outcome"], "win");
  EXPECT_EQ(page.json["history"][0]["opponent"]["id"], at(0, 1));

  const Reply summary = Client(port()).get(base);
  EXPECT_EQ(summary.json["rounds_played"], 1);
  EXPECT_TRUE(summary.json["current_round"]["closed"].get<bool>());
  const Reply journal = eo.get(base + "/journal");
  EXPECT_EQ(journal.json["entries"].size(), static_cast<std::size_t>(journal_length("spring")));
  const Reply exported = eo.get(base + "/export");
  ASSERT_EQ(exported.status, 200);
  EXPECT_NE(exported.header("Content-Disposition").find("spring.json"), std::string::npos);

  // Undo the close: the round reopens.
  const Reply undone = eo.post(base + "/undo", json::object());
  ASSERT_EQ(undone.status, 200) << undone.body;
  EXPECT_FALSE(Client(port()).get(base).json["current_round"]["closed"].get<bool>());
}

TEST_F(FlowTest, EventsAreListedAndUnknownOnesAre404) {
  create_event("one", "First");
  create_event("two", "Second");
  Client anyone(port());
  const Reply list = anyone.get("/api/events");
  ASSERT_EQ(list.json["events"].size(), 2u);
  EXPECT_EQ(list.json["events"][1]["name"], "Second");
  const Reply missing = anyone.get("/api/events/nope/standings");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.json["error"]["field"], "event");
  EXPECT_EQ(anyone.get("/api/events/one/players/p99").status, 404);
  EXPECT_EQ(anyone.get("/api/events/one/pairings").status, 404);  // nothing paired yet
  EXPECT_EQ(anyone.get("/api/editions").json["editions"].size() >= 4, true);
}

TEST_F(FlowTest, WebPagesAreServedWithAStrictPolicy) {
  Client browser(port());
  const Reply index = browser.get("/");
  ASSERT_EQ(index.status, 200);
  EXPECT_EQ(index.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(index.header("Content-Security-Policy").find("default-src 'self'"), std::string::npos);
  EXPECT_EQ(index.header("Content-Security-Policy").find("unsafe-inline"), std::string::npos);
  EXPECT_EQ(browser.get("/no-such-page.html").status, 404);
  EXPECT_EQ(browser.get("/../etc/passwd").status, 404);
  // Every browser asks for /favicon.ico: the event's icon, not a 404.
  const Reply icon = browser.get("/favicon.ico");
  EXPECT_EQ(icon.status, 200);
  EXPECT_EQ(icon.header("Content-Type"), "image/svg+xml");
}

}  // namespace
}  // namespace gauntlet::server::test
