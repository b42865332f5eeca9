// The process the crash test kills: runs the script from op START_INDEX and prints
// "ack <seq>" once each op is committed, so the parent knows what must have survived.
//
//   journal_crash_child DB START_INDEX [MAX_OPS]
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "crash_script.hpp"
#include "journal/session.hpp"

using namespace gauntlet;

namespace {

int fail_with(const char* what, const Error& e) {
  std::fprintf(stderr, "journal_crash_child: %s: %s\n", what, e.describe().c_str());
  return 2;
}

void ack(std::int64_t seq) {
  // One small write per line is atomic on a pipe, so the parent never sees half an ack.
  std::printf("ack %lld\n", static_cast<long long>(seq));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: journal_crash_child DB START_INDEX [MAX_OPS]\n");
    return 1;
  }
  const std::int64_t start = std::atoll(argv[2]);
  const std::int64_t max_ops = argc > 3 ? std::atoll(argv[3]) : 100000;
  try {
    Store store = Store::open(argv[1]);
    std::optional<EventSession> session;
    std::int64_t i = start;
    if (start == 0) {
      Result<EventSession> created = EventSession::create(store, kScriptEventId, script_create(), kScriptAt);
      if (!created) return fail_with("create", created.error());
      session.emplace(std::move(*created));
      ack(1);
      i = 1;
    } else {
      session.emplace(EventSession::open(store, kScriptEventId));
      if (session->last_seq() != start) {
        std::fprintf(stderr, "journal_crash_child: journal ends at %lld, expected %lld\n",
                     static_cast<long long>(session->last_seq()), static_cast<long long>(start));
        return 3;
      }
    }
    for (; i < start + max_ops; ++i) {
      ScriptOp op = script_op(i);
      Result<std::int64_t> seq =
          op.undo ? session->undo(kScriptAt) : session->execute(*op.command, kScriptAt);
      if (!seq) return fail_with("op", seq.error());
      if (*seq != i + 1)
        return fail_with("op",
                         Error{"seq", "", "op " + std::to_string(i) + " got seq " + std::to_string(*seq)});
      ack(*seq);
    }
  } catch (const ErrorException& e) {
    return fail_with("store", e.error);
  }
  return 0;
}
