// §6 scenarios, their random roll, and the variants each edition offers (§10).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "support/edition_fixtures.hpp"

namespace gauntlet {
namespace {

using testing::edition;

std::vector<std::string> names_in_roll_order(const Edition& e) {
  std::vector<std::string> out;
  for (const std::string& key : e.roll_order) out.push_back(e.find_scenario(key)->name);
  return out;
}

TEST(SR2017_Scenarios, D6RollTable) {
  const Edition& e = edition("SR2017");
  EXPECT_EQ(names_in_roll_order(e), (std::vector<std::string>{"The Pit II", "Standoff", "Spread the Net",
                                                              "Breakdown", "Outlast", "Recon II"}));
  ASSERT_EQ(e.scenario_dice.size(), 1u);
  EXPECT_EQ(e.scenario_dice[0].sides, 6);
  EXPECT_EQ(e.scenario_dice[0].buckets, 6);
  for (int face = 1; face <= 6; ++face) EXPECT_EQ(scenario_for_roll(e, {face}), e.roll_order[face - 1]);
}

TEST(SR2017_Scenarios, RumbleScenariosAreNotRolled) {
  const Edition& e = edition("SR2017");
  for (const char* name : {"Patrol", "Killing Field", "Target of Opportunity"}) {
    const Scenario* s = e.find_scenario(name);
    ASSERT_NE(s, nullptr) << name;
    EXPECT_TRUE(s->rumble);
    EXPECT_FALSE(s->kill_box);  // "Kill Box: This rule is not used in this scenario."
    EXPECT_EQ(std::count(e.roll_order.begin(), e.roll_order.end(), s->key), 0);
  }
  EXPECT_EQ(e.scenarios.size(), 9u);
  for (const std::string& key : e.roll_order) EXPECT_TRUE(e.find_scenario(key)->kill_box) << key;
}

TEST(SR2023_Scenarios, D6RollTable) {
  const Edition& e = edition("SR2023");
  EXPECT_EQ(names_in_roll_order(e), (std::vector<std::string>{"King of the Hill", "Bunkers", "Spread the Net",
                                                              "Invasion", "Split Decision", "Recon II"}));
  EXPECT_EQ(e.scenarios.size(), 6u);
  EXPECT_EQ(scenario_for_roll(e, {4}), "invasion");
}

TEST(SR2014_Scenarios, TwelveInThreeRowsOfFour) {
  const Edition& e = edition("SR2014");
  EXPECT_EQ(
      names_in_roll_order(e),
      (std::vector<std::string>{"Destruction", "Supply and Demand", "Balance of Power",
                                "Process of Elimination", "Close Quarters", "Two Fronts", "Incoming",
                                "Rally Point", "Incursion", "Outflank", "Into the Breach", "Fire Support"}));
  for (const Scenario& s : e.scenarios) EXPECT_FALSE(s.tiebreak_area.empty()) << s.key;
}

// "Kill Box: YES" scenarios in SR2014.
TEST(SR2014_Scenarios, KillBoxYesScenarios) {
  std::set<std::string> yes;
  for (const Scenario& s : edition("SR2014").scenarios)
    if (s.kill_box) yes.insert(s.key);
  EXPECT_EQ(yes, (std::set<std::string>{"destruction", "supply-and-demand", "process-of-elimination",
                                        "close-quarters", "fire-support"}));
}

TEST(SR2014_Scenarios, TiebreakAreaAndScoringAreRead) {
  const Edition& e = edition("SR2014");
  EXPECT_EQ(e.find_scenario("Close Quarters")->tiebreak_area, "within 4\" of the enemy flag");
  EXPECT_NE(e.find_scenario("outflank")->scoring.find("Dominate = 2 CP"), std::string::npos);
}

// "roll a d3 to determine the row, then roll a d6 twice": d6 1–3 left pair / 4–6 right pair, then
// 1–3 / 4–6 within the pair.
TEST(SR2014_ScenarioRoll, MixedRadixD3D6D6) {
  const Edition& e = edition("SR2014");
  ASSERT_EQ(e.scenario_dice.size(), 3u);
  EXPECT_EQ(scenario_for_roll(e, {1, 1, 1}), "destruction");
  EXPECT_EQ(scenario_for_roll(e, {1, 3, 4}), "supply-and-demand");
  EXPECT_EQ(scenario_for_roll(e, {1, 4, 3}), "balance-of-power");
  EXPECT_EQ(scenario_for_roll(e, {1, 6, 6}), "process-of-elimination");
  EXPECT_EQ(scenario_for_roll(e, {2, 2, 2}), "close-quarters");
  EXPECT_EQ(scenario_for_roll(e, {2, 4, 1}), "incoming");
  EXPECT_EQ(scenario_for_roll(e, {2, 5, 5}), "rally-point");
  EXPECT_EQ(scenario_for_roll(e, {3, 1, 6}), "outflank");
  EXPECT_EQ(scenario_for_roll(e, {3, 6, 1}), "into-the-breach");
  EXPECT_EQ(scenario_for_roll(e, {3, 4, 4}), "fire-support");
}

TEST(SR2014_ScenarioRoll, EveryScenarioIsReachedByNineOfTheHundredEightRolls) {
  const Edition& e = edition("SR2014");
  std::map<std::string, int> hits;
  for (int a = 1; a <= 3; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 6; ++c) ++hits[scenario_for_roll(e, {a, b, c})];
  EXPECT_EQ(hits.size(), 12u);
  for (const auto& [key, n] : hits) EXPECT_EQ(n, 9) << key;
}

TEST(AllEditions_ScenarioRoll, FacesThatDoNotFitTheDiceSelectNothing) {
  EXPECT_EQ(scenario_for_roll(edition("SR2017"), {7}), "");
  EXPECT_EQ(scenario_for_roll(edition("SR2017"), {0}), "");
  EXPECT_EQ(scenario_for_roll(edition("SR2014"), {4, 1, 1}), "");
  EXPECT_EQ(scenario_for_roll(edition("SR2014"), {1, 1}), "");
}

TEST(AllEditions_ScenarioRoll, DeterministicForASeed) {
  for (const char* id : {"SR2014", "SR2017", "SR2023"}) {
    Rng a = Rng::derive(42, "scenario-roll", 1), b = Rng::derive(42, "scenario-roll", 1);
    EXPECT_EQ(roll_scenario(edition(id), a, {}), roll_scenario(edition(id), b, {})) << id;
  }
}

// "A scenario should not be repeated": rolling once per round visits every scenario exactly once
// (SR2013, which has no roll table, draws them).
TEST(AllEditions_ScenarioRoll, NeverRepeatsInAnEvent) {
  for (const char* id : {"SR2013", "SR2014", "SR2017", "SR2023"}) {
    const Edition& e = edition(id);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      Rng rng(seed);
      std::vector<std::string> played;
      for (std::size_t round = 0; round < e.scenarios_for(false).size(); ++round) {
        std::string key = roll_scenario(e, rng, played);
        ASSERT_FALSE(key.empty());
        ASSERT_EQ(std::count(played.begin(), played.end(), key), 0) << id << " seed " << seed;
        played.push_back(key);
      }
      EXPECT_EQ(roll_scenario(e, rng, played), "") << "every scenario played";
    }
  }
}

TEST(SR2017_ScenarioRoll, PlayedScenariosMayBeGivenByName) {
  const Edition& e = edition("SR2017");
  std::vector<std::string> played = {"The Pit II", "STANDOFF", "spread the net", "breakdown", "Outlast"};
  Rng rng(7);
  EXPECT_EQ(roll_scenario(e, rng, played), "recon-ii");
}

TEST(AllEditions_Scenarios, FindByKeyOrNameCaseInsensitive) {
  const Edition& e = edition("SR2017");
  EXPECT_EQ(e.find_scenario("the-pit-ii"), e.find_scenario("THE PIT II"));
  EXPECT_NE(e.find_scenario("the pit ii"), nullptr);
  EXPECT_EQ(e.find_scenario("Destruction"), nullptr);
}

std::set<std::string> variant_keys(const Edition& e) {
  std::set<std::string> out;
  for (const Variant& v : e.variants) out.insert(v.key);
  return out;
}

TEST(SR2014_Variants, AppendixKeys) {
  EXPECT_EQ(variant_keys(edition("SR2014")), (std::set<std::string>{"lists-required",
                                                                    "battlegroup-only",
                                                                    "characters-unrestricted",
                                                                    "commanders-crucible",
                                                                    "divide-and-conquer",
                                                                    "specialists",
                                                                    "theme-forces-tier",
                                                                    "basic-painting",
                                                                    "hardcore-painting",
                                                                    "max-rounds",
                                                                    "casual-time",
                                                                    "deathclock",
                                                                    "frenzy-time",
                                                                    "hardcore-time",
                                                                    "no-extensions",
                                                                    "no-time-limits",
                                                                    "relaxed-time",
                                                                    "kill-box-yes",
                                                                    "reinforcements",
                                                                    "scenarios-announced",
                                                                    "mangled-metal",
                                                                    "no-assassination",
                                                                    "no-tiebreakers",
                                                                    "assassin-scoring",
                                                                    "control-point-scoring",
                                                                    "destruction-scoring",
                                                                    "finals-tables",
                                                                    "large-event-scoring"}));
}

TEST(SR2017_Variants, AppendixKeys) {
  EXPECT_EQ(variant_keys(edition("SR2017")), (std::set<std::string>{"battlegroup-only",
                                                                    "characters-restricted",
                                                                    "specialists",
                                                                    "rumble",
                                                                    "basic-painting",
                                                                    "advanced-painting",
                                                                    "max-rounds",
                                                                    "cut-to-top",
                                                                    "classic-turn-timing",
                                                                    "casual-time",
                                                                    "frenzy-time",
                                                                    "hardcore-time",
                                                                    "no-extensions",
                                                                    "relaxed-time",
                                                                    "no-time-limits",
                                                                    "no-assassination",
                                                                    "no-tiebreakers",
                                                                    "assassin-scoring",
                                                                    "control-point-scoring",
                                                                    "destruction-scoring",
                                                                    "finals-tables"}));
}

TEST(SR2023_Variants, AppendixKeys) {
  EXPECT_EQ(variant_keys(edition("SR2023")),
            (std::set<std::string>{"max-rounds", "cut-to-top", "classic-turn-timing", "no-time-limits",
                                   "no-assassination", "no-tiebreakers", "assassin-scoring",
                                   "control-point-scoring", "destruction-scoring", "finals-tables"}));
}

TEST(SR2013_Variants, ReadableAppendixKeys) {
  std::set<std::string> keys = variant_keys(edition("SR2013"));
  for (const char* k : {"large-event-scoring", "finals-tables", "deathclock", "relaxed-time", "kill-box-yes",
                        "reinforcements", "hardcore-painting", "lists-required", "divide-and-conquer"})
    EXPECT_TRUE(keys.count(k)) << k;
  for (const char* k : {"cut-to-top", "commanders-crucible", "mangled-metal", "advanced-painting"})
    EXPECT_FALSE(keys.count(k)) << k;
}

TEST(AllEditions_Variants, LargeEventScoringOnlyInSR2013AndSR2014) {
  EXPECT_NE(edition("SR2013").find_variant("large-event-scoring"), nullptr);
  EXPECT_NE(edition("SR2014").find_variant("large-event-scoring"), nullptr);
  EXPECT_EQ(edition("SR2017").find_variant("large-event-scoring"), nullptr);
  EXPECT_EQ(edition("SR2023").find_variant("large-event-scoring"), nullptr);
}

TEST(AllEditions_Variants, ValueTakingVariants) {
  const Edition& e = edition("SR2017");
  ASSERT_NE(e.find_variant("cut-to-top"), nullptr);
  EXPECT_TRUE(e.find_variant("cut-to-top")->takes_value);
  EXPECT_TRUE(e.find_variant("max-rounds")->takes_value);
  EXPECT_FALSE(e.find_variant("finals-tables")->takes_value);
  EXPECT_EQ(e.find_variant("cut-to-top:4"), e.find_variant("cut-to-top"));
  EXPECT_EQ(e.find_variant("rumble")->category, "game");
  const Edition& old = edition("SR2014");
  for (const char* k : {"lists-required", "commanders-crucible", "divide-and-conquer", "theme-forces-tier",
                        "scenarios-announced", "max-rounds"})
    EXPECT_TRUE(old.find_variant(k)->takes_value) << k;
}

}  // namespace
}  // namespace gauntlet
