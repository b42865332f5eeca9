// Random events driven only through decide()/apply(), with a journal kept the way the store keeps
// it: for property tests of replay, undo, the journal's JSON and the event file. One step is a
// random command (accepted or refused) or an undo; over many steps an event sees late entries,
// drops, disqualifications, byes, every ending, players' reports and confirmations, max-rounds,
// cuts and the scoring variants. Every undo is checked on the spot: it must restore exactly the
// state before the undone command (a test failure otherwise).
//
//   RandomEvent ev(seed);                          // or RandomEvent ev(seed, {.phone_reports = false});
//   for (int i = 0; i < 100; ++i) ev.step();
//   EXPECT_EQ(replay(ev.journal()), ev.state());
//   ev.accepted, ev.rejected, ev.undos             // how much the event exercised
//
// The steps are carried out by a driver: RandomEvent's EngineDriver calls decide()/apply() and keeps
// the journal here; BasicRandomEvent<D> takes any class with the same four members (state(),
// journal(), submit(Command) -> accepted?, undo() -> appended?), e.g. one over an EventSession on a
// real database (tests/journal/checkpoint_property_test.cpp).
//
// play_random_results(s, rng) plays the open round of an engine-built event (support/
// event_fixtures.hpp) with random results and closes it. For random states built without the
// engine (standings tests) see support/random_state.hpp; for the pure pairing core,
// support/swiss_sim.hpp.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "engine/engine.hpp"
#include "model/rounds.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet::testing {

struct RandomEventOptions {
  // Players report results from their phones and opponents confirm or dispute them, beside the
  // EO's own records. Off: every result is an EO record, so no round is left holding a pending
  // report (what an event file written by another tool can express).
  bool phone_reports = true;
};

// Commands through decide()/apply(), the journal kept the way the store keeps it.
class EngineDriver {
 public:
  const EventState& state() const { return state_; }
  const std::vector<JournalEntry>& journal() const { return journal_; }

  bool submit(Command c) {
    auto r = decide(state_, std::move(c));
    if (!r) return false;
    apply(state_, *r);
    JournalEntry e = next_entry();
    e.command = std::move(*r);
    journal_.push_back(std::move(e));
    return true;
  }

  bool undo() {
    auto target = undo_target(journal_);
    if (!target) return false;
    JournalEntry e = next_entry();
    e.undoes = *target;
    journal_.push_back(std::move(e));
    state_ = replay(journal_);
    return true;
  }

 private:
  JournalEntry next_entry() const {
    JournalEntry e;
    e.seq = static_cast<std::int64_t>(journal_.size()) + 1;
    e.at = "2026-11-22T10:00:00Z";
    return e;
  }

  EventState state_;
  std::vector<JournalEntry> journal_;
};

template <class Driver>
class BasicRandomEvent {
 public:
  explicit BasicRandomEvent(std::uint64_t seed, RandomEventOptions options = {}, Driver driver = {})
      : rng_(seed), options_(options), driver_(std::move(driver)) {}

  // One random step: a command (accepted or not) or an undo.
  void step() {
    if (!state().created) return create();
    const auto roll = rng_.below(100);
    if (roll < 5 && journal().size() > 1) return undo();
    if (roll < 25 || state().players.size() < 4) return add_player();
    if (roll < 30) return drop();
    const Round* current = state().rounds.empty() ? nullptr : &state().rounds.back();
    if (!current || current->closed) return pair();
    for (const Table& t : current->tables)
      if (!t.results || rng_.below(12) == 0) return result(*current, t);
    submit(CloseRound{});
  }

  const EventState& state() const { return driver_.state(); }
  const std::vector<JournalEntry>& journal() const { return driver_.journal(); }
  Driver& driver() { return driver_; }
  int accepted = 0, rejected = 0, undos = 0;

 private:
  std::string pick(std::initializer_list<const char*> options) {
    auto it = options.begin();
    std::advance(it, rng_.below(options.size()));
    return *it;
  }

  void create() {
    EventConfig c;
    c.name = "Random " + std::to_string(rng_.below(1000));
    c.edition = pick({"SR2014", "SR2017", "SR2023"});
    c.points = c.edition == "SR2014" ? 50 : c.edition == "SR2017" ? 75 : 100;
    c.seed = rng_.next();
    if (rng_.below(3) == 0) c.variants.push_back({"max-rounds", static_cast<int>(rng_.below(4)) + 2});
    if (c.edition == "SR2017" && rng_.below(4) == 0) c.variants.push_back({"cut-to-top", 4});
    if (rng_.below(5) == 0)
      c.variants.push_back({pick({"assassin-scoring", "control-point-scoring"}), std::nullopt});
    if (rng_.below(4) == 0) c.venue = "Hall " + std::to_string(rng_.below(9));
    submit(CreateEvent{c});
  }

  void add_player() {
    const auto& factions = edition_of(state()).factions;
    Player p;
    p.name = "P" + std::to_string(rng_.next() % 100000);
    p.faction = factions[rng_.below(factions.size())];
    if (rng_.below(3) == 0) p.club = "Club " + std::to_string(rng_.below(5));
    if (rng_.below(4) == 0) p.status = PlayerStatus::checked_in;
    submit(AddPlayer{p});
  }

  void drop() {
    const Player& p = state().players[rng_.below(state().players.size())];
    submit(SetPlayerStatus{p.id, rng_.below(6) == 0 ? PlayerStatus::disqualified : PlayerStatus::dropped,
                           std::nullopt});
  }

  void pair() {
    const int round = static_cast<int>(state().rounds.size()) + 1;
    std::vector<PlayerId> ids;
    for (const Player& p : state().players)
      if (plays_in(state(), p, round) && p.status != PlayerStatus::disqualified) ids.push_back(p.id);
    if (state().cut) ids = state().cut->top;
    rng_.shuffle(ids);
    PairRound c;
    if (ids.size() % 2) {
      c.bye = ids.back();
      ids.pop_back();
    }
    for (std::size_t i = 0; i + 1 < ids.size(); i += 2)
      c.tables.push_back(table(static_cast<int>(i / 2) + 1, ids[i], ids[i + 1]));
    submit(c);
  }

  // A result for table `t`: the EO's record, or (phone reports) a player's report or the
  // opponent's confirmation or dispute of one.
  void result(const Round& round, const Table& t) {
    RecordResult r = random_result(round.number, t.number);
    if (options_.phone_reports) {
      const auto how = rng_.below(4);
      if (how == 0)
        return submit(ReportResult{r.round, r.table, t.players[rng_.below(2)], r.results, r.ending});
      if (how == 1 && t.report) {
        const PlayerId& other = t.report->reporter == t.players[0] ? t.players[1] : t.players[0];
        return submit(ConfirmResult{r.round, r.table, other, rng_.below(3) != 0, "disputed", std::nullopt});
      }
    }
    submit(r);
  }

  RecordResult random_result(int round, int table_number) {
    RecordResult r;
    r.round = round;
    r.table = table_number;
    const int cp_a = static_cast<int>(rng_.below(5)), cp_b = static_cast<int>(rng_.below(5));
    r.results[0] = GameResult{Outcome::tie, cp_a, static_cast<int>(rng_.below(80)), std::nullopt, {}};
    r.results[1] = GameResult{Outcome::tie, cp_b, static_cast<int>(rng_.below(80)), std::nullopt, {}};
    if (rng_.below(12) == 0) {
      r.ending = Ending::tie;
      return r;
    }
    const int w = static_cast<int>(rng_.below(2));
    r.results[w].outcome = Outcome::win;
    r.results[1 - w].outcome = Outcome::loss;
    static constexpr Ending kEndings[] = {Ending::assassination, Ending::clock, Ending::tiebreaker,
                                          Ending::concession, Ending::scenario};
    r.ending = kEndings[rng_.below(5)];
    if (r.ending == Ending::scenario) {
      r.results[w].cp = 5;
      r.results[1 - w].cp = 0;
    }
    if (r.ending == Ending::tiebreaker) {  // the ladder's own winner: tied CP, no fewer AP destroyed
      r.results[w].cp = r.results[1 - w].cp;
      r.results[w].ap = std::max(r.results[w].ap, r.results[1 - w].ap);
    }
    return r;
  }

  void submit(Command c) {
    history_.push_back(state());
    if (!driver_.submit(std::move(c))) {
      history_.pop_back();
      ++rejected;
      return;
    }
    ++accepted;
  }

  void undo() {
    if (!driver_.undo()) return;
    // Undo must restore exactly the state before the undone command.
    ASSERT_FALSE(history_.empty());
    EXPECT_EQ(state(), history_.back());
    history_.pop_back();
    ++undos;
  }

  Rng rng_;
  RandomEventOptions options_;
  Driver driver_;
  std::vector<EventState> history_;  // the state before each effective entry
};

using RandomEvent = BasicRandomEvent<EngineDriver>;

// Random results for the open round (a tie one time in ten), then closes it. Retried on a copy so
// that a single leader (SR2017 "Number of Rounds") does not end the event before round
// `keep_going_until`; a test failure when 1000 tries all end it.
inline void play_random_results(EventState& s, Rng& rng, int keep_going_until = 0) {
  for (int attempt = 0; attempt < 1000; ++attempt) {
    EventState t = s;
    std::vector<int> numbers;
    for (const Table& tb : t.rounds.back().tables) numbers.push_back(tb.number);
    for (int n : numbers) {
      const std::uint64_t r = rng.below(10);
      must(t, r == 0 ? Command{tie_at(n)} : Command{win_at(n, static_cast<int>(r % 2))});
    }
    must(t, CloseRound{});
    if (t.rounds.back().number >= keep_going_until || !event_finished(t)) {
      s = std::move(t);
      return;
    }
  }
  FAIL() << "could not keep the event going";
}

}  // namespace gauntlet::testing
