// EventSession and checkpoints (issue 16 point 2): written when the tail outgrows max(32, seq / 8),
// never the command's failure, and an undo reaching behind the checkpoint reopens correctly.
#include <gtest/gtest.h>

#include "journal/session.hpp"
#include "support/journal_equal.hpp"
#include "test_db.hpp"

namespace gauntlet {
namespace {

using testing::same_journal;

class CheckpointSessionTest : public TestDb {
 protected:
  EventSession created(Store& store) {
    Result<EventSession> s = EventSession::create(store, "spring-open", sample_create(), kAt);
    EXPECT_TRUE(s);
    return std::move(*s);
  }
  // `n` registrations, one command (one append) each.
  static void register_players(EventSession& s, int n, int from = 1) {
    for (int i = from; i < from + n; ++i)
      ASSERT_TRUE(s.execute(sample_player("Player " + std::to_string(i)), kAt));
  }
  std::int64_t stored_seq() const {
    return raw().execAndGet("SELECT COALESCE(MAX(seq), 0) FROM checkpoints").getInt64();
  }
  // Checkpoint writes fail from now on (as on a full disk), or work again.
  void refuse_checkpoints(bool refuse) const {
    if (refuse) {
      raw().exec(
          "CREATE TRIGGER no_insert BEFORE INSERT ON checkpoints BEGIN SELECT RAISE(ABORT, 'full'); END;"
          "CREATE TRIGGER no_update BEFORE UPDATE ON checkpoints BEGIN SELECT RAISE(ABORT, 'full'); END;");
    } else {
      raw().exec("DROP TRIGGER no_insert; DROP TRIGGER no_update;");
    }
  }
  // What opening must give: the whole journal as stored, replayed.
  void expect_reopens_as(Store& store, const EventSession& live) {
    const std::vector<JournalEntry> full = store.load("spring-open");
    EventSession reopened = EventSession::open(store, "spring-open");
    EXPECT_TRUE(same_journal(reopened.journal(), full));
    EXPECT_EQ(reopened.state(), replay(full));
    EXPECT_EQ(reopened.state(), live.state());
  }
};

TEST_F(CheckpointSessionTest, WrittenOnceTheEntriesAfterTheLastOutnumber32) {
  Store store = Store::open(path());
  EventSession s = created(store);
  register_players(s, 31);  // seq 32
  EXPECT_EQ(s.checkpoint_seq(), 0);
  EXPECT_EQ(stored_seq(), 0);
  register_players(s, 1, 32);  // seq 33: 33 entries since none
  EXPECT_EQ(s.checkpoint_seq(), 33);
  EXPECT_EQ(stored_seq(), 33);
  register_players(s, 32, 33);  // seq 65: 32 since the last, not more
  EXPECT_EQ(stored_seq(), 33);
  register_players(s, 1, 65);
  EXPECT_EQ(stored_seq(), 66);
  expect_reopens_as(store, s);
}

// Past 256 entries the bound is seq / 8, so a checkpoint's cost per command stays constant.
TEST_F(CheckpointSessionTest, TheBoundGrowsWithTheJournal) {
  Store store = Store::open(path());
  EventSession s = created(store);
  std::vector<Command> adds;
  for (int i = 0; i < 400; ++i) adds.push_back(sample_player("Player " + std::to_string(i)));
  ASSERT_TRUE(s.execute_all(adds, kAt));  // one append, 400 entries: due at once
  EXPECT_EQ(stored_seq(), 401);
  register_players(s, 50, 1000);  // seq 451: 50 since, bound 56
  EXPECT_EQ(stored_seq(), 401);
  register_players(s, 8, 2000);  // seq 459: 58 since, bound 57
  EXPECT_EQ(stored_seq(), 459);
}

TEST_F(CheckpointSessionTest, OpeningOnALongTailWritesOne) {
  Store store = Store::open(path());
  EventSession s = created(store);
  refuse_checkpoints(true);
  register_players(s, 40);
  EXPECT_FALSE(s.save_checkpoint());
  EXPECT_EQ(stored_seq(), 0);
  refuse_checkpoints(false);
  EventSession reopened = EventSession::open(store, "spring-open");
  EXPECT_EQ(reopened.checkpoint_seq(), 41);
  EXPECT_EQ(stored_seq(), 41);
}

TEST_F(CheckpointSessionTest, AFailedCheckpointIsNeverTheCommandsFailure) {
  Store store = Store::open(path());
  EventSession s = created(store);
  refuse_checkpoints(true);
  register_players(s, 40);  // a checkpoint was due at seq 33 and failed
  EXPECT_EQ(s.last_seq(), 41);
  EXPECT_EQ(s.state().players.size(), 40u);
  EXPECT_EQ(stored_seq(), 0);
  ASSERT_TRUE(s.undo(kAt));
  expect_reopens_as(store, s);
}

// The checkpoint at S still holds an entry an undo after S cancelled: opening must not start from
// it but replay the whole journal (decoded), then store a fresh one.
TEST_F(CheckpointSessionTest, AnUndoReachingBehindTheCheckpointReopensCorrectly) {
  Store store = Store::open(path());
  EventSession s = created(store);
  register_players(s, 10);  // seq 11
  ASSERT_TRUE(s.save_checkpoint());
  ASSERT_EQ(stored_seq(), 11);
  refuse_checkpoints(true);  // so the checkpoint at 11 stays, the undos after it cancel entries it holds
  ASSERT_TRUE(s.undo(kAt));  // seq 12 cancels 11
  ASSERT_TRUE(s.execute(sample_player("Late"), kAt));
  ASSERT_TRUE(s.undo_many(3, kAt));  // cancels 13, 10, 9
  EXPECT_EQ(s.state().players.size(), 7u);
  EXPECT_EQ(stored_seq(), 11);
  expect_reopens_as(store, s);

  refuse_checkpoints(false);
  EventSession reopened = EventSession::open(store, "spring-open");
  EXPECT_EQ(reopened.checkpoint_seq(), reopened.last_seq());  // a stale checkpoint is replaced at once
  EXPECT_EQ(stored_seq(), reopened.last_seq());
  expect_reopens_as(store, s);  // now from the fresh checkpoint, with nothing after it
}

TEST_F(CheckpointSessionTest, AnUndoInTheLiveSessionReplacesAStaleCheckpoint) {
  Store store = Store::open(path());
  EventSession s = created(store);
  register_players(s, 5);
  ASSERT_TRUE(s.save_checkpoint());
  ASSERT_TRUE(s.undo(kAt));  // cancels 6, held by the checkpoint at 6
  EXPECT_EQ(stored_seq(), 7);
  expect_reopens_as(store, s);
}

TEST_F(CheckpointSessionTest, AnotherProcessesAppendsAreTheTail) {
  Store store_a = Store::open(path());
  Store store_b = Store::open(path());
  EventSession a = created(store_a);
  register_players(a, 40);  // checkpoint at 33
  EventSession b = EventSession::open(store_b, "spring-open");
  EXPECT_EQ(b.checkpoint_seq(), 33);
  register_players(a, 3, 100);
  ASSERT_TRUE(b.execute(sample_player("From B"), kAt));  // a conflict: b reloads, decides again
  EXPECT_EQ(b.last_seq(), 45);
  a.reload();
  EXPECT_EQ(a.state(), b.state());
  expect_reopens_as(store_a, b);
}

}  // namespace
}  // namespace gauntlet
