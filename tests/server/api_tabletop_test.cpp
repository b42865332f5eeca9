// Issue 12 through HTTP: scenario sheets as SVG, terrain for a round's tables, and the checker for a
// table the EO moved by hand. Refusals are 400/404 naming the field.
#include <gmock/gmock.h>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class TabletopApiTest : public ServerTest {};

TEST_F(TabletopApiTest, AScenarioSheetIsAnSvgAndAnUnknownScenarioNamesTheKnownOnes) {
  Client c(port());
  const Reply sheet = c.get("/api/editions/sr2017/scenarios/the-pit-ii.svg");
  ASSERT_EQ(sheet.status, 200) << sheet.body;
  EXPECT_THAT(sheet.header("Content-Type"), HasSubstr("image/svg+xml"));
  EXPECT_THAT(sheet.body, HasSubstr("The Pit II"));
  EXPECT_THAT(sheet.body, HasSubstr("Kill Box 12\""));
  const Reply none = c.get("/api/editions/sr2017/scenarios/the-pit-iv.svg");
  EXPECT_EQ(none.status, 404);
  EXPECT_THAT(none.body, HasSubstr("standoff"));
}

TEST_F(TabletopApiTest, EightTablesOfQuadrantTerrainNumberedFromThreeEachLegal) {
  Client c(port());
  const Reply r = c.post("/api/terrain", {{"edition", "sr2017"},
                                          {"method", "quadrant"},
                                          {"seed", "99"},
                                          {"table", 3},
                                          {"tables", 8},
                                          {"scenario", "standoff"}});
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_EQ(r.json["tables"].size(), 8u);
  for (int i = 0; i < 8; ++i) {
    json t = r.json["tables"][i];
    EXPECT_EQ(t["table"], 3 + i);
    EXPECT_EQ(t["pieces"].size(), 8u);
    EXPECT_THAT(t["svg"].get<std::string>(), HasSubstr("Standoff"));
    t.erase("svg");
    const Reply chk = c.post("/api/terrain/check", t);
    ASSERT_EQ(chk.status, 200) << chk.body;
    EXPECT_TRUE(chk.json["legal"]) << chk.body;
  }
  // The same request draws the same tables (the seed is the draw).
  const Reply again = c.post("/api/terrain", {{"edition", "sr2017"},
                                              {"method", "quadrant"},
                                              {"seed", "99"},
                                              {"table", 3},
                                              {"tables", 8},
                                              {"scenario", "standoff"}});
  EXPECT_EQ(again.json, r.json);
}

TEST_F(TabletopApiTest, TheCheckerNamesThePiecesAndOutlinesThemInRed) {
  Client c(port());
  json placement = {
      {"edition", "SR2017"},
      {"pieces",
       {{{"id", "F1"}, {"kind", "forest"}, {"x", 24}, {"y", 24}, {"width", 5}, {"depth", 4}},
        {{"id", "O1"}, {"kind", "obstacle"}, {"x", 24}, {"y", 4}, {"width", 5}, {"depth", 4}}}}};
  const Reply r = c.post("/api/terrain/check", placement);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_FALSE(r.json["legal"]);
  std::set<std::string> rules;
  for (const json& f : r.json["findings"]) rules.insert(f["rule"].get<std::string>());
  // SR2017 "Do not place terrain pieces within 6" of any table edge"; "Restricted terrain cannot be
  // placed within deployment zones"; "a minimum of two LOS-blocking terrain pieces"; six to eight.
  EXPECT_TRUE(rules.count("edge") && rules.count("deployment") && rules.count("los-blocking") &&
              rules.count("pieces"))
      << r.body;
  EXPECT_THAT(r.json["svg"].get<std::string>(), HasSubstr("#e53e3e"));
  // With the round's scenario the checked picture is that scenario's sheet, Kill Box included.
  placement["scenario"] = "standoff";
  const Reply sheet = c.post("/api/terrain/check", placement);
  ASSERT_EQ(sheet.status, 200) << sheet.body;
  EXPECT_THAT(sheet.json["svg"].get<std::string>(), HasSubstr("SR2017 - Standoff"));
  EXPECT_THAT(sheet.json["svg"].get<std::string>(), HasSubstr("#e53e3e"));
}

TEST_F(TabletopApiTest, BadRequestsNameTheFieldAndChangeNothing) {
  Client c(port());
  const Reply method = c.post("/api/terrain", {{"edition", "sr2023"}, {"method", "scatter"}});
  EXPECT_EQ(method.status, 400);
  EXPECT_EQ(method.json["error"]["field"], "method") << method.body;
  const Reply tables = c.post("/api/terrain", {{"edition", "sr2017"}, {"tables", 0}});
  EXPECT_EQ(tables.status, 400);
  EXPECT_EQ(tables.json["error"]["field"], "tables");
  const Reply kind =
      c.post("/api/terrain",
             {{"edition", "sr2017"}, {"inventory", {{{"kind", "lava"}, {"width", 5}, {"depth", 4}}}}});
  EXPECT_EQ(kind.status, 400);
  EXPECT_EQ(kind.json["error"]["field"], "inventory[0].kind") << kind.body;
  const Reply piece = c.post("/api/terrain/check", {{"edition", "SR2017"}, {"pieces", {{{"id", "A"}}}}});
  EXPECT_EQ(piece.status, 400);
  EXPECT_EQ(piece.json["error"]["field"], "pieces[0].kind") << piece.body;
}

// SR2017 "the EO should not announce the scenario until the start of the round": the next round's
// scenario is the EO's alone; a re-roll never repeats the draw before it.
TEST_F(TabletopApiTest, TheNextScenarioIsTheEOsSecretAndARerollIsAnotherDraw) {
  create_event("secret");
  EXPECT_EQ(Client(port()).get("/api/events/secret/scenario/next").status, 401);
  Client eo = login_eo("secret");
  const Reply first = eo.get("/api/events/secret/scenario/next");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.json["how"], "rolled");
  EXPECT_EQ(first.json["round"], 1);
  EXPECT_EQ(first.json["options"].size(), 6u);  // the six on the table; the Rumble ones are for Rumble events
  const Reply second = eo.get("/api/events/secret/scenario/next?draw=2");
  ASSERT_EQ(second.status, 200);
  EXPECT_NE(second.json["key"], first.json["key"]);
  const Reply bad = eo.get("/api/events/secret/scenario/next?draw=zero");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["error"]["field"], "draw");
}

// SR2017 "Rumble": "The recommended point size for Rumble events is 15–35 army points." …
// "Steamroller Rumble events must use one of the three Rumble scenarios".
TEST_F(TabletopApiTest, ARumbleEventAtThirtyPointsOffersTheThreeRumbleScenarios) {
  create_event("rumble");
  Client eo = login_eo("rumble");
  json config = {{"name", "Friday Rumble"}, {"edition", "SR2017"}, {"points", 30}, {"variants", {"rumble"}}};
  const Reply timed =
      eo.post("/api/events/rumble/commands", {{"type", "configure-event"}, {"config", config}});
  ASSERT_EQ(timed.status, 400) << "30 points has no Deathclock row";
  EXPECT_THAT(timed.body, HasSubstr("No Time Limits"));
  config["variants"] = {"rumble", "no-time-limits"};
  const Reply ok = eo.post("/api/events/rumble/commands", {{"type", "configure-event"}, {"config", config}});
  ASSERT_EQ(ok.status, 200) << ok.body;
  const Reply summary = eo.get("/api/events/rumble");
  EXPECT_EQ(summary.json["rumble"], true) << summary.body;
  EXPECT_EQ(summary.json["points"], 30);
  const Reply next = eo.get("/api/events/rumble/scenario/next");
  ASSERT_EQ(next.status, 200) << next.body;
  ASSERT_EQ(next.json["options"].size(), 3u);
  for (const json& o : next.json["options"]) EXPECT_EQ(o["rumble"], true) << o;
  const Reply editions = eo.get("/api/editions");
  bool found = false;
  for (const json& e : editions.json["editions"])
    for (const json& v : e["variants"])
      if (v.contains("rumble")) {
        found = true;
        EXPECT_EQ(v["rumble"]["min_points"], 15);
        EXPECT_EQ(v["rumble"]["max_points"], 35);
      }
  EXPECT_TRUE(found) << "the Rumble variant carries its point range";
}

}  // namespace
}  // namespace gauntlet::server::test

namespace gauntlet::server::test {
namespace {

// Issue 13 point 5: the wizard over HTTP. Without an event the body names the edition; for an event
// the event's edition and victory variants are used and the body may not override them.
TEST_F(TabletopApiTest, TheWizardDecidesADiceDownAndAnEventsVariantsApply) {
  Client c(port());
  const json facts = {{"end", "dice-down"},
                      {"players", {{{"cp", 3}, {"ap_destroyed", 20}}, {{"cp", 3}, {"ap_destroyed", 35}}}}};
  json with_edition = facts;
  with_edition["edition"] = "sr2017";
  const Reply d = c.post("/api/adjudicate", with_edition);
  ASSERT_EQ(d.status, 200) << d.body;
  EXPECT_EQ(d.json["winner"], 2);
  EXPECT_EQ(d.json["victory"], "tiebreaker");
  EXPECT_EQ(d.json["records"][1]["outcome"], "win");
  const Reply none = c.post("/api/adjudicate", facts);
  EXPECT_EQ(none.status, 400);
  EXPECT_EQ(none.json["error"]["field"], "edition");

  create_event("notb");
  Client eo = login_eo("notb");
  const json config = {{"name", "No Tiebreakers Open"},
                       {"edition", "SR2017"},
                       {"points", 75},
                       {"variants", {"no-tiebreakers", "classic-turn-timing"}}};
  ASSERT_EQ(eo.post("/api/events/notb/commands", {{"type", "configure-event"}, {"config", config}}).status,
            200);
  const Reply tie = c.post("/api/events/notb/adjudicate", facts);
  ASSERT_EQ(tie.status, 200) << tie.body;
  EXPECT_TRUE(tie.json["winner"].is_null()) << tie.body;
  EXPECT_EQ(tie.json["victory"], "tie");
  EXPECT_THAT(tie.json["steps"].back()["rule"].get<std::string>(), HasSubstr("No Tiebreakers"));
  const Reply override = c.post("/api/events/notb/adjudicate", with_edition);
  EXPECT_EQ(override.status, 400);
  EXPECT_EQ(override.json["error"]["field"], "edition");
  json typo = facts;
  typo["players"][1]["ap_destoyed"] = 4;
  const Reply bad = c.post("/api/events/notb/adjudicate", typo);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["error"]["field"], "players[1].ap_destoyed");
}

}  // namespace
}  // namespace gauntlet::server::test

namespace gauntlet::server::test {
namespace {

// What the result forms ask: SR2014 with Mangled Metal and No Assassination Victory offers those
// endings (and 'no-models', not 'assassination'), and its ladder's army points remaining.
TEST_F(TabletopApiTest, TheWizardsQuestionsFollowTheEventsEditionAndVariants) {
  create_event("mm");
  Client eo = login_eo("mm");
  const json config = {{"name", "Mangled Metal Night"},
                       {"edition", "SR2014"},
                       {"points", 50},
                       {"variants", {"mangled-metal", "no-assassination"}}};
  ASSERT_EQ(eo.post("/api/events/mm/commands", {{"type", "configure-event"}, {"config", config}}).status,
            200);
  Client c(port());
  const Reply shape = c.get("/api/events/mm/adjudicate");
  ASSERT_EQ(shape.status, 200) << shape.body;
  std::vector<std::string> endings;
  for (const json& e : shape.json["endings"]) endings.push_back(e["key"]);
  EXPECT_THAT(endings, ::testing::Contains("mangled-metal"));
  EXPECT_THAT(endings, ::testing::Contains("no-models"));
  EXPECT_THAT(endings, ::testing::Not(::testing::Contains("assassination")));
  EXPECT_THAT(endings, ::testing::Not(::testing::Contains("game-length")));
  EXPECT_THAT(shape.json["facts"].get<std::vector<std::string>>(), ::testing::Contains("ap_remaining"));
}

}  // namespace
}  // namespace gauntlet::server::test
