// Issue 10 point 1: check-in decides round 1's field (model/rounds.hpp checkin_decides). No edition
// names check-in; SR2017 "Pairings": "Shuffle all the player record sheets together, and then
// randomly determine all of the player pairings for the first round" — the sheets of the players
// who are there.
#include <gmock/gmock.h>

#include "model/json.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

void check_in(EventState& s, const PlayerId& id) {
  must(s, SetPlayerStatus{id, PlayerStatus::checked_in, std::nullopt});
}

TEST(SR2017_CheckIn, RoundOnePairsOnlyCheckedIn) {
  EventState s = event_with_players(5);
  for (const char* id : {"p1", "p2", "p3", "p4"}) check_in(s, id);
  // The engine's "everyone active exactly once" is the checked-in field (the automatic proposal
  // agrees: tests/app, UseCases.ProposalLeavesOutWhoIsNotCheckedIn).
  auto e = run(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p5")}, "p4"));
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("not checked in"));
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
}

TEST(SR2017_CheckIn, LeftOutPlayersAreJournaledAndJoinRoundTwo) {
  EventState s = event_with_players(5);
  for (const char* id : {"p1", "p2", "p3", "p4"}) check_in(s, id);
  auto resolved = decide(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  ASSERT_TRUE(resolved);
  const auto& round = std::get<PairRound>(*resolved);
  EXPECT_EQ(round.left_out, std::vector<PlayerId>{"p5"});
  EXPECT_EQ(command_to_json(*resolved)["left_out"], nlohmann::json::array({"p5"}));
  apply(s, *resolved);
  EXPECT_EQ(s.players[4].joined_round, 2);  // a late entrant: 0 TP, plays from round 2
  must(s, win_at(1, 0));
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  check_in(s, "p5");
  must(s, pairing({table(1, "p1", "p3"), table(2, "p2", "p5")}, "p4"));  // five players now
}

TEST(SR2017_CheckIn, NobodyCheckedInPairsEveryRegisteredPlayer) {
  EventState s = event_with_players(4);  // CLI users and old event files never check in
  auto resolved = decide(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  ASSERT_TRUE(resolved) << resolved.error().describe();
  EXPECT_TRUE(std::get<PairRound>(*resolved).left_out.empty());
  EXPECT_FALSE(command_to_json(*resolved).contains("left_out"));  // old journals' shape
}

TEST(SR2017_CheckIn, FromRoundTwoEveryActivePlayerPlays) {
  EventState s = event_with_players(6);
  for (const char* id : {"p1", "p2", "p3", "p4"}) check_in(s, id);
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  must(s, win_at(1, 0));
  must(s, win_at(2, 0));
  must(s, CloseRound{});
  // p5 and p6 never checked in: round 2 pairs them all the same (the proposal warns).
  must(s, pairing({table(1, "p1", "p3"), table(2, "p2", "p5"), table(3, "p4", "p6")}));
}

}  // namespace
}  // namespace gauntlet
