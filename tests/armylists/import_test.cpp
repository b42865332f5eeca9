// A corpus of pasted lists (tests/data/lists/) in War Room's text export,
// Conflict Chamber's plain text and the project's JSON: each imports whole, or is refused line by
// line with the reason and nothing imported.
#include "armylists/import.hpp"

#include <gmock/gmock.h>

#include <fstream>
#include <sstream>

#include "armylists/line_shapes.hpp"

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

// Any logged-in player may paste: the text is hostile input. A 48 000-byte line once overflowed a
// server thread's stack in std::regex's recursion and took every event down.
TEST(ListImportLimits, APasteOverTheSizeLimitIsRefusedNamingTextAndTheLimit) {
  const ListImport r = import_list(std::string(48000, 'A'));
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_FALSE(r.list);
  const Error e = to_error(r, "list");
  EXPECT_EQ(e.field, "text");
  EXPECT_THAT(e.message, HasSubstr("48000 bytes"));
  EXPECT_THAT(e.message, HasSubstr(std::to_string(kMaxListTextBytes)));
  EXPECT_EQ(import_list(std::string(kMaxListTextBytes + 1, '\n')).problems.at(0).field, "text");
}

TEST(ListImportLimits, ALineOverTheLineLimitIsRefusedByNumberWhateverItsShape) {
  const std::string name(kMaxListTextBytes - 100, 'A');
  for (const std::string& line : {name + " - PC: 4", name + " - WJ: +28", name + " - Leader & 9 Grunts: 8",
                                  name + " [4]", "- " + name + " [+28]", name + " <! x !> - PC: 3", name}) {
    for (const std::string head : {"War Room Army\n\nCygnar - x\n", "Cygnar Army - 75 / 75 pts\n"}) {
      const ListImport r = import_list(head + line + "\n");
      ASSERT_FALSE(r.problems.empty()) << head;
      EXPECT_FALSE(r.list);
      const auto long_line = std::find_if(r.problems.begin(), r.problems.end(), [](const LineProblem& p) {
        return p.reason.find("at most") != std::string::npos;
      });
      ASSERT_NE(long_line, r.problems.end()) << head << to_error(r, "list").describe();
      EXPECT_THAT(long_line->reason, HasSubstr(std::to_string(kMaxListLineBytes) + " bytes"));
      EXPECT_LT(to_error(r, "list").message.size(), 1000u) << "the refusal quotes a part of the line";
    }
  }
}

TEST(ListImportLimits, ThousandsOfRefusedLinesGiveAShortAnswer) {
  std::string text = "War Room Army\n";
  while (text.size() + 2 <= kMaxListTextBytes) text += "x\n";
  const ListImport r = import_list(text);
  EXPECT_GT(r.problems.size(), 5000u);
  const Error e = to_error(r, "list");
  EXPECT_EQ(e.field, "list, line 2");
  EXPECT_LT(e.message.size(), 8000u);
  EXPECT_THAT(e.message, HasSubstr("more"));
}

TEST(ListImportLimits, ADeeplyNestedJsonPasteIsRefusedWithoutRecursion) {
  const std::size_t depth = kMaxListTextBytes / 2 - 20;
  const std::string nested = "{\"entries\": " + std::string(depth, '[') + std::string(depth, ']') + "}";
  const ListImport r = import_list(nested);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_THAT(r.problems[0].reason, HasSubstr("list.entries"));
  const ListImport unclosed = import_list("{" + std::string(kMaxListTextBytes - 1, '['));
  ASSERT_EQ(unclosed.problems.size(), 1u);
  EXPECT_THAT(unclosed.problems[0].reason, HasSubstr("not valid JSON"));
}

// The shapes themselves have no limit: each reads a line in one pass, so 64 KB of the worst
// characters for a backtracking matcher is read in a moment and never deepens the stack.
TEST(ListLineShapes, A64KbLineOfAnyPatternIsReadInOnePassByEveryShape) {
  namespace shape = list_shapes;
  const std::size_t n = 64 * 1024;
  auto repeat = [n](const std::string& unit) {
    std::string s;
    while (s.size() < n) s += unit;
    return s;
  };
  for (const std::string& line : {std::string(n, 'A'), std::string(n, ' '), repeat("A - "), repeat("("),
                                  repeat("<!"), repeat("[+"), repeat("Leader & "), repeat(" Army - 1 / "),
                                  repeat("1"), repeat(":"), repeat("- PC: 4 "), repeat("a - b: ")}) {
    EXPECT_FALSE(shape::war_room_leader_line(line));
    EXPECT_FALSE(shape::war_room_cost_line(line));
    (void)shape::war_room_points_line(line);
    (void)shape::war_room_unit_line(line);
    (void)shape::war_room_mark(line);
    (void)shape::cc_header_line(line);
    (void)shape::cc_theme_line(line);
    (void)shape::cc_entry_line(line);
    (void)shape::ends_in_cc_leader_cost(line);
    (void)shape::cc_unit_name(line);
    (void)shape::grunts_in(line);
    (void)shape::has_word_and(line);
  }
}

TEST(ListLineShapes, TheNameIsTheShortestThatLeavesAWholeShapeAsTheExportsWriteThem) {
  namespace shape = list_shapes;
  const auto unit = shape::war_room_unit_line("Alexia Ciannor & the Risen - Leader & 9 Grunts: 7");
  ASSERT_TRUE(unit);
  EXPECT_EQ(unit->name, "Alexia Ciannor & the Risen");
  EXPECT_EQ(unit->models, "Leader & 9 Grunts");
  EXPECT_EQ(unit->cost, "7");
  // A name holding " - " or ':' keeps them: the models after the separator hold no ':'.
  const auto colon = shape::war_room_unit_line("Boss: The - Return - Leader & 5 Grunts: 9");
  ASSERT_TRUE(colon);
  EXPECT_EQ(colon->name, "Boss: The");
  EXPECT_EQ(colon->models, "Return - Leader & 5 Grunts");
  const auto pc = shape::war_room_cost_line("Gun - Mage - PC: 4 (Battlegroup Points Used:  3)");
  ASSERT_TRUE(pc);
  EXPECT_EQ(pc->name, "Gun - Mage");
  EXPECT_EQ(pc->cost, "4");
  EXPECT_FALSE(shape::war_room_cost_line("- PC: 4")) << "no name";
  EXPECT_FALSE(shape::war_room_cost_line("Gun -PC: 4")) << "spaces around the dash";
  const auto lead = shape::war_room_leader_line("Kaya the Moonhunter - WB: +30");
  ASSERT_TRUE(lead);
  EXPECT_TRUE(lead->warbeasts);
  EXPECT_EQ(lead->bonus, "30");
  EXPECT_FALSE(shape::war_room_points_line("75 / 75Army")) << "the number ends at a word's edge";
  ASSERT_TRUE(shape::war_room_points_line("50 / 53 (50+3)    Warlock(s) : 1/1"));
  EXPECT_EQ(shape::war_room_mark("Una <!  OVER FIELD ALLOWANCE !> - PC: 3").value_or(""),
            "OVER FIELD ALLOWANCE");
  const auto head = shape::cc_header_line("Cygnar Army Army - 75 / 75 pts (x)");
  ASSERT_TRUE(head);
  EXPECT_EQ(head->faction, "Cygnar Army");
  const auto labelled = shape::cc_entry_line("(Warcaster) Commander Coleman Stryker [+28]");
  ASSERT_TRUE(labelled);
  EXPECT_EQ(labelled->name, "Commander Coleman Stryker");
  EXPECT_TRUE(labelled->leader);
  EXPECT_TRUE(shape::cc_unit_name("Trencher Infantry (max)"));
  EXPECT_TRUE(shape::cc_unit_name("Bane Knights (10)"));
  EXPECT_FALSE(shape::cc_unit_name("Stormclad (Warjack)"));
  EXPECT_EQ(shape::grunts_in("Officer and 5 Grunts").value_or(""), "5");
  EXPECT_TRUE(shape::has_word_and("Sevryn, Rhylyss and Vysarr"));
  EXPECT_FALSE(shape::has_word_and("Band of Heroes"));
}

}  // namespace
}  // namespace gauntlet
