// The `rules show` sheet carries the key numbers.
#include "editions/render.hpp"

#include <gtest/gtest.h>

#include "support/edition_fixtures.hpp"

namespace gauntlet {
namespace {

using testing::edition;

void expect_contains(const std::string& text, const std::vector<std::string>& parts) {
  for (const std::string& p : parts)
    EXPECT_NE(text.find(p), std::string::npos) << "missing: " << p << "\n" << text;
}

TEST(Render, SR2017SheetHasTheKeyNumbers) {
  std::string s = render_edition(edition("SR2017"));
  expect_contains(s, {"Steamroller 2017 (SR2017)",
                      "Point sizes: 0 25 50 75 100 150 200",
                      "at most 4 under",
                      "Bye: 1 TP, 3 CP",
                      "(75 -> 38)",
                      "Scenario victory: 5 more CP",
                      "worth 10 army points",
                      "1. casters remaining",
                      "4. scenario presence",
                      "Deathclock (baseline)",
                      "  75 pts   60 min",
                      " 200 pts  150 min",
                      "  75 pts  100 / 10 / 5",
                      "   0 pts   30 /  3 / -",
                      "d6 1",
                      "The Pit II",
                      "d6 6",
                      "Recon II",
                      "Patrol (Rumble) - Kill Box: no",
                      "cut-to-top:X",
                      "Cut to Top [X]",
                      "[final-standings]",
                      "up to 128 players: 7 rounds",
                      "up to   8 players: 3 rounds"});
  EXPECT_EQ(s.find("large-event-scoring"), std::string::npos);
}

TEST(Render, SR2014SheetShowsTheMixedRadixRollAndMkIIRules) {
  std::string s = render_edition(edition("SR2014"));
  expect_contains(s,
                  {"at most 2 under", "at least 5 CP and more than the opponent",
                   "Recorded CP cannot exceed what is needed to win", "army points remaining (doubled",
                   "Deathclock (variant)", "with Reinforcements:", "  75 pts   70 min", "  75 pts   81 min",
                   "Variable round length", "d3 2, d6 4-6, d6 1-3", "Incoming",
                   "3rd tiebreaker doubles: the enemy zone", "large-event-scoring", "worth 5 army points"});
}

TEST(Render, SR2023SheetUsesLeader) {
  std::string s = render_edition(edition("SR2023"));
  expect_contains(
      s, {"Destroyed Leader worth 10", "  75 pts   45 min", "King of the Hill", "1. control points"});
}

}  // namespace
}  // namespace gauntlet
