// Issue 12: terrain and scenario sheets from the command line, as the EO runs them before round 1.
#include <gmock/gmock.h>

#include <nlohmann/json.hpp>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliTerrain : public CliTest {};

TEST_F(CliTerrain, SixtyFourTablesOfClusterTerrainThenOneCheckedAndOneBrokenByHand) {
  const Ran placed = gauntlet({"--json", "terrain", "--edition", "sr2017", "--method", "cluster", "--seed",
                               "7", "--tables", "64", "--out", "tables.json"});
  ASSERT_EQ(placed.status, 0) << placed.err;
  auto tables = nlohmann::json::parse(read_all(path("tables.json")));
  ASSERT_EQ(tables.size(), 64u);
  EXPECT_EQ(tables[63]["table"], 64);
  write("t5.json", tables[4].dump());
  const Ran good = gauntlet({"terrain", "check", "t5.json"});
  EXPECT_EQ(good.status, 0) << good.out << good.err;
  EXPECT_THAT(good.out, HasSubstr("legal"));
  // The EO drags piece 2 onto piece 1: the checker names both and the rule.
  tables[4]["pieces"][1]["x"] = tables[4]["pieces"][0]["x"];
  tables[4]["pieces"][1]["y"] = tables[4]["pieces"][0]["y"];
  write("t5.json", tables[4].dump());
  const Ran bad = gauntlet({"--json", "terrain", "check", "t5.json"});
  EXPECT_EQ(bad.status, 2);
  auto verdict = nlohmann::json::parse(bad.out);
  EXPECT_FALSE(verdict["legal"]);
  EXPECT_EQ(verdict["findings"][0]["pieces"], (nlohmann::json{"T1", "T2"}));
  EXPECT_THAT(verdict["findings"][0]["text"].get<std::string>(), HasSubstr("SR2017 \"Terrain\""));
}

TEST_F(CliTerrain, BadInputIsRefusedByFieldAndWritesNothing) {
  const Ran method = gauntlet({"terrain", "--edition", "sr2023", "--method", "scatter"});
  EXPECT_EQ(method.status, 2);
  EXPECT_THAT(method.err, HasSubstr("'scatter' is not a terrain setup method of SR2023 (cluster, quadrant)"));
  write("box.json", R"([{"kind": "lava", "width": 5, "depth": 4}])");
  const Ran kind = gauntlet({"terrain", "--edition", "sr2017", "--inventory", "box.json"});
  EXPECT_EQ(kind.status, 2);
  EXPECT_THAT(kind.err, HasSubstr("inventory[0].kind"));
  write("p.json", R"({"edition": "SR2017", "pieces": [{"id": "A", "kind": "forest", "x": 24, "y": 24}]})");
  const Ran piece = gauntlet({"terrain", "check", "p.json"});
  EXPECT_EQ(piece.status, 2);
  EXPECT_THAT(piece.err, HasSubstr("pieces[0].width"));
}

TEST_F(CliTerrain, AScenarioSheetAsSvgAndAsText) {
  const Ran pit = gauntlet({"scenario", "show", "sr2017", "the-pit-ii", "--svg"});
  ASSERT_EQ(pit.status, 0) << pit.err;
  EXPECT_THAT(pit.out, HasSubstr("<svg"));
  EXPECT_THAT(pit.out, HasSubstr("Kill Box 12\" (own edge)"));
  const Ran patrol = gauntlet({"scenario", "show", "sr2017", "patrol", "--svg"});
  EXPECT_THAT(patrol.out, HasSubstr("30\" x 30\" table"));
  EXPECT_THAT(patrol.out, ::testing::Not(HasSubstr("Kill Box 12")));
  const Ran sr14 = gauntlet({"scenario", "show", "sr2014", "destruction"});
  EXPECT_THAT(sr14.out, HasSubstr("14\" of any table edge"));
  const Ran unknown = gauntlet({"scenario", "show", "sr2017", "nope"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_THAT(unknown.err, HasSubstr("the-pit-ii"));
}

}  // namespace
}  // namespace gauntlet
