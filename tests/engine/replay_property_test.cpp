// Property tests over thousands of random events: replaying the journal reproduces the live
// state exactly, and an undo restores the state before the undone command exactly.
#include <random>

#include "core/rng.hpp"
#include "model/json.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;

// Drives one random event through decide(), keeping a journal the way the store does.
class RandomEvent {
 public:
  explicit RandomEvent(std::uint64_t seed) : rng_(seed) {}

  // One random step: a command (accepted or not) or an undo.
  void step() {
    if (!state_.created) {
      EventConfig c = config(pick({"SR2014", "SR2017", "SR2023"}), 0);
      c.points = c.edition == "SR2014" ? 50 : 75;
      c.seed = rng_.next();
      if (rng_.below(3) == 0) c.variants.push_back({"max-rounds", static_cast<int>(rng_.below(4)) + 2});
      submit(CreateEvent{c});
      return;
    }
    const auto roll = rng_.below(100);
    if (roll < 6 && journal_.size() > 1) return undo();
    if (roll < 30 || state_.players.size() < 4)
      return submit(AddPlayer{player("P" + std::to_string(rng_.next() % 100000), pick_faction())});
    if (roll < 36) return submit_drop();
    Round* current = state_.rounds.empty() ? nullptr : &state_.rounds.back();
    if (!current || current->closed) return submit_pairing();
    for (const Table& t : current->tables)
      if (!t.results || rng_.below(10) == 0) {
        const auto how = rng_.below(4);
        RecordResult r = random_result(current->number, t.number);
        // Players report from their phones; the opponent confirms or disputes.
        if (how == 0)
          return submit(ReportResult{r.round, r.table, t.players[rng_.below(2)], r.results, r.ending});
        if (how == 1 && t.report) {
          const PlayerId& other = t.report->reporter == t.players[0] ? t.players[1] : t.players[0];
          return submit(ConfirmResult{r.round, r.table, other, rng_.below(3) != 0, "disputed", std::nullopt});
        }
        return submit(r);
      }
    submit(CloseRound{});
  }

  const EventState& state() const { return state_; }
  const std::vector<JournalEntry>& journal() const { return journal_; }
  int accepted = 0, rejected = 0, undos = 0;

 private:
  std::string pick(std::initializer_list<const char*> options) {
    auto it = options.begin();
    std::advance(it, rng_.below(options.size()));
    return *it;
  }
  std::string pick_faction() {
    const auto& fs = edition_of(state_).factions;
    return fs[rng_.below(fs.size())];
  }

  void submit(Command c) {
    auto r = decide(state_, std::move(c));
    if (!r) {
      ++rejected;
      return;
    }
    history_.push_back(state_);
    apply(state_, *r);
    JournalEntry e;
    e.seq = static_cast<std::int64_t>(journal_.size()) + 1;
    e.command = *r;
    journal_.push_back(std::move(e));
    ++accepted;
  }

  void undo() {
    auto target = undo_target(journal_);
    if (!target) return;
    JournalEntry e;
    e.seq = static_cast<std::int64_t>(journal_.size()) + 1;
    e.undoes = *target;
    journal_.push_back(e);
    state_ = replay(journal_);
    // Undo must restore exactly the state before the undone command.
    ASSERT_FALSE(history_.empty());
    EXPECT_EQ(state_, history_.back());
    history_.pop_back();
    ++undos;
  }

  void submit_drop() {
    const Player& p = state_.players[rng_.below(state_.players.size())];
    submit(SetPlayerStatus{p.id, rng_.below(8) == 0 ? PlayerStatus::disqualified : PlayerStatus::dropped,
                           std::nullopt});
  }

  void submit_pairing() {
    const int round = static_cast<int>(state_.rounds.size()) + 1;
    std::vector<PlayerId> ids;
    for (const Player& p : state_.players)
      if (p.active_in(round) && p.status != PlayerStatus::disqualified) ids.push_back(p.id);
    if (state_.cut) ids = state_.cut->top;
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

  RecordResult random_result(int round, int table_number) {
    RecordResult r;
    r.round = round;
    r.table = table_number;
    const int cp_a = static_cast<int>(rng_.below(6)), cp_b = static_cast<int>(rng_.below(6));
    r.results[0] = GameResult{Outcome::tie, cp_a, static_cast<int>(rng_.below(80)), std::nullopt};
    r.results[1] = GameResult{Outcome::tie, cp_b, static_cast<int>(rng_.below(80)), std::nullopt};
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
    return r;
  }

  Rng rng_;
  EventState state_;
  std::vector<JournalEntry> journal_;
  std::vector<EventState> history_;  // state before each effective entry
};

TEST(JournalReplay, ReplayEqualsLiveStateAndUndoRestoresExactly_Property) {
  int events = 0, accepted = 0, undos = 0, rounds = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
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
  }
  EXPECT_EQ(events, 2000);
  EXPECT_GT(accepted, 20000);
  EXPECT_GT(undos, 1000);
  EXPECT_GT(rounds, 2000);
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
