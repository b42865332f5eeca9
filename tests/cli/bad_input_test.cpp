// Issue 2 §6: bad input gets exit status 2, a message on stderr naming the line/field and the rule,
// and nothing written (the journal is the same length before and after).
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliBadInput : public CliTest {
 protected:
  // Runs a command that must be refused with status 2 and leave the journal as it was.
  Ran refused(const std::vector<std::string>& args) const {
    const int before = journal_size();
    const std::string state = gauntlet({"event", "show", "--json"}).out;
    const Ran r = gauntlet(args);
    EXPECT_EQ(r.status, 2) << "stdout:\n" << r.out << "\nstderr:\n" << r.err;
    EXPECT_EQ(journal_size(), before) << "something was written";
    EXPECT_EQ(gauntlet({"event", "show", "--json"}).out, state);
    return r;
  }
  void round_one_paired() const {
    four_player_event();
    ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  }
};

TEST_F(CliBadInput, MalformedCsvRowNamesTheRowAndWritesNoRow) {
  four_player_event();
  write("players.csv", "name,faction\nEmil,Trollbloods\nFatima,Grymkin,extra\nGustav,Mercenaries\n");
  const Ran r = refused({"player", "import", "players.csv"});
  EXPECT_THAT(r.err, HasSubstr("csv, row 3"));
  EXPECT_THAT(r.err, HasSubstr("has 3 fields; the header has 2"));
  EXPECT_THAT(r.err, HasSubstr("(CSV)"));
}

TEST_F(CliBadInput, BrokenCsvQuotingNamesTheRowAndRfc4180) {
  four_player_event();
  write("players.csv", "name,faction\nEmil,Trollbloods\n\"Fatima,Grymkin\n");
  const Ran r = refused({"player", "import", "players.csv"});
  EXPECT_THAT(r.err, HasSubstr("row 3"));
  EXPECT_THAT(r.err, HasSubstr("RFC 4180"));
}

TEST_F(CliBadInput, CsvRowTheEngineRefusesLeavesEarlierRowsUnwritten) {
  four_player_event();
  write("players.csv", "name,faction\nEmil,Trollbloods\nGustav,Mercenaries\nada,Cygnar\n");
  const Ran r = refused({"player", "import", "players.csv"});
  EXPECT_THAT(r.err, HasSubstr("csv, row 4, player.name"));
  EXPECT_THAT(r.err, HasSubstr("duplicate player"));
  EXPECT_THAT(r.err, HasSubstr("(registration)"));
}

TEST_F(CliBadInput, UnknownEditionNamesTheFieldAndCreatesNoEvent) {
  const Ran r = gauntlet({"event", "new", "--name", "Open", "--edition", "SR2099", "--points", "75"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("event.edition"));
  EXPECT_THAT(r.err, HasSubstr("SR2099"));
  EXPECT_EQ(ok({"event", "list"}), "");
}

TEST_F(CliBadInput, UnknownPointSizeNamesTheFieldAndTheEditionsSizes) {
  const Ran r = gauntlet({"event", "new", "--name", "Open", "--edition", "SR2023", "--points", "35"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("event.points"));
  EXPECT_THAT(r.err, HasSubstr("SR2023 point sizes"));
  EXPECT_THAT(r.err, HasSubstr("allowed: 30, 50, 75, 100"));
  EXPECT_EQ(ok({"event", "list"}), "");
  // On an existing event, too.
  ok({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
  const Ran set = refused({"event", "set", "--points", "60"});
  EXPECT_THAT(set.err, HasSubstr("event.points"));
}

TEST_F(CliBadInput, UnknownVariantIsRefused) {
  ok({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
  const Ran r = refused({"event", "set", "--variant", "speed-chess"});
  EXPECT_THAT(r.err, HasSubstr("event.variants[0]"));
  EXPECT_THAT(r.err, HasSubstr("SR2017 variants"));
}

TEST_F(CliBadInput, DuplicatePlayerIsRefused) {
  four_player_event();
  const Ran r = refused({"player", "add", "--name", "  boris ", "--faction", "Cryx"});
  EXPECT_THAT(r.err, HasSubstr("player.name"));
  EXPECT_THAT(r.err, HasSubstr("duplicate player: 'boris' is already registered as p2"));
  EXPECT_THAT(r.err, HasSubstr("(registration)"));
}

TEST_F(CliBadInput, UnknownFactionIsRefused) {
  four_player_event();
  const Ran r = refused({"player", "add", "--name", "Emil", "--faction", "Orks"});
  EXPECT_THAT(r.err, HasSubstr("player.faction"));
  EXPECT_THAT(r.err, HasSubstr("SR2017 factions"));
}

TEST_F(CliBadInput, ResultForAPlayerNotAtThatTableIsRefused) {
  round_one_paired();
  const Ran r = refused({"round", "result", "1", "--winner", "Chen", "--cp", "5:0", "--ending", "scenario"});
  EXPECT_THAT(r.err, HasSubstr("--winner"));
  EXPECT_THAT(r.err, HasSubstr("p3 is not at table 1 in round 1"));
  EXPECT_THAT(r.err, HasSubstr("(results)"));
  const Ran no_table = refused({"round", "result", "7", "--winner", "p1", "--ending", "scenario"});
  EXPECT_THAT(no_table.err, HasSubstr("round 1 has no table 7"));
}

TEST_F(CliBadInput, WinnerAndTieTogetherAreRefused) {
  round_one_paired();
  const Ran r = refused({"round", "result", "1", "--winner", "p1", "--tie", "--ending", "tie"});
  EXPECT_THAT(r.err, HasSubstr("give either --winner or --tie"));
}

TEST_F(CliBadInput, TwoWinnersInAnEventFileAreRefusedOnImportAndStandings) {
  ok({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
  write("two-winners.json", R"({"gauntlet": 1,
    "event": {"name": "Two Winners", "edition": "SR2017", "points": 75},
    "players": [{"id": "p1", "name": "Ada", "faction": "Cygnar"}, {"id": "p2", "name": "Boris", "faction": "Khador"}],
    "rounds": [{"number": 1, "tables": [{"table": 1, "players": ["p1", "p2"], "victory": "assassination",
      "results": [{"outcome": "win", "cp": 0, "ap": 10}, {"outcome": "win", "cp": 0, "ap": 10}]}]}]})");
  const Ran r = refused({"import", "two-winners.json"});
  EXPECT_THAT(r.err, HasSubstr("rounds[0]"));
  EXPECT_THAT(r.err, HasSubstr("two winners"));
  EXPECT_THAT(r.err, HasSubstr("1 TP for a win"));
  EXPECT_THAT(ok({"event", "list"}), ::testing::Not(HasSubstr("two-winners")));
  const Ran s = gauntlet({"standings", "--event", "two-winners.json", "--json"});
  EXPECT_EQ(s.status, 2);
  EXPECT_EQ(s.out, "");
  EXPECT_THAT(s.err, HasSubstr("two winners"));
}

TEST_F(CliBadInput, MalformedEventFileNamesTheLine) {
  ok({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
  write("broken.json", "{\n  \"gauntlet\": 1,\n  \"event\": {\"name\": \"x\" \"edition\": \"SR2017\"}\n}\n");
  const Ran r = refused({"import", "broken.json"});
  EXPECT_THAT(r.err, HasSubstr("line 3"));
  EXPECT_THAT(r.err, HasSubstr("(JSON)"));
  const Ran unknown_key = gauntlet({"standings", "--event", "broken.json"});
  EXPECT_EQ(unknown_key.status, 2);
}

TEST_F(CliBadInput, NegativeCpIsRefused) {
  round_one_paired();
  const Ran r = refused({"round", "result", "1", "--winner", "p1", "--cp=-1:0", "--ending", "assassination"});
  EXPECT_THAT(r.err, HasSubstr("cp"));
  EXPECT_THAT(r.err, HasSubstr("must be 0 or more"));
  // And in an event file.
  write("negative.json", R"({"gauntlet": 1,
    "event": {"name": "Negative", "edition": "SR2017", "points": 75},
    "players": [{"id": "p1", "name": "Ada", "faction": "Cygnar"}, {"id": "p2", "name": "Boris", "faction": "Khador"}],
    "rounds": [{"number": 1, "tables": [{"table": 1, "players": ["p1", "p2"], "victory": "assassination",
      "results": [{"outcome": "win", "cp": -2, "ap": 10}, {"outcome": "loss", "cp": 0, "ap": 10}]}]}]})");
  const Ran f = refused({"import", "negative.json"});
  EXPECT_THAT(f.err, HasSubstr("rounds[0]"));
  EXPECT_THAT(f.err, HasSubstr("results[0].cp"));
  EXPECT_THAT(f.err, HasSubstr("must be 0 or more"));
}

// SR2017 scenario pages: "If the game ends before a player wins via scenario or assassination
// victory, the player with the most control points wins via scenario victory. If the players are
// tied for control points when the game ends, use the 3rd tiebreaker ..."
TEST_F(CliBadInput, ScenarioWinWithTiedCpIsRefusedAndPointsToTheTiebreaker) {
  round_one_paired();
  const Ran r = refused({"round", "result", "1", "--winner", "p1", "--cp", "2:2", "--ending", "scenario"});
  EXPECT_THAT(r.err, HasSubstr("round 1, table 1.ending"));
  EXPECT_THAT(r.err, HasSubstr("SR2017 scenario victory"));
  EXPECT_THAT(r.err, HasSubstr("'tiebreaker'"));
}

TEST_F(CliBadInput, ListOverThePointWindowIsRefused) {
  four_player_event();
  // 75 points with Stryker's 28 battlegroup points: 99–103. 104 is over.
  const Ran r = refused({"list", "add", "Ada", "--entry", "Stryker:28:warcaster", "--entry",
                         "Stormclad:19:warjack", "--entry", "Stormblades:85:unit:6"});
  EXPECT_THAT(r.err, HasSubstr("players[p1].lists[1]"));
  EXPECT_THAT(r.err, HasSubstr("not over the point size, at most 4 under"));
  EXPECT_THAT(r.err, HasSubstr("must be 99–103"));
  // Under the window as well.
  const Ran under =
      refused({"list", "add", "Ada", "--entry", "Stryker:28:warcaster", "--entry", "Stormblades:98:unit"});
  EXPECT_THAT(under.err, HasSubstr("totals 98 points"));
  // A list without a warcaster.
  const Ran leaderless = refused({"list", "add", "Ada", "--entry", "Stormblades:75:unit"});
  EXPECT_THAT(leaderless.err, HasSubstr("exactly one warcaster"));
}

TEST_F(CliBadInput, MalformedListEntryIsRefused) {
  four_player_event();
  const Ran r = refused({"list", "add", "Ada", "--entry", "Stryker:lots:warcaster"});
  EXPECT_THAT(r.err, HasSubstr("--entry 'Stryker:lots:warcaster'"));
  EXPECT_THAT(r.err, HasSubstr("(army lists)"));
}

TEST_F(CliBadInput, PairingThatLeavesAPlayerOutIsRefused) {
  four_player_event();
  const Ran r = refused({"round", "pair", "--table", "p1,p2"});
  EXPECT_THAT(r.err, HasSubstr("round 1.tables"));
  EXPECT_THAT(r.err, HasSubstr("Chen (p3) is not paired"));
}

TEST_F(CliBadInput, MissingRequiredOptionIsAUsageErrorWithStatus2) {
  four_player_event();
  const int before = journal_size();
  const Ran r = gauntlet({"player", "add", "--name", "Emil"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--faction"));
  EXPECT_EQ(journal_size(), before);
}

}  // namespace
}  // namespace gauntlet
