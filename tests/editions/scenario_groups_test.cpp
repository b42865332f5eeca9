// SR2013's own scenarios and its group rule (the garbled SR2013 text, seed 002_…txt):
//   "Steamroller 2013 contains six groups of scenarios. The scenarios in each group have similar
//   objectives. In order to ensure that tournaments contain a variety of different scenario types, EOs
//   must select a scenario from each group before they can choose from the same group again."
// Its scenario pages place "two objectives (Artillery Emplacements)", "three objectives (Explosives
// Caches)", "two objectives (Alchemical Devices)", "four objectives (Monoliths)"; three of them score
// "Enemy Zone: Control = 2 CP, Dominate = 3 CP" or "Enemy Flag: Control = 2 CP, Dominate = 3 CP"; one
// says "At the end of the second player's first turn, randomly remove one flag from the board".
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "editions/render.hpp"
#include "support/edition_fixtures.hpp"

namespace gauntlet {
namespace {

using testing::edition;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// How many SR2013 scenarios have `part` in one of their elements, or in their scoring.
int with_element(const std::string& part) {
  int n = 0;
  for (const Scenario& s : edition("SR2013").scenarios)
    n += std::any_of(s.elements.begin(), s.elements.end(),
                     [&](const std::string& el) { return contains(el, part); });
  return n;
}
int with_scoring(const std::string& part) {
  int n = 0;
  for (const Scenario& s : edition("SR2013").scenarios) n += contains(s.scoring, part);
  return n;
}

// The names the text keeps: the group table's "Destruction Into the Breach Process of Elimination
// Fire Support" and the Reinforcements list's "Recommended scenarios are Close Quarters, Incoming,
// Chemical Reaction, Outflank, Rally Point, and Fire Support".
TEST(SR2013_ScenarioGroups, TheNamesTheTextKeepsArePresent) {
  const Edition& e = edition("SR2013");
  for (const char* name : {"Destruction", "Into the Breach", "Process of Elimination", "Fire Support",
                           "Close Quarters", "Incoming", "Chemical Reaction", "Outflank", "Rally Point"})
    EXPECT_NE(e.find_scenario(name), nullptr) << name;
  EXPECT_EQ(e.scenarios.size(), 12u) << "twelve scenario pages";
}

// Not SR2014's list: names SR2014 has and the SR2013 text does not, no d3/d6 roll (the SR2013 text
// has none: "The EO should choose scenarios before a tournament").
TEST(SR2013_ScenarioGroups, TheCatalogueIsNotSR2014s) {
  const Edition& e = edition("SR2013");
  for (const char* name : {"Supply and Demand", "Balance of Power", "Two Fronts", "Incursion"})
    EXPECT_EQ(e.find_scenario(name), nullptr) << name << " is an SR2014 name, not in the SR2013 text";
  EXPECT_TRUE(e.scenario_dice.empty());
  EXPECT_TRUE(e.roll_order.empty());
  EXPECT_FALSE(e.has_roll_table());
  for (const Scenario& s : e.scenarios) {
    const Scenario* same = edition("SR2014").find_scenario(s.key);
    if (same) {
      EXPECT_NE(same->elements, s.elements) << s.key << ": SR2014's elements copied";
    }
  }
}

TEST(SR2013_ScenarioGroups, ItsOwnObjectivesAndScoring) {
  EXPECT_EQ(with_element("Artillery Emplacement"), 2);  // two pages place them
  EXPECT_EQ(with_element("Explosives Cache"), 1);
  EXPECT_EQ(with_element("Alchemical Device"), 1);
  EXPECT_EQ(with_element("four Monolith"), 1);
  EXPECT_EQ(with_element("randomly remove one flag"), 1);
  EXPECT_EQ(with_scoring("Control = 2 CP, Dominate = 3 CP"), 3);
  // "ICAL REACTI" on the Alchemical Device card: Chemical Reaction is that page.
  const Scenario* c = edition("SR2013").find_scenario("Chemical Reaction");
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(contains(c->elements[1], "Alchemical Device"));
  EXPECT_TRUE(contains(c->scoring, "Enemy Zone: Control = 2 CP, Dominate = 3 CP"));
}

// "six groups of scenarios": every scenario in exactly one; the rule quotes the text.
TEST(SR2013_ScenarioGroups, SixGroupsEveryScenarioInOne) {
  const Edition& e = edition("SR2013");
  ASSERT_EQ(e.scenario_groups.size(), 6u);
  std::map<std::string, int> seen;
  for (const ScenarioGroup& g : e.scenario_groups) {
    EXPECT_FALSE(g.reason.empty()) << g.name;
    for (const std::string& key : g.scenarios) ++seen[key];
  }
  EXPECT_EQ(seen.size(), e.scenarios.size());
  for (const auto& [key, n] : seen) EXPECT_EQ(n, 1) << key;
  EXPECT_TRUE(contains(e.scenario_group_rule,
                       "EOs must select a scenario from each group before they can "
                       "choose from the same group again"));
  // The Reinforcements list's six are one to a group (the edition's notes give the reason).
  std::set<const ScenarioGroup*> groups;
  for (const char* name :
       {"Close Quarters", "Incoming", "Chemical Reaction", "Outflank", "Rally Point", "Fire Support"})
    groups.insert(e.group_of(e.find_scenario(name)->key));
  EXPECT_EQ(groups.size(), 6u);
}

// Drawn round after round: rounds 1-6 take one scenario of each group, rounds 7-12 the other, never a
// repeat; then nothing may be drawn (the EO repeats one).
TEST(SR2013_ScenarioGroups, EachGroupBeforeAGroupAgainOverTheRoundsOfAnEvent) {
  const Edition& e = edition("SR2013");
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng(seed);
    std::vector<std::string> played;
    std::map<const ScenarioGroup*, int> times;
    for (int round = 1; round <= 12; ++round) {
      const std::string key = roll_scenario(e, rng, played);
      ASSERT_FALSE(key.empty()) << "seed " << seed << " round " << round;
      EXPECT_EQ(std::count(played.begin(), played.end(), key), 0) << key << " repeated";
      const int cycle = (round - 1) / 6;  // 0 in rounds 1-6, 1 in rounds 7-12
      EXPECT_EQ(times[e.group_of(key)]++, cycle) << "seed " << seed << " round " << round << ": " << key;
      played.push_back(key);
    }
    EXPECT_EQ(roll_scenario(e, rng, played), "");
  }
}

TEST(SR2013_ScenarioGroups, AScenarioOfAGroupAlreadyChosenIsRefusedNamingTheGroup) {
  const Edition& e = edition("SR2013");
  const std::vector<std::string> played = {"close-quarters"};
  const Scenario& mate = *e.find_scenario("untitled-three-flags");  // Close Quarters' group
  const std::string why = group_refusal(e, mate, played);
  EXPECT_TRUE(contains(why, "'" + e.group_of(mate.key)->name + "'")) << why;
  EXPECT_TRUE(contains(why, "a scenario must come from each group before a group is chosen again")) << why;
  EXPECT_TRUE(contains(why, "Outflank")) << "names what may be chosen: " << why;
  EXPECT_EQ(group_refusal(e, *e.find_scenario("outflank"), played), "");
  // Without groups (SR2014) nothing is refused this way.
  EXPECT_EQ(
      group_refusal(edition("SR2014"), *edition("SR2014").find_scenario("incoming"), {"close-quarters"}), "");
  const auto open = scenarios_open(e, played);
  EXPECT_EQ(open.size(), 10u) << "the five other groups' ten scenarios";
}

// What the text lost is said, scenario by scenario and in the edition's notes.
TEST(SR2013_ScenarioGroups, TheNotesSayWhatTheTextLost) {
  const Edition& e = edition("SR2013");
  for (const Scenario& s : e.scenarios) {
    EXPECT_TRUE(s.notes.starts_with("The original text of this scenario is not legible beyond")) << s.key;
    EXPECT_TRUE(s.tiebreak_area.empty()) << s.key << ": \"For the 3rd tiebreaker, double\" breaks off";
  }
  EXPECT_TRUE(contains(e.notes, "The scenarios are SR2013's own, not SR2014's"));
  EXPECT_TRUE(contains(e.notes, "no random roll table"));
}

TEST(SR2013_ScenarioGroups, RulesShowListsTheGroupsAndWhatIsLost) {
  const std::string sheet = render_edition(edition("SR2013"));
  EXPECT_TRUE(contains(sheet, "Groups: SR2013 \"Scenario Selection\"")) << sheet;
  EXPECT_TRUE(contains(sheet, "1. Flags: Close Quarters, Untitled (three flags)")) << sheet;
  EXPECT_TRUE(contains(sheet, "Random roll: none in this edition's text")) << sheet;
  EXPECT_TRUE(contains(sheet, "Notes: The original text of this scenario is not legible beyond")) << sheet;
  EXPECT_FALSE(contains(sheet, "d3 1")) << "no SR2014 roll";
}

}  // namespace
}  // namespace gauntlet
