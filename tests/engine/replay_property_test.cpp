// Property tests over thousands of random events: replaying the journal reproduces the live
// state exactly, and an undo restores the state before the undone command exactly (checked by
// RandomEvent on every undo).
#include "model/json.hpp"
#include "support/event_fixtures.hpp"
#include "support/property.hpp"
#include "support/random_event.hpp"

namespace gauntlet {
namespace {

using namespace testing;

TEST(JournalReplay, ReplayEqualsLiveStateAndUndoRestoresExactly_Property) {
  const int cases = property_cases(2000);
  int events = 0, accepted = 0, undos = 0, rounds = 0, reports = 0;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(cases); ++seed) {
    RandomEvent ev(seed);
    const int steps = 20 + static_cast<int>(seed % 120);
    for (int i = 0; i < steps; ++i) ev.step();
    ASSERT_EQ(replay(ev.journal()), ev.state()) << "seed " << seed;
    // The journal's JSON form replays to the same state too (what the store and file keep).
    std::vector<JournalEntry> reparsed = ev.journal();
    for (JournalEntry& e : reparsed)
      if (e.command) e.command = *command_from_json(command_to_json(*e.command));
    ASSERT_EQ(replay(reparsed), ev.state()) << "seed " << seed;
    ++events;
    accepted += ev.accepted;
    undos += ev.undos;
    rounds += static_cast<int>(ev.state().rounds.size());
    for (const JournalEntry& e : ev.journal())
      if (e.command)
        reports += std::holds_alternative<ReportResult>(*e.command) ||
                   std::holds_alternative<ConfirmResult>(*e.command);
  }
  EXPECT_EQ(events, 2000);
  EXPECT_GT(accepted, 20000);
  EXPECT_GT(undos, 1000);
  EXPECT_GT(rounds, 2000);
  EXPECT_GT(reports, 1000);  // players' reports and confirmations are in the mix
}

TEST(JournalReplay, UndoNeverCancelsTheEventsCreation) {
  EventState s;
  std::vector<JournalEntry> journal(1);
  journal[0].seq = 1;
  journal[0].command = CreateEvent{config()};
  EXPECT_FALSE(undo_target(journal));
}

}  // namespace
}  // namespace gauntlet
