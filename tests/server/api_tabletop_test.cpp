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
  EXPECT_EQ(first.json["options"].size(), 9u);  // six on the table and the three Rumble scenarios
  const Reply second = eo.get("/api/events/secret/scenario/next?draw=2");
  ASSERT_EQ(second.status, 200);
  EXPECT_NE(second.json["key"], first.json["key"]);
  const Reply bad = eo.get("/api/events/secret/scenario/next?draw=zero");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["error"]["field"], "draw");
}

}  // namespace
}  // namespace gauntlet::server::test
