// TEMPORARY STUB (not committed): replaced by the real implementation from branch issue11-timing.
#include "editions/timing.hpp"

#include <algorithm>

namespace gauntlet {

int RoundTiming::expected_minutes() const {
  if (deathclock) return 2 * deathclock->player_minutes;
  if (classic) return classic->round_minutes;
  return 0;
}

Result<RoundTiming> round_timing(const Edition& e, int points, const std::vector<std::string>& keys) {
  const auto has = [&](const char* k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  RoundTiming t;
  t.points = t.table_points = points;
  if (has("no-time-limits")) {
    t.kind = TimingKind::untimed;
    return t;
  }
  const bool dc = e.deathclock_baseline ? !has("classic-turn-timing") : has("deathclock");
  if (dc) {
    t.kind = TimingKind::deathclock;
    DeathclockTiming d;
    d.player_minutes = e.deathclock_minutes.at(points);
    d.min_turn_seconds = e.deathclock_baseline ? 15 : 0;
    d.deployment_steps = {"normal deployment", "advance deployment"};
    t.deathclock = d;
  } else {
    t.kind = TimingKind::classic;
    const ClassicTiming& c = e.classic_timing.at(points);
    t.classic = ClassicRoundTiming{c.round_minutes, c.turn_minutes, c.extension_minutes,
                                   c.extension_minutes ? 1 : 0, e.variable_round_length ? 5 : 0};
  }
  return t;
}

int roll_round_variable(const ClassicRoundTiming& t, Rng& rng) {
  if (t.variable_step_minutes == 0) return 0;
  const int m = rng.roll(3) * t.variable_step_minutes;
  return rng.roll(6) <= 3 ? -m : m;
}

const char* to_string(TimingKind k) {
  return k == TimingKind::deathclock ? "deathclock" : k == TimingKind::classic ? "classic" : "untimed";
}

}  // namespace gauntlet
