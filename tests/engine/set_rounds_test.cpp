// Issue 10 point 7: the planned rounds change once round 1 is paired (SR2017 "Number of Rounds":
// "The event runs until one player has more tournament points than any other player at the end of
// a round"; the planned count caps it).
#include <gmock/gmock.h>

#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

EventState round_one_open() {
  EventState s = event_with_players(8);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4"), table(3, "p5", "p6"), table(4, "p7", "p8")}));
  return s;
}

TEST(SR2017_NumberOfRounds, SetRoundsOnlyAfterRoundOneIsPaired) {
  EventState s = event_with_players(8);
  auto e = run(s, SetRounds{2});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::precondition);
  EXPECT_THAT(e->message, HasSubstr("setup"));
}

TEST(SR2017_NumberOfRounds, SetRoundsNeverBelowTheRoundsPaired) {
  EventState s = round_one_open();
  auto e = run(s, SetRounds{0});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "rounds");
  EXPECT_THAT(e->message, HasSubstr("already paired"));
  must(s, SetRounds{5});
  EXPECT_EQ(planned_rounds(s), 5);
}

TEST(SR2017_NumberOfRounds, EndNowFinishesWhenTheOpenRoundCloses) {
  EventState s = round_one_open();
  EXPECT_EQ(planned_rounds(s), 3);  // 8 players: a 3-round event
  must(s, SetRounds{1});
  for (int t = 1; t <= 4; ++t) must(s, win_at(t, 0));
  EXPECT_FALSE(event_finished(s));
  must(s, CloseRound{});
  EXPECT_TRUE(event_finished(s));  // four players on 1 TP, but the planned round is played
  auto e = run(
      s, pairing({table(1, "p1", "p3"), table(2, "p5", "p7"), table(3, "p2", "p4"), table(4, "p6", "p8")}));
  ASSERT_TRUE(e);
  e = run(s, SetRounds{3});
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("finished"));
}

TEST(SR2017_RoundEvent, SetRoundsNeverAboveTheXRoundCap) {
  EventConfig c = config();
  c.variants.push_back({"max-rounds", 3});
  EventState s = event_with_players(8, c);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4"), table(3, "p5", "p6"), table(4, "p7", "p8")}));
  auto e = run(s, SetRounds{4});
  ASSERT_TRUE(e);
  EXPECT_THAT(e->rule, HasSubstr("[X] Round Event"));
}

}  // namespace
}  // namespace gauntlet
