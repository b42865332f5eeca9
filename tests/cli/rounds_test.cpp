// gauntlet round pair|result|close|show and standings (text and --json).
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliRounds : public CliTest {
 protected:
  nlohmann::json table(int round, int number) const {
    const auto j = gauntlet({"event", "show", "--json"}).json();
    for (const auto& t : j["rounds"][round - 1]["tables"])
      if (t.contains("table") && t["table"] == number) return t;
    ADD_FAILURE() << "no table " << number << " in round " << round;
    return {};
  }
};

TEST_F(CliRounds, ManualPairingSeatsTheGivenTablesAndTheBye) {
  four_player_event();
  ok({"player", "add", "--name", "Emil", "--faction", "Trollbloods"});
  const std::string out = ok({"round", "pair", "--table", "Ada,Dana", "--table", "p2,p3", "--bye", "Emil",
                              "--scenario", "standoff"});
  EXPECT_THAT(out, HasSubstr("Round 1 — Standoff"));
  EXPECT_THAT(out, HasSubstr("Bye: Emil"));
  const auto j = gauntlet({"event", "show", "--json"}).json();
  const auto& r = j["rounds"][0];
  EXPECT_EQ(r["scenario"], "standoff");
  EXPECT_EQ(r["tables"][0]["players"], nlohmann::json::array({"p1", "p4"}));
  EXPECT_EQ(r["tables"][1]["players"], nlohmann::json::array({"p2", "p3"}));
  EXPECT_EQ(r["tables"][2]["bye"], "p5");
}

TEST_F(CliRounds, AutomaticPairingSeatsEveryActivePlayerOnce) {
  four_player_event();
  ok({"player", "add", "--name", "Emil", "--faction", "Trollbloods"});
  ok({"player", "add", "--name", "Fatima", "--faction", "Grymkin"});
  ok({"player", "drop", "p6"});
  ok({"round", "pair"});
  const auto j = gauntlet({"event", "show", "--json"}).json();
  std::vector<std::string> seated;
  bool bye = false;
  for (const auto& t : j["rounds"][0]["tables"]) {
    if (t.contains("bye")) {
      seated.push_back(t["bye"]);
      bye = true;
    } else {
      for (const auto& p : t["players"]) seated.push_back(p);
    }
  }
  std::sort(seated.begin(), seated.end());
  EXPECT_EQ(seated, (std::vector<std::string>{"p1", "p2", "p3", "p4", "p5"}));
  EXPECT_TRUE(bye);                                                     // five active players
  EXPECT_FALSE(j["rounds"][0]["scenario"].get<std::string>().empty());  // rolled from the seed
}

TEST_F(CliRounds, ResultsByWinnerTieAndConcessionAreScoredAndShown) {
  four_player_event();
  ok({"player", "add", "--name", "Emil", "--faction", "Trollbloods"});
  ok({"player", "add", "--name", "Fatima", "--faction", "Grymkin"});
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4", "--table", "p5,p6"});
  // --cp/--ap are winner:loser with --winner; table order with --tie.
  ok({"round", "result", "1", "--winner", "Boris", "--cp", "6:1", "--ap", "45:12", "--ending", "scenario",
      "--list", "1:1"});
  auto t = table(1, 1);
  EXPECT_EQ(t["results"][0], (nlohmann::json{{"outcome", "loss"}, {"cp", 1}, {"ap", 12}, {"list", 1}}));
  EXPECT_EQ(t["results"][1], (nlohmann::json{{"outcome", "win"}, {"cp", 6}, {"ap", 45}, {"list", 1}}));
  EXPECT_EQ(t["victory"], "scenario");
  ok({"round", "result", "2", "--tie", "--cp", "2:3", "--ap", "10:20", "--ending", "tie"});
  t = table(1, 2);
  EXPECT_EQ(t["results"][0]["outcome"], "tie");
  EXPECT_EQ(t["results"][1]["cp"], 3);
  // SR2017 concession: the winner gets max(3, CP) and max(half the opponent's army, AP); the loser 0.
  ok({"round", "result", "3", "--winner", "p6", "--cp", "1:4", "--ap", "5:30", "--ending", "concession"});
  t = table(1, 3);
  EXPECT_EQ(t["results"][1], (nlohmann::json{{"outcome", "win"}, {"cp", 3}, {"ap", 38}}));
  EXPECT_EQ(t["results"][0], (nlohmann::json{{"outcome", "loss"}, {"cp", 0}, {"ap", 0}}));
  const std::string shown = ok({"round", "show", "1"});
  EXPECT_THAT(shown, HasSubstr("0–1 1–6 CP 12–45 AP (scenario)"));
  EXPECT_THAT(shown, HasSubstr("(concession) — AP: half the point size (75): no list registered"));
  EXPECT_EQ(t["concession_army"], (nlohmann::json{{"points", 75}, {"from", "point-size"}}));
  EXPECT_THAT(shown, HasSubstr("(tie)"));
  // A result can be corrected while the round is open: the latest one counts.
  ok({"round", "result", "2", "--winner", "p3", "--cp", "5:0", "--ending", "scenario"});
  EXPECT_EQ(table(1, 2)["results"][0]["outcome"], "win");
}

// SR2017 scenario pages: "If the game ends before a player wins via scenario or assassination
// victory, the player with the most control points wins via scenario victory." The most common
// end of a timed game, recorded as the rules say.
TEST_F(CliRounds, SR2017_AGameEndedThreeToOneIsAScenarioWin) {
  four_player_event();
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  ok({"round", "result", "1", "--winner", "Ada", "--cp", "3:1", "--ap", "40:25", "--ending", "scenario"});
  EXPECT_EQ(table(1, 1)["results"][0], (nlohmann::json{{"outcome", "win"}, {"cp", 3}, {"ap", 40}}));
  EXPECT_EQ(table(1, 1)["victory"], "scenario");
  // Tied CP: the 3rd tiebreaker (army points destroyed) decided it.
  ok({"round", "result", "2", "--winner", "Chen", "--cp", "2:2", "--ap", "50:30", "--ending", "tiebreaker"});
  EXPECT_EQ(table(1, 2)["victory"], "tiebreaker");
}

// SR2017 "Sportsmanship": "half the total value of the opponent's starting army, rounded up":
// the list played is asked for when the conceding player has two.
TEST_F(CliRounds, SR2017_ConcessionAsksForTheListPlayedAndHalvesIt) {
  ok({"event", "new", "--name", "Two Lists", "--edition", "SR2017", "--points", "75", "--lists", "2"});
  ok({"player", "add", "--name", "Ada", "--faction", "Cygnar"});
  ok({"player", "add", "--name", "Boris", "--faction", "Khador"});
  ok({"list", "add", "Boris", "--entry", "Sorscha:28:warcaster", "--entry", "Juggernaut:100:unit:6"});
  ok({"list", "add", "Boris", "--entry", "Butcher:27:warcaster", "--entry", "Kodiak:98:unit:6"});
  ok({"round", "pair", "--table", "p1,p2"});
  const Ran asked = gauntlet({"round", "result", "1", "--winner", "Ada", "--ending", "concession"});
  EXPECT_EQ(asked.status, 2);
  EXPECT_THAT(asked.err, HasSubstr("round 1, table 1.results[1].list"));
  EXPECT_THAT(asked.err, HasSubstr("which list did Boris play?"));
  ok({"round", "result", "1", "--winner", "Ada", "--ending", "concession", "--list", "1:2"});
  EXPECT_EQ(table(1, 1)["results"][0]["ap"], 49);  // 98 / 2
  EXPECT_EQ(table(1, 1)["concession_army"], (nlohmann::json{{"points", 98}, {"list", 2}}));
  EXPECT_THAT(ok({"round", "show", "1"}), HasSubstr("AP: half of list 2 (98 points)"));
}

// Factions as players type them; an army the edition lacks is added to the event by the EO.
TEST_F(CliRounds, FactionWordsAbbreviationsAndAnAddedFaction) {
  ok({"event", "new", "--name", "MkIV Night", "--edition", "SR2023", "--points", "75"});
  ok({"player", "add", "--name", "Ada", "--faction", "Menoth"});
  const Ran refused = gauntlet({"player", "add", "--name", "Olga", "--faction", "Orgoth"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_THAT(refused.err, HasSubstr("--add-faction \"Orgoth\""));
  ok({"event", "set", "--add-faction", "Orgoth"});
  EXPECT_THAT(ok({"event", "show"}), HasSubstr("Factions added by the EO: Orgoth"));
  ok({"player", "add", "--name", "Olga", "--faction", "orgoth"});
  const std::string players = ok({"player", "list"});
  EXPECT_THAT(players, HasSubstr("Protectorate of Menoth"));
  EXPECT_THAT(players, HasSubstr("Orgoth"));
}

TEST_F(CliRounds, CloseNeedsEveryResultThenClosesAndTheNextRoundPairs) {
  four_player_event();
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  ok({"round", "result", "1", "--winner", "p1", "--cp", "5:0", "--ending", "scenario"});
  const Ran early = gauntlet({"round", "close"});
  EXPECT_EQ(early.status, 2);
  EXPECT_THAT(early.err, HasSubstr("tables without a result: 2"));
  ok({"round", "result", "2", "--winner", "p3", "--ending", "assassination"});
  EXPECT_THAT(ok({"round", "close"}), HasSubstr("Round 1 closed."));
  EXPECT_THAT(ok({"round", "show"}), HasSubstr("Round 1 — "));
  EXPECT_THAT(ok({"round", "show"}), HasSubstr("(closed)"));
  ok({"round", "pair", "--table", "p1,p3", "--table", "p2,p4"});
  EXPECT_THAT(ok({"round", "show"}), HasSubstr("Round 2 — "));
  EXPECT_EQ(gauntlet({"event", "show", "--json"}).json()["rounds"].size(), 2u);
}

TEST_F(CliRounds, StandingsTextAndJsonShowRankAndEveryTiebreak) {
  four_player_event();
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  ok({"round", "result", "1", "--winner", "p1", "--cp", "5:0", "--ap", "40:20", "--ending", "scenario"});
  ok({"round", "result", "2", "--winner", "p4", "--cp", "2:3", "--ap", "30:25", "--ending", "assassination"});
  ok({"round", "close"});
  const std::string text = ok({"standings"});
  EXPECT_THAT(text, HasSubstr("TP"));
  EXPECT_THAT(text, HasSubstr("SoS"));
  EXPECT_THAT(text, HasSubstr("Ada"));
  EXPECT_LT(text.find("Ada"), text.find("Dana"));  // 5 CP beats 2 CP on equal TP and SoS
  const auto j = gauntlet({"standings", "--json"}).json();
  EXPECT_EQ(j["criteria"], nlohmann::json::array({"tp", "sos", "cp", "ap"}));
  EXPECT_EQ(j["finished"], false);
  ASSERT_EQ(j["standings"].size(), 4u);
  const auto& top = j["standings"][0];
  EXPECT_EQ(top["rank"], 1);
  EXPECT_EQ(top["id"], "p1");
  EXPECT_EQ(top["name"], "Ada");
  EXPECT_EQ(top["tp"], 1);
  EXPECT_EQ(top["sos"], 0);
  EXPECT_EQ(top["cp"], 5);
  EXPECT_EQ(top["ap"], 40);
  EXPECT_EQ(j["standings"][1]["id"], "p4");
  EXPECT_EQ(j["standings"][2]["id"], "p3");  // loser with SoS 1 and 3 CP
  EXPECT_EQ(j["standings"][2]["sos"], 1);
  EXPECT_EQ(j["standings"][3]["id"], "p2");
}

}  // namespace
}  // namespace gauntlet
