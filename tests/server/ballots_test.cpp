// The ballot box (server/ballots.hpp) on a real journal and key store: the vote test issue 14 asks
// for. SR2017 (000_…txt) "Prizes": "Participants write their choice on a piece of paper, keeping it
// secret from others [...] A player can vote for his own submission. The EO counts the votes and
// announces the winner(s). In the case of a tie, the EO must break the tie by either choosing the
// winner or holding a second blind vote among only the tied entries." "Sportsmanship":
// "Disqualified players are not eligible for any awards or prizes and are barred from further
// participation in the event".
#include "server/ballots.hpp"

#include <gmock/gmock.h>

#include <fstream>
#include <sstream>

#include "eventfile/event_file.hpp"
#include "model/json.hpp"
#include "server/seal.hpp"
#include "support/app_session.hpp"

namespace gauntlet::server {
namespace {

using namespace gauntlet::testing;
using ::testing::HasSubstr;

class BallotBox : public AppSession {
 protected:
  void SetUp() override {
    AppSession::SetUp();
    for (const char* n : {"Ada", "Bo", "Cy", "Di", "Ed", "Flo"}) eo(AddPlayer{player(n)});
    eo(DefineAward{"", "Best Painted", "Best Army", AwardMethod::vote});
    for (const char* p : {"p1", "p2", "p3"}) eo(EnterAward{"best-painted", p, "", ""});
    box.emplace(path_.string());
  }
  void TearDown() override {
    box.reset();
    AppSession::TearDown();
  }
  void vote(const std::string& voter, const std::string& choice) {
    auto a = cast_vote(s(), *box, "best-painted", voter, choice);
    ASSERT_TRUE(a) << a.error().describe();
  }
  Error refused(const std::string& voter, const std::string& choice) {
    const auto before = s().journal().size();
    auto a = cast_vote(s(), *box, "best-painted", voter, choice);
    EXPECT_FALSE(a);
    EXPECT_EQ(s().journal().size(), before);  // nothing written
    return a ? Error{} : a.error();
  }
  const Award& award() { return *s().state().find_award("best-painted"); }
  std::string file_bytes() {
    std::ifstream in(path_, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  std::optional<AwardStore> box;
};

TEST_F(BallotBox, SR2017_Prizes_ASelfVoteCountsAndATieGoesToASecondVoteAmongTheTiedOnly) {
  eo(OpenVote{"best-painted"});
  vote("p1", "p1");  // "A player can vote for his own submission"
  vote("p2", "p2");
  vote("p4", "p1");
  vote("p5", "p2");
  vote("p6", "p3");
  auto closed = close_vote(s(), *box, "best-painted");
  ASSERT_TRUE(closed) << closed.error().describe();
  const auto& count = std::get<CloseVote>(closed->command);
  EXPECT_EQ(count.tally, (std::map<PlayerId, int>{{"p1", 2}, {"p2", 2}, {"p3", 1}}));
  EXPECT_TRUE(count.winners.empty());
  EXPECT_EQ(box->ballot_keys("open"), 0);  // the key is gone once counted

  eo(OpenVote{"best-painted"});
  EXPECT_EQ(award().ballots.back().candidates, (std::vector<PlayerId>{"p1", "p2"}));
  EXPECT_THAT(refused("p3", "p3").message, HasSubstr("not an entry on this ballot"));  // p3 was not tied
  vote("p3", "p2");
  vote("p1", "p1");
  vote("p6", "p2");
  ASSERT_TRUE(close_vote(s(), *box, "best-painted"));
  EXPECT_EQ(award().winners, (std::vector<PlayerId>{"p2"}));
  EXPECT_EQ(award().decided, "vote");
}

TEST_F(BallotBox, SR2017_Sportsmanship_ADisqualifiedPlayersVoteIsRefused) {
  eo(SetPlayerStatus{"p6", PlayerStatus::disqualified, std::nullopt});
  eo(OpenVote{"best-painted"});
  const Error e = refused("p6", "p1");
  EXPECT_EQ(e.kind, ErrorKind::forbidden);
  EXPECT_EQ(e.field, "voter");
  EXPECT_THAT(e.message, HasSubstr("barred from further participation"));
}

TEST_F(BallotBox, SR2017_Prizes_ASecondVoteBySamePlayerIsRefused) {
  eo(OpenVote{"best-painted"});
  vote("p4", "p1");
  const Error e = refused("p4", "p2");
  EXPECT_EQ(e.kind, ErrorKind::conflict);
  EXPECT_THAT(e.message, HasSubstr("already voted"));
  ASSERT_TRUE(close_vote(s(), *box, "best-painted"));
  EXPECT_EQ(award().winners, (std::vector<PlayerId>{"p1"}));
}

TEST_F(BallotBox, VotesAreSecretInTheJournalTheEventFileAndTheDatabaseFile) {
  eo(OpenVote{"best-painted"});
  vote("p4", "p3");
  vote("p5", "p3");
  const auto& votes = award().ballots.back().votes;
  ASSERT_EQ(votes.size(), 2u);
  // Two votes for the same entry look unrelated, and the same size as any other.
  EXPECT_NE(votes[0].sealed, votes[1].sealed);
  EXPECT_EQ(votes[0].sealed.size(), votes[1].sealed.size());
  // A seal moved to another voter does not open.
  const auto key = box->find_ballot_key("open", "best-painted", 1);
  ASSERT_TRUE(key);
  EXPECT_EQ(unseal(*key, votes[0].sealed, "open|best-painted|1|p4"), "p3");
  EXPECT_FALSE(unseal(*key, votes[0].sealed, "open|best-painted|1|p5"));
  // The journal entries carry the voter and the seal, never the choice.
  for (const JournalEntry& e : s().journal())
    if (e.command && std::holds_alternative<CastVote>(*e.command)) {
      const nlohmann::json j = command_to_json(*e.command);
      EXPECT_EQ(j.size(), 5u) << j.dump();  // type, award, voter, sealed, ballot
      EXPECT_THAT(j.dump(), ::testing::Not(HasSubstr("p3")));
    }
  ASSERT_TRUE(close_vote(s(), *box, "best-painted"));
  EXPECT_FALSE(box->find_ballot_key("open", "best-painted", 1));
  // The key is not left anywhere in the database file (secure delete, log truncated).
  EXPECT_EQ(file_bytes().find(*key), std::string::npos);
  // The event file: the journal as it is, the count, and no way to open the seals.
  const std::string file = write_event_file(s().state(), s().journal()).dump();
  EXPECT_THAT(file, HasSubstr("\"sealed\""));
  EXPECT_EQ(file.find(*key), std::string::npos);
}

TEST_F(BallotBox, CastAndCloseOnlyThroughTheBallotBox) {
  eo(OpenVote{"best-painted"});
  auto a = app::execute(s(), CastVote{"best-painted", "p4", "p1"}, app::Caller::organizer());
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().kind, ErrorKind::forbidden);
  a = app::execute(s(), CloseVote{"best-painted", {}}, app::Caller::organizer());
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().kind, ErrorKind::forbidden);
}

TEST_F(BallotBox, AnOpenVoteWhoseKeyIsMissingIsNotCountedBlindly) {
  eo(OpenVote{"best-painted"});
  vote("p4", "p1");
  box->forget_ballot_key("open", "best-painted", 1);
  auto c = close_vote(s(), *box, "best-painted");
  ASSERT_FALSE(c);
  EXPECT_THAT(c.error().message, HasSubstr("key"));
  EXPECT_TRUE(award().open_ballot());
}

}  // namespace
}  // namespace gauntlet::server
