// Issue 11 over HTTP: a table's Deathclock run to a flag fall that the server records by itself, the
// players' report bound by it, the live message of a tap, a tap sent late, and every refusal with
// its status and nothing journaled.
#include <gmock/gmock.h>

#include <chrono>
#include <thread>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class ClockApiTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    create_event("cup");
    eo_ = std::make_unique<Client>(login_eo("cup"));
    const auto [a, pa] = add_player(*eo_, "cup", "Ada");
    const auto [b, pb] = add_player(*eo_, "cup", "Boris");
    const auto [c, pc] = add_player(*eo_, "cup", "Chen");
    const auto [d, pd] = add_player(*eo_, "cup", "Dana");
    ASSERT_EQ(
        eo_->post("/api/events/cup/commands",
                  {{"type", "pair-round"},
                   {"tables", {{{"table", 1}, {"players", {a, b}}}, {{"table", 2}, {"players", {c, d}}}}}})
            .status,
        200);
    ada_ = std::make_unique<Client>(login_player("cup", a, pa));
    boris_ = std::make_unique<Client>(login_player("cup", b, pb));
    chen_ = std::make_unique<Client>(login_player("cup", c, pc));
  }
  Reply tap(Client& who, json body) {
    body["table"] = body.value("table", 1);
    return who.post("/api/events/cup/clock", body);
  }
  json table_clock(int table = 1) {
    return Client(port()).get("/api/events/cup/clocks").json["tables"][table - 1]["clock"];
  }
  void start_round() {
    ASSERT_EQ(eo_->post("/api/events/cup/commands", {{"type", "start-round"}}).status, 200);
  }
  // Ada starts (first), both tap through deployment (SR2017: normal and advance for each).
  void deploy() {
    ASSERT_EQ(tap(*ada_, {{"action", "start"}, {"seat", 0}}).status, 200);
    for (int i = 0; i < 4; ++i) ASSERT_EQ(tap(i % 2 ? *boris_ : *ada_, {{"action", "pass"}}).status, 200);
  }
  // Refused with `status`, naming `text`, and nothing journaled.
  void refused(Client& who, json body, int status, const std::string& text) {
    const auto before = journal_length("cup");
    const Reply r = tap(who, std::move(body));
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_THAT(r.json["error"]["message"].get<std::string>(), HasSubstr(text)) << r.body;
    EXPECT_EQ(journal_length("cup"), before);
  }
  std::unique_ptr<Client> eo_, ada_, boris_, chen_;
};

TEST_F(ClockApiTest, SR2017_Deathclock_TheServerRecordsTheFlagAndTheReportMustSaySo) {
  start_round();
  deploy();
  // A judge the EO makes takes Ada's time down to about one second, with a reason.
  const Reply judge = eo_->post("/api/events/cup/judges", {{"name", "Kim"}});
  ASSERT_EQ(judge.status, 200);
  Client kim(port());
  ASSERT_EQ(kim.post("/api/events/cup/judge-login", {{"name", "Kim"}, {"pin", judge.json["pin"]}}).status,
            200);
  const std::int64_t left = table_clock()["remaining_ms"][0];
  const Reply adjust =
      tap(kim, {{"action", "adjust"}, {"seat", 0}, {"delta_ms", -(left - 3000)}, {"reason", "test"}});
  ASSERT_EQ(adjust.status, 200) << adjust.body;
  EXPECT_EQ(adjust.json["command"]["by"], "judge:Kim");
  const std::int64_t as_of = adjust.json["clock"]["as_of_ms"];
  const std::int64_t remaining = adjust.json["clock"]["remaining_ms"][0];
  // Nobody taps: the server records the flag at the instant it fell.
  json clock;
  for (int i = 0; i < 100 && (clock = table_clock())["state"] != "flagged"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_EQ(clock["state"], "flagged") << clock.dump();
  EXPECT_EQ(clock["flag"]["seat"], 0);
  EXPECT_EQ(clock["flag"]["at_ms"], as_of + remaining);
  // SR2017: the player whose clock ran out loses (unless the scenario then gave them 5 more CP).
  const json ada_wins_on_cp = {
      {"table", 1},
      {"results",
       {{{"outcome", "win"}, {"cp", 3}, {"ap", 10}}, {{"outcome", "loss"}, {"cp", 1}, {"ap", 10}}}},
      {"victory", "scenario"}};
  const Reply wrong = boris_->post("/api/events/cup/report", ada_wins_on_cp);
  EXPECT_EQ(wrong.status, 400) << wrong.body;
  EXPECT_THAT(wrong.json["error"]["message"].get<std::string>(), HasSubstr("clock ran out"));
  const json clock_loss = {
      {"table", 1},
      {"results",
       {{{"outcome", "loss"}, {"cp", 2}, {"ap", 10}}, {{"outcome", "win"}, {"cp", 1}, {"ap", 30}}}},
      {"victory", "clock"}};
  ASSERT_EQ(boris_->post("/api/events/cup/report", clock_loss).status, 200);
  ASSERT_EQ(ada_->post("/api/events/cup/confirm", {{"table", 1}, {"agree", true}}).status, 200);
  EXPECT_EQ(Client(port()).get("/api/events/cup/pairings").json["tables"][0]["result"]["victory"], "clock");
}

TEST_F(ClockApiTest, BadInputIsRefusedWithItsStatusAndNothingIsJournaled) {
  refused(*ada_, {{"action", "start"}, {"seat", 0}}, 409, "has not started round 1");
  start_round();
  refused(*chen_, {{"action", "start"}, {"seat", 0}}, 403, "does not play at this table");
  ASSERT_EQ(tap(*ada_, {{"action", "start"}, {"seat", 0}}).status, 200);
  refused(*boris_, {{"action", "pass"}}, 409, "it is Ada's turn");
  refused(*ada_, {{"action", "pause"}, {"reason", "x"}}, 403, "players cannot pause the chess clock");
  refused(*eo_, {{"action", "adjust"}, {"seat", 0}, {"delta_ms", 1000}}, 400, "a judge gives a reason");
  refused(*ada_, {{"action", "pass"}, {"round", 2}}, 404, "round 2 is not published");
  const std::int64_t old = table_clock()["as_of_ms"].get<std::int64_t>() - 10 * 60 * 1000;
  refused(*ada_, {{"action", "pass"}, {"at_ms", old}}, 409, "5:00");
  // A judge runs clocks only.
  const Reply judge = eo_->post("/api/events/cup/judges", {{"name", "Kim"}});
  Client kim(port());
  ASSERT_EQ(kim.post("/api/events/cup/judge-login", {{"name", "Kim"}, {"pin", judge.json["pin"]}}).status,
            200);
  EXPECT_EQ(kim.post("/api/events/cup/commands", {{"type", "close-round"}}).status, 403);
  // A finished game takes no clock action.
  ASSERT_EQ(eo_->post("/api/events/cup/commands", {{"type", "record-result"},
                                                   {"table", 1},
                                                   {"results",
                                                    {{{"outcome", "win"}, {"cp", 5}, {"ap", 30}},
                                                     {{"outcome", "loss"}, {"cp", 0}, {"ap", 10}}}},
                                                   {"victory", "scenario"}})
                .status,
            200);
  refused(*ada_, {{"action", "pass"}}, 409, "the game is finished");
}

TEST_F(ClockApiTest, ATapReachesTheOpponentsSocketAndALateTapCountsAtItsTime) {
  start_round();
  deploy();
  LiveClient live(port(), "cup");
  EXPECT_EQ(live.next()["type"], "hello");
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  // Ada's phone was offline: her pass happened 1 s ago, after her turn began.
  const std::int64_t sent =
      Client(port()).get("/api/events/cup/clocks").json["server_ms"].get<std::int64_t>() - 1000;
  const Reply late = tap(*ada_, {{"action", "pass"}, {"at_ms", sent}});
  ASSERT_EQ(late.status, 200) << late.body;
  EXPECT_EQ(late.json["command"]["at_ms"], sent);
  EXPECT_THAT(late.json["notes"].dump(), HasSubstr("recorded at the time it happened"));
  const json msg = live.next();
  EXPECT_EQ(msg["type"], "clock");
  EXPECT_EQ(msg["table"], 1);
  EXPECT_EQ(msg["clock"]["running"], 1);
  EXPECT_EQ(msg["clock"]["as_of_ms"], sent);
}

}  // namespace
}  // namespace gauntlet::server::test
