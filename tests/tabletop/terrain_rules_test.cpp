// Each terrain rule of each edition, pinned with a hand-made placement that breaks it (and one that
// just keeps it). The seeds' words are in the edition data; the finding quotes them.
#include <gtest/gtest.h>

#include <algorithm>

#include "editions/edition.hpp"
#include "tabletop/json.hpp"
#include "tabletop/terrain.hpp"

namespace gauntlet::tabletop {
namespace {

const Edition& ed(const char* id) {
  return *find_edition(id);
}

Piece rect(std::string id, std::string kind, double x, double y, double w = 4, double d = 4, double rot = 0) {
  return {std::move(id), std::move(kind), {Shape::rect, {x, y}, w, d, rot}};
}

// Two forests far apart and clear of everything: legal on its own in SR2017 and SR2023.
std::vector<Piece> base() {
  return {rect("F1", "forest", 16, 24), rect("F2", "forest", 32, 24)};
}

std::vector<Finding> errors(const char* edition, std::vector<Piece> extra, bool rumble = false) {
  Placement p{find_edition(edition)->id, "manual", rumble, 0, 0, base()};
  for (Piece& x : extra) p.pieces.push_back(std::move(x));
  auto all = check_terrain(ed(edition), p);
  std::vector<Finding> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out), [](const Finding& f) { return f.error; });
  return out;
}

bool broke(const std::vector<Finding>& fs, const std::string& rule, const std::vector<std::string>& pieces) {
  return std::any_of(fs.begin(), fs.end(),
                     [&](const Finding& f) { return f.rule == rule && f.pieces == pieces; });
}

TEST(SR2017_Terrain, NothingWithinSixInchesOfATableEdge) {
  // SR2017 "Do not place terrain pieces within 6" of any table edge."
  auto fs = errors("sr2017", {rect("H", "hill", 7.9, 30)});  // its left side at 5.9"
  ASSERT_TRUE(broke(fs, "edge", {"H"}));
  EXPECT_NE(fs[0].text.find("within 6\" of any table edge"), std::string::npos) << fs[0].text;
  EXPECT_TRUE(errors("sr2017", {rect("H", "hill", 8, 30)}).empty());
}

TEST(SR2017_Terrain, UnrestrictedPiecesStayTwoInchesFromAnyOther) {
  // "Unrestricted terrain pieces cannot be placed within 2" of any other terrain piece."
  EXPECT_TRUE(
      broke(errors("sr2017", {rect("R", "rough terrain", 16, 29.9)}), "unrestricted-gap", {"F1", "R"}));
  EXPECT_TRUE(errors("sr2017", {rect("R", "rough terrain", 16, 30)}).empty());
}

TEST(SR2017_Terrain, TrenchesMayTouchTrenches) {
  // "Trenches, however, can be placed in contact with other trenches."
  EXPECT_TRUE(errors("sr2017", {rect("T1", "trench", 24, 14), rect("T2", "trench", 28, 14)}).empty());
  EXPECT_TRUE(broke(errors("sr2017", {rect("T1", "trench", 24, 14), rect("R", "rubble", 28, 14)}),
                    "unrestricted-gap", {"T1", "R"}));
}

TEST(SR2017_Terrain, RestrictedPiecesStayFiveInchesApartAndOutOfDeploymentZones) {
  // "Restricted terrain cannot be placed within deployment zones or within 5" of any other
  // restricted terrain piece."
  EXPECT_TRUE(broke(errors("sr2017", {rect("O1", "obstacle", 24, 14), rect("O2", "obstacle", 28.9, 14)}),
                    "restricted-gap", {"O1", "O2"}));
  EXPECT_TRUE(errors("sr2017", {rect("O1", "obstacle", 24, 14), rect("O2", "obstacle", 33, 14)}).empty());
  EXPECT_TRUE(broke(errors("sr2017", {rect("O", "obstruction", 24, 11.9)}), "deployment", {"O"}));
  EXPECT_TRUE(errors("sr2017", {rect("O", "obstruction", 24, 12)}).empty());    // touching the zone's line
  EXPECT_TRUE(errors("sr2017", {rect("W", "shallow water", 24, 10)}).empty());  // unrestricted may
}

TEST(SR2017_Terrain, EveryTableHasTwoLosBlockingPieces) {
  // "Each table should contain a minimum of two LOS-blocking terrain pieces"
  Placement p{"SR2017", "manual", false, 0, 0, {rect("F1", "forest", 16, 24), rect("H", "hill", 32, 24)}};
  auto fs = check_terrain(ed("sr2017"), p);
  EXPECT_TRUE(std::any_of(fs.begin(), fs.end(),
                          [](const Finding& f) { return f.rule == "los-blocking" && f.error; }));
}

TEST(SR2017_Rumble, TheSixInchEdgeRuleIsIgnored) {
  // SR2017 "Rumble": "ignore the rule stating that terrain cannot be placed within 6" of any table edge"
  Placement p{
      "SR2017", "manual",
      true,     0,
      0,        {rect("F1", "forest", 4, 4), rect("F2", "forest", 26, 26), rect("O", "obstruction", 15, 3)}};
  EXPECT_TRUE(legal(check_terrain(ed("sr2017"), p)));
  p.pieces.push_back(rect("X", "hill", 29, 15));  // off a 30" table
  EXPECT_FALSE(legal(check_terrain(ed("sr2017"), p)));
}

TEST(SR2023_Terrain, RestrictedPiecesHaveNoFiveInchRuleButKeepTwoInches) {
  // SR2023 keeps only "Unrestricted terrain pieces cannot be placed within 2" ..." (no 5" rule,
  // no deployment rule); crater is restricted.
  EXPECT_TRUE(errors("sr2023", {rect("C1", "crater", 24, 14), rect("C2", "crater", 29, 14)}).empty());
  EXPECT_TRUE(broke(errors("sr2023", {rect("C1", "crater", 24, 14), rect("G", "tall grass", 29, 14)}),
                    "unrestricted-gap", {"C1", "G"}));
}

TEST(SR2014_Terrain, EveryPieceThreeInchesFromEveryOtherAndNoneInDeploymentZones) {
  // SR2014 "All terrain pieces must be placed at least 3" away from other terrain pieces."
  EXPECT_TRUE(broke(errors("sr2014", {rect("O1", "obstacle", 24, 14), rect("O2", "obstacle", 30.9, 14)}),
                    "gap", {"O1", "O2"}));
  // "Do not place terrain within deployment zones. This does not apply to Advance Deployment zones."
  EXPECT_TRUE(broke(errors("sr2014", {rect("H", "hill", 24, 39)}), "deployment", {"H"}));
  EXPECT_TRUE(errors("sr2014", {rect("H", "hill", 24, 35)}).empty());
  // No 6" edge rule in SR2014.
  EXPECT_TRUE(errors("sr2014", {rect("H", "hill", 2.5, 24)}).empty());
}

TEST(TerrainCheck, UnknownKindsAndOffTablePiecesAreNamed) {
  auto fs = errors("sr2017", {rect("Z", "lava lake", 24, 40), rect("Y", "hill", 47, 24)});
  EXPECT_TRUE(broke(fs, "kind", {"Z"}));
  EXPECT_TRUE(broke(fs, "table", {"Y"}));
}

TEST(TerrainCheck, SizesAndCountsOutsideTheGuidanceAreWarningsNotErrors) {
  Placement p{"SR2017", "manual", false,
              0,        0,        {rect("F1", "forest", 16, 24, 10, 8), rect("F2", "forest", 32, 24)}};
  auto fs = check_terrain(ed("sr2017"), p);
  EXPECT_TRUE(legal(fs));
  EXPECT_TRUE(
      std::any_of(fs.begin(), fs.end(), [](const Finding& f) { return f.rule == "piece-size" && !f.error; }));
  EXPECT_TRUE(
      std::any_of(fs.begin(), fs.end(), [](const Finding& f) { return f.rule == "pieces" && !f.error; }));
}

TEST(TerrainJson, APlacementSurvivesTheRoundTripAndBadFieldsAreNamed) {
  Placement p{"SR2017", "manual", false, 9, 3, base()};
  auto back = placement_from_json(to_json(p));
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(to_json(*back), to_json(p));
  auto j = to_json(p);
  j["pieces"][1]["width"] = -2;
  auto bad = placement_from_json(j);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "pieces[1].width");
}

}  // namespace
}  // namespace gauntlet::tabletop
