// The acceptance test: SIGKILL a writer at random points, many times, and check that
// what survives is intact, replays, and is exactly the acknowledged ops (plus at most the one
// whose commit landed before its ack). The child is journal_crash_child (crash_child.cpp).
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

#include "crash_script.hpp"
#include "journal/store.hpp"
#include "model/json.hpp"
#include "support/property.hpp"
#include "test_db.hpp"

extern char** environ;

namespace gauntlet {
namespace {

constexpr int kKills = 60;  // through property_cases(), which refuses 0

// The script run in memory, straight through the engine: what the journal must hold.
struct Model {
  EventState state;
  std::vector<JournalEntry> journal;

  void extend_to(std::size_t n) {
    while (journal.size() < n) {
      const auto i = static_cast<std::int64_t>(journal.size());
      ScriptOp op = script_op(i);
      JournalEntry e{i + 1, kScriptAt, std::nullopt, std::nullopt};
      if (op.undo) {
        Result<std::int64_t> target = undo_target(journal);
        ASSERT_TRUE(target) << target.error().describe();
        e.undoes = *target;
        journal.push_back(e);
        state = replay(journal);
      } else {
        Result<Command> resolved = decide(state, std::move(*op.command));
        ASSERT_TRUE(resolved) << resolved.error().describe();
        e.command = std::move(*resolved);
        gauntlet::apply(state, *e.command);
        journal.push_back(std::move(e));
      }
    }
  }
};

struct Child {
  pid_t pid = -1;
  int out = -1;  // read end of the child's stdout
};

Child spawn_child(const std::string& db, std::int64_t start) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);  // dup2 clears CLOEXEC
  std::string start_arg = std::to_string(start);
  char* argv[] = {const_cast<char*>(GAUNTLET_CRASH_CHILD), const_cast<char*>(db.c_str()), start_arg.data(),
                  nullptr};
  Child c;
  const int rc = posix_spawn(&c.pid, GAUNTLET_CRASH_CHILD, &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);  // else the parent never sees EOF
  if (rc != 0) throw std::runtime_error("posix_spawn failed");
  c.out = fds[0];
  return c;
}

// Reads until `lines` complete lines have arrived or EOF.
void read_lines(int fd, std::string& buffer, int lines) {
  char chunk[256];
  while (std::count(buffer.begin(), buffer.end(), '\n') < lines) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) return;
    buffer.append(chunk, static_cast<std::size_t>(n));
  }
}

// The highest "ack <seq>" among the complete lines of `text`.
std::int64_t last_ack(const std::string& text, std::int64_t none) {
  std::int64_t last = none;
  std::size_t pos = 0;
  for (std::size_t nl; (nl = text.find('\n', pos)) != std::string::npos; pos = nl + 1) {
    const std::string line = text.substr(pos, nl - pos);
    if (line.rfind("ack ", 0) == 0) last = std::max<std::int64_t>(last, std::stoll(line.substr(4)));
  }
  return last;
}

class CrashTest : public TestDb {};

TEST_F(CrashTest, KilledWriterLeavesExactlyTheAcknowledgedJournal) {
  std::mt19937_64 rng(20240601);  // seeded: the same kill schedule every run
  // Half the runs are killed after 1-12 acks plus 0-10 ms (mid-append, and guaranteed progress
  // whatever the disk's speed); the others 0-250 ms after spawn, which also hits startup: schema
  // creation, WAL recovery, replay. Delays are log-uniform so short ones are common.
  std::uniform_int_distribution<int> acks_first(1, 12);
  std::uniform_real_distribution<double> after_ack(0.0, std::log(10000.0)),
      after_spawn(0.0, std::log(250000.0));
  Model model;
  std::int64_t on_disk = 0, acked_total = 0, landed_unacked = 0, killed = 0, killed_before_ack = 0;

  const int kills = testing::property_cases(kKills);
  for (int run = 0; run < kills; ++run) {
    SCOPED_TRACE("run " + std::to_string(run) + ", journal at " + std::to_string(on_disk));
    Child child = spawn_child(path(), on_disk);
    std::string output;
    // Odd runs kill during appends; even runs may hit startup (open, schema, replay) too.
    const bool mid_append = run % 2 == 1;
    const int wait_acks = mid_append ? acks_first(rng) : 0;
    read_lines(child.out, output, wait_acks);
    const double delay_us = std::exp(mid_append ? after_ack(rng) : after_spawn(rng));
    std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(delay_us)));
    ::kill(child.pid, SIGKILL);
    int status = 0;
    ::waitpid(child.pid, &status, 0);
    char chunk[4096];
    for (ssize_t n; (n = ::read(child.out, chunk, sizeof chunk)) > 0;)
      output.append(chunk, static_cast<std::size_t>(n));
    ::close(child.out);
    // The child never stops on its own within the delay; any other end is a failure in it.
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "child status " << status;
    ++killed;

    const std::int64_t acked = last_ack(output, on_disk);
    if (acked == on_disk) ++killed_before_ack;
    ASSERT_GE(acked, on_disk + wait_acks) << "child ended before acking";
    acked_total += acked - on_disk;

    SQLite::Database db(path(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    ASSERT_EQ(db.execAndGet("PRAGMA integrity_check").getString(), "ok");
    Store store = Store::open(path());
    std::vector<JournalEntry> journal;
    if (store.has_event(kScriptEventId)) journal = store.load(kScriptEventId);
    const auto n = static_cast<std::int64_t>(journal.size());
    ASSERT_TRUE(n == acked || n == acked + 1) << "acked " << acked << ", journal holds " << n;
    if (n == acked + 1) ++landed_unacked;

    model.extend_to(journal.size());
    if (HasFatalFailure()) return;
    for (std::size_t k = 0; k < journal.size(); ++k) {
      const JournalEntry& want = model.journal[k];
      ASSERT_EQ(journal[k].seq, want.seq);
      ASSERT_EQ(journal[k].undoes, want.undoes) << "entry " << k;
      ASSERT_EQ(journal[k].command.has_value(), want.command.has_value()) << "entry " << k;
      if (want.command) {
        ASSERT_EQ(command_to_json(*journal[k].command), command_to_json(*want.command)) << "entry " << k;
      }
    }
    const EventState replayed = replay(journal);
    if (n > 0) {
      EXPECT_EQ(replayed, model.state);
      EXPECT_EQ(effective_entries(journal).size(), effective_entries(model.journal).size());
    }
    on_disk = n;
  }
  // Figures for the report; the assertions above are the test.
  std::printf(
      "crash test: %lld kills (%lld before any ack), %lld ops acked, journal %lld entries, "
      "%lld commits landed unacked\n",
      static_cast<long long>(killed), static_cast<long long>(killed_before_ack),
      static_cast<long long>(acked_total), static_cast<long long>(on_disk),
      static_cast<long long>(landed_unacked));
}

}  // namespace
}  // namespace gauntlet
