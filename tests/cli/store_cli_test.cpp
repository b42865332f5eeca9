// Issue 15 point 5: `gauntlet verify` re-decides every journal entry and reports the first that
// does not reproduce; `gauntlet backup` copies a SQLite database online and verifies the copy.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

class CliStore : public CliTest {
 protected:
  // Rewrites a journal row behind Gauntlet's back: the append-only trigger has to go first.
  void tamper(const std::string& sql) const {
    SQLite::Database db(path("gauntlet.db").string(), SQLite::OPEN_READWRITE);
    db.exec("DROP TRIGGER journal_no_update; " + sql);
  }
};

TEST_F(CliStore, VerifyReDecidesEveryEntryOfTheDemoAndChecksItsCheckpoint) {
  ok({"demo"});
  const Ran r = gauntlet({"verify"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("gauntlet.db: the database's own check passed"));
  EXPECT_THAT(r.out, HasSubstr("demo: 91 entries, seq 1..91, every one re-decided to what is stored"));
  EXPECT_THAT(r.out, HasSubstr("the checkpoint at seq"));
  const nlohmann::json j = gauntlet({"--json", "verify"}).json();
  EXPECT_EQ(j["ok"], true);
  EXPECT_EQ(j["events"][0]["entries"], 91);
}

TEST_F(CliStore, VerifyNamesTheFirstEntryThatDoesNotReproduceAndFails) {
  ok({"demo"});
  // Registration 26 names its player p31 instead of p13: entry 27 (checking p13 in) no longer holds.
  tamper("UPDATE journal SET payload = replace(payload, '\"id\":\"p13\"', '\"id\":\"p31\"') WHERE seq = 26");
  const Ran r = gauntlet({"verify"});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("demo: FAILED after 91 entries read: seq 27: player.id: no player 'p13'"));
  EXPECT_THAT(r.err, HasSubstr("error: --db: verification failed: 1 of 1 events"));
  const nlohmann::json j = gauntlet({"--json", "verify"}).json();
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["events"][0]["failure"]["field"], "seq 27: player.id");
}

TEST_F(CliStore, VerifyFindsAnEntryTheEngineWouldDecideOtherwise) {
  ok({"demo"});
  // The engine stores a faction as the edition spells it: "cryx" is read as Cryx, so the stored
  // registration no longer is what deciding it gives.
  tamper("UPDATE journal SET payload = replace(payload, '\"Cryx\"', '\"cryx\"') WHERE seq = 26");
  const Ran r = gauntlet({"verify"});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out,
              HasSubstr("demo: FAILED after 91 entries read: seq 26: does not replay to the same result"));
}

TEST_F(CliStore, VerifyFindsACheckpointThatDisagreesWithTheJournal) {
  ok({"demo"});
  // Round 1's tables swapped between two players: a pairing the EO could have entered, so every
  // entry re-decides, but opening the event from its checkpoint would show the other pairing.
  tamper(
      "UPDATE journal SET payload = replace(replace(replace(payload, '\"p1\"', '\"p@\"'), '\"p2\"', "
      "'\"p1\"'), "
      "'\"p@\"', '\"p2\"') WHERE seq = (SELECT MIN(seq) FROM journal WHERE type = 'pair-round')");
  const Ran r = gauntlet({"verify"});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_THAT(r.out, HasSubstr("holds entries that differ from the journal's"));
}

TEST_F(CliStore, BackupCopiesAndVerifiesAndNeverOverwritesUnasked) {
  ok({"demo"});
  const Ran r = gauntlet({"backup", "--out", "copy.db"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Backed up gauntlet.db to copy.db: 1 events, 91 journal entries, verified"));
  EXPECT_FALSE(std::filesystem::exists(path("copy.db.partial")));
  const Ran copy = gauntlet({"--db", "copy.db", "verify"});
  EXPECT_EQ(copy.status, 0) << copy.out;
  EXPECT_EQ(gauntlet({"--db", "copy.db", "--json", "standings"}).out, gauntlet({"--json", "standings"}).out);

  const Ran again = gauntlet({"backup", "--out", "copy.db"});
  EXPECT_EQ(again.status, 2);
  EXPECT_THAT(again.err, HasSubstr("--out: copy.db exists: name a new file, or add --force to replace it"));
  EXPECT_EQ(gauntlet({"backup", "--out", "copy.db", "--force"}).status, 0);
  EXPECT_THAT(gauntlet({"backup", "--out", "gauntlet.db"}).err, HasSubstr("--out: is the database itself"));
}

TEST_F(CliStore, BackupOfAPostgresqlDatabaseNamesPgDumpAndHidesThePassword) {
  const Ran r =
      gauntlet({"--db", "postgresql://gauntlet:s3cret@db.example/gauntlet", "backup", "--out", "x.db"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("back up PostgreSQL with pg_dump"));
  EXPECT_THAT(r.err, HasSubstr("postgresql://gauntlet:***@db.example/gauntlet"));
  EXPECT_THAT(r.err, Not(HasSubstr("s3cret")));
  EXPECT_FALSE(std::filesystem::exists(path("x.db")));
}

TEST_F(CliStore, BackupOfAMissingDatabaseCreatesNothing) {
  const Ran r = gauntlet({"--db", "none.db", "backup", "--out", "x.db"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--db: no database at none.db"));
  EXPECT_FALSE(std::filesystem::exists(path("none.db")));
}

}  // namespace
}  // namespace gauntlet
