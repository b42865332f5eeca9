// Issue 13 point 1: a corpus of pasted lists (tests/data/lists/) in War Room's text export,
// Conflict Chamber's plain text and the project's JSON: each imports whole, or is refused line by
// line with the reason and nothing imported.
#include "armylists/import.hpp"

#include <gmock/gmock.h>

#include <fstream>
#include <sstream>

namespace gauntlet {
namespace {

using ::testing::HasSubstr;

std::string corpus(const std::string& name) {
  std::ifstream in(std::string(GAUNTLET_LISTS) + "/" + name, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  EXPECT_FALSE(ss.str().empty()) << name;
  return ss.str();
}

ImportedList imported(const std::string& name) {
  ListImport r = import_list(corpus(name));
  EXPECT_TRUE(r.problems.empty()) << name << ": " << to_error(r, "list").describe();
  return r.list.value_or(ImportedList{});
}

const ListEntry& entry(const ImportedList& l, const std::string& name) {
  for (const ListEntry& e : l.list.entries)
    if (e.name == name) return e;
  throw std::runtime_error("no entry " + name);
}

TEST(WarRoomImport, ACygnarListWithThemeBattlegroupPointsAndFooter) {
  const ImportedList l = imported("warroom-cygnar.txt");
  EXPECT_EQ(l.format, "War Room");
  EXPECT_EQ(l.faction, "Cygnar");
  EXPECT_EQ(l.title, "Storm Front v2");
  EXPECT_EQ(l.theme, "Heavy Metal");
  EXPECT_EQ(l.points, 75);
  ASSERT_NE(l.list.leader(), nullptr);
  EXPECT_EQ(l.list.leader()->name, "Captain Victoria Haley");
  EXPECT_EQ(l.list.leader()->cost, 28);
  EXPECT_EQ(entry(l, "Stormclad").kind, EntryKind::warjack);
  EXPECT_EQ(entry(l, "Stormclad").cost, 19) << "'(Battlegroup Points Used: 19)' is not part of the cost";
  EXPECT_EQ(entry(l, "Charger").kind, EntryKind::warjack) << "a journeyman's battlegroup";
  EXPECT_EQ(entry(l, "Trencher Infantry").kind, EntryKind::unit);
  EXPECT_EQ(entry(l, "Trencher Infantry").models, 10) << "Leader & 9 Grunts";
  EXPECT_EQ(entry(l, "Trencher Infantry Officer & Sniper").kind, EntryKind::attachment);
  EXPECT_EQ(entry(l, "Trencher Master Gunner").cost, 0);
  // 75 points of models bought with 28 battlegroup points: the sheet's 75 / 75 after the bonus.
  EXPECT_EQ(l.list.net_points(), 75);
}

TEST(WarRoomImport, HordesWithoutFooterOldHeaderAndContracts) {
  const ImportedList trolls = imported("warroom-trollbloods-nofooter.txt");
  EXPECT_EQ(entry(trolls, "Dire Troll Mauler").kind, EntryKind::warbeast)
      << "WB: the battlegroup is warbeasts";
  EXPECT_EQ(entry(trolls, "Trollkin Champions").models, 5);
  EXPECT_EQ(entry(trolls, "Krielstone Bearer & Stone Scribes").models, 4);
  EXPECT_EQ(trolls.list.net_points(), 74);

  const ImportedList legion = imported("warroom-legion-oldheader.txt");
  EXPECT_EQ(legion.points, 50);
  EXPECT_EQ(legion.max_points, 53);
  EXPECT_EQ(entry(legion, "Blackfrost Shard").models, 3) << "Sevryn, Rhylyss, and Vysarr";

  const ImportedList mercs = imported("warroom-mercs-contract.txt");
  EXPECT_EQ(mercs.faction, "Mercenaries");
  EXPECT_EQ(mercs.theme, "Four Star Syndicate");
  EXPECT_EQ(mercs.title, "Bank Job");
  EXPECT_EQ(entry(mercs, "Gorman di Wulfe, Rogue Alchemist").kind, EntryKind::solo);
}

TEST(WarRoomImport, EveryRefusedLineIsNamedAndNothingIsImported) {
  ListImport fa = import_list(corpus("broken-warroom-over-fa.txt"));
  EXPECT_FALSE(fa.list);
  ASSERT_EQ(fa.problems.size(), 2u) << to_error(fa, "list").describe();
  EXPECT_EQ(fa.problems[0].line, 13);
  EXPECT_THAT(fa.problems[0].reason, HasSubstr("OVER FIELD ALLOWANCE"));
  EXPECT_EQ(fa.problems[1].line, 16);
  EXPECT_THAT(fa.problems[1].reason, HasSubstr("not a War Room line"));
  const Error e = to_error(fa, "list");
  EXPECT_EQ(e.field, "list, line 13");
  EXPECT_THAT(e.message, HasSubstr("2 lines refused, nothing imported"));
  EXPECT_THAT(e.message, HasSubstr("line 16 'Wolf Lord Morraig PC 4'"));

  ListImport costs = import_list(corpus("broken-warroom-costs.txt"));
  ASSERT_EQ(costs.problems.size(), 2u) << to_error(costs, "list").describe();
  EXPECT_EQ(costs.problems[0].line,
            9);  // "PC: twelve" is no cost: an indented line is a free model only without " - "
  EXPECT_EQ(costs.problems[1].line, 10);
  EXPECT_THAT(costs.problems[1].reason, HasSubstr("over 1000 points"));

  ListImport none = import_list(corpus("broken-warroom-no-leader.txt"));
  ASSERT_EQ(none.problems.size(), 1u);
  EXPECT_THAT(none.problems[0].reason, HasSubstr("no warcaster/warlock"));
}

TEST(ConflictChamberImport, TheLeaderInBracketsWithPlusAndUnitSizes) {
  const ImportedList l = imported("conflictchamber-cygnar.txt");
  EXPECT_EQ(l.format, "Conflict Chamber");
  EXPECT_EQ(l.faction, "Cygnar");
  EXPECT_EQ(l.theme, "Heavy Metal");
  EXPECT_EQ(l.list.leader()->name, "Commander Coleman Stryker");
  EXPECT_EQ(entry(l, "Lancer").kind, EntryKind::warjack);
  EXPECT_EQ(entry(l, "Trencher Infantry (max)").kind, EntryKind::unit);
  EXPECT_EQ(entry(l, "Trencher Infantry Officer & Sniper").kind, EntryKind::attachment);
  EXPECT_EQ(l.list.net_points(), 75);

  const ImportedList skorne = imported("conflictchamber-skorne.txt");
  EXPECT_EQ(skorne.theme, "Winds of Death");
  EXPECT_EQ(entry(skorne, "Titan Gladiator").kind, EntryKind::warbeast) << "Skorne fields warbeasts";

  ListImport broken = import_list(corpus("broken-conflictchamber.txt"));
  EXPECT_FALSE(broken.list);
  ASSERT_EQ(broken.problems.size(), 2u) << to_error(broken, "list").describe();
  EXPECT_EQ(broken.problems[0].line, 4);
  EXPECT_THAT(broken.problems[0].reason, HasSubstr("not a Conflict Chamber line"));
  EXPECT_EQ(broken.problems[1].line, 6);
  EXPECT_THAT(broken.problems[1].reason, HasSubstr("cannot be indented"));
}

TEST(JsonImport, TheProjectsOwnFormatAndItsFieldErrors) {
  const ImportedList l = imported("own-format.json");
  EXPECT_EQ(l.format, "JSON");
  EXPECT_EQ(entry(l, "Houseguard Halberdiers").models, 10);
  ListImport bad = import_list(corpus("broken-own-format.json"));
  ASSERT_EQ(bad.problems.size(), 1u);
  EXPECT_THAT(bad.problems[0].reason, HasSubstr("list.entries[0].kind"));
}

TEST(ListImport, TextNoBuilderMakesIsRefusedSayingWhatIsRead) {
  ListImport r = import_list(corpus("broken-unknown.txt"));
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 1);
  EXPECT_THAT(r.problems[0].reason, HasSubstr("War Room Army"));
  EXPECT_THAT(import_list("  \n\n").problems[0].reason, HasSubstr("empty"));
}

}  // namespace
}  // namespace gauntlet
