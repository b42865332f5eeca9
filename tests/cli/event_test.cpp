// gauntlet event new|show|list|set, rules, undo, log, demo.
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliEvent : public CliTest {};

TEST_F(CliEvent, NewCreatesTheEventWithASlugIdAndShowPrintsIt) {
  const std::string out =
      ok({"event", "new", "--name", "Spring Open 2026", "--edition", "sr2017", "--points", "75", "--date",
          "2026-04-11", "--venue", "Dice Vault", "--variant", "cut-to-top:4"});
  EXPECT_THAT(out, HasSubstr("Created event 'Spring Open 2026' (id spring-open-2026)"));
  EXPECT_TRUE(std::filesystem::exists(path("gauntlet.db")));
  const std::string shown = ok({"event", "show"});
  EXPECT_THAT(shown, HasSubstr("Spring Open 2026 — SR2017 75 points, 2026-04-11, Dice Vault"));
  EXPECT_THAT(shown, HasSubstr("Variants: cut-to-top:4"));
  const auto j = gauntlet({"event", "show", "--json"}).json();
  EXPECT_EQ(j["gauntlet"], 1);
  EXPECT_EQ(j["event"]["name"], "Spring Open 2026");
  EXPECT_EQ(j["event"]["edition"], "SR2017");  // canonical spelling
  EXPECT_EQ(j["event"]["points"], 75);
  EXPECT_EQ(j["event"]["variants"], nlohmann::json::array({"cut-to-top:4"}));
  EXPECT_EQ(j["players"], nlohmann::json::array());
  EXPECT_EQ(j["rounds"], nlohmann::json::array());
}

// The event id rule (core/event_id.hpp) is checked before the database is touched: a usage error
// naming the id, exit status 2, not a storage failure.
TEST_F(CliEvent, AnInvalidIdIsRefusedNamingIdAndItsRule) {
  for (const std::string id : {"A", "a b", "../x", "SpringOpen"}) {
    const Ran r =
        gauntlet({"event", "new", "--name", "X", "--edition", "SR2017", "--points", "75", "--id", id});
    EXPECT_EQ(r.status, 2) << id << ": " << r.err;
    EXPECT_THAT(r.err, HasSubstr("id: must be 1-64 lowercase letters")) << r.err;
  }
}

TEST_F(CliEvent, ListShowsEveryEventAndEventIdAddressesOne) {
  ok({"event", "new", "--name", "Alpha", "--edition", "SR2017", "--points", "75"});
  ok({"event", "new", "--name", "Alpha", "--edition", "SR2014", "--points", "50"});
  ok({"event", "new", "--name", "Gamma", "--edition", "SR2023", "--points", "100", "--id", "g"});
  const std::string list = ok({"event", "list"});
  EXPECT_THAT(list, HasSubstr("alpha "));
  EXPECT_THAT(list, HasSubstr("alpha-2 "));
  EXPECT_THAT(list, HasSubstr("g "));
  // Default: the latest created; --event-id picks another.
  EXPECT_EQ(gauntlet({"event", "show", "--json"}).json()["event"]["edition"], "SR2023");
  EXPECT_EQ(gauntlet({"--event-id", "alpha-2", "event", "show", "--json"}).json()["event"]["edition"],
            "SR2014");
  const Ran missing = gauntlet({"--event-id", "nope", "event", "show"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_THAT(missing.err, HasSubstr("--event-id"));
}

TEST_F(CliEvent, SetChangesTheSetupBeforeRoundOne) {
  ok({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
  ok({"event", "set", "--points", "50", "--rounds", "4", "--variant", "assassin-scoring"});
  const auto j = gauntlet({"event", "show", "--json"}).json();
  EXPECT_EQ(j["event"]["points"], 50);
  EXPECT_EQ(j["event"]["rounds"], 4);
  EXPECT_EQ(j["event"]["variants"], nlohmann::json::array({"assassin-scoring"}));
  EXPECT_EQ(j["event"]["name"], "Open");  // untouched fields keep their value
}

TEST_F(CliEvent, SetIsRefusedOnceRoundOneIsPaired) {
  four_player_event();
  ok({"round", "pair", "--table", "p1,p2", "--table", "p3,p4"});
  const int before = journal_size();
  const Ran r = gauntlet({"event", "set", "--points", "50"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("round 1 is paired"));
  EXPECT_EQ(journal_size(), before);
}

TEST_F(CliEvent, NoEventYetIsAClearError) {
  const Ran r = gauntlet({"event", "show"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("holds no event yet"));
}

TEST_F(CliEvent, RulesShowSr2017PrintsTheDeathclockTable) {
  const std::string out = ok({"rules", "show", "sr2017"});
  EXPECT_THAT(out, HasSubstr("Deathclock (baseline)"));
  EXPECT_THAT(out, ::testing::ContainsRegex("75 pts +60 min"));
  EXPECT_THAT(out, ::testing::ContainsRegex("100 pts +75 min"));
  const std::string list = ok({"rules", "list"});
  for (const char* e : {"SR2013", "SR2014", "SR2017", "SR2023"}) EXPECT_THAT(list, HasSubstr(e));
  const Ran bad = gauntlet({"rules", "show", "sr1999"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_THAT(bad.err, HasSubstr("sr1999"));
}

TEST_F(CliEvent, UndoRestoresTheStateBeforeTheLatestChange) {
  four_player_event();
  const std::string before = ok({"event", "show", "--json"});
  ok({"player", "drop", "Boris"});
  EXPECT_NE(ok({"event", "show", "--json"}), before);
  const std::string undone = ok({"undo"});
  EXPECT_THAT(undone, HasSubstr("Undid entry 6 (set-player-status: dropped: Boris (p2) before round 1, "));
  EXPECT_THAT(undone, HasSubstr(") as entry 7"));
  EXPECT_EQ(ok({"event", "show", "--json"}), before);
  // Undo again cancels the previous effective entry (Dana's registration), never the creation.
  ok({"undo"});
  EXPECT_EQ(gauntlet({"event", "show", "--json"}).json()["players"].size(), 3u);
  for (int i = 0; i < 3; ++i) ok({"undo"});
  const Ran r = gauntlet({"undo"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(gauntlet({"event", "show", "--json"}).json()["event"]["name"], "Spring Open");
}

TEST_F(CliEvent, LogListsEveryEntryUndoIncludedAndNeverDeletes) {
  four_player_event();
  ok({"player", "check-in", "p1"});
  ok({"undo"});
  const std::string text = ok({"log"});
  EXPECT_THAT(text, HasSubstr("create-event"));
  EXPECT_THAT(text, HasSubstr("add-player"));
  EXPECT_THAT(text, HasSubstr("set-player-status (undone)"));
  EXPECT_THAT(text, HasSubstr("undo of entry 6"));
  const Ran r = gauntlet({"log", "--json"});
  std::istringstream in(r.out);
  std::vector<nlohmann::json> entries;
  for (std::string line; std::getline(in, line);) entries.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(entries.size(), 7u);
  for (std::size_t i = 0; i < entries.size(); ++i) EXPECT_EQ(entries[i]["seq"], i + 1);
  EXPECT_EQ(entries[0]["command"]["type"], "create-event");
  EXPECT_EQ(entries[5]["effective"], false);
  EXPECT_EQ(entries[6]["undoes"], 6);
  EXPECT_FALSE(entries[6].contains("command"));
}

TEST_F(CliEvent, DemoCreates24PlayersAnd3RoundsAndPrintsStandings) {
  const std::string first = ok({"demo"});
  EXPECT_THAT(first, HasSubstr("Gauntlet Demo Open"));
  EXPECT_THAT(first, HasSubstr("Standings after round 3"));
  EXPECT_THAT(first, HasSubstr("Round 3"));
  const auto j = gauntlet({"--event-id", "demo", "event", "show", "--json"}).json();
  EXPECT_EQ(j["players"].size(), 24u);
  ASSERT_EQ(j["rounds"].size(), 3u);
  for (const auto& r : j["rounds"]) {
    EXPECT_EQ(r["closed"], true);
    EXPECT_EQ(r["tables"].size(), 12u);
  }
  const auto standings = gauntlet({"--event-id", "demo", "standings", "--json"}).json();
  EXPECT_EQ(standings["standings"].size(), 24u);
  EXPECT_EQ(standings["standings"][0]["rank"], 1);
  EXPECT_EQ(standings["standings"][0]["tp"], 3);  // 24 players, 3 rounds: someone is 3-0

  // Idempotent: a second run writes nothing and prints the same event.
  const int entries = journal_size({"--event-id", "demo"});
  EXPECT_EQ(entries, 1 + 24 * 2 + 3 * (1 + 12 + 1));
  const std::string second = ok({"demo"});
  EXPECT_EQ(second, first);
  EXPECT_EQ(journal_size({"--event-id", "demo"}), entries);
  EXPECT_THAT(ok({"event", "list"}), ::testing::Not(HasSubstr("demo-2")));
}

// SR2014 "Commander's Crucible [X]": "The event consists of X rounds ... The number of battlegroup
// lists required is equal to the number of rounds in the event minus one." Gauntlet applies none of
// it: `event new` refuses the variant with the reason (exit 2), `rules show` lists it as not supported.
TEST_F(CliEvent, SR2014_CommandersCrucibleIsRefusedWithTheReasonAndShownAsNotSupported) {
  const Ran r = gauntlet({"event", "new", "--name", "Crucible", "--edition", "sr2014", "--points", "50",
                          "--variant", "commanders-crucible:4"});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_THAT(r.err, HasSubstr("variants[0]"));
  EXPECT_THAT(r.err, HasSubstr("Commander's Crucible [X]"));
  EXPECT_THAT(r.err, HasSubstr("is not supported"));
  EXPECT_THAT(r.err, HasSubstr("every battlegroup played at least once"));
  EXPECT_NE(gauntlet({"event", "show"}).status, 0) << "nothing created";
  EXPECT_THAT(ok({"rules", "show", "sr2014"}), HasSubstr("NOT SUPPORTED (event setup refuses it)"));
}

}  // namespace
}  // namespace gauntlet
