// Group commit (issue 15 point 4): EventSession::execute_each and GroupCommit, on SQLite and
// PostgreSQL. Threads submit commands at once; the first one's group holds the sequencer until all
// the others wait, so the second group takes them all: two commits for every command.
#include "journal/group_commit.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include "journal/session.hpp"
#include "test_db.hpp"

namespace gauntlet {
namespace {

constexpr int kThreads = 12;

using Group = GroupCommit<Command, Result<std::int64_t>>;

// What a thread got: its answer, or the exception its group threw.
struct Outcome {
  std::optional<Result<std::int64_t>> answer;
  std::optional<Error> thrown;
};

class GroupCommitTest : public TestDb {
 protected:
  void SetUp() override {
    TestDb::SetUp();
    store_.emplace(Store::open(path()));
    Result<EventSession> s = EventSession::create(*store_, "spring-open", sample_create(), kAt);
    ASSERT_TRUE(s) << s.error().describe();
    session_.emplace(std::move(*s));
  }
  void TearDown() override {
    session_.reset();
    store_.reset();
    TestDb::TearDown();
  }

  // commands[0] is submitted first; its group (itself alone) waits until every other thread's
  // command is queued, then runs `after_first` (e.g. breaks the store) and returns.
  std::vector<Outcome> submit_at_once(std::vector<Command> commands,
                                      const std::function<void()>& after_first = {}) {
    std::atomic<bool> first_running = false;
    const Group::Run run = [&](std::vector<Command>& group) {
      const bool first = !first_running.exchange(true);
      while (first && group_.waiting() + 1 < commands.size()) std::this_thread::yield();
      std::vector<Result<std::int64_t>> answers = session_->execute_each(std::move(group), kAt);
      if (first && after_first) after_first();
      return answers;
    };
    std::vector<Outcome> outcomes(commands.size());
    const auto submit = [&](std::size_t i) {
      try {
        outcomes[i].answer = group_.submit(commands[i], run);
      } catch (const ErrorException& e) {
        outcomes[i].thrown = e.error;
      }
    };
    std::vector<std::thread> threads;
    threads.emplace_back(submit, 0);
    while (!first_running) std::this_thread::yield();
    for (std::size_t i = 1; i < commands.size(); ++i) threads.emplace_back(submit, i);
    for (std::thread& t : threads) t.join();
    return outcomes;
  }

  static std::vector<Command> players(int count) {
    std::vector<Command> out;
    for (int i = 0; i < count; ++i) out.push_back(sample_player("Player " + std::to_string(i)));
    return out;
  }
  const std::string& name_at(std::int64_t seq) const {
    return std::get<AddPlayer>(*session_->journal().at(static_cast<std::size_t>(seq - 1)).command)
        .player.name;
  }

  std::optional<Store> store_;
  std::optional<EventSession> session_;
  Group group_;
};

TEST_F(GroupCommitTest, EachCommandIsDecidedOnTheStateTheOnesBeforeItLeave) {
  const std::vector<Result<std::int64_t>> answers =
      session_->execute_each({sample_player("Ann"), sample_create("Again"), sample_player("Bob")}, kAt);
  ASSERT_EQ(answers.size(), 3u);
  EXPECT_EQ(answers[0], 2);
  ASSERT_FALSE(answers[1]);  // the event exists already: refused alone
  EXPECT_EQ(answers[2], 3);
  EXPECT_EQ(count_rows(), 3);
  ASSERT_EQ(session_->state().players.size(), 2u);
  EXPECT_NE(session_->state().players[0].id,
            session_->state().players[1].id);  // Bob's id decided after Ann's
  EXPECT_EQ(EventSession::open(*store_, "spring-open").state(), session_->state());
}

TEST_F(GroupCommitTest, ThreadsSubmittingAtOnceShareCommitsAndEachGetsItsOwnSeq) {
  const std::vector<Outcome> outcomes = submit_at_once(players(kThreads));
  EXPECT_EQ(group_.groups(), 2);  // the first alone, then the 11 that waited: 2 transactions, not 12
  std::set<std::int64_t> seqs;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    ASSERT_TRUE(outcomes[i].answer && *outcomes[i].answer) << i;
    const std::int64_t seq = **outcomes[i].answer;
    seqs.insert(seq);
    EXPECT_EQ(name_at(seq), "Player " + std::to_string(i));  // the seq acknowledged is this command's
  }
  // One contiguous run after the creation, all of it on disk.
  EXPECT_EQ(seqs, (std::set<std::int64_t>{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}));
  EXPECT_EQ(count_rows(), 1 + kThreads);
  EXPECT_EQ(EventSession::open(*store_, "spring-open").state(), session_->state());
}

TEST_F(GroupCommitTest, ARefusedCommandInAGroupDoesNotStopTheOthers) {
  std::vector<Command> commands = players(kThreads);
  commands[5] = sample_create("Again");
  const std::vector<Outcome> outcomes = submit_at_once(commands);
  EXPECT_EQ(group_.groups(), 2);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    ASSERT_TRUE(outcomes[i].answer) << i;
    EXPECT_EQ(outcomes[i].answer->has_value(), i != 5) << i;
  }
  EXPECT_EQ(count_rows(), kThreads);  // the creation and 11 players
  EXPECT_EQ(session_->state().players.size(), static_cast<std::size_t>(kThreads - 1));
}

TEST_F(GroupCommitTest, AFailedCommitAcknowledgesNoneOfItsGroup) {
  // After the first group's commit the journal table is gone: the second group's commit fails.
  const std::vector<Outcome> outcomes =
      submit_at_once(players(kThreads), [&] { sql("ALTER TABLE journal RENAME TO journal_away"); });
  sql("ALTER TABLE journal_away RENAME TO journal");
  EXPECT_EQ(group_.groups(), 2);
  ASSERT_TRUE(outcomes[0].answer && *outcomes[0].answer);
  EXPECT_EQ(**outcomes[0].answer, 2);
  for (std::size_t i = 1; i < outcomes.size(); ++i) {
    EXPECT_FALSE(outcomes[i].answer) << i;
    ASSERT_TRUE(outcomes[i].thrown) << i;
    EXPECT_EQ(outcomes[i].thrown->kind, ErrorKind::storage) << i;
  }
  EXPECT_EQ(count_rows(), 2);
  EXPECT_EQ(session_->last_seq(), 2);  // memory never ran ahead of the disk
  EXPECT_EQ(session_->state().players.size(), 1u);
  // The store back, the next group commits as usual.
  const std::vector<Result<std::int64_t>> again =
      session_->execute_each({sample_player("Ann"), sample_player("Bob")}, kAt);
  EXPECT_EQ(again.at(0), 3);
  EXPECT_EQ(again.at(1), 4);
}

// One transaction for the whole group: the store refusing its second entry leaves the first unwritten
// too (one commit per command would have kept Ann).
TEST_F(GroupCommitTest, AGroupIsOneTransaction) {
  sql(postgresql() ? "CREATE FUNCTION refuse_seq_3() RETURNS trigger AS $$ BEGIN IF NEW.seq = 3 THEN "
                     "RAISE EXCEPTION 'full'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql; "
                     "CREATE TRIGGER refuse_seq_3 BEFORE INSERT ON journal FOR EACH ROW EXECUTE FUNCTION "
                     "refuse_seq_3();"
                   : "CREATE TRIGGER refuse_seq_3 BEFORE INSERT ON journal WHEN NEW.seq = 3 BEGIN "
                     "SELECT RAISE(ABORT, 'full'); END;");
  EXPECT_THROW(
      session_->execute_each({sample_player("Ann"), sample_player("Bob"), sample_player("Cid")}, kAt),
      ErrorException);
  EXPECT_EQ(count_rows(), 1);
  EXPECT_EQ(session_->last_seq(), 1);
  EXPECT_TRUE(session_->state().players.empty());
}

TEST_F(GroupCommitTest, AGroupFromAStaleSessionIsDecidedAgain) {
  Store other_store = Store::open(path());
  EventSession other = EventSession::open(other_store, "spring-open");
  ASSERT_EQ(other.execute(sample_player("Ann"), kAt), 2);
  const std::vector<Result<std::int64_t>> answers =
      session_->execute_each({sample_player("Bob"), sample_player("Cid")}, kAt);
  EXPECT_EQ(answers.at(0), 3);
  EXPECT_EQ(answers.at(1), 4);
  EXPECT_EQ(session_->state().players.size(), 3u);
}

}  // namespace
}  // namespace gauntlet
