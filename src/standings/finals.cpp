#include "standings/finals.hpp"

#include <algorithm>
#include <optional>
#include <unordered_set>
#include <utility>

#include "model/rounds.hpp"

namespace gauntlet::standings_detail {
namespace {

// (winner, loser) of a decided table; nothing for a tie.
std::optional<std::pair<PlayerId, PlayerId>> decided(const Table& t) {
  const auto& r = *t.results;
  if (r[0].outcome == Outcome::win && r[1].outcome != Outcome::win)
    return std::pair{t.players[0], t.players[1]};
  if (r[1].outcome == Outcome::win && r[0].outcome != Outcome::win)
    return std::pair{t.players[1], t.players[0]};
  return std::nullopt;
}

// The table of `round` where `a` and `b` play each other; nullptr when they do not.
const Table* game_between(const Round& round, const PlayerId& a, const PlayerId& b) {
  const Table* t = round.table_of(a);
  if (!t) return nullptr;
  return (t->players[0] == b || t->players[1] == b) ? t : nullptr;
}

// The top four of the final round's field as ranked before it: the standings of the event
// without its final round (what the pairer ranked the finals by), keeping the players the final
// round seats or gives the bye (a player who dropped before it is no finalist).
std::vector<PlayerId> top_four_before(const EventState& state, const Round& last) {
  EventState before = state;
  before.rounds.erase(std::remove_if(before.rounds.begin(), before.rounds.end(),
                                     [&](const Round& r) { return r.number >= last.number; }),
                      before.rounds.end());
  // A disqualification entered after the final round does not change who the finalists were.
  for (Player& p : before.players)
    if (p.status == PlayerStatus::disqualified && p.disqualified_after &&
        *p.disqualified_after >= last.number) {
      p.status = PlayerStatus::checked_in;
      p.disqualified_after.reset();
    }
  std::unordered_set<std::string_view> field;
  for (const Table& t : last.tables) field.insert(t.players.begin(), t.players.end());
  if (last.bye) field.insert(*last.bye);
  std::vector<PlayerId> top;
  for (const StandingRow& row : compute_standings(before).rows) {
    if (top.size() == 4) break;
    if (field.contains(row.id)) top.push_back(row.id);
  }
  return top;
}

}  // namespace

std::size_t apply_finals_tables(const EventState& state, std::vector<StandingRow>& rows) {
  if (state.rounds.empty()) return 0;
  const Round& last = *std::max_element(state.rounds.begin(), state.rounds.end(),
                                        [](const Round& a, const Round& b) { return a.number < b.number; });
  // SR2017 "Finals Tables": "When creating match-ups for the final round of the event, the EO
  // pairs the current top four players on two finals tables": only the final round places anyone.
  if (last.number < planned_rounds(state) && !event_finished(state)) return 0;
  if (last.number < 2) return 0;  // round 1 has no current standings to pair by
  // "The first finals table matches the current first-ranked player against the current
  // second-ranked player. The second finals table matches the current third-ranked player against
  // the current fourth-ranked player." The finals are those games, not tables 1 and 2: a fixed
  // table (accessibility) may give them other numbers.
  const std::vector<PlayerId> top = top_four_before(state, last);
  if (top.size() < 2) return 0;
  const Table* one = game_between(last, top[0], top[1]);
  const Table* two = top.size() == 4 ? game_between(last, top[2], top[3]) : nullptr;
  if (!one || !one->results || (two && !two->results)) return 0;

  // "The winner of the first finals table wins the event, and his opponent wins second place.
  // The winner of the second finals table wins third place." A tied table places nobody (the
  // rules name no winner); 3rd place is only given once 1st and 2nd are.
  std::vector<std::pair<PlayerId, std::string>> placed;
  auto first = decided(*one);
  if (!first) return 0;
  placed.emplace_back(first->first, "finals table 1 winner");
  placed.emplace_back(first->second, "finals table 1 loser");
  if (two)
    if (auto third = decided(*two)) placed.emplace_back(third->first, "finals table 2 winner");

  std::vector<StandingRow> front;
  for (auto& [id, why] : placed) {
    // An init-capture: clang 14 (the fuzz build) cannot capture a structured binding.
    auto it = std::find_if(rows.begin(), rows.end(), [&id = id](const StandingRow& r) { return r.id == id; });
    if (it == rows.end()) continue;  // disqualified or frozen: stays in its own group
    it->placed_by = why;
    front.push_back(std::move(*it));
    rows.erase(it);
  }
  const std::size_t placed_count = front.size();
  rows.insert(rows.begin(), std::make_move_iterator(front.begin()), std::make_move_iterator(front.end()));
  return placed_count;
}

}  // namespace gauntlet::standings_detail
