// Every scenario of every edition draws a sheet: the table at its size, the Kill Box where the
// scenario uses it (SR2017 "Kill Box: ... 12" of his table edge"; SR2014 "14" of any table edge").
#include "tabletop/sheet.hpp"

#include <gtest/gtest.h>

#include "editions/edition.hpp"

namespace gauntlet::tabletop {
namespace {

TEST(ScenarioSheet, EveryScenarioOfEveryEditionDraws) {
  int drawn = 0;
  for (const Edition& e : all_editions())
    for (const Scenario& s : e.scenarios) {
      std::string svg = scenario_svg(e, s, nullptr);
      SCOPED_TRACE(e.id + " " + s.key);
      EXPECT_TRUE(svg.starts_with("<svg")) << svg.substr(0, 80);
      EXPECT_NE(svg.find(s.name), std::string::npos);
      EXPECT_EQ(svg.find("Kill Box " + std::to_string(e.table.kill_box.inches)) != std::string::npos,
                s.kill_box);
      EXPECT_NE(svg.find(s.rumble ? "30\" x 30\" table" : "48\" x 48\" table"), std::string::npos);
      ++drawn;
    }
  EXPECT_EQ(drawn, 12 + 12 + 9 + 6);
}

TEST(ScenarioSheet, TheKillBoxIsOneEdgeInSR2017AndEveryEdgeInSR2014) {
  const Edition& sr17 = *find_edition("sr2017");
  const Edition& sr14 = *find_edition("sr2014");
  EXPECT_EQ(sr17.table.kill_box.inches, 12);
  EXPECT_EQ(sr17.table.kill_box.from, "own-edge");
  EXPECT_EQ(sr14.table.kill_box.inches, 14);
  EXPECT_EQ(sr14.table.kill_box.from, "any-edge");
  // SR2014 draws a 14" frame (a rect 20" square, 240 px at 12 px per inch); SR2017 two lines.
  EXPECT_NE(
      scenario_svg(sr14, *sr14.find_scenario("destruction"), nullptr).find(R"(width="240" height="240")"),
      std::string::npos);
}

// SR2013's scrape lost every scenario page's title, diagram and 3rd-tiebreaker area ("For the 3rd
// tiebreaker, double" breaks off): the sheet says so, and names the scenario's group ("Steamroller
// 2013 contains six groups of scenarios").
TEST(SR2013_ScenarioGroups, TheSheetSaysWhatTheTextLost) {
  const Edition& e = *find_edition("sr2013");
  for (const Scenario& s : e.scenarios) {
    std::string text;
    for (const std::string& l : scenario_sheet_lines(e, s)) text += l + " ";
    SCOPED_TRACE(s.key);
    EXPECT_NE(text.find("The original text of this scenario is not legible beyond"), std::string::npos)
        << text;
    EXPECT_NE(text.find("Group: " + e.group_of(s.key)->name), std::string::npos) << text;
    EXPECT_EQ(text.find("3rd tiebreaker: double"), std::string::npos) << "no area is legible";
  }
  const std::string svg = scenario_svg(e, *e.find_scenario("chemical-reaction"), nullptr);
  EXPECT_NE(svg.find("not legible beyond"), std::string::npos);
  EXPECT_NE(svg.find("Alchemical Device"), std::string::npos);
}

}  // namespace
}  // namespace gauntlet::tabletop
