// How often each list must be played (issue 13 point 3). The rules, from the originals:
//   SR2014 (003_…txt) "[X] List(s) Required – Players must bring exactly X army lists and must play
//   each army list at least once during the event."
//   SR2014 (003_…txt) "Divide and Conquer [X] – Each list must be played at least X times during
//   the tournament. ... If this goal is not achievable based on the expected number of rounds,
//   Divide and Conquer is not recommended."
//   SR2013 (001_…txt) "[X] List(s) Required" in the same words.
#include "engine/list_plays.hpp"

#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

// Eight players of an SR2014 50-point event with these variants and `rounds` rounds.
EventState event(std::vector<VariantChoice> variants, int rounds, std::string edition = "SR2014") {
  EventConfig c = config(edition, 50);
  c.variants = std::move(variants);
  c.rounds = rounds;
  return event_with_players(8, c);
}

// Table 1 of round robin round `r`: side 0 wins, each side playing the list given (0: none named).
RecordResult played(int table, int list0, int list1) {
  RecordResult r = win_at(table, 0);
  if (list0) r.results[0].list = list0;
  if (list1) r.results[1].list = list1;
  return r;
}

// Plays round `r` of the round robin; every player on tables 2–4 plays list `others`.
void play_round(EventState& s, int r, int list_p1, int others) {
  must(s, round_robin(r));
  must(s, played(1, list_p1, others));
  for (int t = 2; t <= 4; ++t) must(s, played(t, others, others));
  must(s, CloseRound{});
}

TEST(SR2014_ListsRequired, EachResultNamesTheListPlayed) {
  EventState s = event({{"lists-required", 2}}, 3);
  must(s, round_robin(1));
  auto e = run(s, played(1, 0, 1));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[0].list");
  EXPECT_NE(e->rule.find("must play each army list at least once"), std::string::npos) << e->rule;
  EXPECT_NE(e->message.find("which list did Player 1 play"), std::string::npos) << e->message;
  EXPECT_FALSE(run(s, played(1, 2, 1)));
}

TEST(SR2014_ListsRequired, RefusesTheListThatLeavesTheOtherUnplayable) {
  EventState s = event({{"lists-required", 2}}, 2);
  play_round(s, 1, 1, 1);
  // Round 2 is the last: Player 1 has played list 1 only, so list 2 it must be.
  must(s, round_robin(2));
  auto e = run(s, played(1, 1, 2));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 2, table 1.results[0].list");
  EXPECT_NE(e->message.find("would still need list 2 once more"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("another list must be played in round 2"), std::string::npos) << e->message;
  EXPECT_FALSE(run(s, played(1, 2, 2)));
}

TEST(SR2014_ListsRequired, TheEoIsWarnedOfWhoCanNoLongerMeetTheCount) {
  EventState s = event({{"lists-required", 2}}, 3);
  EXPECT_TRUE(list_shortfalls(s).empty());
  play_round(s, 1, 1, 1);
  play_round(s, 2, 1, 2);
  EXPECT_TRUE(list_shortfalls(s).empty());  // one round left, each player owes one list at most
  // Player 1 has played list 1 twice; list 2 in round 3 would still do. With the event cut to two
  // rounds it cannot: the EO is told.
  must(s, SetRounds{2});
  const auto w = list_shortfalls(s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].player, "p1");
  EXPECT_NE(w[0].text.find("Player 1 can no longer play each list 1 time: still needs list 2 once more"),
            std::string::npos)
      << w[0].text;
}

// "Players must bring exactly X army lists": once the EO keeps lists, who has fewer is named.
TEST(SR2014_ListsRequired, APlayerWithFewerListsIsNamed) {
  EventState s = event({{"lists-required", 2}}, 3);
  EXPECT_TRUE(list_shortfalls(s).empty()) << "no list kept: nothing to say";
  must(s, SetList{"p1", 1, army(6, {4, 10, 42}, "Haley")});
  const auto w = list_shortfalls(s);
  ASSERT_EQ(w.size(), 8u);
  EXPECT_EQ(w[0].text.substr(0, 44), "Player 1 registered 1 of the 2 lists require");
}

TEST(SR2014_DivideAndConquer, EachListAtLeastXTimes) {
  EventState s = event({{"lists-required", 2}, {"divide-and-conquer", 2}}, 4);
  EXPECT_EQ(list_quota(s).per_list, 2);
  EXPECT_NE(list_quota(s).rule.find("Each list must be played at least X times"), std::string::npos)
      << list_quota(s).rule;
  play_round(s, 1, 1, 1);
  play_round(s, 2, 1, 2);
  // Two rounds left, list 2 owed twice by Player 1: list 1 again is refused.
  must(s, round_robin(3));
  auto e = run(s, played(1, 1, 1));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("would still need list 2 twice more"), std::string::npos) << e->message;
  EXPECT_NE(e->rule.find("Divide and Conquer [X]"), std::string::npos) << e->rule;
}

// "If this goal is not achievable based on the expected number of rounds, Divide and Conquer is not
// recommended": not recommended is not forbidden, so an event planned too short records every
// result and the EO is warned instead.
TEST(SR2014_DivideAndConquer, AnUnreachableCountFromTheStartWarnsButDoesNotBlock) {
  EventState s = event({{"lists-required", 2}, {"divide-and-conquer", 3}}, 4);
  play_round(s, 1, 1, 1);
  EXPECT_EQ(list_shortfalls(s).size(), 8u);
  must(s, round_robin(2));
  EXPECT_FALSE(run(s, played(1, 1, 1)));
}

TEST(SR2014_ListsRequired, ASingleListEventCountsNothing) {
  EventState s = event({}, 3);
  EXPECT_EQ(list_quota(s).per_list, 0);
  must(s, round_robin(1));
  EXPECT_FALSE(run(s, played(1, 0, 0)));
  EXPECT_TRUE(list_shortfalls(s).empty());
}

TEST(SR2013_ListsRequired, SameRuleAsSR2014) {
  EventState s = event({{"lists-required", 2}}, 3, "SR2013");
  must(s, round_robin(1));
  auto e = run(s, played(1, 1, 0));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[1].list");
  EXPECT_NE(e->rule.find("SR2013"), std::string::npos) << e->rule;
}

// Issue 13 point 4: the calculator's marks travel with the result; the engine counts them on the
// opponent's list played by the edition's method (SR2017 "Warcasters and warlocks are worth 10 army
// points each") and keeps them with the result.
TEST(SR2017_ArmyPointsDestroyed, TheBreakdownIsCountedOnTheListPlayedAndKept) {
  EventConfig c = config("SR2017", 75);
  c.lists = 2;
  EventState s = event_with_players(4, c);
  must(s, SetList{"p2", 1, army(29, {50, 51})});
  must(s, SetList{"p2", 2, army(28, {60, 40}, "Vyros")});
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  RecordResult r = win_at(1, 0, 5, 0, 60, 20);
  r.results[0].destroyed = {{0, 1}, {1, 6}};  // Kaelyssa and the 50-point unit of list 1
  auto e = run(s, r);
  ASSERT_TRUE(e);  // p2 has two lists: which one?
  EXPECT_EQ(e->field, "round 1, table 1.results[1].list");
  r.results[1].list = 2;
  e = run(s, r);  // list 2's first unit is 60 points
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 1.results[0].ap");
  EXPECT_NE(e->message.find("count 70 army points destroyed, the result says 60"), std::string::npos)
      << e->message;
  r.results[1].list = 1;
  must(s, r);
  EXPECT_EQ((*s.rounds[0].tables[0].results)[0].destroyed, (std::vector<Loss>{{0, 1}, {1, 6}}));
  // Marks on a list nobody registered: the number must be typed.
  RecordResult other = win_at(2, 0);
  other.results[0].destroyed = {{0, 1}};
  e = run(s, other);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "round 1, table 2.results[0].destroyed");
}

}  // namespace
}  // namespace gauntlet
