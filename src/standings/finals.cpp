#include "standings/finals.hpp"

#include <algorithm>
#include <optional>
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

}  // namespace

std::size_t apply_finals_tables(const EventState& state, std::vector<StandingRow>& rows) {
  if (state.rounds.empty()) return 0;
  const Round& last = *std::max_element(state.rounds.begin(), state.rounds.end(),
                                        [](const Round& a, const Round& b) { return a.number < b.number; });
  // "When creating match-ups for the final round of the event, the EO pairs the current top four
  // players on two finals tables": only the final round's tables place anyone.
  if (last.number < planned_rounds(state) && !event_finished(state)) return 0;
  const Table* one = last.find_table(1);
  const Table* two = last.find_table(2);
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
