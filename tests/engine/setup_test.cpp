// Event setup, registration and army lists (RULES.md §2–§3).
#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

TEST(EventSetup, UnknownEditionNamesFieldAndKnownEditions) {
  EventState s;
  auto e = run(s, CreateEvent{config("SR2019")});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "event.edition");
  EXPECT_NE(e->message.find("SR2017"), std::string::npos);
  EXPECT_FALSE(s.created);
}

TEST(EventSetup, EditionIsCaseInsensitiveAndStoredCanonically) {
  EventState s;
  must(s, CreateEvent{config("sr2017")});
  EXPECT_EQ(s.config.edition, "SR2017");
}

TEST(SR2017_PointSizes, SixtyIsNotAPointSize) {
  EventState s;
  auto e = run(s, CreateEvent{config("SR2017", 60)});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "event.points");
  EXPECT_NE(e->message.find("75"), std::string::npos);
}

TEST(SR2023_PointSizes, SeventyFiveIsAllowed) {
  EventState s;
  EXPECT_FALSE(run(s, CreateEvent{config("SR2023", 75)}));
}

TEST(EventSetup, VariantsAreCheckedAgainstTheEdition) {
  EventState s;
  EventConfig c = config();
  c.variants = {{"large-event-scoring", std::nullopt}};  // SR2013/SR2014 only
  auto e = run(s, CreateEvent{c});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "event.variants[0]");

  c.variants = {{"cut-to-top", std::nullopt}};
  e = run(s, CreateEvent{c});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("cut-to-top:4"), std::string::npos);

  c.variants = {{"finals-tables", std::nullopt}, {"finals-tables", std::nullopt}};
  e = run(s, CreateEvent{c});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "event.variants[1]");

  c.variants = {{"cut-to-top", 4}, {"max-rounds", 5}};
  EXPECT_FALSE(run(s, CreateEvent{c}));
}

TEST(EventSetup, ScenarioPlanNeverRepeats) {
  EventState s;
  EventConfig c = config();
  c.scenario_plan = {"Breakdown", "the pit ii", "breakdown"};
  auto e = run(s, CreateEvent{c});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "event.scenarios[2]");
}

TEST(EventSetup, ConfigureKeepsSeedAndIsRefusedOnceStarted) {
  EventState s = event_with_players(2);
  EventConfig c = s.config;
  c.seed = 999;
  c.name = "Renamed";
  must(s, ConfigureEvent{c});
  EXPECT_EQ(s.config.seed, 42u);
  EXPECT_EQ(s.config.name, "Renamed");
  must(s, pairing({table(1, "p1", "p2")}));
  c.name = "Renamed again";
  EXPECT_TRUE(run(s, ConfigureEvent{c}));
}

TEST(Registration, DuplicatePlayerIsRefusedIgnoringCase) {
  EventState s = event_with_players(1);
  auto e = run(s, AddPlayer{player("  player 1 ")});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "player.name");
  EXPECT_NE(e->message.find("duplicate player"), std::string::npos);
  EXPECT_EQ(s.players.size(), 1u);
}

TEST(Registration, FactionByUniquePrefixOrErrorListingFactions) {
  EventState s = event_with_players(0);
  must(s, AddPlayer{player("Ada", "cyg")});
  EXPECT_EQ(s.players[0].faction, "Cygnar");
  auto e = run(s, AddPlayer{player("Bob", "Elves")});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "player.faction");
  EXPECT_NE(e->message.find("Khador"), std::string::npos);
  e = run(s, AddPlayer{player("Cid", "C")});  // Cryx, Cygnar, Circle, Convergence
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("ambiguous"), std::string::npos);
}

TEST(Registration, IdsAreAssignedInOrder) {
  EventState s = event_with_players(3);
  EXPECT_EQ(s.players[2].id, "p3");
}

TEST(Registration, LateEntryJoinsTheNextRoundWithZeroTp) {
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, AddPlayer{player("Late")});
  EXPECT_EQ(s.players.back().joined_round, 2);
  EXPECT_FALSE(s.players.back().active_in(1));
  EXPECT_TRUE(s.players.back().active_in(2));
}

TEST(SR2017_ArmyLists, NotOverThePointSizeNorMoreThanFourUnder) {
  EventState s = event_with_players(1);
  EXPECT_FALSE(run(s, SetList{"p1", 1, army(0, {40, 31})}));  // 71
  EXPECT_FALSE(run(s, SetList{"p1", 1, army(0, {40, 35})}));  // 75
  auto e = run(s, SetList{"p1", 1, army(0, {40, 30})});       // 70
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "players[p1].lists[1]");
  EXPECT_NE(e->rule.find("4 under"), std::string::npos);
  EXPECT_TRUE(run(s, SetList{"p1", 1, army(0, {40, 36})}));  // 76
}

TEST(SR2017_ArmyLists, WarjackPointsWidenTheWindow_KaelyssaExample) {
  // SR2017: "a 75-point Kaelyssa army with 29 warjack points must include 100 to 104 points".
  EventState s = event_with_players(1);
  EXPECT_FALSE(run(s, SetList{"p1", 1, army(29, {50, 50})}));
  EXPECT_FALSE(run(s, SetList{"p1", 1, army(29, {50, 54})}));
  EXPECT_TRUE(run(s, SetList{"p1", 1, army(29, {50, 49})}));
  EXPECT_TRUE(run(s, SetList{"p1", 1, army(29, {50, 55})}));
}

TEST(SR2014_ArmyLists, FiftyPointKaelyssaWithSevenJackPointsIs55To57) {
  EventState s = event_with_players(1, config("SR2014", 50));
  EXPECT_FALSE(run(s, SetList{"p1", 1, army(7, {55})}));
  EXPECT_FALSE(run(s, SetList{"p1", 1, army(7, {57})}));
  EXPECT_TRUE(run(s, SetList{"p1", 1, army(7, {54})}));
  EXPECT_TRUE(run(s, SetList{"p1", 1, army(7, {58})}));
}

TEST(SR2023_ArmyLists, NotUnderTheDesignatedLevel) {
  EventState s = event_with_players(1, config("SR2023", 75));
  EXPECT_FALSE(run(s, SetList{"p1", 1, army(0, {75})}));
  EXPECT_TRUE(run(s, SetList{"p1", 1, army(0, {74})}));
}

TEST(SR2017_ArmyLists, ExactlyOneLeaderAndDifferentLeadersPerList) {
  EventConfig c = config();
  c.lists = 2;
  EventState s = event_with_players(1, c);
  ArmyList no_leader;
  no_leader.entries.push_back(ListEntry{"Unit", 75, EntryKind::unit, 10});
  auto e = run(s, SetList{"p1", 1, no_leader});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("exactly one"), std::string::npos);
  must(s, SetList{"p1", 1, army(0, {75}, "Caine 1")});
  e = run(s, SetList{"p1", 2, army(0, {75}, "caine 1")});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("different"), std::string::npos);
  // Different versions of one character count as different warcasters.
  EXPECT_FALSE(run(s, SetList{"p1", 2, army(0, {75}, "Caine 2")}));
  EXPECT_TRUE(run(s, SetList{"p1", 3, army(0, {75}, "Caine 3")}));  // the event allows two
}

TEST(SR2017_ArmyLists, ListsAreFixedOnceTheEventBegins) {
  EventState s = event_with_players(2);
  must(s, SetList{"p1", 1, army(0, {75})});
  must(s, pairing({table(1, "p1", "p2")}));
  auto e = run(s, SetList{"p1", 1, army(0, {74})});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("fixed"), std::string::npos);
  EXPECT_TRUE(run(s, RemoveList{"p1", 1}));
}

TEST(SR2014_ListsRequired, VariantSetsTheListCount) {
  EventConfig c = config("SR2014", 50);
  c.variants = {{"lists-required", 2}};
  EventState s;
  must(s, CreateEvent{c});
  EXPECT_EQ(s.config.lists, 2);
  EXPECT_TRUE(s.config.lists_required);
}

TEST(PlayerStatus, DisqualifiedPlaysNoFurther) {
  EventState s = event_with_players(2);
  must(s, SetPlayerStatus{"p1", PlayerStatus::disqualified, std::nullopt});
  EXPECT_TRUE(run(s, SetPlayerStatus{"p1", PlayerStatus::registered, std::nullopt}));
  EXPECT_FALSE(s.players[0].active_in(1));
}

TEST(PlayerStatus, CheckInTwiceIsAnError) {
  EventState s = event_with_players(1);
  must(s, SetPlayerStatus{"p1", PlayerStatus::checked_in, std::nullopt});
  EXPECT_TRUE(run(s, SetPlayerStatus{"p1", PlayerStatus::checked_in, std::nullopt}));
}

// SR2017 "Classic Casual Time Limits – Use the round time, turn time, and extension length of an
// event one point size higher": lengths the baseline Deathclock has not, so the variant needs
// Classic Turn Timing. The timing asked alone (setup_timing: `rules timing`, POST /api/rules/timing)
// is refused exactly when event setup refuses the size and variants, with the same field, rule
// and words: every edition, every size (and a Rumble size), no variant, each variant, each pair.
TEST(SR2017_RoundTimingVariants, TheTimingAloneIsRefusedExactlyAsEventSetupRefusesIt) {
  int refused = 0, compared = 0;
  for (const Edition& e : all_editions()) {
    std::vector<VariantChoice> one;
    for (const Variant& v : e.variants)
      one.push_back({v.key, v.takes_value ? std::optional<int>(4) : std::nullopt});
    std::vector<std::vector<VariantChoice>> sets{{}};
    for (std::size_t i = 0; i < one.size(); ++i) {
      sets.push_back({one[i]});
      for (std::size_t j = i + 1; j < one.size(); ++j) sets.push_back({one[i], one[j]});
    }
    std::vector<int> sizes = e.point_sizes;
    sizes.push_back(30);  // a Rumble size between the standard ones (SR2017 "Rumble": 15-35)
    for (int points : sizes)
      for (const auto& variants : sets) {
        EventState s;
        EventConfig c = config(e.id, points);
        c.variants = variants;
        const auto setup = decide(s, CreateEvent{c});
        const auto timing = setup_timing(e.id, points, variants, "event");
        ++compared;
        std::string what = e.id + " " + std::to_string(points);
        for (const VariantChoice& v : variants) what += " " + v.key;
        ASSERT_EQ(setup.has_value(), timing.has_value())
            << what << ": " << (setup ? timing.error().describe() : setup.error().describe());
        if (setup) continue;
        ++refused;
        EXPECT_EQ(timing.error().field, setup.error().field) << what;
        EXPECT_EQ(timing.error().rule, setup.error().rule) << what;
        EXPECT_EQ(timing.error().message, setup.error().message) << what;
      }
  }
  EXPECT_GT(refused, 100) << "of " << compared;
  // The case an EO meets: SR2017 75 points, Classic Casual Time Limits, the Deathclock baseline.
  const auto casual = setup_timing("sr2017", 75, {{"casual-time", std::nullopt}}, "");
  ASSERT_FALSE(casual);
  EXPECT_EQ(casual.error().field, "variants[0]");
  EXPECT_EQ(casual.error().message, "'casual-time' needs the variant 'classic-turn-timing' as well");
  const auto classic =
      setup_timing("sr2017", 75, {{"classic-turn-timing", std::nullopt}, {"casual-time", std::nullopt}}, "");
  ASSERT_TRUE(classic) << classic.error().describe();
  EXPECT_EQ(classic->classic->round_minutes, 120);  // the 100-point row
}

}  // namespace
}  // namespace gauntlet
