#include "model/clock.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace gauntlet {

TableClock start_clock(const ClockSetup& setup, int first_seat, std::int64_t at_ms) {
  TableClock c;
  c.setup = setup;
  // Classic: only the turn's owner has a timer; the opponent's is set when the turn passes.
  c.remaining_ms = setup.classic ? std::array<std::int64_t, 2>{setup.turn_ms, setup.turn_ms}
                                 : std::array<std::int64_t, 2>{setup.player_ms, setup.player_ms};
  c.since_ms = at_ms;
  c.started_ms = at_ms;
  c.turn = first_seat;
  c.running = first_seat;
  return c;
}

void settle(TableClock& c, std::int64_t at_ms) {
  const std::int64_t elapsed = std::max<std::int64_t>(0, at_ms - c.since_ms);
  c.since_ms = std::max(c.since_ms, at_ms);
  if (c.paused || c.running < 0 || c.stopped()) return;
  std::int64_t& left = c.remaining_ms[static_cast<std::size_t>(c.running)];
  // A Deathclock may read below 0 until the flag is recorded (flag_instant says when it fell);
  // a classic turn timer stops at 0.
  left = c.setup.classic ? std::max<std::int64_t>(0, left - elapsed) : left - elapsed;
  if (c.running == c.turn) c.turn_used_ms += elapsed;
}

std::array<std::int64_t, 2> remaining_at(const TableClock& clock, std::int64_t at_ms) {
  TableClock copy = clock;
  settle(copy, at_ms);
  return copy.remaining_ms;
}

std::optional<std::int64_t> flag_instant(const TableClock& c) {
  if (c.setup.classic || c.paused || c.running < 0 || c.stopped()) return std::nullopt;
  return c.since_ms + std::max<std::int64_t>(0, c.remaining_ms[static_cast<std::size_t>(c.running)]);
}

std::string clock_text(std::int64_t ms) {
  const bool negative = ms < 0;
  // Round up to the second: a clock showing 0:00 has run out.
  const std::int64_t s = (std::max<std::int64_t>(ms, -ms) + 999) / 1000;
  const std::string sign = negative ? "-" : "";
  if (s >= 3600) return fmt::format("{}{}:{:02}:{:02}", sign, s / 3600, (s / 60) % 60, s % 60);
  return fmt::format("{}{}:{:02}", sign, s / 60, s % 60);
}

}  // namespace gauntlet
