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

// Issue 13 point 4: `gauntlet list count` marks entries as `list show` numbers them and counts by
// the event's edition (SR2017: "Warcasters and warlocks are worth 10 army points each"; "Units and
// unit attachments are worth their point cost only if all models in the unit are destroyed").
TEST_F(CliListImport, TheCalculatorCountsMarksOnTheListAsShown) {
  four_player_event();
  ASSERT_EQ(gauntlet({"list", "import", "ada", kLists + "warroom-cygnar.txt"}).status, 0);
  EXPECT_THAT(ok({"list", "show", "ada"}), HasSubstr("[8] Stormblade Infantry"));
  const Ran r = gauntlet({"list", "count", "ada", "--mark", "0", "--mark", "8", "--mark", "6:5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("23 army points destroyed of Ada"));
  EXPECT_THAT(r.out, HasSubstr("Trencher Infantry + Trencher Infantry Officer & Sniper"));
  EXPECT_THAT(r.out, HasSubstr("left: counts only when every model is gone"));
  const auto j = gauntlet({"--json", "list", "count", "ada", "--mark", "1", "--again", "1:1"}).json();
  EXPECT_EQ(j["total"], 38);
  EXPECT_EQ(j["destroyed"][0]["again"], 1);
  // SR2017 "Deathclock": a clock-out "is scored as an assassination victory for his opponent using
  // current table conditions": the warcaster counts (10); inert warjacks are ignored in SR2017.
  const auto a = gauntlet({"--json", "list", "count", "ada", "--mark", "8", "--as-assassination"}).json();
  EXPECT_EQ(a["total"], 23) << "the Stormblades marked and the warcaster, as '--mark 0 --mark 8'";
  const Ran bad = gauntlet({"list", "count", "ada", "--mark", "8:99"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_THAT(bad.err, HasSubstr("--mark[0].models"));
}

// Issue 13 point 2: the EO's review is journaled and shown; lists are published once they lock.
TEST_F(CliListImport, TheEoReviewsAndPublishesTheLists) {
  four_player_event();
  ASSERT_EQ(gauntlet({"list", "import", "ada", kLists + "warroom-cygnar.txt"}).status, 0);
  const Ran reviewed = gauntlet({"list", "review", "ada", "--note", "FA checked"});
  ASSERT_EQ(reviewed.status, 0) << reviewed.err;
  EXPECT_THAT(ok({"list", "show", "ada"}), HasSubstr("Reviewed by the EO: approved (FA checked)"));
  const Ran early = gauntlet({"list", "publish"});
  EXPECT_NE(early.status, 0);
  EXPECT_THAT(early.err, HasSubstr("lists are published once they lock"));
  ok({"round", "pair"});
  EXPECT_THAT(ok({"list", "publish"}), HasSubstr("Lists published"));
}

}  // namespace
}  // namespace gauntlet
