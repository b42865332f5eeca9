#include "app/situation.hpp"

#include <algorithm>

#include "model/rounds.hpp"

namespace gauntlet::app {

std::string ordinal(int n) {
  const int tens = n % 100, last = n % 10;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : last == 1                ? "st"
                       : last == 2                ? "nd"
                       : last == 3                ? "rd"
                                                  : "th";
  return std::to_string(n) + suffix;
}

namespace {

std::string place(std::optional<int> rank, int ranked) {
  if (!rank) return "not ranked";
  return ordinal(*rank) + " of " + std::to_string(ranked);
}

std::string round_s(int n) {
  return "round " + std::to_string(n);
}

// The open round, if the player sits at one of its tables or has its bye.
std::optional<Situation> in_open_round(const EventState& s, const Player& p) {
  if (s.rounds.empty() || s.rounds.back().closed) return std::nullopt;
  const Round& r = s.rounds.back();
  const std::string head = "Round " + std::to_string(r.number) + ": ";
  const std::string last_game =
      p.status == PlayerStatus::dropped ? " You have dropped: this is your last game." : "";
  if (r.bye && *r.bye == p.id)
    return Situation{"bye", r.number, std::nullopt, std::nullopt, head + "you have the bye this round."};
  const Table* t = r.table_of(p.id);
  if (!t) return std::nullopt;
  // A player who dropped and has played their last game is told they dropped, below.
  const bool gone = p.status == PlayerStatus::dropped || p.status == PlayerStatus::disqualified;
  if (t->results && gone) return std::nullopt;
  if (t->results)
    return Situation{"reported", r.number, t->number, std::nullopt,
                     head + "your result at table " + std::to_string(t->number) +
                         " is recorded. Next: the pairings of " + round_s(r.number + 1) + "."};
  const Player* opp = s.find_player(t->players[t->players[0] == p.id ? 1 : 0]);
  const std::string against = opp ? " against " + opp->name + " (" + opp->faction + ")" : "";
  return Situation{"playing", r.number, t->number, std::nullopt,
                   head + "table " + std::to_string(t->number) + against + "." + last_game};
}

bool cut_out(const EventState& s, const PlayerId& id) {
  return s.cut && std::find(s.cut->top.begin(), s.cut->top.end(), id) == s.cut->top.end();
}

}  // namespace

Situation situation_of(const EventState& s, const PlayerId& id, std::optional<int> rank, int ranked) {
  const Player& p = *s.find_player(id);
  if (auto now = in_open_round(s, p)) return *now;
  if (p.status == PlayerStatus::disqualified)
    return {"disqualified", p.disqualified_after, std::nullopt, std::nullopt,
            "You were disqualified after " + round_s(p.disqualified_after.value_or(0)) +
                ". Disqualified players take no further part and win no awards."};
  const int last = s.rounds.empty() ? 0 : s.rounds.back().number;
  if (p.status == PlayerStatus::dropped) {
    std::string text = p.dropped_after.value_or(0) > 0
                           ? "You dropped after " + round_s(*p.dropped_after) + "."
                           : "You dropped before the first round.";
    if (event_finished(s) && rank) text += " Final place: " + place(rank, ranked) + ".";
    return {"dropped", p.dropped_after, std::nullopt, rank, text};
  }
  if (event_finished(s))
    return {"finished", last, std::nullopt, rank,
            "The event is finished: you placed " + place(rank, ranked) + "."};
  // SR2017 "Cut to Top [X]": "the remaining rounds are only played by the top X players"; the rest
  // keep the place they had at the cut.
  if (cut_out(s, id))
    return {"cut", s.cut->after_round, std::nullopt, rank,
            "Cut after " + round_s(s.cut->after_round) + ": only the top " +
                std::to_string(s.cut->top.size()) + " play on. Your final place: " + place(rank, ranked) +
                "."};
  const bool open = last > 0 && !s.rounds.back().closed;
  if (open && p.joined_round > last)
    return {"joins", p.joined_round, std::nullopt, std::nullopt,
            "You join in " + round_s(p.joined_round) + ": round " + std::to_string(last) +
                " is being played without you."};
  if (open)
    return {"not-paired", last, std::nullopt, std::nullopt,
            "Round " + std::to_string(last) +
                ": you are not paired this round. Ask the EO if this is a mistake."};
  if (p.status == PlayerStatus::registered && checkin_decides(s))  // before round 1 (model/rounds.hpp)
    return {
        "waiting", 1, std::nullopt, std::nullopt,
        "You are registered but not checked in: see the EO before round 1, or you will not be paired in it."};
  if (last == 0)
    return {"waiting", 1, std::nullopt, std::nullopt,
            "You are registered. Your round 1 table appears here when the EO publishes the pairings."};
  return {"waiting", last + 1, std::nullopt, std::nullopt,
          "Round " + std::to_string(last) + " is over. Your " + round_s(last + 1) +
              " table appears here when the EO publishes the pairings."};
}

}  // namespace gauntlet::app
