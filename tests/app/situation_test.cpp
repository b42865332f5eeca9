// app::situation_of: the one sentence a player's phone shows on top (issue 10 point 8: "Every
// player's page says where they stand: playing table N, bye, waiting for the next round, cut (final
// rank), dropped, finished").
#include "app/situation.hpp"

#include <gmock/gmock.h>

#include "support/event_fixtures.hpp"

namespace gauntlet::app {
namespace {

using testing::event_with_players;
using ::testing::HasSubstr;
using testing::must;
using ::testing::Not;
using testing::pairing;
using testing::table;
using testing::win_at;

TEST(PlayerSituation, BeforeRoundOneWaitsAndAsksForCheckInWhenOthersCheckedIn) {
  EventState s = event_with_players(4);
  EXPECT_EQ(situation_of(s, "p1", std::nullopt, 4).state, "waiting");
  EXPECT_THAT(situation_of(s, "p1", std::nullopt, 4).text, HasSubstr("round 1 table appears here"));
  must(s, SetPlayerStatus{"p2", PlayerStatus::checked_in, std::nullopt});
  EXPECT_THAT(situation_of(s, "p1", std::nullopt, 4).text, HasSubstr("not checked in"));
  EXPECT_THAT(situation_of(s, "p2", std::nullopt, 4).text, Not(HasSubstr("not checked in")));
}

TEST(PlayerSituation, PlayingNamesTableAndOpponentThenRecordedThenWaiting) {
  EventState s = event_with_players(4);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  const Situation playing = situation_of(s, "p2", std::nullopt, 4);
  EXPECT_EQ(playing.state, "playing");
  EXPECT_EQ(playing.table, 1);
  EXPECT_THAT(playing.text, HasSubstr("Round 1: table 1 against Player 1 (Cygnar)"));
  must(s, win_at(1, 0));
  EXPECT_EQ(situation_of(s, "p2", 3, 4).state, "reported");
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  EXPECT_EQ(situation_of(s, "p2", 3, 4).state, "waiting");
  EXPECT_THAT(situation_of(s, "p2", 3, 4).text, HasSubstr("Your round 2 table appears here"));
}

TEST(PlayerSituation, ByeAndLateEntryJoiningNextRound) {
  EventState s = event_with_players(3);
  must(s, pairing({table(1, "p1", "p2")}, "p3"));
  EXPECT_EQ(situation_of(s, "p3", std::nullopt, 3).state, "bye");
  must(s, AddPlayer{testing::player("Late Comer")});
  const Situation late = situation_of(s, "p4", std::nullopt, 4);
  EXPECT_EQ(late.state, "joins");
  EXPECT_EQ(late.round, 2);
  EXPECT_THAT(late.text, HasSubstr("You join in round 2"));
}

TEST(PlayerSituation, DroppedAfterPlayingTheirLastGame) {
  EventState s = event_with_players(4);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  must(s, win_at(1, 0));
  must(s, SetPlayerStatus{"p2", PlayerStatus::dropped, std::nullopt});
  const Situation d = situation_of(s, "p2", 4, 4);
  EXPECT_EQ(d.state, "dropped");
  EXPECT_EQ(d.text, "You dropped after round 1.");
}

// SR2017 "Cut to Top [X]": "at the end of each round, if the number of undefeated players is equal
// to or less than X, the remaining rounds are only played by the top X players."
TEST(SR2017_CutToTop, CutPlayerIsToldTheirFinalPlace) {
  EventConfig c = testing::config();
  c.variants = {VariantChoice{"cut-to-top", 2}};
  c.rounds = 3;
  EventState s = event_with_players(4, c);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  must(s, win_at(1, 0));
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  ASSERT_TRUE(s.cut.has_value());
  const PlayerId out = s.cut->frozen_order.front();
  const Situation cut = situation_of(s, out, 3, 4);
  EXPECT_EQ(cut.state, "cut");
  EXPECT_EQ(cut.rank, 3);
  EXPECT_THAT(cut.text, HasSubstr("Cut after round 1: only the top 2 play on. Your final place: 3rd of 4."));
  EXPECT_EQ(situation_of(s, s.cut->top.front(), 1, 4).state, "waiting");
}

TEST(PlayerSituation, FinishedEventGivesThePlace) {
  EventConfig c = testing::config();
  c.rounds = 1;
  EventState s = event_with_players(2, c);
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, win_at(1, 0));
  must(s, CloseRound{});
  const Situation done = situation_of(s, "p1", 1, 2);
  EXPECT_EQ(done.state, "finished");
  EXPECT_EQ(done.text, "The event is finished: you placed 1st of 2.");
}

TEST(PlayerSituation, Ordinals) {
  EXPECT_EQ(ordinal(1), "1st");
  EXPECT_EQ(ordinal(2), "2nd");
  EXPECT_EQ(ordinal(3), "3rd");
  EXPECT_EQ(ordinal(11), "11th");
  EXPECT_EQ(ordinal(12), "12th");
  EXPECT_EQ(ordinal(21), "21st");
  EXPECT_EQ(ordinal(113), "113th");
}

}  // namespace
}  // namespace gauntlet::app
