// Round count and end of event (SR2017 "Number of Rounds", "[X] Round Event").
#include "model/rounds.hpp"

#include <algorithm>

#include "model/records.hpp"

namespace gauntlet {

const Edition& edition_of(const EventState& state) {
  const Edition* e = find_edition(state.config.edition);
  // The edition was validated when the event was created; an unknown one here is a bug.
  if (!e)
    throw ErrorException(Error{"event.edition", "editions", "unknown edition '" + state.config.edition + "'",
                               ErrorKind::storage});
  return *e;
}

std::string scenario_name(const EventState& state, const std::string& key) {
  if (key.empty()) return "";
  const Scenario* sc = edition_of(state).find_scenario(key);
  return sc ? sc->name : key;
}

const VariantRumble* rumble_of(const EventConfig& config, const Edition& edition) {
  for (const Variant& v : edition.variants)
    if (v.rumble && config.has_variant(v.key)) return &*v.rumble;
  return nullptr;
}

int planned_rounds(const EventState& state) {
  int rounds = state.config.rounds.value_or(0);
  if (rounds == 0) {
    // Attendance: everyone who takes part in at least one round (late entries included).
    int players = 0;
    for (const Player& p : state.players)
      if (p.active_in(p.joined_round)) ++players;
    rounds = edition_of(state).rounds_for(std::max(players, 2));
  }
  // SR2017 "[X] Round Event": no more than X rounds regardless of the number of players.
  if (auto cap = state.config.variant_value("max-rounds")) rounds = std::min(rounds, *cap);
  return rounds;
}

bool checkin_decides(const EventState& state) {
  if (state.started()) return false;
  return std::any_of(state.players.begin(), state.players.end(),
                     [](const Player& p) { return p.status == PlayerStatus::checked_in && p.active_in(1); });
}

bool checkin_used(const EventState& state) {
  return std::any_of(state.players.begin(), state.players.end(),
                     [](const Player& p) { return p.status == PlayerStatus::checked_in; });
}

bool lists_open(const EventState& state, const Player& p) {
  return p.joined_round > static_cast<int>(state.rounds.size());
}

bool plays_in(const EventState& state, const Player& p, int round) {
  return plays_in(p, round, round == 1 && checkin_decides(state));
}

bool plays_in(const Player& p, int round, bool checkin_decides) {
  if (!p.active_in(round)) return false;
  return round != 1 || p.status == PlayerStatus::checked_in || !checkin_decides;
}

std::vector<char> inside_cut(const EventState& state) {
  if (!state.cut) return std::vector<char>(state.players.size(), 1);
  std::vector<char> top(state.players.size());
  const PlayerPositions position(state);
  for (const PlayerId& id : state.cut->top)
    if (const auto i = position.find(id)) top[*i] = 1;
  return top;
}

std::vector<PlayerId> left_out_of_round_one(const EventState& state) {
  std::vector<PlayerId> out;
  if (!checkin_decides(state)) return out;
  for (const Player& p : state.players)
    if (p.active_in(1) && p.status == PlayerStatus::registered) out.push_back(p.id);
  return out;
}

bool event_finished(const EventState& state) {
  const int closed = state.closed_rounds();
  if (closed == 0) return false;
  if (closed >= planned_rounds(state)) return true;
  // SR2017 "Number of Rounds": the event runs until one player has more TP than any other
  // player at the end of a round.
  const std::vector<int> tp = tp_totals(state, closed);
  int best = -1, at_best = 0;
  for (std::size_t i = 0; i < tp.size(); ++i) {
    // Whoever was still in the event at the end of that round counts; a disqualification
    // entered later does not rewrite that round's result (it only bars the player from prizes).
    const Player& p = state.players[i];
    if (p.disqualified_after && *p.disqualified_after < closed) continue;
    if (tp[i] > best) {
      best = tp[i];
      at_best = 1;
    } else if (tp[i] == best) {
      ++at_best;
    }
  }
  return at_best == 1;
}

Result<RoundTiming> timing_of(const EventState& state) {
  std::vector<std::string> keys;
  for (const VariantChoice& v : state.config.variants) keys.push_back(v.key);
  return round_timing(edition_of(state), state.config.points, keys);
}

std::optional<ClockSetup> clock_setup(const RoundTiming& timing) {
  constexpr std::int64_t minute = 60000;
  if (timing.kind == TimingKind::deathclock) {
    const DeathclockTiming& d = *timing.deathclock;
    // Deployment alternates: each step is one tap by each player.
    return ClockSetup{false, d.player_minutes * minute, 0, static_cast<int>(2 * d.deployment_steps.size())};
  }
  if (timing.kind == TimingKind::classic)
    return ClockSetup{true, 0, timing.classic->turn_minutes * minute, 0};
  return std::nullopt;
}

std::optional<std::int64_t> round_end_ms(const EventState& state, const Round& round) {
  if (!round.started_ms) return std::nullopt;
  const auto timing = timing_of(state);
  if (!timing || timing->kind == TimingKind::untimed) return std::nullopt;
  const int minutes =
      timing->expected_minutes() + (timing->kind == TimingKind::classic ? round.round_minutes_adjust : 0);
  return *round.started_ms + std::int64_t{minutes} * 60000;
}

std::optional<std::int64_t> table_end_ms(const EventState& state, const Round& round, const Table& table) {
  auto end = round_end_ms(state, round);
  if (end && table.clock) *end += table.clock->paused_total_ms + table.clock->added_total_ms;
  return end;
}

}  // namespace gauntlet
