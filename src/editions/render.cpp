#include "editions/render.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace gauntlet {
namespace {

const char* kCategoryOrder[] = {"army-lists", "painting", "rounds",          "timing",
                                "scenario",   "victory",  "final-standings", "game"};

std::string ladder_name(const std::string& key) {
  if (key == "casters-remaining") return "casters remaining";
  if (key == "control-points") return "control points";
  if (key == "army-points-remaining") return "army points remaining (doubled in the scenario's area)";
  if (key == "army-points-destroyed") return "army points destroyed (fewer suffered wins)";
  if (key == "scenario-presence") return "scenario presence";
  return key;
}

std::string size_table(const std::map<int, int>& t, std::string_view unit) {
  std::string out;
  for (const auto& [size, value] : t) out += fmt::format("    {:>4} pts  {:>3} {}\n", size, value, unit);
  return out;
}
std::string minutes_table(const std::map<int, int>& t) {
  return size_table(t, "min");
}

void dice_line(const Edition& e, std::string& out) {
  std::string dice;
  for (const ScenarioDie& d : e.scenario_dice)
    dice += fmt::format("{}d{} ({} bucket{})", dice.empty() ? "" : " then ", d.sides, d.buckets,
                        d.buckets == 1 ? "" : "s");
  out += fmt::format("  Random roll: {}; no scenario is repeated in an event.\n", dice);
}

// The faces of each die that select roll_order[index]: "d3 2, d6 4-6, d6 1-3".
std::string faces_for(const Edition& e, std::size_t index) {
  std::vector<std::string> parts(e.scenario_dice.size());
  for (std::size_t i = e.scenario_dice.size(); i-- > 0;) {
    const ScenarioDie& d = e.scenario_dice[i];
    int bucket = static_cast<int>(index % static_cast<std::size_t>(d.buckets));
    index /= static_cast<std::size_t>(d.buckets);
    int width = d.sides / d.buckets, lo = bucket * width + 1, hi = lo + width - 1;
    parts[i] = lo == hi ? fmt::format("d{} {}", d.sides, lo) : fmt::format("d{} {}-{}", d.sides, lo, hi);
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

void army_lists_section(const Edition& e, std::string& out) {
  out += "\nArmy lists\n  Point sizes:";
  for (int s : e.point_sizes) out += fmt::format(" {}", s);
  out += fmt::format("\n  List window: not over the point size, at most {} under\n", e.list_window.max_under);
  out += fmt::format("  Same character version in two lists: {}\n",
                     e.characters_restricted ? "not allowed" : "allowed (casters must differ)");
  out += "  Factions: ";
  for (std::size_t i = 0; i < e.factions.size(); ++i) out += (i ? ", " : "") + e.factions[i];
  out += "\n";
}

void rounds_by_attendance_section(const Edition& e, std::string& out) {
  out += "\nRounds by attendance\n";
  for (const auto& [players, rounds] : e.rounds_by_attendance)
    out += fmt::format("  up to {:>3} players: {} rounds\n", players, rounds);
  out += "  beyond: one more round per doubling of attendance\n";
}

void results_section(const Edition& e, std::string& out) {
  out += "\nResults\n";
  out += fmt::format("  Bye: {} TP, {} CP, army points = half the point size rounded up (75 -> {})\n",
                     e.bye.tp, e.bye.cp, e.bye.army_points(75));
  out += fmt::format("  Concession: win, {} CP{}, army points {}\n", e.concession.cp,
                     e.concession.cp_keeps_higher ? " (or more if already scored)" : "",
                     e.concession.ap_rule == "assassination"
                         ? "as for an assassination on the current table (the conceding player's " +
                               e.leader_word + " counts as destroyed" +
                               (e.ap_method.inert_wild_count ? ", their battlegroup inert or wild" : "") + ")"
                         : "= half the opponent's starting army rounded up (or more if already destroyed)");
  out += fmt::format("  Destroyed {} worth {} army points; units: {}\n", e.leader_word, e.caster_value,
                     e.unit_destroyed_rule == "every-model" ? "count only when every model is destroyed"
                                                            : "half value (rounded up) once below 50%");
  if (e.scenario_win_min_cp > 0)
    out +=
        fmt::format("  Scenario victory: at least {} CP and more than the opponent\n", e.scenario_win_min_cp);
  else
    out += fmt::format("  Scenario victory: {} more CP than the opponent\n", e.scenario_win_margin);
  if (e.scenario_win_at_game_end)
    out += "  Game ends (turn 7 or time) before a victory: the player with the most CP wins via scenario\n";
  if (e.cp_capped_to_win)
    out +=
        "  Recorded CP cannot exceed what is needed to win (at least the minimum, one more than the "
        "opponent)\n";
  out += "  Tiebreakers:\n";
  for (std::size_t i = 0; i < e.game_tiebreakers.size(); ++i)
    out += fmt::format("    {}. {}\n", i + 1, ladder_name(e.game_tiebreakers[i]));
}

void timing_section(const Edition& e, std::string& out) {
  out +=
      fmt::format("\nDeathclock ({}), minutes per player\n", e.deathclock_baseline ? "baseline" : "variant");
  out += minutes_table(e.deathclock_minutes);
  if (!e.deathclock_reinforcements_minutes.empty()) {
    out += "  with Reinforcements:\n" + minutes_table(e.deathclock_reinforcements_minutes);
  }
  out += fmt::format("\nClassic turn timing ({}): round / turn / extension minutes\n",
                     e.deathclock_baseline ? "variant" : "baseline");
  for (const auto& [size, t] : e.classic_timing)
    out += fmt::format("    {:>4} pts  {:>3} / {:>2} / {}\n", size, t.round_minutes, t.turn_minutes,
                       t.extension_minutes ? std::to_string(t.extension_minutes) : "-");
  const ClockRules& r = e.clock_rules;
  if (r.variable_step_minutes != 0)
    out += fmt::format("  Variable round length: d3 x {}, d6 1-3 subtract / 4-6 add, kept secret\n",
                       r.variable_step_minutes < 0 ? "the extension length (none without one)"
                                                   : std::to_string(r.variable_step_minutes) + " minutes");
  out += fmt::format(
      "  Deathclock: deployment on the clock ({}); at the expected end, less than {} minutes "
      "combined plays on, more is a {}{}\n",
      fmt::join(r.deployment_steps, ", "), r.play_on_under_minutes, r.at_expected_end,
      r.min_turn_seconds ? fmt::format("; at least {} s per turn", r.min_turn_seconds) : "");
  if (e.clock_out.as_assassination)
    out += fmt::format("  Clock runs out: scored as an assassination ({} +{}{})\n", e.leader_word,
                       e.caster_value,
                       e.ap_method.inert_wild_count ? ", battlegroup inert or wild at full value" : "");
  for (const EndingTiming& t : e.ending_timing)
    out += fmt::format("  Ending '{}' only with {} timing: {}\n", t.end, fmt::join(t.timing, " or "), t.rule);
  if (!e.reinforcements_round_minutes.empty()) {
    out += "  Reinforcements base round length:\n" + minutes_table(e.reinforcements_round_minutes);
  }
  if (!e.specialists.empty()) out += "\nSpecialist points\n" + size_table(e.specialists, "pts");
}

void scenarios_section(const Edition& e, std::string& out) {
  out += "\nScenarios\n";
  if (e.has_roll_table()) {
    dice_line(e, out);
    for (std::size_t i = 0; i < e.roll_order.size(); ++i)
      out += fmt::format("    {:<22} {}\n", faces_for(e, i), e.find_scenario(e.roll_order[i])->name);
  } else {
    out +=
        "  Random roll: none in this edition's text; the EO chooses, a round without a chosen scenario "
        "draws one that may be chosen (each equally likely); no scenario is repeated in an event.\n";
  }
  if (!e.scenario_groups.empty()) {
    out += fmt::format("  Groups: {}\n", e.scenario_group_rule);
    for (std::size_t i = 0; i < e.scenario_groups.size(); ++i) {
      const ScenarioGroup& g = e.scenario_groups[i];
      std::vector<std::string> names;
      for (const std::string& key : g.scenarios) names.push_back(e.find_scenario(key)->name);
      out += fmt::format("    {}. {}: {} ({})\n", i + 1, g.name, fmt::join(names, ", "), g.reason);
    }
  }
  for (const Scenario& s : e.scenarios) {
    out += fmt::format("  {}{} - Kill Box: {}\n", s.name, s.rumble ? " (Rumble)" : "",
                       s.kill_box ? "yes" : "no");
    for (const std::string& el : s.elements) out += fmt::format("      - {}\n", el);
    out += fmt::format("      Scoring: {}\n", s.scoring);
    if (!s.tiebreak_area.empty()) out += fmt::format("      3rd tiebreaker doubles: {}\n", s.tiebreak_area);
    if (!s.notes.empty()) out += fmt::format("      Notes: {}\n", s.notes);
  }
}

// Grouped by category, in kCategoryOrder; a category without variants gets no header.
void variants_section(const Edition& e, std::string& out) {
  out += "\nVariants\n";
  for (const char* category : kCategoryOrder) {
    bool header = false;
    for (const Variant& v : e.variants) {
      if (v.category != category) continue;
      if (!header) out += fmt::format("  [{}]\n", category);
      header = true;
      out += fmt::format("    {:<24} {}: {}\n", v.key + (v.takes_value ? ":X" : ""), v.name, v.summary);
      for (const VariantConstraint& c : v.constraints) out += fmt::format("    {:<24}   - {}\n", "", c.rule);
      if (v.unsupported)
        out += fmt::format("    {:<24}   - NOT SUPPORTED (event setup refuses it): {}\n", "",
                           v.unsupported->reason);
    }
  }
}

}  // namespace

std::string render_edition(const Edition& e) {
  std::string out = fmt::format("{} ({})\nSource: {}\n", e.title, e.id, e.source);
  if (!e.notes.empty()) out += fmt::format("Notes: {}\n", e.notes);
  army_lists_section(e, out);
  rounds_by_attendance_section(e, out);
  results_section(e, out);
  timing_section(e, out);
  scenarios_section(e, out);
  variants_section(e, out);
  if (!e.award_category_rule.empty())
    out += fmt::format("\nAwards\n  An award players enter needs a category, announced in advance: {}\n",
                       e.award_category_rule);
  return out;
}

std::string render_timing(const Edition& e, const RoundTiming& t) {
  std::string out = fmt::format("{}, {} points", e.id, t.points);
  if (t.table_points != t.points) out += fmt::format(" (timed as {} points)", t.table_points);
  if (const auto& d = t.deathclock) {
    out += fmt::format(": Deathclock, {} minutes per player.\n", d->player_minutes);
    out += fmt::format("The round's expected end: {}:{:02} after it starts (both player clocks).\n",
                       t.expected_minutes() / 60, t.expected_minutes() % 60);
    out += fmt::format("Deployment on the clock: {}.\n", fmt::join(d->deployment_steps, ", "));
    if (d->min_turn_seconds) out += fmt::format("At least {} seconds per turn.\n", d->min_turn_seconds);
    out += fmt::format(
        "At the expected end, games with less than {} minutes combined on both clocks play on; the "
        "others are a {}.\n",
        d->play_on_under_minutes, d->at_expected_end);
  } else if (const auto& c = t.classic) {
    out += fmt::format(": classic turn timing, round {} minutes, turns {} minutes", c->round_minutes,
                       c->turn_minutes);
    out +=
        c->extensions_per_player
            ? fmt::format(", {} extension{} of {} minutes per player per game.\n", c->extensions_per_player,
                          c->extensions_per_player > 1 ? "s" : "", c->extension_minutes)
            : ", no turn extension.\n";
    if (c->variable_step_minutes)
      out += fmt::format(
          "Secret variable round length: d3 x {} minutes, subtracted on a d6 of 1-3, added on 4-6 "
          "(the round lasts {} to {} minutes).\n",
          c->variable_step_minutes, c->round_minutes - 3 * c->variable_step_minutes,
          c->round_minutes + 3 * c->variable_step_minutes);
    out += "Dice down at the end of the round.\n";
  } else {
    out += ": untimed; a round continues until every game is complete.\n";
  }
  for (const std::string& r : t.rules) out += "  · " + r + "\n";
  return out;
}

}  // namespace gauntlet
