#include "app/scenario_choice.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/rng.hpp"
#include "editions/edition.hpp"
#include "model/rounds.hpp"

namespace gauntlet::app {
namespace {

// The engine's roll for `round` (engine/round_flow.cpp choose_scenario) for draw 1; a stream of
// its own for each re-roll, which also rolls again a repeat of the draw before it (a re-roll that
// shows the same scenario would look like nothing happened).
std::string roll(const EventState& s, const Edition& e, int round, int draw,
                 std::vector<std::string> played) {
  const bool rumble = is_rumble(s);
  if (draw == 1) {
    Rng rng = Rng::derive(s.config.seed, "scenario", round);
    return roll_scenario(e, rng, played, rumble);
  }
  const std::string before = roll(s, e, round, draw - 1, played);
  const auto pool = e.scenarios_for(rumble);
  // Without Rumble, what may be chosen (SR2013: its group rule too). Counting the draw before as
  // played also closes its group for the re-roll: "another draw" then means another group.
  std::size_t open = rumble ? static_cast<std::size_t>(std::count_if(
                                  pool.begin(), pool.end(),
                                  [&](const Scenario* sc) {
                                    return std::find(played.begin(), played.end(), sc->key) == played.end();
                                  }))
                            : scenarios_open(e, played).size();
  if (open >= 2 && !before.empty()) played.push_back(before);
  Rng rng = Rng::derive(s.config.seed, fmt::format("scenario-reroll-{}", draw), round);
  return roll_scenario(e, rng, played, rumble);
}

}  // namespace

ScenarioChoice next_scenario(const EventState& s, int draw) {
  const Edition& e = edition_of(s);
  ScenarioChoice c;
  c.round = static_cast<int>(s.rounds.size()) + 1;
  c.draw = std::max(1, draw);
  std::vector<std::string> played;
  // Only what this event may play: a Rumble event its Rumble scenarios, any other event the rest.
  const bool rumble = is_rumble(s);
  for (const Round& r : s.rounds)
    if (!r.scenario.empty()) played.push_back(r.scenario);
  const auto open = scenarios_open(e, played);
  for (const Scenario* sc : e.scenarios_for(rumble)) {
    ScenarioOption o{sc->key, sc->name, sc->rumble, 0, "", true};
    for (const Round& r : s.rounds)
      if (r.scenario == sc->key) o.played_in = r.number;
    if (const ScenarioGroup* g = e.group_of(sc->key)) {
      o.group = g->name;
      o.open = std::find(open.begin(), open.end(), sc) != open.end();
    } else {
      o.open = !o.played_in;
    }
    c.options.push_back(std::move(o));
  }
  const std::string rule = e.id + " \"Scenario Selection\"";
  if (static_cast<int>(s.config.scenario_plan.size()) >= c.round) {
    c.key = s.config.scenario_plan[c.round - 1];
    c.how = "announced";
  } else {
    c.key = roll(s, e, c.round, c.draw, played);
    c.how = c.key.empty() ? "exhausted" : "rolled";
  }
  if (const Scenario* sc = c.key.empty() ? nullptr : e.find_scenario(c.key)) c.name = sc->name;
  if (c.how == "announced")
    c.text = fmt::format("Round {}: {}, as announced in the event's plan.", c.round, c.name);
  else if (c.how == "rolled" && rumble)
    c.text = fmt::format("Round {}: {}, {} from the Rumble scenarios not yet played ({}).", c.round, c.name,
                         c.draw == 1 ? "drawn" : fmt::format("drawn again (draw {})", c.draw),
                         rumble_of(s.config, e)->scenarios_rule);
  else if (c.how == "rolled" && !e.has_roll_table())
    c.text = fmt::format(
        "Round {}: {}, {} from the scenarios that may be chosen ({}{}).", c.round, c.name,
        c.draw == 1 ? "drawn" : fmt::format("drawn again (draw {})", c.draw),
        e.scenario_groups.empty() ? "" : "group '" + e.group_of(c.key)->name + "'; ",
        e.scenario_groups.empty() ? rule + ": \"A scenario should not be repeated\"" : e.scenario_group_rule);
  else if (c.how == "rolled")
    c.text =
        fmt::format("Round {}: {}, {} on the {} table ({}: \"A scenario should not be repeated\").", c.round,
                    c.name, c.draw == 1 ? "rolled" : fmt::format("re-rolled (draw {})", c.draw), e.id, rule);
  else
    c.text = fmt::format(
        "Every scenario {} has been played: choose the one to repeat in round {} ({}: \"A "
        "scenario should not be repeated\" can no longer hold).",
        rumble ? "of the Rumble event" : "of the " + e.id + " table", c.round, rule);
  return c;
}

}  // namespace gauntlet::app
