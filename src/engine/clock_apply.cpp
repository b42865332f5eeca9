// apply() for clock actions: what each one does to a table's clock, once decide() accepted it.
#include <algorithm>

#include "engine/clock_flow.hpp"

namespace gauntlet::detail {

namespace {

std::string signed_text(std::int64_t delta) {
  return (delta >= 0 ? "added " : "removed ") + clock_text(std::max(delta, -delta));
}

void pass(TableClock& k, const ClockAction& c, std::int64_t min_turn_ms) {
  if (!k.setup.classic && !k.in_deployment() && !c.scenario_win && k.turn_used_ms < min_turn_ms)
    ++k.short_turns[static_cast<std::size_t>(k.turn)];
  ++k.taps;
  k.turn = 1 - k.turn;
  k.running = k.turn;
  k.turn_used_ms = 0;
  // Classic: "Players in each game use a timer to track the amount of time available to them for
  // each turn": a new turn, a new turn length.
  if (k.setup.classic) k.remaining_ms[static_cast<std::size_t>(k.turn)] = k.setup.turn_ms;
}

void switch_over(TableClock& k) {
  // Deathclock: the clock runs on the inactive player while they act, then back. Classic: "the
  // active player can choose to stop the clock while these actions are resolved".
  const int other = k.setup.classic ? -1 : 1 - k.turn;
  k.running = k.running == k.turn ? other : k.turn;
}

void resume(TableClock& k, const ClockAction& c) {
  if (k.paused) k.paused_total_ms += c.at_ms - k.paused_at_ms;
  k.paused = false;
  if (k.time_up_tie) {  // the judge lets the game play on after all
    k.time_up_tie = false;
    k.playing_on = true;
  }
}

void adjust(TableClock& k, const ClockAction& c) {
  const auto seat = static_cast<std::size_t>(c.seat);
  k.remaining_ms[seat] += c.delta_ms;
  // Time given moves the table's expected end; time taken (a penalty) does not bring it closer.
  k.added_total_ms += std::max<std::int64_t>(0, c.delta_ms);
  if (k.flagged && *k.flagged == c.seat && k.remaining_ms[seat] > 0) {
    // Time given back to a flagged player: the game goes on once the judge resumes it.
    k.flagged.reset();
    k.paused = true;
    k.paused_at_ms = c.at_ms;
  }
}

void time_up(TableClock& k, const ClockAction& c, std::int64_t play_on_under_ms) {
  const std::int64_t combined =
      std::max<std::int64_t>(0, k.remaining_ms[0]) + std::max<std::int64_t>(0, k.remaining_ms[1]);
  k.time_up_ms = c.at_ms;
  if (combined > play_on_under_ms)
    k.time_up_tie = true;
  else
    k.playing_on = true;
}

std::string note_text(const EventState& s, const Table& t, const ClockAction& c) {
  switch (c.action) {
    case ClockActionKind::pause:
      return "paused";
    case ClockActionKind::resume:
      return "resumed";
    case ClockActionKind::adjust: {
      const Player* p = s.find_player(t.players[static_cast<std::size_t>(c.seat)]);
      return signed_text(c.delta_ms) + (c.delta_ms >= 0 ? " to " : " from ") + (p ? p->name : "?");
    }
    default:
      return to_string(c.action);
  }
}

}  // namespace

void apply_clock(EventState& s, const ClockAction& c) {
  if (c.round < 1 || c.round > static_cast<int>(s.rounds.size())) return;
  Table* t = s.rounds[c.round - 1].find_table(c.table);
  if (!t) return;
  const auto timing = timing_of(s);
  if (!timing) return;
  if (c.action == ClockActionKind::start) {
    if (auto setup = clock_setup(*timing)) t->clock = start_clock(*setup, c.seat, c.at_ms);
    return;
  }
  if (!t->clock) return;
  TableClock& k = *t->clock;
  settle(k, c.at_ms);
  const DeathclockTiming* d = timing->deathclock ? &*timing->deathclock : nullptr;
  switch (c.action) {
    case ClockActionKind::pass:
      pass(k, c, d ? std::int64_t{d->min_turn_seconds} * 1000 : 0);
      break;
    case ClockActionKind::switch_over:
      switch_over(k);
      break;
    case ClockActionKind::extension:
      k.remaining_ms[static_cast<std::size_t>(k.turn)] +=
          std::int64_t{timing->classic->extension_minutes} * kMinute;
      ++k.extensions_used[static_cast<std::size_t>(k.turn)];
      break;
    case ClockActionKind::pause:
      k.paused = true;
      k.paused_at_ms = c.at_ms;
      break;
    case ClockActionKind::resume:
      resume(k, c);
      break;
    case ClockActionKind::adjust:
      adjust(k, c);
      break;
    case ClockActionKind::flag:
      k.remaining_ms[static_cast<std::size_t>(c.seat)] = 0;
      k.flagged = c.seat;
      k.flag_ms = c.at_ms;
      break;
    case ClockActionKind::time_up:
      time_up(k, c, d ? std::int64_t{d->play_on_under_minutes} * kMinute : 0);
      break;
    case ClockActionKind::start:
      break;
  }
  if (c.action == ClockActionKind::pause || c.action == ClockActionKind::resume ||
      c.action == ClockActionKind::adjust)
    k.notes.push_back(ClockNote{c.at_ms, c.by, note_text(s, *t, c), c.reason});
}

}  // namespace gauntlet::detail
