// Random events driven only through decide()/apply(), with a journal kept the way the store keeps
// it (an idea copied from tests/event/replay_property_test.cpp; test folders do not include each
// other). Covers late entries, drops, disqualifications, byes, every ending, cuts and undo.
#pragma once

#include <initializer_list>
#include <iterator>

#include "core/rng.hpp"
#include "engine/engine.hpp"

namespace gauntlet::testing {

class RandomEvent {
 public:
  explicit RandomEvent(std::uint64_t seed) : rng_(seed) {}

  void step() {
    if (!state_.created) return create();
    const auto roll = rng_.below(100);
    if (roll < 5 && journal_.size() > 1) return undo();
    if (roll < 25 || state_.players.size() < 4) return add_player();
    if (roll < 30) return drop();
    const Round* current = state_.rounds.empty() ? nullptr : &state_.rounds.back();
    if (!current || current->closed) return pair();
    for (const Table& t : current->tables)
      if (!t.results || rng_.below(12) == 0) return submit(random_result(current->number, t.number));
    submit(CloseRound{});
  }

  const EventState& state() const { return state_; }
  const std::vector<JournalEntry>& journal() const { return journal_; }

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
    const auto& factions = edition_of(state_).factions;
    Player p;
    p.name = "P" + std::to_string(rng_.next() % 100000);
    p.faction = factions[rng_.below(factions.size())];
    if (rng_.below(3) == 0) p.club = "Club " + std::to_string(rng_.below(5));
    if (rng_.below(4) == 0) p.status = PlayerStatus::checked_in;
    submit(AddPlayer{p});
  }

  void drop() {
    const Player& p = state_.players[rng_.below(state_.players.size())];
    submit(SetPlayerStatus{p.id, rng_.below(6) == 0 ? PlayerStatus::disqualified : PlayerStatus::dropped,
                           std::nullopt});
  }

  void pair() {
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
    for (std::size_t i = 0; i + 1 < ids.size(); i += 2) {
      Table t;
      t.number = static_cast<int>(i / 2) + 1;
      t.players = {ids[i], ids[i + 1]};
      c.tables.push_back(t);
    }
    submit(c);
  }

  RecordResult random_result(int round, int table_number) {
    RecordResult r;
    r.round = round;
    r.table = table_number;
    const int cp_a = static_cast<int>(rng_.below(5)), cp_b = static_cast<int>(rng_.below(5));
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

  void submit(Command c) {
    auto r = decide(state_, std::move(c));
    if (!r) return;
    apply(state_, *r);
    JournalEntry e;
    e.seq = static_cast<std::int64_t>(journal_.size()) + 1;
    e.at = "2026-11-22T10:00:00Z";
    e.command = *r;
    journal_.push_back(std::move(e));
  }

  void undo() {
    auto target = undo_target(journal_);
    if (!target) return;
    JournalEntry e;
    e.seq = static_cast<std::int64_t>(journal_.size()) + 1;
    e.at = "2026-11-22T10:00:00Z";
    e.undoes = *target;
    journal_.push_back(e);
    state_ = replay(journal_);
  }

  Rng rng_;
  EventState state_;
  std::vector<JournalEntry> journal_;
};

}  // namespace gauntlet::testing
