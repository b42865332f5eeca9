// The property of issue 16 point 2: opening an event from its checkpoint and the entries after it
// gives exactly what replaying the whole journal gives. Thousands of random events (every command
// RandomEvent makes, undos included) run through EventSession on a real database, with checkpoints
// written by the session's own rule and at random points; reopened now and then mid-event and at
// the end, the reopened session must hold the journal as stored, entry by entry, the state replaying
// it gives, and the live session's state. Half the random checkpoints are written past the session
// (as another process would), so undos after them that cancel entries they hold stay in the tail
// (an undo right after a checkpoint cancels the entry at its seq): each way of opening is counted.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "journal/session.hpp"
#include "support/journal_equal.hpp"
#include "support/property.hpp"
#include "support/random_event.hpp"
#include "test_db.hpp"

namespace gauntlet {
namespace {

using testing::same_journal;

constexpr const char* kPropertyAt = "2026-11-26T10:00:00Z";

// RandomEvent's steps through an EventSession (support/random_event.hpp's driver interface).
class SessionDriver {
 public:
  SessionDriver(Store& store, std::string event_id) : store_(&store), id_(std::move(event_id)) {}

  const EventState& state() const { return session_ ? session_->state() : empty_state_; }
  const std::vector<JournalEntry>& journal() const { return session_ ? session_->journal() : empty_journal_; }
  bool submit(Command c) {
    if (session_) return session_->execute(std::move(c), kPropertyAt).has_value();
    Result<EventSession> created =
        EventSession::create(*store_, id_, std::get<CreateEvent>(std::move(c)), kPropertyAt);
    if (created) session_.emplace(std::move(*created));
    return created.has_value();
  }
  bool undo() { return session_->undo(kPropertyAt).has_value(); }

  EventSession& session() { return *session_; }
  // Goes on with a session opened from the store, as a restarted server would.
  void reopen() { session_.emplace(EventSession::open(*store_, id_)); }

 private:
  Store* store_;
  std::string id_;
  std::optional<EventSession> session_;
  EventState empty_state_;
  std::vector<JournalEntry> empty_journal_;
};

// How a reopening started: what the checkpoint table held then.
struct Paths {
  int without_checkpoint = 0, checkpoint_and_tail = 0, undo_behind_checkpoint = 0;
};

class CheckpointProperty : public TestDb {
 protected:
  void SetUp() override {
    TestDb::SetUp();
    // Every append waits for its fsync (synchronous=FULL), and thousands of events on a disk take
    // minutes; on tmpfs an fsync costs nothing. This test is about content, not durability
    // (crash_test kills writers for that).
    if (std::filesystem::is_directory("/dev/shm")) {
      std::filesystem::remove_all(dir_);
      dir_ = std::filesystem::path("/dev/shm") / dir_.filename();
      std::filesystem::remove_all(dir_);
      std::filesystem::create_directories(dir_);
    }
  }

  std::int64_t stored_checkpoint(const std::string& id) {
    if (!raw_) raw_.emplace(raw());
    SQLite::Statement q(*raw_, "SELECT seq FROM checkpoints WHERE event_id = ?");
    q.bind(1, id);
    return q.executeStep() ? q.getColumn(0).getInt64() : 0;
  }

  // Reopens event `id` and checks it against the whole journal and against `live`. The whole
  // journal is the one stored (every row parsed) when `from_store`, else the live session's (cheaper,
  // for the checks mid-event; the end of each event checks the live journal against the store).
  void check_reopening(Store& store, const std::string& id, const EventSession& live, bool from_store,
                       Paths& paths, std::uint64_t seed) {
    const std::int64_t s = stored_checkpoint(id);
    const std::vector<JournalEntry> full = from_store ? store.load(id) : live.journal();
    const bool behind = std::any_of(full.begin() + s, full.end(),
                                    [&](const JournalEntry& e) { return e.undoes && *e.undoes <= s; });
    (s == 0 ? paths.without_checkpoint : behind ? paths.undo_behind_checkpoint : paths.checkpoint_and_tail)++;

    EventSession reopened = EventSession::open(store, id);
    ASSERT_TRUE(same_journal(reopened.journal(), full)) << "seed " << seed;
    ASSERT_TRUE(same_journal(live.journal(), full)) << "seed " << seed;
    ASSERT_EQ(reopened.state(), replay(full)) << "seed " << seed << ", checkpoint at " << s;
    ASSERT_EQ(reopened.state(), live.state()) << "seed " << seed << ", checkpoint at " << s;
  }

  std::optional<SQLite::Database> raw_;  // one connection for the test's own reads
};

TEST_F(CheckpointProperty, ReopeningEqualsReplayingTheWholeJournal_Property) {
  const int cases = testing::property_cases(1200, "GAUNTLET_PROPERTY_EVENTS");
  Store store = Store::open(path());
  Paths paths;
  int undos = 0, checkpoints = 0;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(cases); ++seed) {
    const std::string id = "e" + std::to_string(seed);
    testing::BasicRandomEvent<SessionDriver> ev(seed, {}, SessionDriver(store, id));
    Rng rng(seed * 7919 + 1);
    const int steps = 20 + static_cast<int>(seed % 100);
    for (int i = 0; i < steps; ++i) {
      ev.step();
      if (!ev.state().created) continue;
      if (rng.below(8) == 0) {
        EventSession& live = ev.driver().session();
        if (rng.below(2) == 0) {
          checkpoints += live.save_checkpoint();
        } else {  // as another process would: this session does not know, so an undo will not replace it
          store.put_checkpoint(id, live.journal(), live.state());
          ++checkpoints;
        }
      }
      if (rng.below(50) == 0) {
        check_reopening(store, id, ev.driver().session(), false, paths, seed);
        if (rng.below(2) == 0) ev.driver().reopen();
      }
      if (::testing::Test::HasFatalFailure()) return;
    }
    if (!ev.state().created) continue;
    check_reopening(store, id, ev.driver().session(), true, paths, seed);
    if (::testing::Test::HasFatalFailure()) return;
    undos += ev.undos;
  }
  EXPECT_GT(undos, cases / 2);
  EXPECT_GT(checkpoints, cases * 4);
  EXPECT_GT(paths.without_checkpoint, cases / 20);
  EXPECT_GT(paths.checkpoint_and_tail, cases / 2);
  EXPECT_GT(paths.undo_behind_checkpoint, cases / 20);
  std::printf(
      "reopened: %d without a checkpoint, %d from a checkpoint and its tail, %d with an undo behind it\n",
      paths.without_checkpoint, paths.checkpoint_and_tail, paths.undo_behind_checkpoint);
}

}  // namespace
}  // namespace gauntlet
