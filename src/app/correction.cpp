#include "app/correction.hpp"

#include <map>

#include "engine/engine.hpp"
#include "standings/standings.hpp"

namespace gauntlet::app {

namespace {

std::map<PlayerId, const StandingRow*> by_id(const Standings& s) {
  std::map<PlayerId, const StandingRow*> out;
  for (const StandingRow& r : s.rows) out[r.id] = &r;
  return out;
}

}  // namespace

Result<ResultPreview> preview_result(const EventState& state, RecordResult command) {
  GAUNTLET_TRY(Command resolved, decide(state, std::move(command)));
  EventState next = state;
  apply(next, resolved);
  const Standings before = compute_standings(state), after = compute_standings(next);
  const auto old_rows = by_id(before);
  ResultPreview out;
  for (const StandingRow& a : after.rows) {
    const auto it = old_rows.find(a.id);
    if (it == old_rows.end()) continue;
    const StandingRow& b = *it->second;
    if (a.rank == b.rank && a.tp == b.tp && a.sos == b.sos && a.cp == b.cp && a.ap == b.ap) continue;
    out.changes.push_back({a.id,
                           a.name,
                           {b.rank, a.rank},
                           {b.tp, a.tp},
                           {b.cp, a.cp},
                           {b.ap, a.ap},
                           {to_string(b.sos), to_string(a.sos)}});
  }
  const auto& r = std::get<RecordResult>(resolved);
  const int rounds = static_cast<int>(state.rounds.size());
  // The journal keeps every published round as it was: a correction re-scores, it never re-pairs.
  if (r.round + 1 == rounds)
    out.notes.push_back("Round " + std::to_string(rounds) +
                        " keeps its pairings as published; only scores and standings change.");
  if (r.round + 1 < rounds)
    out.notes.push_back("Rounds " + std::to_string(r.round + 1) + "–" + std::to_string(rounds) +
                        " keep their pairings as published; only scores and standings change.");
  if (out.changes.empty()) out.notes.push_back("No player's rank, TP, SoS, CP or AP changes.");
  return out;
}

}  // namespace gauntlet::app
