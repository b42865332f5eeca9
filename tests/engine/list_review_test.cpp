// The EO's review of a player's lists and their publication (issue 13 point 2). The rules, from the
// originals:
//   SR2014 (003_…txt) "Army Lists": "Players cannot include the same version of a model or unit with
//   FA C in more than one list." and the variant "Characters Unrestricted – Models and units with
//   FA C can be included in more than one list."
//   SR2017 (000_…txt) "Character Restrictions – Players cannot include the same version of a model
//   or unit with FA C in more than one list." (a variant; the baseline restricts the leaders only)
#include "armylists/characters.hpp"
#include "engine/list_plays.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

// Ada with two lists that share Eiryss and a unit of Stormblades; SR2014 at 50 points, or SR2017.
EventState with_two_lists(const std::string& edition, std::vector<VariantChoice> variants = {}) {
  EventConfig c = config(edition, edition == "SR2014" ? 50 : 75);
  c.lists = 2;
  c.variants = std::move(variants);
  EventState s = event_with_players(4, c);
  const int points = edition == "SR2014" ? 50 : 75;
  for (int i = 1; i <= 2; ++i) {
    ArmyList l = army(6, {4, 10, points - 14 + 6}, i == 1 ? "Haley" : "Stryker");
    l.entries[1].name = "Eiryss";
    l.entries[2].name = "Stormblades";
    l.entries[3].name = i == 1 ? "Trenchers" : "Long Gunners";
    must(s, SetList{"p1", i, l});
  }
  return s;
}

TEST(SR2014_CharacterRestriction, NamesInTwoListsAreFlaggedAndBlockTheApprovalUntilMarked) {
  EventState s = with_two_lists("SR2014");
  const auto clashes = character_clashes(s.players[0]);
  ASSERT_EQ(clashes.size(), 2u);
  EXPECT_EQ(clashes[0].name, "Eiryss");
  EXPECT_EQ(clashes[0].lists, (std::vector<int>{1, 2}));
  auto e = run(s, ReviewLists{"p1", true, {"stormblades"}, "FA checked"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "not_characters");
  EXPECT_NE(e->message.find("in more than one of Player 1's lists: Eiryss."), std::string::npos)
      << e->message;
  EXPECT_NE(e->rule.find("Players cannot include the same version of a model or unit with FA C"),
            std::string::npos);
  // Eiryss 1 in one list only: the approval goes through, the mark kept as the list spells it.
  ArmyList l = s.players[0].lists[1];
  l.entries[1].name = "Eiryss, Angel of Retribution";
  must(s, SetList{"p1", 2, l});
  must(s, ReviewLists{"p1", true, {" stormblades "}, "FA checked"});
  ASSERT_TRUE(s.players[0].review);
  EXPECT_TRUE(s.players[0].review->approved);
  EXPECT_EQ(s.players[0].review->not_characters, (std::vector<std::string>{"Stormblades"}));
}

TEST(SR2014_CharacterRestriction, CharactersUnrestrictedLiftsIt) {
  EventState s = with_two_lists("SR2014", {{"characters-unrestricted", std::nullopt}});
  EXPECT_FALSE(characters_restricted(s));
  must(s, ReviewLists{"p1", true, {}, ""});
}

TEST(SR2017_CharacterRestrictions, OnlyWithTheVariant) {
  EventState s = with_two_lists("SR2017");
  EXPECT_FALSE(characters_restricted(s));
  must(s, ReviewLists{"p1", true, {}, ""});
  EventState v = with_two_lists("SR2017", {{"characters-restricted", std::nullopt}});
  EXPECT_TRUE(characters_restricted(v));
  auto e = run(v, ReviewLists{"p1", true, {}, ""});
  ASSERT_TRUE(e);
  EXPECT_NE(e->rule.find("Character Restrictions"), std::string::npos) << e->rule;
}

TEST(ListReview, AChangedListLosesItsApprovalAndAMarkMustBeAClash) {
  EventState s = with_two_lists("SR2017");
  auto e = run(s, ReviewLists{"p1", true, {"Haley"}, ""});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "not_characters[0]");
  must(s, ReviewLists{"p1", true, {"Eiryss"}, ""});
  must(s, SetList{"p1", 2, s.players[0].lists[1]});
  EXPECT_FALSE(s.players[0].review) << "the EO reviews the list again";
  EXPECT_TRUE(run(s, ReviewLists{"p2", true, {}, ""})) << "p2 has no list";
}

TEST(ListReview, ListsArePublishedOnceTheyLock) {
  EventState s = with_two_lists("SR2017");
  auto e = run(s, PublishLists{true});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::precondition);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  must(s, PublishLists{true});
  EXPECT_TRUE(s.lists_published);
  must(s, PublishLists{false});
  EXPECT_FALSE(s.lists_published);
}

// SR2014 (003_…txt) "Specialists ... cannot exceed the totals listed in the table below" (50 points:
// 10) and "Reinforcements": "Army lists require additional models for each list in accordance with
// the table below" (50 points: 10); "models and units with the ... Attached rule ... cannot be
// reinforcements". Either section needs its variant.
TEST(SR2014_Specialists, TheSectionNeedsTheVariantAndFitsTheTable) {
  EventConfig c = config("SR2014", 50);
  EventState plain = event_with_players(2, c);
  ArmyList l = army(6, {4, 10, 42}, "Haley");
  l.specialists = {{"Eiryss", 4, EntryKind::solo, 1}, {"Lancer", 6, EntryKind::warjack, 1}};
  auto e = run(plain, SetList{"p1", 1, l});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "players[p1].lists[1].specialists");
  EXPECT_NE(e->message.find("does not use the Specialists variant"), std::string::npos) << e->message;

  c.variants = {{"specialists", std::nullopt}};
  EventState s = event_with_players(2, c);
  must(s, SetList{"p1", 1, l});  // 10 of 10
  EXPECT_EQ(s.players[0].lists[0].specialists.size(), 2u);
  EXPECT_EQ(s.players[0].lists[0].total_cost(), 56) << "specialists are not in the starting army";
  l.specialists.push_back({"Squire", 1, EntryKind::solo, 1});
  e = run(s, SetList{"p1", 1, l});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("totals 11 points: at most 10 at 50 points"), std::string::npos) << e->message;
}

TEST(SR2014_Reinforcements, NoAttachmentsAndWithinTheTable) {
  EventConfig c = config("SR2014", 50);
  c.variants = {{"reinforcements", std::nullopt}};
  EventState s = event_with_players(2, c);
  ArmyList l = army(6, {4, 10, 42}, "Haley");
  l.reinforcements = {{"Officer & Standard", 3, EntryKind::attachment, 2}};
  auto e = run(s, SetList{"p1", 1, l});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "players[p1].lists[1].reinforcements[0].kind");
  l.reinforcements = {{"Stormblades", 10, EntryKind::unit, 6}};
  must(s, SetList{"p1", 1, l});
}

}  // namespace
}  // namespace gauntlet
