// Which variants go together, and which factions an event accepts (issue 8). Each rule is the
// variant's own text in the original documents (../shared/seeds/), quoted here.
#include "editions/render.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

std::optional<Error> create_with(const std::string& edition, int points,
                                 std::vector<VariantChoice> variants) {
  EventState s;
  EventConfig c = config(edition, points);
  c.variants = std::move(variants);
  return run(s, CreateEvent{c});
}

// SR2017 (000_…txt) and SR2023 (004_…txt) "No Tiebreakers – This variant requires the Classic Turn
// Timing variant. This event does not use tiebreakers. If time expires, the game is a tie."
TEST(SR2017_NoTiebreakers, RequiresClassicTurnTiming) {
  for (const char* edition : {"SR2017", "SR2023"}) {
    SCOPED_TRACE(edition);
    auto e = create_with(edition, 75, {{"no-tiebreakers", std::nullopt}});
    ASSERT_TRUE(e);
    EXPECT_EQ(e->field, "event.variants[0]");
    EXPECT_NE(e->rule.find("This variant requires the Classic Turn Timing variant."), std::string::npos)
        << e->rule;
    EXPECT_NE(e->message.find("'classic-turn-timing'"), std::string::npos) << e->message;
    EXPECT_FALSE(
        create_with(edition, 75, {{"no-tiebreakers", std::nullopt}, {"classic-turn-timing", std::nullopt}}));
  }
}

// SR2013 (002_…txt): "Each list must be played at least X times during the tournament. Divide and
// Conquer events must also use the X Lists Required variant." SR2014's text (003_…txt) has no
// such sentence: "Divide and Conquer [X] – Each list must be played at least X times during the
// tournament." The originals win over the issue's "SR2013/SR2014".
TEST(SR2013_DivideAndConquer, RequiresListsRequiredWhereSR2014DoesNot) {
  auto e = create_with("SR2013", 50, {{"divide-and-conquer", 1}});
  ASSERT_TRUE(e);
  EXPECT_NE(e->rule.find("Divide and Conquer events must also use the X Lists Required variant."),
            std::string::npos);
  EXPECT_FALSE(create_with("SR2013", 50, {{"divide-and-conquer", 1}, {"lists-required", 2}}));
  EXPECT_FALSE(create_with("SR2014", 50, {{"divide-and-conquer", 1}}));
}

// SR2014 (003_…txt) "Finals Tables": "it cannot be combined with any other final standings
// variant." SR2013 says the same (002_…txt).
TEST(SR2014_FinalsTables, CannotBeCombinedWithAnotherFinalStandingsVariant) {
  for (const char* edition : {"SR2013", "SR2014"}) {
    SCOPED_TRACE(edition);
    for (const char* other : {"large-event-scoring", "assassin-scoring", "control-point-scoring"}) {
      auto e = create_with(edition, 50, {{"finals-tables", std::nullopt}, {other, std::nullopt}});
      ASSERT_TRUE(e) << other;
      EXPECT_EQ(e->field, "event.variants[0]");
      EXPECT_NE(e->rule.find("cannot be combined with any other Final Standings variant"), std::string::npos);
    }
    // Large-Event Scoring only changes how SoS is counted: it goes with a ladder that uses SoS.
    EXPECT_FALSE(create_with(
        edition, 50, {{"large-event-scoring", std::nullopt}, {"control-point-scoring", std::nullopt}}));
  }
}

// SR2017 "Final Standings Variants": each states how "Rankings are determined"; one at a time.
TEST(SR2017_FinalStandingsVariants, OnlyOneAtATime) {
  auto e =
      create_with("SR2017", 75, {{"assassin-scoring", std::nullopt}, {"destruction-scoring", std::nullopt}});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("cannot be combined with 'destruction-scoring'"), std::string::npos)
      << e->message;
  e = create_with("SR2023", 75, {{"finals-tables", std::nullopt}, {"control-point-scoring", std::nullopt}});
  ASSERT_TRUE(e);
}

// SR2014 "Commander's Crucible [X]": "The event consists of X rounds ... The number of battlegroup
// lists required is equal to the number of rounds in the event minus one. ... Battlegroup and support
// list combinations cannot exceed the point size of the event and cannot fall more than 10 points
// under that point size ... Each battlegroup must be played at least once during the event."
// Gauntlet applies none of it (rounds follow attendance, lists the baseline window), so setup refuses
// the variant with the reason rather than accept a label; `rules show` says so.
TEST(SR2014_CommandersCrucible, EventSetupRefusesItWithTheReason) {
  for (int points : {35, 50}) {
    auto e = create_with("SR2014", points, {{"commanders-crucible", 4}});
    ASSERT_TRUE(e) << points;
    EXPECT_EQ(e->field, "event.variants[0]");
    EXPECT_NE(e->rule.find("SR2014 \"Commander's Crucible [X]\""), std::string::npos) << e->rule;
    EXPECT_NE(e->rule.find("cannot fall more than 10 points under"), std::string::npos) << e->rule;
    EXPECT_NE(e->message.find("'commanders-crucible' is not supported"), std::string::npos) << e->message;
    EXPECT_NE(e->message.find("X-1 battlegroup lists"), std::string::npos) << e->message;
  }
  EXPECT_NE(render_edition(*find_edition("SR2014")).find("NOT SUPPORTED (event setup refuses it)"),
            std::string::npos);
}

// SR2017 "Classic Casual Time Limits – Use the round time, turn time, and extension length of an
// event one point size higher." These change Classic Turn Timing: without it (the Deathclock
// baseline) there is nothing to change, and two of them cannot both set the size.
TEST(SR2017_ClassicTimeLimits, NeedClassicTurnTimingAndOnlyOneSize) {
  EXPECT_TRUE(create_with("SR2017", 75, {{"casual-time", std::nullopt}}));
  EXPECT_FALSE(
      create_with("SR2017", 75, {{"casual-time", std::nullopt}, {"classic-turn-timing", std::nullopt}}));
  EXPECT_TRUE(create_with("SR2017", 75,
                          {{"casual-time", std::nullopt},
                           {"hardcore-time", std::nullopt},
                           {"classic-turn-timing", std::nullopt}}));
  // "No Time Limits – Games are untimed."
  EXPECT_TRUE(
      create_with("SR2017", 75, {{"no-time-limits", std::nullopt}, {"classic-turn-timing", std::nullopt}}));
  // SR2014 "Death Clock – Dice down is not called. Instead of timing each turn, chess clocks are used."
  EXPECT_TRUE(create_with("SR2014", 50, {{"deathclock", std::nullopt}, {"no-extensions", std::nullopt}}));
}

// SR2017 "Basic Painting Required – All models must be primed and basecoated." / "Advanced Painting
// Required – All models must be completely painted and based.": two levels of one requirement, so an
// event sets one (SR2013/SR2014: Basic or Hardcore Painting Required). Issue 10 point 13.
TEST(SR2017_PaintingRequirements, OneLevelAtATime) {
  EXPECT_FALSE(create_with("SR2017", 75, {{"advanced-painting", std::nullopt}}));
  EXPECT_TRUE(
      create_with("SR2017", 75, {{"basic-painting", std::nullopt}, {"advanced-painting", std::nullopt}}));
  EXPECT_TRUE(
      create_with("SR2014", 50, {{"basic-painting", std::nullopt}, {"hardcore-painting", std::nullopt}}));
  EXPECT_TRUE(
      create_with("SR2013", 50, {{"hardcore-painting", std::nullopt}, {"basic-painting", std::nullopt}}));
}

// Factions as players type them and other tools export them: any word of the name, common
// abbreviations, an unambiguous start of a name or word.
TEST(Registration, FactionWordsAndAbbreviationsAreAccepted) {
  EventState s = event_with_players(0);
  const std::pair<const char*, const char*> typed[] = {
      {"Menoth", "Protectorate of Menoth"},
      {"Protectorate", "Protectorate of Menoth"},
      {"Retribution", "Retribution of Scyrah"},
      {"Cyriss", "Convergence of Cyriss"},
      {"Circle", "Circle Orboros"},
      {"Legion", "Legion of Everblight"},
      {"Mercs", "Mercenaries"},
      {"PoM", "Protectorate of Menoth"},
      {"trolls", "Trollbloods"},
      {"cyg", "Cygnar"},
      {"Everblight", "Legion of Everblight"},
      {"scyrah", "Retribution of Scyrah"},
  };
  int n = 0;
  for (auto [given, name] : typed) {
    must(s, AddPlayer{player("Faction " + std::to_string(++n), given)});
    EXPECT_EQ(s.players.back().faction, name) << given;
  }
}

TEST(Registration, UnknownFactionListsTheKnownAndSaysHowToAddIt) {
  EventState s = event_with_players(0, config("SR2023", 75));
  auto e = run(s, AddPlayer{player("Olga", "Orgoth")});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "player.faction");
  EXPECT_NE(e->message.find("known: Convergence of Cyriss"), std::string::npos) << e->message;
  // In words every face shares: the web page shows no command line (the CLI adds its own).
  EXPECT_NE(e->message.find("\"Added factions\""), std::string::npos) << e->message;
  EXPECT_EQ(e->message.find("gauntlet"), std::string::npos) << e->message;
  EXPECT_EQ(e->message.find("did you mean"), std::string::npos) << e->message;
  auto c = run(s, AddPlayer{player("Olga", "C")});  // Cryx, Cygnar, Convergence, Circle...
  ASSERT_TRUE(c);
  EXPECT_NE(c->message.find("ambiguous"), std::string::npos) << c->message;
}

// A typo is a typo before it is a new army: "Kador" in a CSV row offered to add a faction "Kador".
// The nearest faction (by its name, a word of it or an alias) is named first.
TEST(Registration, AFactionTypoAsksDidYouMeanTheNearestFaction) {
  EventState s = event_with_players(0, config("SR2017", 75));
  for (auto [typed, meant] : std::vector<std::pair<std::string, std::string>>{
           {"Kador", "Khador"}, {"cyngar", "Cygnar"}, {"Trolbloods", "Trollbloods"}, {"Cryks", "Cryx"}}) {
    auto e = run(s, AddPlayer{player("Olga", typed)});
    ASSERT_TRUE(e) << typed;
    EXPECT_EQ(e->field, "player.faction");
    EXPECT_NE(e->message.find("'" + typed + "' is not a faction of this event; did you mean " + meant + "?"),
              std::string::npos)
        << e->message;
  }
}

// The SR2023 list comes from a trademark notice, not a list of legal armies: the EO adds one.
TEST(EventSetup, TheEoAddsAFactionEvenAfterRoundOneForALateEntry) {
  EventState s = event_with_players(2, config("SR2023", 75));
  must(s, pairing({table(1, "p1", "p2")}));
  EventConfig c = s.config;
  c.factions = {"Orgoth", " Dusk "};
  must(s, ConfigureEvent{c});
  EXPECT_EQ(s.config.factions, (std::vector<std::string>{"Orgoth", "Dusk"}));
  must(s, AddPlayer{player("Olga", "orgoth")});
  EXPECT_EQ(s.players.back().faction, "Orgoth");
  must(s, AddPlayer{player("Dmitri", "Dusk")});
  // Anything else about the setup stays fixed once round 1 is paired.
  c.points = 100;
  EXPECT_TRUE(run(s, ConfigureEvent{c}));
  // A faction the edition already has is not added twice.
  c = s.config;
  c.factions.push_back("cygnar");
  auto dup = run(s, ConfigureEvent{c});
  ASSERT_TRUE(dup);
  EXPECT_EQ(dup->field, "event.factions[2]");
  // Removing a faction that a player plays is refused.
  c = s.config;
  c.factions = {"Dusk"};
  EXPECT_TRUE(run(s, ConfigureEvent{c}));
}

// Records table 1 of a two-player event with `variants`, ended by `ending`; the refusal, if any.
std::optional<Error> record_ending(const std::string& edition, int points,
                                   std::vector<VariantChoice> variants, Ending ending) {
  EventConfig c = config(edition, points);
  c.variants = std::move(variants);
  EventState s = event_with_players(2, c);
  if (auto e = run(s, pairing({table(1, "p1", "p2")}))) return e;
  return run(s, win_at(1, 0, 3, 1, 30, 10, ending));
}

// SR2017 (000_…txt) "No Assassination Victory – This event does not use assassination as a
// victory condition. When a warcaster or warlock is destroyed, the game continues until a scenario
// victory is achieved or one player has no models remaining." (SR2014 and SR2023 the same): an
// assassination result is refused with the variant named; the other endings stay open.
TEST(SR2017_NoAssassinationVictory, RefusesAnAssassinationResult) {
  for (const char* edition : {"SR2017", "SR2023", "SR2014"}) {
    SCOPED_TRACE(edition);
    const int points = std::string(edition) == "SR2014" ? 50 : 75;
    auto e = record_ending(edition, points, {{"no-assassination", std::nullopt}}, Ending::assassination);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->field, "round 1, table 1.ending");
    EXPECT_NE(e->rule.find("No Assassination Victory"), std::string::npos) << e->rule;
    EXPECT_FALSE(record_ending(edition, points, {{"no-assassination", std::nullopt}}, Ending::tiebreaker));
    EXPECT_FALSE(record_ending(edition, points, {}, Ending::assassination));
  }
}

// SR2017 "No Tiebreakers – This variant requires the Classic Turn Timing variant. This event does not use
// tiebreakers. If time expires, the game is a tie.": a tiebreaker win is refused, a tie or a scenario win is
// accepted.
TEST(SR2017_NoTiebreakers, ATimedOutGameIsATieNotATiebreakerWin) {
  const std::vector<VariantChoice> v = {{"no-tiebreakers", std::nullopt},
                                        {"classic-turn-timing", std::nullopt}};
  auto e = record_ending("SR2017", 75, v, Ending::tiebreaker);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.ending");
  EXPECT_NE(e->rule.find("No Tiebreakers"), std::string::npos) << e->rule;
  EXPECT_NE(e->message.find("tie"), std::string::npos) << e->message;
  EXPECT_FALSE(record_ending("SR2017", 75, v, Ending::scenario));
  EXPECT_FALSE(record_ending("SR2017", 75, {}, Ending::tiebreaker));
}

// SR2014 (003_…txt) "Mangled Metal – In this event, in addition to normal victory conditions, a
// player wins a game when all enemy warjacks and warbeasts are destroyed or removed from play.":
// the ending exists only at an event with the variant.
TEST(SR2014_MangledMetal, TheEndingNeedsTheVariant) {
  EXPECT_FALSE(record_ending("SR2014", 50, {{"mangled-metal", std::nullopt}}, Ending::mangled_metal));
  auto e = record_ending("SR2014", 50, {}, Ending::mangled_metal);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.ending");
  EXPECT_NE(e->rule.find("Mangled Metal"), std::string::npos) << e->rule;
  EXPECT_TRUE(record_ending("SR2017", 75, {}, Ending::mangled_metal));
}

}  // namespace
}  // namespace gauntlet
