// Issue 13 point 1 on the command line: `gauntlet list import PLAYER FILE|-` reads a list as War Room
// or Conflict Chamber export it; a refused list names every bad line and writes nothing.
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

const std::string kLists = std::string(GAUNTLET_TEST_DATA) + "/lists/";

class CliListImport : public CliTest {};

TEST_F(CliListImport, AWarRoomExportBecomesTheFirstListAndShowsItsEntries) {
  four_player_event();
  const Ran r = gauntlet({"list", "import", "ada", kLists + "warroom-cygnar.txt"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("War Room list 'Storm Front v2' (Cygnar), theme Heavy Metal"));
  EXPECT_THAT(r.out, HasSubstr("led by Captain Victoria Haley, 75 points"));
  const std::string shown = ok({"list", "show", "ada"});
  EXPECT_THAT(shown, HasSubstr("Trencher Infantry"));
  EXPECT_THAT(shown, HasSubstr("×10"));
  // Skorne from Conflict Chamber, on standard input, as JSON.
  const Ran dana = gauntlet({"--json", "list", "import", "dana", kLists + "conflictchamber-skorne.txt"});
  ASSERT_EQ(dana.status, 0) << dana.err;
  EXPECT_EQ(dana.json()["entries"][1]["kind"], "warbeast");
}

TEST_F(CliListImport, BrokenListsAndTheWrongFactionWriteNothing) {
  four_player_event();
  const int before = journal_size();
  const Ran broken = gauntlet({"list", "import", "ada", kLists + "broken-warroom-costs.txt"});
  EXPECT_EQ(broken.status, 2);
  EXPECT_THAT(broken.err, HasSubstr("list, line 9"));
  EXPECT_THAT(broken.err, HasSubstr("2 lines refused, nothing imported"));
  EXPECT_THAT(broken.err, HasSubstr("line 10 'Bane Knights - Leader & 9 Grunts: 99999'"));
  const Ran faction = gauntlet({"list", "import", "boris", kLists + "warroom-cygnar.txt"});
  EXPECT_EQ(faction.status, 2);
  EXPECT_THAT(faction.err, HasSubstr("list.faction"));
  EXPECT_THAT(faction.err, HasSubstr("Boris plays Khador"));
  EXPECT_EQ(journal_size(), before);
}

}  // namespace
}  // namespace gauntlet
