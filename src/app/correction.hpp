// Correcting a past result with its consequences shown first (issue 10 point 4): the command is
// decided and applied on a copy of the state; nothing is written.
//
//   Result<app::ResultPreview> p = app::preview_result(state, RecordResult{1, 3, results, ending});
//   // p->changes: [{id "p4", rank {3, 2}, tp {1, 2}, sos {"2", "3"}, …}]; p->notes: later rounds stay
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "model/commands.hpp"

namespace gauntlet::app {

struct StandingChange {
  PlayerId id;
  std::string name;
  std::array<int, 2> rank{}, tp{}, cp{}, ap{};  // before, after
  std::array<std::string, 2> sos;               // exact fractions, as the standings show them
};

struct ResultPreview {
  std::vector<StandingChange> changes;  // only the players whose rank, TP, SoS, CP or AP change
  std::vector<std::string> notes;       // what stays as it is (later rounds' pairings), and why
};

// What recording `command` would change in the standings; the engine's refusal when it would be refused.
Result<ResultPreview> preview_result(const EventState& state, RecordResult command);

}  // namespace gauntlet::app
