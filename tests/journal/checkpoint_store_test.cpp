// Checkpoints in the Store (issue 16 point 2): a cache beside the journal. Opening reads the
// checkpoint and only the rows after it; a checkpoint that cannot be trusted (another build's,
// corrupt, truncated, disagreeing with the journal) is ignored, and the whole journal is read.
#include <gtest/gtest.h>

#include "journal/session.hpp"
#include "support/journal_equal.hpp"
#include "test_db.hpp"

namespace gauntlet {
namespace {

using testing::same_journal;

class CheckpointStoreTest : public TestDb {
 protected:
  // An event of `players` registrations after its creation, appended in one transaction (no
  // checkpoint: the session writes one only past 32 entries, one command at a time).
  EventSession event(Store& store, int players, const std::string& id = "spring-open") {
    Result<EventSession> s = EventSession::create(store, id, sample_create(), kAt);
    EXPECT_TRUE(s);
    std::vector<Command> adds;
    for (int i = 0; i < players; ++i) adds.push_back(sample_player("Player " + std::to_string(i + 1)));
    EXPECT_TRUE(s->execute_all(adds, kAt));
    return std::move(*s);
  }
  std::int64_t stored_seq(const std::string& id = "spring-open") const {
    SQLite::Database db = raw();
    SQLite::Statement q(db, "SELECT seq FROM checkpoints WHERE event_id = ?");
    q.bind(1, id);
    return q.executeStep() ? q.getColumn(0).getInt64() : 0;
  }
  void sql(const std::string& statement) const { raw().exec(statement); }
};

TEST_F(CheckpointStoreTest, ImportWritesACheckpointOfTheWholeJournal) {
  Store store = Store::open(path());
  EventSession s = event(store, 5);
  Store other = Store::open((dir_ / "other.db").string());
  other.import_event("copy", s.journal());

  StoredJournal stored = other.load_from_checkpoint("copy");
  ASSERT_TRUE(stored.checkpoint);
  EXPECT_EQ(stored.checkpoint->seq, 6);  // the creation and 5 registrations
  EXPECT_TRUE(stored.tail.empty());
  EXPECT_TRUE(same_journal(stored.checkpoint->journal, other.load("copy")));
  EXPECT_EQ(stored.checkpoint->state, replay(other.load("copy")));
}

TEST_F(CheckpointStoreTest, OpeningReadsTheCheckpointAndOnlyTheRowsAfterIt) {
  Store store = Store::open(path());
  EventSession s = event(store, 4);
  store.put_checkpoint("spring-open", s.journal(), s.state());
  ASSERT_TRUE(s.execute(sample_player("Late"), kAt));
  ASSERT_TRUE(s.undo(kAt));

  StoredJournal stored = store.load_from_checkpoint("spring-open");
  ASSERT_TRUE(stored.checkpoint);
  EXPECT_EQ(stored.checkpoint->seq, 5);
  ASSERT_EQ(stored.tail.size(), 2u);
  EXPECT_EQ(stored.tail[0].seq, 6);
  EXPECT_EQ(stored.tail[1].undoes, 6);
  EventSession reopened = EventSession::open(store, "spring-open");
  EXPECT_EQ(reopened.checkpoint_seq(), 5);
  EXPECT_EQ(reopened.state(), s.state());
  EXPECT_TRUE(same_journal(reopened.journal(), store.load("spring-open")));
}

TEST_F(CheckpointStoreTest, ADatabaseFromBeforeCheckpointsGainsTheTable) {
  {
    Store store = Store::open(path());
    event(store, 3);
  }
  sql("DROP TABLE checkpoints");
  Store store = Store::open(path());
  EXPECT_EQ(raw().execAndGet("SELECT COUNT(*) FROM checkpoints").getInt(), 0);
  EXPECT_EQ(raw().execAndGet("SELECT value FROM meta WHERE key = 'schema_version'").getString(), "1");
  StoredJournal stored = store.load_from_checkpoint("spring-open");
  EXPECT_FALSE(stored.checkpoint);
  EXPECT_EQ(stored.tail.size(), 4u);
}

TEST_F(CheckpointStoreTest, AnotherBuildsCheckpointIsIgnoredAndReplaced) {
  Store store = Store::open(path());
  EventSession s = event(store, 3);
  store.put_checkpoint("spring-open", s.journal(), s.state());
  sql("UPDATE checkpoints SET signature = 'another-build/64/le'");

  StoredJournal stored = store.load_from_checkpoint("spring-open");
  EXPECT_FALSE(stored.checkpoint);
  EXPECT_TRUE(same_journal(stored.tail, store.load("spring-open")));
  store.put_checkpoint("spring-open", s.journal(), s.state());  // same seq: replaced all the same
  EXPECT_EQ(raw().execAndGet("SELECT signature FROM checkpoints").getString(), format_signature());
  EXPECT_TRUE(store.load_from_checkpoint("spring-open").checkpoint);
}

TEST_F(CheckpointStoreTest, ACorruptOrTruncatedCheckpointIsIgnored) {
  Store store = Store::open(path());
  EventSession s = event(store, 3);
  for (const char* damage :
       {"UPDATE checkpoints SET body = substr(body, 1, length(body) / 2)",
        "UPDATE checkpoints SET body = zeroblob(length(body))", "UPDATE checkpoints SET body = x''",
        "UPDATE checkpoints SET body = 'not a blob'"}) {
    store.put_checkpoint("spring-open", s.journal(), s.state());
    sql("UPDATE checkpoints SET seq = seq - 1");  // so the next put replaces it
    sql(damage);
    StoredJournal stored = store.load_from_checkpoint("spring-open");
    EXPECT_FALSE(stored.checkpoint) << damage;
    EXPECT_TRUE(same_journal(stored.tail, store.load("spring-open"))) << damage;
    EXPECT_EQ(EventSession::open(store, "spring-open").state(), s.state()) << damage;
  }
}

TEST_F(CheckpointStoreTest, ACheckpointDisagreeingWithTheJournalIsIgnored) {
  Store store = Store::open(path());
  EventSession s = event(store, 3);
  std::vector<JournalEntry> edited = s.journal();
  edited.back().at = "1999-01-01T00:00:00Z";  // not the row the journal holds at that seq
  store.put_checkpoint("spring-open", edited, s.state());
  EXPECT_FALSE(store.load_from_checkpoint("spring-open").checkpoint);

  // A checkpoint beyond the journal's end (the file replaced by an older copy of the journal).
  ASSERT_TRUE(s.execute(sample_player("Late"), kAt));
  store.put_checkpoint("spring-open", s.journal(), s.state());
  Store older = Store::open((dir_ / "older.db").string());
  older.import_event("spring-open", std::span(s.journal()).first(2));
  SQLite::Database db((dir_ / "older.db").string(), SQLite::OPEN_READWRITE);
  db.exec("ATTACH '" + path() + "' AS newer");
  db.exec(
      "UPDATE checkpoints SET seq = (SELECT seq FROM newer.checkpoints), body = (SELECT body FROM "
      "newer.checkpoints)");
  StoredJournal stored = older.load_from_checkpoint("spring-open");
  EXPECT_FALSE(stored.checkpoint);
  EXPECT_EQ(stored.tail.size(), 2u);
}

TEST_F(CheckpointStoreTest, AnEarlierCheckpointNeverReplacesALaterOne) {
  Store store = Store::open(path());
  EventSession s = event(store, 3);
  const std::vector<JournalEntry> earlier = s.journal();
  const EventState earlier_state = s.state();
  ASSERT_TRUE(s.execute(sample_player("Late"), kAt));
  store.put_checkpoint("spring-open", s.journal(), s.state());
  store.put_checkpoint("spring-open", earlier, earlier_state);  // a slower process, say
  EXPECT_EQ(stored_seq(), 5);
}

TEST_F(CheckpointStoreTest, ACheckpointIsNoPartOfTheJournal) {
  Store store = Store::open(path());
  EventSession s = event(store, 3);
  const std::int64_t rows = count_rows();
  store.put_checkpoint("spring-open", s.journal(), s.state());
  EXPECT_EQ(count_rows(), rows);
  EXPECT_EQ(store.events()[0].entries, rows);
  EXPECT_THROW(sql("UPDATE journal SET at = 'x'"), SQLite::Exception);  // the triggers still hold
}

}  // namespace
}  // namespace gauntlet
