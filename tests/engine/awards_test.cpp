// Awards and blind votes in the core (issue 14 point 2). The rules, from the originals:
//   SR2017 (000_…txt) "Prizes": "There are two ways the winner of the Best-Painted award can be
//   determined. Either the EO chooses the winner, or all participants in the event hold a blind
//   vote. [...] A player can vote for his own submission. The EO counts the votes and announces the
//   winner(s). In the case of a tie, the EO must break the tie by either choosing the winner or
//   holding a second blind vote among only the tied entries."
//   SR2017 "Sportsmanship": "Disqualified players are not eligible for any awards or prizes and are
//   barred from further participation in the event".
// The core never holds a choice: votes arrive sealed (opaque here) and the count comes with the
// close, as the ballot box (server/ballots.hpp, tested in tests/server) hands it over.
#include "engine/awards.hpp"

#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

EventState painting_vote(int players = 6) {
  EventState s = event_with_players(players);
  must(s, DefineAward{"", "Best Painted", "Best Army", AwardMethod::vote});
  for (int i = 1; i <= 3; ++i) must(s, EnterAward{"best-painted", "p" + std::to_string(i), "Army", ""});
  return s;
}

void vote(EventState& s, const std::string& voter) {
  must(s, CastVote{"best-painted", voter, "sealed-by-" + voter});
}

TEST(SR2017_Prizes, AnAwardGetsItsKeyFromItsNameAndNeedsOne) {
  EventState s = event_with_players(2);
  must(s, DefineAward{"", "Best Sport", "", AwardMethod::vote, AwardMetric::none, true});
  ASSERT_NE(s.find_award("best-sport"), nullptr);
  EXPECT_TRUE(s.find_award("best-sport")->everyone);
  auto e = run(s, DefineAward{"", "  ", "", AwardMethod::choice});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "name");
  e = run(s, DefineAward{"", "Most Kills", "", AwardMethod::computed});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "metric");
}

TEST(SR2017_Prizes, FirstBallotHoldsTheEntriesAndEachParticipantVotesOnce) {
  EventState s = painting_vote();
  must(s, OpenVote{"best-painted"});
  const Ballot& b = s.find_award("best-painted")->ballots.back();
  EXPECT_EQ(b.candidates, (std::vector<PlayerId>{"p1", "p2", "p3"}));
  vote(s, "p1");  // an entrant votes too (perhaps for their own entry: the core cannot tell)
  vote(s, "p5");  // a participant without an entry votes
  auto e = run(s, CastVote{"best-painted", "p5", "again"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::conflict);
  EXPECT_EQ(e->field, "voter");
  EXPECT_NE(e->message.find("already voted"), std::string::npos) << e->message;
  EXPECT_EQ(s.find_award("best-painted")->ballots.back().votes.size(), 2u);
}

TEST(SR2017_Sportsmanship, ADisqualifiedPlayerCannotVoteEnterOrWin) {
  EventState s = painting_vote();
  must(s, SetPlayerStatus{"p6", PlayerStatus::disqualified, std::nullopt});
  must(s, SetPlayerStatus{"p3", PlayerStatus::disqualified, std::nullopt});
  auto e = run(s, EnterAward{"best-painted", "p6", "", ""});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("not eligible for any awards or prizes"), std::string::npos) << e->message;
  must(s, OpenVote{"best-painted"});
  // p3's entry is left off the ballot.
  EXPECT_EQ(s.find_award("best-painted")->ballots.back().candidates, (std::vector<PlayerId>{"p1", "p2"}));
  e = run(s, CastVote{"best-painted", "p6", "x"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::forbidden);
  EXPECT_EQ(e->field, "voter");
  EXPECT_NE(e->message.find("barred from further participation"), std::string::npos) << e->message;
  EXPECT_TRUE(s.find_award("best-painted")->ballots.back().votes.empty());
}

TEST(SR2017_Prizes, ATieGoesToASecondVoteAmongOnlyTheTiedEntries) {
  EventState s = painting_vote();
  must(s, OpenVote{"best-painted"});
  for (const char* v : {"p1", "p2", "p3", "p4", "p5"}) vote(s, v);
  // The count must add up to the votes cast, over this ballot's entries.
  auto e = run(s, CloseVote{"best-painted", {{"p1", 2}, {"p2", 2}}});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "tally");
  e = run(s, CloseVote{"best-painted", {{"p1", 2}, {"p2", 2}, {"p4", 1}}});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("not on this ballot"), std::string::npos);
  must(s, CloseVote{"best-painted", {{"p1", 2}, {"p2", 2}, {"p3", 1}}});
  const Award& a = *s.find_award("best-painted");
  EXPECT_TRUE(a.winners.empty());
  EXPECT_EQ(a.ballots.back().leaders(), (std::vector<PlayerId>{"p1", "p2"}));
  must(s, OpenVote{"best-painted"});
  const Ballot& second = s.find_award("best-painted")->ballots.back();
  EXPECT_EQ(second.number, 2);
  EXPECT_EQ(second.candidates, (std::vector<PlayerId>{"p1", "p2"}));
  vote(s, "p5");  // voted in the first ballot: votes again in the second
  vote(s, "p1");
  vote(s, "p3");
  must(s, CloseVote{"best-painted", {{"p1", 1}, {"p2", 2}}});
  EXPECT_EQ(s.find_award("best-painted")->winners, (std::vector<PlayerId>{"p2"}));
  EXPECT_EQ(s.find_award("best-painted")->decided, "vote");
  e = run(s, DecideAward{"best-painted", "p1"});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("decided by the vote"), std::string::npos);
}

TEST(SR2017_Prizes, OrTheEoBreaksTheTieChoosingAmongTheTiedOnly) {
  EventState s = painting_vote();
  must(s, OpenVote{"best-painted"});
  vote(s, "p1");
  vote(s, "p2");
  must(s, CloseVote{"best-painted", {{"p1", 1}, {"p2", 1}}});
  auto e = run(s, DecideAward{"best-painted", "p3"});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("not among the tied"), std::string::npos) << e->message;
  must(s, DecideAward{"best-painted", "p2"});
  EXPECT_EQ(s.find_award("best-painted")->winners, (std::vector<PlayerId>{"p2"}));
  EXPECT_EQ(s.find_award("best-painted")->decided, "EO broke the tie");
}

TEST(SR2017_Prizes, EntriesCloseWhenTheVoteOpensAndAVoteNeedsTwo) {
  EventState s = event_with_players(4);
  must(s, DefineAward{"", "Best Painted", "Best Single Model", AwardMethod::vote});
  must(s, EnterAward{"best-painted", "p1", "", ""});
  auto e = run(s, OpenVote{"best-painted"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::precondition);
  must(s, EnterAward{"best-painted", "p2", "", ""});
  must(s, OpenVote{"best-painted"});
  e = run(s, EnterAward{"best-painted", "p3", "", ""});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("closed"), std::string::npos);
  e = run(s, DefineAward{"best-painted", "Best Painted", "Best Army", AwardMethod::vote});
  ASSERT_TRUE(e);  // the category cannot change under the voters
}

TEST(SR2017_Prizes, TheEoChoosesAmongTheEntriesAndRevealsWhenReady) {
  EventState s = painting_vote();
  s.find_award("best-painted");
  must(s, DefineAward{"best-painted", "Best Painted", "Best Army", AwardMethod::choice});
  auto e = run(s, DecideAward{"best-painted", "p5"});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("did not enter"), std::string::npos);
  e = run(s, RevealAwards{"best-painted"});
  ASSERT_TRUE(e);
  must(s, DecideAward{"best-painted", "p3"});
  EXPECT_FALSE(s.find_award("best-painted")->revealed);
  must(s, RevealAwards{});
  EXPECT_TRUE(s.find_award("best-painted")->revealed);
  e = run(s, DecideAward{"best-painted", "p1"});
  ASSERT_TRUE(e);  // announced: hide it first
  must(s, RevealAwards{"best-painted", false});
  must(s, DecideAward{"best-painted", "p1"});
}

TEST(Awards, AComputedAwardCountsTheResultsAndAsksTheEoOnATie) {
  EventState s = event_with_players(4);
  must(s, DefineAward{"", "Most Army Points", "", AwardMethod::computed, AwardMetric::army_points});
  auto e = run(s, DecideAward{"most-army-points", ""});
  ASSERT_TRUE(e);  // no result yet
  must(s, pairing({table(1, "p1", "p2"), table(2, "p3", "p4")}));
  must(s, win_at(1, 0, 5, 0, 40, 20));
  must(s, win_at(2, 0, 5, 0, 40, 10));
  EXPECT_EQ(award_leaders(s, AwardMetric::army_points), (std::vector<PlayerId>{"p1", "p3"}));
  e = run(s, DecideAward{"most-army-points", ""});
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("a tie"), std::string::npos) << e->message;
  must(s, DecideAward{"most-army-points", "p3"});
  EXPECT_EQ(s.find_award("most-army-points")->decided, "EO broke the tie");
  // Assassinations: wins by assassination only.
  must(s, DefineAward{"", "Assassin", "", AwardMethod::computed, AwardMetric::assassinations});
  EXPECT_TRUE(award_leaders(s, AwardMetric::assassinations).empty());
}

TEST(Awards, TheEosUndoPassesOverAwardCommands) {
  std::vector<JournalEntry> journal;
  EventState s;
  auto add = [&](Command c) {
    auto r = decide(s, std::move(c));
    ASSERT_TRUE(r) << r.error().describe();
    apply(s, *r);
    journal.push_back({static_cast<std::int64_t>(journal.size() + 1), "", *r, std::nullopt});
  };
  add(CreateEvent{config()});
  add(AddPlayer{player("Ada")});
  add(AddPlayer{player("Bo")});
  add(DefineAward{"", "Best Sport", "", AwardMethod::vote, AwardMetric::none, true});
  add(OpenVote{"best-sport"});
  add(CastVote{"best-sport", "p1", "s"});
  EXPECT_EQ(*undo_target(journal), 3);  // Bo's registration, not the vote
  EXPECT_EQ(replay(journal), s);
}

// SR2017 "Prizes": "If the EO intends to announce a Best-Painted award, he must determine a category
// that the award will be chosen for and clearly communicate this information well in advance of
// the event." An award players enter, by vote or by the EO's choice, without a category is accepted
// with a warning quoting that; Best Sport (every participant), a computed award and SR2014 (which has
// no such rule) get none.
TEST(SR2017_Prizes, AnAwardPlayersEnterWithoutACategoryIsWarned) {
  EventState s = event_with_players(4);
  const DefineAward painted{"", "Best Painted", "", AwardMethod::vote};
  const auto warned = award_warnings(s, painted);
  ASSERT_EQ(warned.size(), 1u);
  EXPECT_NE(warned[0].find("Best Painted has no category"), std::string::npos) << warned[0];
  EXPECT_NE(warned[0].find("he must determine a category that the award will be chosen for"),
            std::string::npos)
      << warned[0];
  EXPECT_FALSE(run(s, painted));  // accepted all the same
  EXPECT_EQ(award_warnings(s, DefineAward{"", "Best Painted", "", AwardMethod::choice}).size(), 1u);
  EXPECT_TRUE(award_warnings(s, DefineAward{"", "Best Painted", "Best Army", AwardMethod::vote}).empty());
  EXPECT_TRUE(award_warnings(s, DefineAward{"", "Best Sport", "", AwardMethod::vote, AwardMetric::none, true})
                  .empty());
  EXPECT_TRUE(
      award_warnings(s, DefineAward{"", "Most Kills", "", AwardMethod::computed, AwardMetric::assassinations})
          .empty());
  // SR2023 "Prizes" says the same ("they must determine a category"); SR2014 has no "Prizes".
  EXPECT_EQ(award_warnings(event_with_players(2, config("SR2023", 75)), painted).size(), 1u);
  EXPECT_TRUE(award_warnings(event_with_players(2, config("SR2014", 50)), painted).empty());
}

}  // namespace
}  // namespace gauntlet
