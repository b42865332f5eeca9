// The adjudication wizard (issue 13 point 5): how a game ended and the facts at that moment in, the
// winner, the victory type and what each player records out. A pure function of the edition's data
// (its tiebreaker ladder, scenario victory, concession award, clock-out rule, CP cap) and the
// event's victory variants; the result forms and `gauntlet adjudicate` walk it step by step.
//
//   Facts f;
//   f.end = GameEnd::dice_down;
//   f.sides[0].cp = 3; f.sides[1].cp = 3;
//   f.sides[0].ap_destroyed = 20; f.sides[1].ap_destroyed = 35;
//   auto d = adjudicate(*find_edition("sr2017"), f);
//   // d->winner == 1 (suffered 20 against 35), d->victory == Ending::tiebreaker,
//   // d->steps: "2nd tiebreaker: control points — 3 against 3, tied", "3rd tiebreaker: ..."
//
// Errors (kind invalid) name the field of the facts ("players[1].presence", "end", "variants[0]")
// and the rule: a fact the ladder needs and was not given, an ending the event's variants forbid
// (a clock running out at an event without chess clocks: the edition's ending_timing), a scenario
// victory the CP do not support.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "editions/edition.hpp"
#include "model/state.hpp"

namespace gauntlet {

// How the game ended, as the judge or the players describe it.
enum class GameEnd {
  assassination,      // only one player still has a warcaster/warlock (Leader)
  scenario,           // `player` met the scenario's victory condition during the game
  clock,              // `player`'s Deathclock ran out
  dice_down,          // classic timing: the round time expired ("dice down")
  expected_end,       // Deathclock: the round's expected end with 5 minutes or more left on both clocks
  game_length,        // SR2017/SR2023: the last turn was played (the second player's seventh turn)
  casters_destroyed,  // every warcaster/warlock destroyed at the same time
  no_models,          // No Assassination Victory: one player has no models remaining
  concession,         // `player` conceded
  mangled_metal,      // SR2014 Mangled Metal: `player` destroyed every enemy warjack and warbeast
};

// What one player has at the end (or what was destroyed of the opponent's army).
struct SideFacts {
  int casters = 1;       // warcasters/warlocks (Leaders) remaining in play
  int cp = 0;            // control points scored
  int ap_destroyed = 0;  // army points destroyed of the opponent's army
  // SR2014/SR2013 3rd tiebreaker: the player's own army points remaining, and the part of them within
  // the scenario's area (counted a second time: "double the army points within the zone").
  std::optional<int> ap_remaining, ap_in_area;
  std::optional<int> presence;       // SR2017/SR2023 scenario presence: points in zones / B2B with flags
  std::optional<int> starting_army;  // the list played, for a concession's half of it
  // SR2014/SR2013: army points of this player's battlegroup warjacks/warbeasts still in play, which
  // an assassination leaves inert or wild (a concession or clock-out scored as one counts them).
  std::optional<int> battlegroup;
};

struct Facts {
  GameEnd end = GameEnd::dice_down;
  std::optional<int> player;  // 0 or 1: who met the condition, whose clock ran out, who conceded
  // SR2017/SR2023 clock-out: scoring the state when the clock ran out gives `player` a 5-CP lead.
  bool clock_scenario_win = false;
  std::vector<std::string> variants;  // the event's variant keys ("no-tiebreakers", ...)
  std::array<SideFacts, 2> sides;
};

// One step of the walk: the rule it applies (quoted), what it found, whether it decided the game.
struct Step {
  std::string rule;
  std::string text;
  bool decided = false;
};

struct Decision {
  std::optional<int> winner;  // nullopt: a tie (a draw in SR2014/SR2013)
  Ending victory = Ending::tie;
  std::array<GameResult, 2> records;  // outcome, CP and AP each player writes on their record sheet
  std::vector<Step> steps;
};

Result<Decision> adjudicate(const Edition& edition, const Facts& facts);

// What a result form asks at an event: the endings its edition and victory variants allow (in
// order), and the per-player facts the edition's ladder reads ("casters", "cp", "ap_destroyed",
// "ap_remaining", "ap_in_area", "presence"; "starting_army" when a concession halves it;
// "battlegroup" when a concession or clock-out scored as an assassination counts it inert or wild).
struct WizardShape {
  std::vector<GameEnd> endings;
  std::vector<std::string> facts;
  bool clock_scenario_win = false;  // a clock-out may be a scenario win (the edition's clock_out)
};
WizardShape wizard_shape(const Edition& edition, const std::vector<std::string>& variants);
// Whether the ending names a player (who met the condition, whose clock ran out, who conceded).
bool names_player(GameEnd end);

const char* to_string(GameEnd end);
std::optional<GameEnd> parse_game_end(std::string_view text);
// Every ending's key, for refusals and help: "assassination, scenario, clock, ..."
std::string game_end_keys();

}  // namespace gauntlet
