// Property: any event the engine accepts survives the event file. write_event_file then
// parse_event_file gives back the same state and the same standings; the state-shaped part alone
// (the file without its "journal", as another tool would write it) scores the same standings.
#include "support/event_files.hpp"
#include "support/property.hpp"
#include "support/random_event.hpp"

namespace gauntlet {
namespace {

using namespace testing;

// Cases per property; property_cases() fails the test if this is ever 0.
constexpr int kEvents = 400;

RandomEvent random_event(std::uint64_t seed, RandomEventOptions options = {}) {
  RandomEvent ev(seed, options);
  const int steps = 30 + static_cast<int>(seed % 150);
  for (int i = 0; i < steps; ++i) ev.step();
  return ev;
}

TEST(EventFileRoundTrip, WriteThenParseGivesTheSameStateAndStandings_Property) {
  int rounds = 0, undos = 0;
  const auto events = static_cast<std::uint64_t>(property_cases(kEvents));
  for (std::uint64_t seed = 1; seed <= events; ++seed) {
    const RandomEvent ev = random_event(seed);
    ASSERT_TRUE(ev.state().created) << "seed " << seed;
    const std::string text = write_event_file(ev.state(), ev.journal()).dump(2);
    const auto back = parse_event_file(text);
    ASSERT_TRUE(back) << "seed " << seed << ": " << back.error().describe();
    ASSERT_EQ(back->state, ev.state()) << "seed " << seed;
    ASSERT_EQ(compute_standings(back->state), compute_standings(ev.state())) << "seed " << seed;
    // The file keeps the whole history, undo entries included, so a second trip is a fixed point.
    ASSERT_EQ(back->journal.size(), ev.journal().size()) << "seed " << seed;
    EXPECT_EQ(write_event_file(back->state, back->journal).dump(2), text) << "seed " << seed;
    rounds += static_cast<int>(ev.state().rounds.size());
    for (const JournalEntry& e : ev.journal()) undos += e.undoes ? 1 : 0;
  }
  // The generator must reach the interesting cases, or the property proves little.
  EXPECT_GT(rounds, static_cast<int>(kEvents));
  EXPECT_GT(undos, 50);
}

// Without its journal a file no longer says in which order late entries, drops and round
// closes happened, and that order can decide a Cut to Top X or whether a single leader had
// already ended the event. The state-shaped reader tries the orderings that matter; when the
// rounds still cannot be rebuilt it must refuse with a message — never import different standings.
TEST(EventFileRoundTrip, StateShapedPartAloneReimportsToTheSameStandingsOrRefuses_Property) {
  int with_byes = 0, with_drops = 0, with_late = 0, refused = 0;
  const auto events = static_cast<std::uint64_t>(property_cases(kEvents));
  for (std::uint64_t seed = 1; seed <= events; ++seed) {
    // Every result an EO record: the state-shaped part cannot hold a pending phone report.
    const RandomEvent ev = random_event(seed, {.phone_reports = false});
    nlohmann::json j = write_event_file(ev.state(), ev.journal());
    j.erase("journal");
    const auto back = read_event_file(j);
    if (!back) {
      EXPECT_FALSE(back.error().describe().empty());
      ++refused;
      continue;
    }
    ASSERT_EQ(compute_standings(back->state), compute_standings(ev.state())) << "seed " << seed;
    // Registration order aside: a player left out of round 1 by check-in (issue 10 point 1) was
    // registered before it, but the state-shaped file can only register them before round 2.
    auto by_id = [](std::vector<Player> ps) {
      std::sort(ps.begin(), ps.end(), [](const Player& a, const Player& b) { return a.id < b.id; });
      return ps;
    };
    EXPECT_EQ(by_id(back->state.players), by_id(ev.state().players)) << "seed " << seed;
    EXPECT_EQ(back->state.rounds, ev.state().rounds) << "seed " << seed;
    EXPECT_EQ(back->state.cut, ev.state().cut) << "seed " << seed;
    for (const Round& r : ev.state().rounds) with_byes += r.bye ? 1 : 0;
    for (const Player& p : ev.state().players) {
      with_drops += p.status == PlayerStatus::dropped || p.status == PlayerStatus::disqualified;
      with_late += p.joined_round > 1;
    }
  }
  EXPECT_GT(with_byes, 50);
  EXPECT_GT(with_drops, 50);
  EXPECT_GT(with_late, 50);
  // The random events interleave late entries, drops and disqualifications far more than real
  // ones; even so almost all must come back.
  EXPECT_LT(refused, static_cast<int>(kEvents) / 20) << refused << " of " << kEvents << " refused";
}

}  // namespace
}  // namespace gauntlet
