// Issue 14 point 2 from the command line: `gauntlet award …` defines awards, takes entries, opens
// and counts a vote (with the ballot box's key in the same database), decides and announces.
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;
using ::testing::Not;

class CliAwards : public CliTest {};

TEST_F(CliAwards, DefineEnterVoteTieDecideAndAnnounce) {
  ok({"demo"});
  ok({"--event-id", "demo", "award", "define", "Best Painted", "--category", "Best Army", "--method",
      "vote"});
  ok({"--event-id", "demo", "award", "enter", "best-painted", "p1", "--title", "Cygnar army"});
  ok({"--event-id", "demo", "award", "enter", "best-painted", "p2"});
  ok({"--event-id", "demo", "award", "open", "best-painted"});
  // Nobody voted (players vote on their phones): a tie at 0, which the EO breaks.
  const Ran closed = gauntlet({"--event-id", "demo", "award", "close", "best-painted"});
  ASSERT_EQ(closed.status, 0) << closed.err;
  EXPECT_THAT(closed.out, HasSubstr("a tie"));
  const Ran wrong = gauntlet({"--event-id", "demo", "award", "decide", "best-painted", "p3"});
  EXPECT_EQ(wrong.status, 2);
  EXPECT_THAT(wrong.err, HasSubstr("not among the tied"));
  ok({"--event-id", "demo", "award", "decide", "best-painted", "p2"});
  ok({"--event-id", "demo", "award", "define", "Most Army Points", "--method", "computed", "--metric",
      "army-points"});
  ok({"--event-id", "demo", "award", "reveal", "best-painted"});
  const Ran shown = gauntlet({"--event-id", "demo", "award"});
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_THAT(shown.out, HasSubstr("Best Painted [best-painted] vote · Best Army"));
  EXPECT_THAT(shown.out, HasSubstr("(EO broke the tie, announced)"));
  const Ran json = gauntlet({"--event-id", "demo", "--json", "award", "show"});
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_THAT(json.out, HasSubstr("\"scores\""));
}

TEST_F(CliAwards, BadInputNamesTheOptionAndWritesNothing) {
  ok({"demo"});
  Ran r = gauntlet({"--event-id", "demo", "award", "define", "Raffle", "--method", "raffle"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--method"));
  r = gauntlet({"--event-id", "demo", "award", "open", "nope"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("no award 'nope'"));
}

// SR2017 "Prizes": the EO "must determine a category that the award will be chosen for and clearly
// communicate this information well in advance of the event": a vote without one is a warning.
TEST_F(CliAwards, SR2017_Prizes_AVoteWithoutACategoryIsAcceptedWithAWarning) {
  ok({"demo"});
  Ran r = gauntlet({"--event-id", "demo", "award", "define", "Best Painted", "--method", "vote"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("warning: Best Painted has no category"));
  EXPECT_THAT(r.err, HasSubstr("clearly communicate this information well in advance"));
  r = gauntlet({"--event-id", "demo", "award", "define", "Best Sport", "--method", "vote", "--everyone"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.err, Not(HasSubstr("warning")));
}

}  // namespace
}  // namespace gauntlet
