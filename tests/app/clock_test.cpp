// The tables' clocks and the round clock (issue 11), per edition, through decide()/apply() only.
#include <gtest/gtest.h>

#include "app/table_clock.hpp"
#include "model/json.hpp"
#include "support/event_fixtures.hpp"
#include "support/property.hpp"

namespace gauntlet {
namespace {

using namespace testing;

constexpr std::int64_t T0 = 1'800'000'000'000;  // the EO starts the round here
constexpr std::int64_t S = 1000, M = 60 * S;

ClockAction act(ClockActionKind k, std::string by, std::int64_t at, int seat = -1) {
  ClockAction c;
  c.table = 1;
  c.action = k;
  c.by = std::move(by);
  c.at_ms = at;
  c.seat = seat;
  return c;
}

ClockAction judge(ClockActionKind k, std::int64_t at, std::string reason, int seat = -1,
                  std::int64_t delta = 0) {
  ClockAction c = act(k, "EO", at, seat);
  c.reason = std::move(reason);
  c.delta_ms = delta;
  return c;
}

// Two players at table 1 of round 1, the round started at T0.
EventState started(EventConfig c = config()) {
  EventState s = event_with_players(2, std::move(c));
  must(s, pairing({table(1, "p1", "p2")}));
  must(s, StartRound{0, T0});
  return s;
}

const TableClock& clock_of(const EventState& s) {
  return *s.rounds.back().tables[0].clock;
}

// p1 and p2 tap through the 4 deployment steps of SR2017 (normal, advance for each), 20 s each.
void deploy(EventState& s, std::int64_t& t) {
  for (int i = 0; i < 4; ++i) must(s, act(ClockActionKind::pass, i % 2 ? "p2" : "p1", t += 20 * S));
}

TEST(SR2017_Deathclock, ExpectedEndIsTheSumOfBothPlayerClocksFromTheStart) {
  // SR2017: "the sum of both player clocks determines the expected end time for each round"; 75
  // points: 60 minutes each.
  EventState s = started();
  EXPECT_EQ(round_end_ms(s, s.rounds.back()), T0 + 120 * M);
  must(s, act(ClockActionKind::start, "p1", T0 + 3 * M, 0));
  EXPECT_EQ(clock_of(s).remaining_ms[0], 60 * M);
}

TEST(SR2017_Deathclock, NoClockStartsBeforeTheEoStartsTheRound) {
  // SR2017: "Upon notification by the EO, the first player starts his clock".
  EventState s = event_with_players(2);
  must(s, pairing({table(1, "p1", "p2")}));
  auto e = run(s, act(ClockActionKind::start, "p1", T0, 0));
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("has not started round 1"), std::string::npos) << e->describe();
}

TEST(SR2017_Deathclock, ATapPassesTheClockAndOnlyTheTurnsOwnerTaps) {
  EventState s = started();
  must(s, act(ClockActionKind::start, "p2", T0, 1));  // p2 goes first
  std::int64_t t = T0;
  must(s, act(ClockActionKind::pass, "p2", t += 90 * S));
  EXPECT_EQ(clock_of(s).remaining_ms[1], 60 * M - 90 * S);
  EXPECT_EQ(clock_of(s).running, 0);
  auto e = run(s, act(ClockActionKind::pass, "p2", t += S));  // not p2's turn any more
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::precondition);
  EXPECT_NE(e->message.find("Player 1's turn"), std::string::npos) << e->describe();
}

TEST(SR2017_Deathclock, TheActivePlayerSwitchesTheClockToTheOpponentAndBack) {
  // SR2017: "The active player can switch the clock to the inactive player's time when the
  // inactive player rolls one or more dice ... It is then both players' responsibility to ensure
  // the clock is switched back to the active player afterward."
  EventState s = started();
  std::int64_t t = T0;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  deploy(s, t);
  must(s, act(ClockActionKind::switch_over, "p1", t += 30 * S));
  must(s, act(ClockActionKind::switch_over, "p1", t += 40 * S));  // p2 rolled for 40 s
  EXPECT_EQ(clock_of(s).remaining_ms[1], 60 * M - 40 * S - 40 * S);
  EXPECT_EQ(clock_of(s).running, 0);
  EXPECT_TRUE(run(s, act(ClockActionKind::switch_over, "p2", t += S)));  // only the active player
}

TEST(SR2017_Deathclock, FifteenSecondMinimumTurnIsWarnedUnlessAVerifiedScenarioWin) {
  // SR2017: "Players must use at least 15 seconds per turn." ... "If a player would achieve a
  // scenario victory by scoring 5 more CPs than the opponent, and both players verify this, a
  // player can immediately end his turn."
  EventState s = started();
  std::int64_t t = T0;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  deploy(s, t);  // deployment taps have no minimum
  EXPECT_EQ(clock_of(s).short_turns[0], 0);
  auto short_pass = decide(s, act(ClockActionKind::pass, "p1", t += 9 * S));
  ASSERT_TRUE(short_pass);
  const auto& notes = std::get<ClockAction>(*short_pass).notes;
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("under the minimum of 15 seconds"), std::string::npos) << notes[0];
  apply(s, *short_pass);
  EXPECT_EQ(clock_of(s).short_turns[0], 1);
  ClockAction win = act(ClockActionKind::pass, "p2", t += 5 * S);
  win.scenario_win = true;
  must(s, win);
  EXPECT_EQ(clock_of(s).short_turns[1], 0);
}

TEST(SR2014_DeathClock, HasNoMinimumTurn) {
  // SR2014 "Death Clock" names no minimum turn: "When scenario win conditions are met, a player can
  // end his turn without activating any other models."
  EventConfig c = config("SR2014", 50);
  c.variants = {{"deathclock", std::nullopt}};
  EventState s = started(c);
  std::int64_t t = T0;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  for (int i = 0; i < 8; ++i) must(s, act(ClockActionKind::pass, i % 2 ? "p2" : "p1", t += 2 * S));
  EXPECT_EQ(clock_of(s).short_turns[0] + clock_of(s).short_turns[1], 0);
  EXPECT_EQ(clock_of(s).remaining_ms[0], 60 * M - 8 * S);
}

TEST(SR2023_Deathclock, HasNoMinimumTurnAndThePhonesAreToldSo) {
  // SR2017's Deathclock: "Players must use at least 15 seconds per turn." SR2023's "Tournament
  // Timing: The Deathclock" has no such sentence; it keeps only "If a player would achieve a
  // scenario victory by scoring 5 more CPs than the opponent, and both players verify this, a
  // player can immediately end their turn." A 3-second SR2023 turn is no short turn.
  EventState s = started(config("SR2023", 75));
  std::int64_t t = T0;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  deploy(s, t);
  auto quick = decide(s, act(ClockActionKind::pass, "p1", t += 3 * S));
  ASSERT_TRUE(quick) << quick.error().describe();
  EXPECT_TRUE(std::get<ClockAction>(*quick).notes.empty());
  apply(s, *quick);
  EXPECT_EQ(clock_of(s).short_turns[0], 0);
  // The phone clock (src/web/player-clock.js) asks before a short pass only when this is above 0.
  EXPECT_EQ(app::round_clock_json(s, s.rounds.back(), false)["min_turn_seconds"], 0);
  const EventState sr2017 = started();
  EXPECT_EQ(app::round_clock_json(sr2017, sr2017.rounds.back(), false)["min_turn_seconds"], 15);
}

TEST(SR2017_Deathclock, PlayersCannotPauseAJudgePausesResumesAndAdjustsWithAReason) {
  // SR2017: "players cannot pause the chess clock at any time. If an EO's call is required to
  // resolve a rules dispute, the EO, at his own discretion, can pause the chess clock".
  EventState s = started();
  std::int64_t t = T0;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  auto e = run(s, act(ClockActionKind::pause, "p1", t += S));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::forbidden);
  EXPECT_TRUE(run(s, judge(ClockActionKind::pause, t, "")));  // a reason is required
  must(s, judge(ClockActionKind::pause, t, "ruling on line of sight"));
  EXPECT_TRUE(run(s, act(ClockActionKind::pass, "p1", t += 2 * M)));  // paused: no tap
  must(s, judge(ClockActionKind::resume, t, ""));
  EXPECT_EQ(clock_of(s).remaining_ms[0], 60 * M - S);  // the pause cost nobody time
  must(s, judge(ClockActionKind::adjust, t += S, "clock left running during the ruling", 1, 90 * S));
  EXPECT_EQ(clock_of(s).remaining_ms[1], 61 * M + 30 * S);
  // The table's expected end moves by the pause and the time added.
  const Table& tb = s.rounds.back().tables[0];
  EXPECT_EQ(table_end_ms(s, s.rounds.back(), tb), T0 + 120 * M + 2 * M + 90 * S);
  ASSERT_EQ(clock_of(s).notes.size(), 3u);
  EXPECT_EQ(clock_of(s).notes[2].what, "added 1:30 to Player 2");
}

TEST(SR2017_Deathclock, AClockThatRunsOutLosesUnlessTheScenarioThenWins) {
  // SR2017: "If a player's clock runs out during his turn and a scoring of the current game state
  // would result in that player achieving a scenario victory by scoring 5 more CPs than the
  // opponent, the scenario is scored immediately, and the player wins via scenario. ... the player
  // whose clock ran out loses the game ... scored as an assassination victory for his opponent".
  EventState s = started();
  std::int64_t t = T0;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  must(s, judge(ClockActionKind::adjust, t += S, "test: little time left", 0, -(60 * M - 10 * S)));
  // A tap after the flag fell is refused; the server records the flag at the instant it fell.
  EXPECT_TRUE(run(s, act(ClockActionKind::pass, "p1", t + 20 * S)));
  auto flag = decide(s, act(ClockActionKind::flag, "server", t + 20 * S));
  ASSERT_TRUE(flag);
  EXPECT_EQ(std::get<ClockAction>(*flag).at_ms, t + 9 * S);
  apply(s, *flag);
  EXPECT_EQ(clock_of(s).flagged, 0);
  // The players' report must say so: p1 cannot report a win on CP alone.
  const auto report = [&](Outcome p1, Ending ending, int cp1, int cp2) {
    ReportResult r;
    r.round = 1;
    r.table = 1;
    r.reporter = "p2";
    r.results[0].outcome = p1;
    r.results[0].cp = cp1;
    r.results[1].outcome = p1 == Outcome::win ? Outcome::loss : Outcome::win;
    r.results[1].cp = cp2;
    r.ending = ending;
    return r;
  };
  EXPECT_TRUE(run(s, report(Outcome::win, Ending::scenario, 3, 1)));
  EXPECT_TRUE(decide(s, report(Outcome::win, Ending::scenario, 6, 1)).has_value());
  EXPECT_TRUE(decide(s, report(Outcome::loss, Ending::clock, 3, 1)).has_value());
}

TEST(SR2017_Deathclock, AtTheExpectedEndMoreThanFiveMinutesCombinedIsATieLessPlaysOn) {
  // SR2017: "Games with less than 5 minutes combined on both player clocks are played to
  // completion. Games with more than 5 minutes combined on both player clocks are declared a tie".
  EventState s = started();
  must(s, act(ClockActionKind::start, "p1", T0, 0));
  const std::int64_t end = T0 + 120 * M;
  EXPECT_TRUE(run(s, act(ClockActionKind::time_up, "server", end - S)));  // not yet
  // p1's clock has run all along: it flags at T0 + 60 min, long before the end.
  EXPECT_EQ(app::due_clock_actions(s, T0 + 60 * M + 2 * S).at(0).action, ClockActionKind::flag);

  EventState late = started();
  std::int64_t t = T0 + 30 * M;  // the table started 30 minutes late
  must(late, act(ClockActionKind::start, "p1", t, 0));
  for (int i = 0; i < 10; ++i) must(late, act(ClockActionKind::pass, i % 2 ? "p2" : "p1", t += 9 * M));
  // At the end: p1 used 45 min, p2 45 min: 30 minutes combined remain -> a tie.
  auto due = app::due_clock_actions(late, end);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].action, ClockActionKind::time_up);
  must(late, due[0]);
  EXPECT_TRUE(clock_of(late).time_up_tie);
  EXPECT_TRUE(run(late, act(ClockActionKind::pass, "p1", end + S)));

  // Started 3 minutes late and played briskly: 3:00 combined remain at the end -> played on.
  EventState close = started();
  t = T0 + 3 * M;
  must(close, act(ClockActionKind::start, "p1", t, 0));
  for (int i = 0; i < 20; ++i)
    must(close, act(ClockActionKind::pass, i % 2 ? "p2" : "p1", t += 5 * M + 50 * S));
  must(close, act(ClockActionKind::time_up, "server", end));
  EXPECT_TRUE(clock_of(close).playing_on);
  EXPECT_FALSE(clock_of(close).time_up_tie);
}

TEST(SR2017_ClassicTurnTiming, ATurnTimerPerTurnAndOneExtensionFromFiftyPoints) {
  // SR2017 "Classic Turn Timing": 75 points: 100-minute round, 10-minute turns, 5-minute
  // extension; "once per game each player can extend his turn length".
  EventConfig c = config("SR2017", 75);
  c.variants = {{"classic-turn-timing", std::nullopt}};
  EventState s = started(c);
  EXPECT_EQ(round_end_ms(s, s.rounds.back()), T0 + 100 * M);
  std::int64_t t = T0;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  must(s, act(ClockActionKind::extension, "p1", t += 11 * M));  // the turn timer stops at 0
  EXPECT_EQ(clock_of(s).remaining_ms[0], 5 * M);
  EXPECT_TRUE(run(s, act(ClockActionKind::extension, "p1", t += S)));  // one per game
  must(s, act(ClockActionKind::pass, "p1", t += M));
  EXPECT_EQ(clock_of(s).remaining_ms[1], 10 * M);
  must(s, act(ClockActionKind::switch_over, "p2", t += M));  // "stop the clock"
  must(s, act(ClockActionKind::switch_over, "p2", t += M));
  EXPECT_EQ(clock_of(s).remaining_ms[1], 9 * M);
  EXPECT_TRUE(app::due_clock_actions(s, t + 60 * M).empty());  // no flag in classic timing
}

TEST(AllEditions_Clock, BadInputIsRefusedAndNothingChanges) {
  EventState s = started();
  must(s, act(ClockActionKind::start, "p1", T0, 0));
  s.players.push_back(player("Outsider"));
  s.players.back().id = "p9";
  const EventState before = s;
  EXPECT_EQ(run(s, act(ClockActionKind::pass, "p9", T0 + S))->kind, ErrorKind::forbidden);
  ClockAction other = act(ClockActionKind::pass, "p1", T0 + S);
  other.round = 2;
  EXPECT_EQ(run(s, other)->kind, ErrorKind::not_found);  // unpublished round
  EXPECT_EQ(run(s, act(ClockActionKind::pass, "p1", T0 - S))->field, "round 1, table 1.at_ms");
  must(s, win_at(1, 0));
  const EventState finished = s;
  EXPECT_EQ(run(s, act(ClockActionKind::pass, "p1", T0 + 2 * S))->kind, ErrorKind::precondition);
  EXPECT_EQ(s, finished);
  (void)before;
}

TEST(AllEditions_Clock, ClockActionsAreNotUndoneByTheEosUndo) {
  EventState s = started();
  std::vector<JournalEntry> journal;
  // Replay equals the live state, and undo skips the taps to the EO's last action.
  EventState live;
  const auto add = [&](Command c) {
    auto r = decide(live, std::move(c));
    ASSERT_TRUE(r) << r.error().describe();
    apply(live, *r);
    journal.push_back(JournalEntry{static_cast<std::int64_t>(journal.size() + 1), "", *r, std::nullopt});
  };
  add(CreateEvent{config()});
  add(AddPlayer{player("A")});
  add(AddPlayer{player("B")});
  add(pairing({table(1, "p1", "p2")}));
  add(StartRound{0, T0});
  add(act(ClockActionKind::start, "p1", T0, 0));
  add(act(ClockActionKind::pass, "p1", T0 + M));
  EXPECT_EQ(replay(journal), live);
  EXPECT_EQ(*undo_target(journal), 5);  // the start of the round, not a tap
}

}  // namespace
}  // namespace gauntlet

namespace gauntlet {
namespace {

using namespace testing;

// Random clock actions (taps by either player, judges' pauses, resumes and adjustments, flags and
// expected ends as the server would record them, bad input among them) on random tables of a
// started round. Replay of the journal (and of its JSON) equals the live state; while a Deathclock
// runs untouched by judges, the time both banks lost equals the time that passed unpaused.
TEST(AllEditions_Clock, ReplayReproducesEveryClockExactly_Property) {
  const int cases = property_cases(2000);
  int events = 0, accepted = 0, flags = 0, time_ups = 0;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(cases); ++seed) {
    Rng rng(seed);
    EventConfig c = config(seed % 3 ? "SR2017" : "SR2023", 75);
    if (seed % 5 == 0) c.variants = {{"classic-turn-timing", std::nullopt}};
    std::vector<JournalEntry> journal;
    EventState live;
    const auto add = [&](Command cmd) {
      auto r = decide(live, std::move(cmd));
      if (!r) return false;
      apply(live, *r);
      journal.push_back(JournalEntry{static_cast<std::int64_t>(journal.size() + 1), "", *r, std::nullopt});
      return true;
    };
    add(CreateEvent{c});
    const int tables = 1 + static_cast<int>(rng.below(4));
    std::vector<Table> ts;
    const std::string faction = find_edition(c.edition)->factions.front();
    for (int i = 1; i <= 2 * tables; ++i) add(AddPlayer{player("P" + std::to_string(i), faction)});
    ASSERT_EQ(live.players.size(), static_cast<std::size_t>(2 * tables));
    for (int t = 1; t <= tables; ++t)
      ts.push_back(table(t, "p" + std::to_string(2 * t - 1), "p" + std::to_string(2 * t)));
    ASSERT_TRUE(add(pairing(ts)));
    ASSERT_TRUE(add(StartRound{0, T0}));
    std::int64_t now = T0;
    for (int step = 0; step < 60; ++step) {
      now += static_cast<std::int64_t>(rng.below(8 * 60)) * S;
      ClockAction a;
      a.table = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(tables)));
      a.at_ms = now - static_cast<std::int64_t>(rng.below(3)) * S;  // sometimes a late tap
      const auto kind = rng.below(20);
      const Table& t = *live.rounds.back().find_table(a.table);
      a.by = t.players[rng.below(2)];
      if (kind < 10)
        a.action = ClockActionKind::pass;
      else if (kind < 12)
        a.action = ClockActionKind::switch_over;
      else if (kind < 13)
        a.action = ClockActionKind::extension;
      else if (kind < 16) {
        a.action = kind == 13   ? ClockActionKind::pause
                   : kind == 14 ? ClockActionKind::resume
                                : ClockActionKind::adjust;
        a.by = rng.below(8) ? "EO" : a.by;  // a player trying: refused
        a.reason = rng.below(8) ? "ruling" : "";
        a.seat = static_cast<int>(rng.below(2));
        a.delta_ms = (static_cast<std::int64_t>(rng.below(600)) - 300) * S;
      } else {
        a.action = ClockActionKind::start;
        a.seat = static_cast<int>(rng.below(2));
      }
      accepted += add(a);
      for (const ClockAction& due : app::due_clock_actions(live, now)) {
        flags += due.action == ClockActionKind::flag;
        time_ups += due.action == ClockActionKind::time_up;
        ASSERT_TRUE(add(due)) << "seed " << seed << ": the server's own action was refused";
      }
    }
    ASSERT_EQ(replay(journal), live) << "seed " << seed;
    std::vector<JournalEntry> reparsed = journal;
    for (JournalEntry& e : reparsed) e.command = *command_from_json(command_to_json(*e.command));
    ASSERT_EQ(replay(reparsed), live) << "seed " << seed;
    // Undoing the pairing leaves the taps in the journal: replay skips them, nothing throws.
    std::vector<JournalEntry> undone = journal;
    undone.push_back(
        JournalEntry{static_cast<std::int64_t>(journal.size() + 1), "", std::nullopt, 1 + 2 * tables + 1});
    EXPECT_TRUE(replay(undone).rounds.empty()) << "seed " << seed;
    ++events;
  }
  EXPECT_EQ(events, cases);
  EXPECT_GT(accepted, cases * 10);
  EXPECT_GT(flags, cases / 20);
  EXPECT_GT(time_ups, cases / 50);
}

TEST(SR2017_Deathclock, BothClocksTogetherLoseExactlyTheTimeThatPassedUnpaused) {
  EventState s = started();
  std::int64_t t = T0 + 7 * S;
  must(s, act(ClockActionKind::start, "p1", t, 0));
  Rng rng(7);
  std::int64_t unpaused = 0;
  for (int i = 0; i < 40; ++i) {
    const std::int64_t step = static_cast<std::int64_t>(1 + rng.below(90)) * S;
    const Table& tb = s.rounds.back().tables[0];
    const bool was_paused = tb.clock->paused;
    if (rng.below(6) == 0) {
      must(s, judge(was_paused ? ClockActionKind::resume : ClockActionKind::pause, t += step, "ruling"));
    } else if (!was_paused) {
      const bool pass = rng.below(4) || tb.clock->in_deployment();  // no switch in deployment
      must(s, act(pass ? ClockActionKind::pass : ClockActionKind::switch_over,
                  tb.players[static_cast<std::size_t>(tb.clock->turn)], t += step));
    } else {
      continue;
    }
    if (!was_paused) unpaused += step;
    const auto& left = clock_of(s).remaining_ms;
    ASSERT_EQ(120 * M - left[0] - left[1], unpaused) << "step " << i;
  }
}

}  // namespace
}  // namespace gauntlet
