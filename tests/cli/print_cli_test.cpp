// Issue 14 point 1 from the command line: `gauntlet print KIND --out FILE.pdf|.html` makes the
// same printouts as the console's Print tab, from the database or an event file.
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class CliPrint : public CliTest {};

TEST_F(CliPrint, EveryPrintoutOfTheDemoEventToPdfAndAPrintPage) {
  ok({"demo"});
  for (const char* kind :
       {"pairings", "wall", "table-slips", "standings", "record-sheets", "pin-slips", "results"}) {
    const Ran r = gauntlet({"--event-id", "demo", "print", kind, "--out", std::string(kind) + ".pdf"});
    ASSERT_EQ(r.status, 0) << kind << ": " << r.err;
    EXPECT_THAT(read_all(path(std::string(kind) + ".pdf")), StartsWith("%PDF-")) << kind;
  }
  const Ran page = gauntlet(
      {"--event-id", "demo", "print", "wall", "--round", "2", "--paper", "letter", "--out", "wall.html"});
  ASSERT_EQ(page.status, 0) << page.err;
  const std::string html = read_all(path("wall.html"));
  EXPECT_THAT(html, HasSubstr("Round 2: find your table"));
  EXPECT_THAT(html, HasSubstr("size: letter"));
  // From the event file, without a database.
  ok({"--event-id", "demo", "export", "--out", "demo.json"});
  const Ran file = gauntlet({"print", "standings", "--event", "demo.json", "--out", "st.pdf"});
  EXPECT_EQ(file.status, 0) << file.err;
}

TEST_F(CliPrint, BadInputNamesTheFieldAndWritesNothing) {
  ok({"demo"});
  const Ran kind = gauntlet({"--event-id", "demo", "print", "posters", "--out", "x.pdf"});
  EXPECT_EQ(kind.status, 2);
  EXPECT_THAT(kind.err, HasSubstr("KIND: 'posters' is not a printout (pairings, wall"));
  const Ran round = gauntlet({"--event-id", "demo", "print", "pairings", "--round", "9", "--out", "x.pdf"});
  EXPECT_EQ(round.status, 2);
  EXPECT_THAT(round.err, HasSubstr("round: round 9 is not paired (rounds 1 to 3 are)"));
  const Ran paper = gauntlet({"--event-id", "demo", "print", "pairings", "--paper", "a3", "--out", "x.pdf"});
  EXPECT_THAT(paper.err, HasSubstr("--paper"));
  EXPECT_FALSE(std::filesystem::exists(path("x.pdf")));
}

}  // namespace
}  // namespace gauntlet
