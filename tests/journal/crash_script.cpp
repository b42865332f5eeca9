#include "crash_script.hpp"

#include <array>
#include <string>

namespace gauntlet {

CreateEvent script_create() {
  EventConfig config;
  config.name = "Crash Open";
  config.edition = "SR2017";
  config.points = 75;
  config.seed = 7;
  return CreateEvent{config};
}

ScriptOp script_op(std::int64_t i) {
  if (i == 0) return {Command(script_create()), false};
  if (i % 7 == 0) return {std::nullopt, true};
  static constexpr std::array<const char*, 5> kFactions = {"Khador", "Cygnar", "Cryx", "Trollbloods",
                                                           "Skorne"};
  Player p;
  p.name = "Player " + std::to_string(i);
  p.faction = kFactions[static_cast<std::size_t>(i) % kFactions.size()];
  return {Command(AddPlayer{p}), false};
}

}  // namespace gauntlet
