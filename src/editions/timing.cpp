// round_timing: the edition's tables read through the event's timing variants (their effects are
// data: Variant::timing). The order the rules apply in: which clock (baseline, or the variant that
// switches it; No Time Limits wins), which point size's row (time-limit variants), Reinforcements'
// own tables, then the extensions per player.
#include "editions/timing.hpp"

#include <algorithm>

namespace gauntlet {

namespace {

std::string quoted(const Edition& e, const Variant& v) {
  return e.id + " \"" + v.name + "\"";
}

// The row `shift` point sizes away from `points` (Casual Time Limits: "an event one point size higher").
Result<int> shifted_size(const Edition& e, int points, const Variant& v) {
  const auto it = std::find(e.point_sizes.begin(), e.point_sizes.end(), points);
  // A Rumble size between the standard ones (30) has no neighbour to move to.
  if (it == e.point_sizes.end())
    return fail("points", quoted(e, v),
                v.name + " moves between the standard point sizes; " + std::to_string(points) +
                    " points is not one of them");
  const auto at = static_cast<long>(it - e.point_sizes.begin()) + v.timing->size_shift;
  if (at < 0 || at >= static_cast<long>(e.point_sizes.size()))
    return fail("variants", quoted(e, v),
                v.name + " uses the timing of an event " + std::to_string(std::abs(v.timing->size_shift)) +
                    " point size" + (std::abs(v.timing->size_shift) > 1 ? "s " : " ") +
                    (v.timing->size_shift > 0 ? "higher" : "lower") + " than " + std::to_string(points) +
                    " points; " + e.id + " has none (its sizes run from " +
                    std::to_string(e.point_sizes.front()) + " to " + std::to_string(e.point_sizes.back()) +
                    ")");
  return e.point_sizes[static_cast<std::size_t>(at)];
}

Result<DeathclockTiming> deathclock(const Edition& e, int size, bool reinforcements) {
  const auto& table = reinforcements ? e.deathclock_reinforcements_minutes : e.deathclock_minutes;
  const auto it = table.find(size);
  if (it == table.end())
    return fail("points", e.id + (reinforcements ? " \"Reinforcements\"" : " \"Death Clock\""),
                "the Deathclock table has no " + std::string(reinforcements ? "Reinforcements " : "") +
                    "row for " + std::to_string(size) + " points");
  DeathclockTiming d;
  d.player_minutes = it->second;
  d.min_turn_seconds = e.clock_rules.min_turn_seconds;
  d.play_on_under_minutes = e.clock_rules.play_on_under_minutes;
  d.at_expected_end = e.clock_rules.at_expected_end;
  d.deployment_steps = e.clock_rules.deployment_steps;
  return d;
}

Result<ClassicRoundTiming> classic(const Edition& e, int size, bool reinforcements) {
  const auto it = e.classic_timing.find(size);
  if (it == e.classic_timing.end())
    return fail("points", e.id + " \"Game Timing\"",
                "the timing table has no row for " + std::to_string(size) + " points");
  ClassicRoundTiming c;
  c.round_minutes = it->second.round_minutes;
  c.turn_minutes = it->second.turn_minutes;
  c.extension_minutes = it->second.extension_minutes;
  // "Once per game, each player can extend his turn length" where the table shows an extension.
  c.extensions_per_player = c.extension_minutes > 0 ? 1 : 0;
  if (reinforcements) {
    const auto r = e.reinforcements_round_minutes.find(size);
    if (r == e.reinforcements_round_minutes.end())
      return fail("points", e.id + " \"Reinforcements\"",
                  "Reinforcements has no base round length for " + std::to_string(size) + " points");
    c.round_minutes = r->second;
    // "each player is granted a second extension ... of the same duration as a normal extension".
    if (c.extension_minutes > 0) c.extensions_per_player = 2;
  }
  const int step = e.clock_rules.variable_step_minutes;
  c.variable_step_minutes = step < 0 ? c.extension_minutes : step;
  return c;
}

std::vector<const Variant*> timing_variants(const Edition& e, const std::vector<std::string>& keys) {
  std::vector<const Variant*> out;
  for (const std::string& k : keys)
    if (const Variant* v = e.find_variant(k); v && v->timing) out.push_back(v);
  return out;
}

}  // namespace

TimingKind timing_kind(const Edition& e, const std::vector<std::string>& keys) {
  TimingKind kind = e.deathclock_baseline ? TimingKind::deathclock : TimingKind::classic;
  for (const Variant* v : timing_variants(e, keys)) {
    if (v->timing->clock == "untimed") return TimingKind::untimed;
    if (v->timing->clock == "deathclock") kind = TimingKind::deathclock;
    if (v->timing->clock == "classic") kind = TimingKind::classic;
  }
  return kind;
}

int RoundTiming::expected_minutes() const {
  if (deathclock) return 2 * deathclock->player_minutes;
  if (classic) return classic->round_minutes;
  return 0;
}

Result<RoundTiming> round_timing(const Edition& e, int points, const std::vector<std::string>& keys) {
  // A size outside the tables (a Rumble event's 30 points) is untimed or refused below: the clock's
  // table has no row for it.
  RoundTiming t;
  t.points = t.table_points = points;
  t.kind = e.deathclock_baseline ? TimingKind::deathclock : TimingKind::classic;
  bool reinforcements = false;
  std::optional<int> extensions;
  const auto variants = timing_variants(e, keys);
  for (const Variant* v : variants) {
    const VariantTiming& vt = *v->timing;
    if (vt.clock == "deathclock") t.kind = TimingKind::deathclock;
    if (vt.clock == "classic") t.kind = TimingKind::classic;
    if (vt.size_shift != 0) {
      GAUNTLET_TRY(t.table_points, shifted_size(e, points, *v));
    }
    if (vt.extensions) extensions = vt.extensions;
    reinforcements = reinforcements || vt.reinforcements;
    if (vt.clock.empty() || vt.clock != "untimed") t.rules.push_back(quoted(e, *v) + ": " + v->summary);
  }
  const bool switched = std::any_of(variants.begin(), variants.end(), [](const Variant* v) {
    return v->timing->clock == "deathclock" || v->timing->clock == "classic";
  });
  if (!switched)
    t.rules.insert(t.rules.begin(),
                   e.id + (e.deathclock_baseline ? " \"Tournament Timing: The Deathclock\" (baseline)"
                                                 : " \"Game Timing\" (baseline: timed turns, dice down)"));
  // No Time Limits: "Games are untimed." Whatever else is chosen.
  for (const Variant* v : variants)
    if (v->timing->clock == "untimed") {
      t.kind = TimingKind::untimed;
      t.rules = {quoted(e, *v) + ": " + v->summary};
      return t;
    }
  if (t.kind == TimingKind::deathclock) {
    GAUNTLET_TRY(t.deathclock, deathclock(e, t.table_points, reinforcements));
  } else {
    GAUNTLET_TRY(t.classic, classic(e, t.table_points, reinforcements));
    if (extensions)
      t.classic->extensions_per_player = std::min(t.classic->extensions_per_player, *extensions);
  }
  return t;
}

int roll_round_variable(const ClassicRoundTiming& timing, Rng& rng) {
  if (timing.variable_step_minutes == 0) return 0;
  // SR2014 "Game Timing": "the EO rolls a d3 and multiplies the result by five ... He then rolls a
  // d6 to determine whether the variable is subtracted from (on a result of 1–3) or added to".
  const int minutes = rng.roll(3) * timing.variable_step_minutes;
  return rng.roll(6) <= 3 ? -minutes : minutes;
}

const char* to_string(TimingKind k) {
  switch (k) {
    case TimingKind::deathclock:
      return "deathclock";
    case TimingKind::classic:
      return "classic";
    case TimingKind::untimed:
      break;
  }
  return "untimed";
}

}  // namespace gauntlet
