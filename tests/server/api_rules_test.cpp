// Rules fidelity through HTTP (issue 8): what the rules allow is accepted from the API and the
// player's report, what they forbid is a 400 naming the field and the rule, and the editions
// answer carries what docs/api.md promises.
#include <gmock/gmock.h>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class RulesApiTest : public ServerTest {
 protected:
  const std::string base = "/api/events/rules";
  // Two players at table 1 of a published round 1; returns their ids and PINs in table order.
  std::array<std::pair<std::string, std::string>, 2> seated(Client& eo) {
    auto a = add_player(eo, "rules", "Ada");
    auto b = add_player(eo, "rules", "Boris");
    const Reply pub =
        eo.post(base + "/commands",
                {{"type", "pair-round"}, {"tables", {{{"table", 1}, {"players", {a.first, b.first}}}}}});
    EXPECT_EQ(pub.status, 200) << pub.body;
    return {a, b};
  }
};

TEST_F(RulesApiTest, EditionsCarryTheListWindowAliasesAndVariantConstraints) {
  const Reply r = Client(port()).get("/api/editions");
  ASSERT_EQ(r.status, 200);
  std::map<std::string, int> under;
  for (const json& e : r.json["editions"]) under[e["id"]] = e["lists_window"]["max_under"];
  // SR2014 "not more than 2 under", SR2017 "not ... more than 4 points under".
  EXPECT_EQ(under["SR2014"], 2);
  EXPECT_EQ(under["SR2017"], 4);
  for (const json& e : r.json["editions"])
    if (e["id"] == "SR2017") {
      EXPECT_EQ(e["faction_aliases"]["Mercs"], "Mercenaries");
      for (const json& v : e["variants"])
        if (v["key"] == "no-tiebreakers") {
          EXPECT_EQ(v["constraints"][0]["requires"], "classic-turn-timing");
        }
    }
}

// SR2017 scenario pages: at the game's end "the player with the most control points wins via
// scenario victory" — a 3–1 report, confirmed by the opponent, is the result.
TEST_F(RulesApiTest, APlayerReportsAThreeToOneScenarioWinAndTheOpponentConfirms) {
  create_event("rules");
  Client eo = login_eo("rules");
  auto [a, b] = seated(eo);
  Client pa = login_player("rules", a.first, a.second);
  const Reply rep = pa.post(
      base + "/report",
      {{"table", 1}, {"results", {result("win", 3, 40), result("loss", 1, 20)}}, {"victory", "scenario"}});
  ASSERT_EQ(rep.status, 200) << rep.body;
  Client pb = login_player("rules", b.first, b.second);
  const Reply ok = pb.post(base + "/confirm", {{"table", 1}, {"agree", true}});
  ASSERT_EQ(ok.status, 200) << ok.body;
  const Reply pairings = Client(port()).get(base + "/pairings");
  EXPECT_EQ(pairings.json["tables"][0]["result"]["cp"], json({3, 1}));
  EXPECT_EQ(pairings.json["tables"][0]["result"]["victory"], "scenario");

  // Tied CP is no scenario win: 400, the field and the rule, nothing written.
  const auto before = journal_length("rules");
  const Reply tied = eo.post(base + "/commands", {{"type", "record-result"},
                                                  {"table", 1},
                                                  {"results", {result("win", 2, 40), result("loss", 2, 20)}},
                                                  {"victory", "scenario"}});
  EXPECT_EQ(tied.status, 400);
  EXPECT_THAT(tied.body, HasSubstr("round 1, table 1.ending"));
  EXPECT_THAT(tied.body, HasSubstr("'tiebreaker'"));
  EXPECT_EQ(journal_length("rules"), before);
}

// SR2017 "Sportsmanship": half "the total value of the opponent's starting army": with two lists
// registered the API asks which was played, and the answer says what the AP were halved from.
TEST_F(RulesApiTest, AConcessionAsksForTheListPlayedAndSaysWhatWasHalved) {
  Client admin(port());
  admin.bearer = admin_key_;
  ASSERT_EQ(admin
                .post("/api/events",
                      {{"id", "rules"},
                       {"config", {{"name", "Rules"}, {"edition", "SR2017"}, {"points", 75}, {"lists", 2}}},
                       {"password", "eo-secret-rules"}})
                .status,
            201);
  Client eo = login_eo("rules");
  auto [a, b] = std::array{add_player(eo, "rules", "Ada"), add_player(eo, "rules", "Boris")};
  auto list = [](const char* leader, int bonus, int unit) {
    return json{{"entries",
                 {{{"name", leader}, {"cost", bonus}, {"kind", "warcaster"}},
                  {{"name", "Unit"}, {"cost", unit}, {"kind", "unit"}, {"models", 6}}}}};
  };
  for (auto [index, l] : {std::pair{1, list("Sorscha", 28, 100)}, std::pair{2, list("Butcher", 27, 98)}}) {
    const Reply set =
        eo.post(base + "/commands", {{"type", "set-list"}, {"id", b.first}, {"index", index}, {"list", l}});
    ASSERT_EQ(set.status, 200) << set.body;
  }
  ASSERT_EQ(eo.post(base + "/commands",
                    {{"type", "pair-round"}, {"tables", {{{"table", 1}, {"players", {a.first, b.first}}}}}})
                .status,
            200);
  json concession{{"type", "record-result"},
                  {"table", 1},
                  {"results", {result("win", 0, 0), result("loss", 0, 0)}},
                  {"victory", "concession"}};
  const Reply asked = eo.post(base + "/commands", concession);
  EXPECT_EQ(asked.status, 400);
  EXPECT_THAT(asked.body, HasSubstr("round 1, table 1.results[1].list"));
  EXPECT_THAT(asked.body, HasSubstr("which list did Boris play?"));
  concession["results"][1]["list"] = 2;
  const Reply done = eo.post(base + "/commands", concession);
  ASSERT_EQ(done.status, 200) << done.body;
  const json r = Client(port()).get(base + "/pairings").json["tables"][0]["result"];
  EXPECT_EQ(r["ap"], json({49, 0}));
  EXPECT_EQ(r["concession_army"], (json{{"points", 98}, {"list", 2}}));
  EXPECT_EQ(r["list"], json({nullptr, 2}));
}

// Issue 9: pairing findings as data — rule, hard or soft, players, round, text.
TEST_F(RulesApiTest, APairingCheckAnswersFindingsAsData) {
  create_event("rules");
  Client eo = login_eo("rules");
  auto [a, b] = seated(eo);
  auto c = add_player(eo, "rules", "Chen");
  auto d = add_player(eo, "rules", "Dana");
  (void)c, (void)d;
  ASSERT_EQ(eo.post(base + "/commands", {{"type", "record-result"},
                                         {"table", 1},
                                         {"results", {result("win", 5, 40), result("loss", 0, 20)}},
                                         {"victory", "scenario"}})
                .status,
            200);
  ASSERT_EQ(eo.post(base + "/commands", {{"type", "close-round"}}).status, 200);
  const Reply check = eo.post(
      base + "/pairing/check",
      {{"tables",
        {{{"table", 1}, {"players", {a.first, b.first}}}, {{"table", 2}, {"players", {c.first, d.first}}}}},
       {"bye", nullptr}});
  ASSERT_EQ(check.status, 200) << check.body;
  ASSERT_FALSE(check.json["findings"].empty()) << check.body;
  const json& f = check.json["findings"][0];
  EXPECT_EQ(f["rule"], "rematch");
  EXPECT_EQ(f["hard"], true);
  EXPECT_EQ(f["players"], json({a.first, b.first}));
  EXPECT_EQ(f["round"], 2);
  EXPECT_EQ(check.json["warnings"][0], f["text"]);
}

// SR2017 "Classic Casual Time Limits – Use the round time, turn time, and extension length of an
// event one point size higher": lengths the baseline Deathclock does not have. POST /api/rules/timing
// refuses the variant without Classic Turn Timing as POST /api/events refuses it, word for word;
// with Classic Turn Timing it answers the 100-point row.
TEST_F(RulesApiTest,
       SR2017_ClassicCasualTimeLimits_TheTimingRouteRefusesItWithoutClassicTurnTimingAsSetupDoes) {
  Client anyone(port());
  const Reply timing = anyone.post("/api/rules/timing",
                                   {{"edition", "SR2017"}, {"points", 75}, {"variants", {"casual-time"}}});
  EXPECT_EQ(timing.status, 400) << timing.body;
  Client admin(port());
  admin.bearer = admin_key_;
  const Reply setup = admin.post(
      "/api/events",
      {{"id", "casual"},
       {"config", {{"name", "Casual"}, {"edition", "SR2017"}, {"points", 75}, {"variants", {"casual-time"}}}},
       {"password", "eo-secret-casual"}});
  ASSERT_EQ(setup.status, 400) << setup.body;
  EXPECT_EQ(timing.json["error"]["message"], setup.json["error"]["message"]);
  EXPECT_EQ(timing.json["error"]["rule"], setup.json["error"]["rule"]);
  EXPECT_EQ(timing.json["error"]["field"], "variants[0]");
  EXPECT_THAT(timing.json["error"]["message"].get<std::string>(), HasSubstr("'classic-turn-timing'"));
  const Reply classic = anyone.post(
      "/api/rules/timing",
      {{"edition", "sr2017"}, {"points", 75}, {"variants", {"classic-turn-timing", "casual-time"}}});
  ASSERT_EQ(classic.status, 200) << classic.body;
  EXPECT_EQ(classic.json["kind"], "classic");
  EXPECT_EQ(classic.json["table_points"], 100);
  EXPECT_TRUE(classic.json["deathclock"].is_null());
  const Reply no_points = anyone.post("/api/rules/timing", {{"edition", "SR2017"}});
  EXPECT_EQ(no_points.status, 400);
  EXPECT_EQ(no_points.json["error"]["field"], "points");
}

// SR2014 "Commander's Crucible [X]": "The event consists of X rounds ... cannot fall more than 10
// points under that point size ... Each battlegroup must be played at least once during the event."
// None of it is applied, so POST /api/events refuses the variant (400, the field, the rule and why)
// and the editions answer marks it unsupported, for the setup form to offer it disabled.
TEST_F(RulesApiTest, SR2014_CommandersCrucible_EventCreationRefusesItWithTheReason) {
  Client admin(port());
  admin.bearer = admin_key_;
  const Reply r = admin.post("/api/events", {{"id", "crucible"},
                                             {"config",
                                              {{"name", "Crucible"},
                                               {"edition", "SR2014"},
                                               {"points", 50},
                                               {"variants", {"commanders-crucible:4"}}}},
                                             {"password", "eo-secret-crucible"}});
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_THAT(r.body, HasSubstr("variants[0]"));
  EXPECT_THAT(r.body, HasSubstr("Commander's Crucible [X]"));
  EXPECT_THAT(r.body, HasSubstr("'commanders-crucible' is not supported"));
  EXPECT_EQ(Client(port()).get("/api/events/crucible").status, 404);
  const Reply eds = Client(port()).get("/api/editions");
  bool marked = false;
  for (const json& e : eds.json["editions"])
    for (const json& v : e["variants"])
      if (v["key"] == "commanders-crucible") {
        marked = v.contains("unsupported");
        EXPECT_THAT(v["unsupported"]["reason"].get<std::string>(), HasSubstr("X-1 battlegroup lists"));
      }
  EXPECT_TRUE(marked);
}

}  // namespace
}  // namespace gauntlet::server::test
