// gauntlet player add|import|check-in|drop|disqualify|reinstate|edit|list and list add|remove|show.
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliPlayers : public CliTest {
 protected:
  nlohmann::json player(const std::string& id) const {
    for (const auto& p : gauntlet({"player", "list", "--json"}).json())
      if (p["id"] == id) return p;
    ADD_FAILURE() << "no player " << id;
    return {};
  }
};

TEST_F(CliPlayers, AddRegistersWithTheNextIdAndACanonicalFaction) {
  ok({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
  EXPECT_THAT(ok({"player", "add", "--name", "Ada Lovelace", "--faction", "cyg", "--club", "Iron Foundry"}),
              HasSubstr("Registered Ada Lovelace (p1), Cygnar"));
  EXPECT_THAT(ok({"player", "add", "--name", "Boris", "--faction", "Khador", "--contact", "b@example.org"}),
              HasSubstr("(p2)"));
  const auto list = gauntlet({"player", "list", "--json"}).json();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["faction"], "Cygnar");
  EXPECT_EQ(list[0]["club"], "Iron Foundry");
  EXPECT_EQ(list[0]["status"], "registered");
  EXPECT_EQ(list[1]["contact"], "b@example.org");
  EXPECT_THAT(ok({"player", "list"}), HasSubstr("Ada Lovelace"));
}

TEST_F(CliPlayers, ImportRegistersEveryCsvRowInOneGo) {
  ok({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
  write("players.csv",
        "Name,Faction,Club,Email\n"
        "Ada,Cygnar,\"Hobbit Hole, North\",ada@example.org\n"
        "Boris,Khador,,\n"
        "Chen,Cryx,Dice Vault,\n");
  EXPECT_THAT(ok({"player", "import", "players.csv"}), HasSubstr("Registered 3 players"));
  const auto list = gauntlet({"player", "list", "--json"}).json();
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0]["club"], "Hobbit Hole, North");
  EXPECT_EQ(list[2]["id"], "p3");
  // One command per player, written in one transaction.
  EXPECT_EQ(journal_size(), 4);
}

TEST_F(CliPlayers, CheckInDropDisqualifyAndReinstateChangeTheStatus) {
  four_player_event();
  EXPECT_THAT(ok({"player", "check-in", "p1", "Boris"}), HasSubstr("Boris (p2) is checked-in"));
  EXPECT_EQ(player("p1")["status"], "checked-in");
  EXPECT_EQ(player("p2")["status"], "checked-in");
  ok({"player", "drop", "chen"});  // names match ignoring case
  EXPECT_EQ(player("p3")["status"], "dropped");
  EXPECT_EQ(player("p3")["dropped_after"], 0);
  ok({"player", "reinstate", "p3"});
  EXPECT_EQ(player("p3")["status"], "registered");
  EXPECT_FALSE(player("p3").contains("dropped_after"));
  ok({"player", "disqualify", "Dana"});
  EXPECT_EQ(player("p4")["status"], "disqualified");
  EXPECT_EQ(player("p4")["disqualified"], true);
  // A disqualified player plays no further: reinstating is refused.
  const Ran r = gauntlet({"player", "reinstate", "p4"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("Sportsmanship"));
}

TEST_F(CliPlayers, DropAfterARoundKeepsTheRoundPlayed) {
  four_player_event();
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  ok({"round", "result", "1", "--winner", "p1", "--cp", "5:0", "--ap", "30:10", "--ending", "scenario"});
  ok({"round", "result", "2", "--winner", "p4", "--ap", "20:0", "--ending", "assassination"});
  ok({"round", "close"});
  EXPECT_THAT(ok({"player", "drop", "p2"}), HasSubstr("is dropped after round 1"));
  // A player with a result in round 1 cannot be dropped from round 1's past.
  const Ran r = gauntlet({"player", "drop", "p3", "--after", "0"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("player.after_round"));
  EXPECT_THAT(r.err, HasSubstr("results are final"));
}

TEST_F(CliPlayers, EditCorrectsDetailsAndUnknownNamesSuggestTheNearest) {
  four_player_event();
  ok({"player", "edit", "p1", "--name", "Ada Brennan", "--club", "Iron Foundry", "--faction", "Mercenaries"});
  const auto p = player("p1");
  EXPECT_EQ(p["name"], "Ada Brennan");
  EXPECT_EQ(p["club"], "Iron Foundry");
  EXPECT_EQ(p["faction"], "Mercenaries");
  const Ran r = gauntlet({"player", "edit", "Borsi", "--club", "x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("did you mean Boris (p2)?"));
}

TEST_F(CliPlayers, LateEntryJoinsTheNextRoundWithZeroTp) {
  four_player_event();
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  EXPECT_THAT(ok({"player", "add", "--name", "Emil", "--faction", "Trollbloods"}),
              HasSubstr("late entry, joins round 2 with 0 TP"));
  EXPECT_EQ(player("p5")["joined_round"], 2);
}

TEST_F(CliPlayers, ListAddShowAndRemove) {
  four_player_event();
  ok({"event", "set", "--lists", "2"});
  // SR2017, 75 points: Stryker's 28 battlegroup points widen the window to 99–103.
  EXPECT_THAT(ok({"list", "add", "Ada", "--entry", "Stryker:28:warcaster", "--entry", "Stormclad:19:warjack",
                  "--entry", "Stormblades:80:unit:6"}),
              HasSubstr("List 1 of p1: 3 entries led by Stryker, 99 points"));
  write("list.json", R"({"entries": [{"name": "Haley", "cost": 28, "kind": "warcaster"},
                                      {"name": "Ironclad", "cost": 103, "kind": "warjack"}]})");
  EXPECT_THAT(ok({"list", "add", "p1", "--json", "list.json"}), HasSubstr("List 2 of p1"));
  const std::string shown = ok({"list", "show", "p1"});
  EXPECT_THAT(shown, HasSubstr("List 1 (99 points):"));
  EXPECT_THAT(shown, HasSubstr("Stormblades"));
  EXPECT_THAT(shown, HasSubstr("×6"));
  EXPECT_THAT(shown, HasSubstr("List 2 (103 points):"));
  EXPECT_EQ(player("p1")["lists"].size(), 2u);
  ok({"list", "remove", "p1", "1"});
  const auto lists = player("p1")["lists"];
  ASSERT_EQ(lists.size(), 1u);
  EXPECT_EQ(lists[0]["entries"][0]["name"], "Haley");
}

TEST_F(CliPlayers, ListsAreFixedOnceTheEventBegins) {
  four_player_event();
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  const Ran r =
      gauntlet({"list", "add", "p1", "--entry", "Stryker:28:warcaster", "--entry", "Stormblades:99:unit"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("lists are fixed once the event begins"));
}

}  // namespace
}  // namespace gauntlet
