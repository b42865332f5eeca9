#include "app/table_clock.hpp"

#include <algorithm>

#include "app/clock.hpp"
#include "model/rounds.hpp"

namespace gauntlet::app {

namespace {

using nlohmann::json;

constexpr std::int64_t kFiveMinutes = 5 * 60 * 1000;

Result<Accepted> run(EventSession& session, Command command) {
  auto seq = session.execute(std::move(command), now_utc());
  if (!seq) return tl::unexpected(seq.error());
  return Accepted{*seq, *session.journal().back().command, {}};
}

// A tap's time: now, or the time a phone that was offline says it happened (issue 11 point 3).
Result<std::int64_t> tap_time(const ClockAction& c, std::int64_t now_ms, std::vector<std::string>& notes) {
  // The server decides when a clock ran out or a round's end came; nobody else's clock counts.
  if (c.at_ms == 0 || c.action == ClockActionKind::flag || c.action == ClockActionKind::time_up)
    return now_ms;
  if (c.at_ms > now_ms + kClockSkewMs) {
    notes.push_back("the phone's clock is ahead of the server's: recorded now");
    return now_ms;
  }
  if (now_ms - c.at_ms > kOfflineWindowMs)
    return fail(ErrorKind::precondition, "at_ms", "clock",
                "this " + std::string(to_string(c.action)) + " reached the server " +
                    clock_text(now_ms - c.at_ms) + " after it happened; taps sent late count up to " +
                    clock_text(kOfflineWindowMs) + " old: ask a judge to set the clock");
  if (now_ms - c.at_ms >= 1000)
    notes.push_back("recorded at the time it happened, " + clock_text(now_ms - c.at_ms) +
                    " before it reached the server");
  return std::min(c.at_ms, now_ms);
}

const Round* open_round(const EventState& s) {
  const Round* r = s.current_round();
  return r && !r->closed && r->started_ms ? r : nullptr;
}

ClockAction due(const Round& r, const Table& t, ClockActionKind kind, std::int64_t now_ms) {
  ClockAction c;
  c.round = r.number;
  c.table = t.number;
  c.action = kind;
  c.by = "server";
  c.at_ms = now_ms;
  return c;
}

std::string table_state(const EventState& s, const Round& r, const Table& t) {
  if (t.results) return "finished";
  if (t.report) return "reported";
  if (!t.clock) return "not-started";
  const TableClock& k = *t.clock;
  if (k.flagged) return "flagged";
  if (k.time_up_tie) return "time-up";
  if (k.paused) return "paused";
  (void)s;
  (void)r;
  return k.playing_on ? "playing-on" : "running";
}

}  // namespace

Result<Accepted> start_round(EventSession& session, int round, std::int64_t now_ms) {
  return run(session, StartRound{round, now_ms});
}

Result<Accepted> clock_action(EventSession& session, ClockAction c, const Caller& caller,
                              std::int64_t now_ms) {
  if (!caller.eo && !caller.is_judge() &&
      (c.action == ClockActionKind::pause || c.action == ClockActionKind::resume ||
       c.action == ClockActionKind::adjust))
    return fail(ErrorKind::forbidden, "action", edition_of(session.state()).id + " \"Deathclock\"",
                "\"players cannot pause the chess clock at any time\": call a judge");
  c.by = caller.clock_name();
  std::vector<std::string> notes;
  GAUNTLET_TRY(c.at_ms, tap_time(c, now_ms, notes));
  GAUNTLET_TRY(Accepted a, run(session, c));
  auto& journaled = std::get<ClockAction>(a.command);
  // What the server did with the time goes back with the answer, not into the journal.
  journaled.notes.insert(journaled.notes.end(), notes.begin(), notes.end());
  return a;
}

std::vector<ClockAction> due_clock_actions(const EventState& s, std::int64_t now_ms) {
  std::vector<ClockAction> out;
  const Round* r = open_round(s);
  if (!r) return out;
  for (const Table& t : r->tables) {
    if (!t.clock || t.results || t.clock->stopped()) continue;
    const TableClock& k = *t.clock;
    const auto flag = flag_instant(k);
    const auto end = table_end_ms(s, *r, t);
    const bool end_came = !k.setup.classic && !k.playing_on && !k.paused && end && *end <= now_ms;
    // Whichever came first: a flag that fell before the expected end, or the end.
    if (flag && (!end_came || *flag <= *end)) {
      if (*flag + kFlagGraceMs <= now_ms) out.push_back(due(*r, t, ClockActionKind::flag, now_ms));
      continue;
    }
    if (end_came) out.push_back(due(*r, t, ClockActionKind::time_up, now_ms));
  }
  return out;
}

json round_clock_json(const EventState& s, const Round& r, bool eo) {
  const auto timing = timing_of(s);
  json j{{"round", r.number}, {"started_ms", r.started_ms ? json(*r.started_ms) : json(nullptr)}};
  if (!timing) return j;
  j["kind"] = to_string(timing->kind);
  j["minutes"] = timing->expected_minutes();
  if (timing->deathclock) {
    j["player_minutes"] = timing->deathclock->player_minutes;
    j["min_turn_seconds"] = timing->deathclock->min_turn_seconds;
    j["deployment_steps"] = timing->deathclock->deployment_steps;
  }
  if (timing->classic) {
    j["turn_minutes"] = timing->classic->turn_minutes;
    j["extension_minutes"] = timing->classic->extension_minutes;
    j["extensions_per_player"] = timing->classic->extensions_per_player;
  }
  const auto end = round_end_ms(s, r);
  const bool secret = timing->classic && timing->classic->variable_step_minutes > 0;
  if (secret && eo) j["secret_variable_minutes"] = r.round_minutes_adjust;
  j["secret"] = secret;
  // Players and the public see no secret end: their pages count the time since the start.
  j["end_ms"] = end && (eo || !secret) ? json(*end) : json(nullptr);
  j["warning_ms"] = end && (eo || !secret) ? json(*end - kFiveMinutes) : json(nullptr);
  j["at_end"] = timing->kind == TimingKind::classic ? "dice down" : "expected end";
  return j;
}

json table_clock_json(const EventState& s, const Round& r, const Table& t) {
  if (!t.clock) return json{{"state", table_state(s, r, t)}};
  const TableClock& k = *t.clock;
  json j{{"state", table_state(s, r, t)},
         {"classic", k.setup.classic},
         {"remaining_ms", {k.remaining_ms[0], k.remaining_ms[1]}},
         {"as_of_ms", k.since_ms},
         {"started_ms", k.started_ms},
         {"turn", k.turn},
         {"running", k.paused || k.stopped() ? -1 : k.running},
         {"switched", !k.setup.classic && k.running >= 0 && k.running != k.turn},
         {"held", k.setup.classic && k.running < 0},
         {"taps", k.taps},
         {"deployment", k.in_deployment()},
         {"turn_used_ms", k.turn_used_ms},
         {"short_turns", {k.short_turns[0], k.short_turns[1]}},
         {"extensions_used", {k.extensions_used[0], k.extensions_used[1]}},
         {"paused", k.paused}};
  if (k.flagged) j["flag"] = {{"seat", *k.flagged}, {"at_ms", k.flag_ms}};
  if (k.time_up_tie || k.playing_on)
    j["time_up"] = {{"at_ms", k.time_up_ms}, {"tie", k.time_up_tie}, {"playing_on", k.playing_on}};
  // A classic table's end is the round's, which may hold the EO's secret variable.
  if (auto end = table_end_ms(s, r, t); end && !k.setup.classic) j["end_ms"] = *end;
  json notes = json::array();
  for (const ClockNote& n : k.notes)
    notes.push_back({{"at_ms", n.at_ms}, {"by", n.by}, {"what", n.what}, {"reason", n.reason}});
  j["notes"] = notes;
  return j;
}

}  // namespace gauntlet::app
