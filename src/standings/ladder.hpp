// The ladder of final-standing criteria an event uses, and how rows compare on it.
// Internal to the standings module (the public face is standings.hpp).
//
//   Ladder ladder = ladder_for(state.config, edition);   // baseline: tp, sos, cp, ap
//   int c = compare_on(a, b, ladder.keys);      // < 0: a ranks above b
#pragma once

#include <string>
#include <vector>

#include "editions/edition.hpp"
#include "model/state.hpp"
#include "standings/standings.hpp"

namespace gauntlet::standings_detail {

enum class Criterion { tp, sos, cp, ap, assassinations };

struct Ladder {
  std::vector<Criterion> keys;
  std::string variant;  // the final-standings variant in force ("" = baseline)
  // Finals Tables: the order beyond third place once the finals are played (SoS, then CP).
  std::vector<Criterion> after_finals;
  bool large_event_sos = false;  // SR2014/SR2013 appendix "Large-Event Scoring"
  bool finals_tables = false;    // SR2017/SR2014 "Finals Tables"
};

Ladder ladder_for(const EventConfig& config, const Edition& edition);
const char* key_of(Criterion c);
std::vector<std::string> key_names(const std::vector<Criterion>& keys);
int compare_on(const StandingRow& a, const StandingRow& b, const std::vector<Criterion>& keys);

}  // namespace gauntlet::standings_detail
