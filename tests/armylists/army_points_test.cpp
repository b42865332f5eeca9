// The army-points calculator (issue 13 point 4), one test per sentence of each edition's rule:
//   SR2017 (000_…txt) "3rd Tiebreaker: Army Points Destroyed": "Ignore models without a point cost,
//   inert warjacks, and wild warbeasts. ... Units and unit attachments are worth their point cost
//   only if all models in the unit are destroyed or removed from play. Warcasters and warlocks are
//   worth 10 army points each. If a list contains two or more multiple-model solos, all casualties
//   are counted toward the same solo until it is completely destroyed. Points are scored each time
//   a model or unit is destroyed."
//   SR2014 (003_…txt) "4th Tiebreaker: Army Points Destroyed": "Non-warcaster/warlock units below
//   50% of their starting number (rounding up) are worth 50% of their army points (rounding up)
//   including all attachments. Inert warjacks and wild warbeasts are worth their full army point
//   value. Warcasters and warlocks are worth 5 army points each."
#include "armylists/army_points.hpp"

#include <gtest/gtest.h>

namespace gauntlet {
namespace {

const ApMethod& method(const char* edition) {
  return find_edition(edition)->ap_method;
}

// 0 Kaelyssa (leader), 1 Griffon (jack 8), 2 Long Gunners (10 models, 10), 3 Officer & Standard
// (attachment, 2 models, 4), 4 Whelps (solo, 5 models, 5), 5 Whelps again, 6 Eiryss (solo 4),
// 7 Squire (free: cost 0), 8 Madelyn Corbeau (attachment after a solo: counts alone, 2).
ArmyList list() {
  ArmyList l;
  l.entries = {{"Kaelyssa", 28, EntryKind::leader, 1},
               {"Griffon", 8, EntryKind::warjack, 1},
               {"Long Gunners", 10, EntryKind::unit, 10},
               {"Officer & Standard", 4, EntryKind::attachment, 2},
               {"Whelps", 5, EntryKind::solo, 5},
               {"Whelps", 5, EntryKind::solo, 5},
               {"Eiryss", 4, EntryKind::solo, 1},
               {"Squire", 0, EntryKind::solo, 1},
               {"Madelyn Corbeau", 2, EntryKind::attachment, 1}};
  return l;
}

Destroyed count(const char* edition, std::vector<Loss> losses) {
  auto d = army_points_destroyed(method(edition), list(), losses, "destroyed");
  EXPECT_TRUE(d) << d.error().describe();
  return d ? *d : Destroyed{};
}

TEST(SR2017_ArmyPointsDestroyed, WarcastersAndWarlocksAreWorthTen) {
  EXPECT_EQ(count("SR2017", {{0, 1}}).total, 10);
  EXPECT_EQ(count("SR2023", {{0, 1}}).total, 10);  // SR2023: "Leader models are worth 10"
  EXPECT_EQ(count("SR2017", {{0, 1}}).lines[0].why, "destroyed: warcasters and warlocks are worth 10");
}

TEST(SR2017_ArmyPointsDestroyed, AUnitCountsOnlyWhenEveryModelIncludingAttachmentsIsGone) {
  Destroyed d = count("SR2017", {{2, 10}, {3, 1}});
  EXPECT_EQ(d.total, 0);
  ASSERT_EQ(d.lines.size(), 1u);
  EXPECT_EQ(d.lines[0].name, "Long Gunners + Officer & Standard");
  EXPECT_EQ(d.lines[0].why, "11 of 12 models destroyed, 1 left: counts only when every model is gone");
  EXPECT_EQ(count("SR2017", {{2, 10}, {3, 2}}).total, 14);
}

TEST(SR2017_ArmyPointsDestroyed, InertWarjacksAndModelsWithoutACostAreIgnored) {
  EXPECT_EQ(count("SR2017", {{1, 1, true}, {7, 1}}).total, 0);
  EXPECT_EQ(count("SR2017", {{1, 1}}).total, 8);
  EXPECT_EQ(count("SR2017", {{7, 1}}).lines[0].why, "no point cost in the list: ignored");
}

TEST(SR2017_ArmyPointsDestroyed, CasualtiesOfMultipleModelSolosGoToOneSoloUntilItIsDestroyed) {
  // Three Whelps marked on each entry: pooled, the first five are one whole solo.
  Destroyed d = count("SR2017", {{4, 3}, {5, 3}});
  EXPECT_EQ(d.total, 5);
  EXPECT_EQ(count("SR2017", {{4, 2}, {5, 2}}).total, 0);
}

TEST(SR2017_ArmyPointsDestroyed, PointsAreScoredEachTimeAModelIsDestroyed) {
  Destroyed d = count("SR2017", {{1, 1, false, 1}});  // a Griffon destroyed, returned, destroyed again
  EXPECT_EQ(d.total, 16);
  EXPECT_NE(d.lines[0].why.find("destroyed once before and returned to play: +8"), std::string::npos)
      << d.lines[0].why;
}

TEST(SR2017_ArmyPointsDestroyed, AnAttachmentAfterAnythingButAUnitCountsAlone) {
  EXPECT_EQ(count("SR2017", {{8, 1}}).total, 2);
  EXPECT_EQ(count("SR2017", {{8, 1}}).lines[0].name, "Madelyn Corbeau");
}

TEST(SR2014_ArmyPointsDestroyed, WarcastersAndWarlocksAreWorthFive) {
  EXPECT_EQ(count("SR2014", {{0, 1}}).total, 5);
  EXPECT_EQ(count("SR2013", {{0, 1}}).total, 5);
}

TEST(SR2014_ArmyPointsDestroyed, AUnitBelowHalfItsStartingNumberIsWorthHalfRoundedUp) {
  // Twelve models with the attachment: half (rounding up) is 6; 5 left is below it.
  Destroyed d = count("SR2014", {{2, 7}});
  EXPECT_EQ(d.total, 7);  // half of 14 rounded up
  EXPECT_EQ(d.lines[0].why, "7 of 12 models destroyed, 5 left: below half (6), half of 14 rounded up: 7");
  EXPECT_EQ(count("SR2014", {{2, 6}}).total, 0);  // 6 left: at least half
  EXPECT_EQ(count("SR2014", {{2, 10}, {3, 2}}).total, 14);
}

TEST(SR2014_ArmyPointsDestroyed, InertWarjacksAndWildWarbeastsAreWorthFullValue) {
  Destroyed d = count("SR2014", {{1, 0, true}});  // inert at the end, not destroyed
  EXPECT_EQ(d.total, 8);
  EXPECT_EQ(d.lines[0].why, "inert or wild: full value 8");
}

TEST(SR2014_ArmyPointsDestroyed, MultipleModelSolosAreNotUnits) {
  EXPECT_EQ(count("SR2014", {{4, 4}}).total, 0);  // a solo of five with one left: nothing
}

TEST(ArmyPointsDestroyed, BadMarksAreRefusedNamingTheMark) {
  auto e = army_points_destroyed(method("SR2017"), list(), {{1, 1}, {9, 1}}, "destroyed");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().field, "destroyed[1].entry");
  e = army_points_destroyed(method("SR2017"), list(), {{2, 11}}, "destroyed");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().field, "destroyed[0].models");
  EXPECT_NE(e.error().message.find("Long Gunners has 10 models"), std::string::npos) << e.error().message;
  e = army_points_destroyed(method("SR2017"), list(), {{6, 1, true}}, "destroyed");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().field, "destroyed[0].inert");
  e = army_points_destroyed(method("SR2017"), list(), {{6, 1}, {6, 0}}, "destroyed");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("marked twice"), std::string::npos);
}

// SR2014 "Concessions": "army points destroyed based on an assassination using current table
// conditions"; "Death Clock": "the loss is scored as an assassination victory using current table
// conditions". An assassination adds the warcaster ("Warcasters and warlocks are worth 5 army points
// each") and its battlegroup: "battlegroup warjacks become inert and battlegroup warbeasts become
// wild upon the assassination of their controller and therefore count for the 4th tiebreaker total"
// ("Game Results"). The battlegroup is what the builders list under the warcaster; a jack marshal's
// warjack is not in it.
TEST(SR2014_ArmyPointsDestroyed, AConcessionOrClockOutAddsTheCasterAndTheInertBattlegroup) {
  ArmyList l = list();
  l.entries.insert(l.entries.begin() + 1, ListEntry{"Kaelyssa's cloak", 0, EntryKind::attachment, 1});
  l.entries.insert(l.entries.begin() + 3, ListEntry{"Hydra", 17, EntryKind::warjack, 1});
  l.entries.push_back({"Journeyman", 3, EntryKind::solo, 1});
  l.entries.push_back({"Chimera", 7, EntryKind::warjack, 1});
  // 0 Kaelyssa, 1 cloak, 2 Griffon, 3 Hydra, 4.. the rest; the Chimera sits under the Journeyman.
  auto d = army_points_destroyed(method("SR2014"), l, {{3, 1}, {4, 10}}, "destroyed", true);
  ASSERT_TRUE(d) << d.error().describe();
  EXPECT_EQ(d->total, 5 + 8 + 17 + 7)
      << "the warcaster, the inert Griffon, the destroyed Hydra, half the unit";
  EXPECT_NE(d->rule.find("battlegroup warjacks become inert"), std::string::npos);
  for (const LossLine& line : d->lines) EXPECT_NE(line.name, "Chimera");
  EXPECT_NE(d->lines[0].why.find("scored as an assassination"), std::string::npos);
  // Without the assassination, only what is marked.
  EXPECT_EQ(army_points_destroyed(method("SR2014"), l, {{3, 1}, {4, 10}}, "destroyed")->total, 17 + 7);
  // SR2017 "Ignore ... inert warjacks, and wild warbeasts": its clock-out adds the warcaster's 10 only.
  EXPECT_EQ(army_points_destroyed(method("SR2017"), l, {{3, 1}}, "destroyed", true)->total, 10 + 17);
}

}  // namespace
}  // namespace gauntlet
