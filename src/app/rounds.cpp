#include "app/rounds.hpp"

#include <algorithm>

#include "engine/engine.hpp"
#include "model/rounds.hpp"

namespace gauntlet::app {

namespace {

std::string rounds_text(int n) {
  return std::to_string(n) + (n == 1 ? " round" : " rounds");
}

// SR2017 "Number of Rounds": "The number of players in the tournament determines the maximum
// number of rounds usually required to determine a winner" (the edition's attendance table).
std::string attendance_line(const EventState& s, int rounds) {
  const Edition& e = edition_of(s);
  int players = 0;
  for (const Player& p : s.players)
    if (p.active_in(p.joined_round)) ++players;
  const int table = e.rounds_for(std::max(players, 2));
  std::string line = e.id + " \"Number of Rounds\": " + std::to_string(players) + " players → a " +
                     std::to_string(table) + "-round event";
  if (rounds < table)
    line += "; with " + rounds_text(rounds) +
            " a single leader on TP may not emerge: the final standings (tiebreakers) decide";
  else if (rounds > table)
    line += "; " + rounds_text(rounds) + " is more than the table's";
  return line;
}

void variant_lines(const EventState& s, int rounds, int paired, std::vector<std::string>& out) {
  const Edition& e = edition_of(s);
  if (auto x = s.config.variant_value("cut-to-top")) {
    const std::string top = "Cut to Top " + std::to_string(*x);
    if (s.cut)
      out.push_back(top + ": made after round " + std::to_string(s.cut->after_round) +
                    (rounds > s.cut->after_round
                         ? "; rounds " + std::to_string(s.cut->after_round + 1) + "–" +
                               std::to_string(rounds) + " are played by the top " + std::to_string(*x)
                         : "; no round after the cut remains"));
    else if (rounds > paired)
      out.push_back(top + " (" + e.id + "): checked at the end of each round up to round " +
                    std::to_string(rounds) + "; once " + std::to_string(*x) +
                    " or fewer players are undefeated, the remaining rounds are played by the top " +
                    std::to_string(*x));
    else
      out.push_back(top + ": no round remains to play after a cut; it will not be made");
  }
  if (s.config.has_variant("finals-tables")) {
    if (rounds > paired)
      out.push_back("Finals Tables (" + e.id + "): round " + std::to_string(rounds) +
                    ", the final round, pairs the top four on two finals tables (1st v 2nd, 3rd v 4th)");
    else
      out.push_back("Finals Tables: round " + std::to_string(rounds) +
                    " was paired as a regular round; no finals tables will be played");
  }
}

}  // namespace

int end_now(const EventState& state) {
  return static_cast<int>(state.rounds.size());
}

Result<RoundsPlan> plan_rounds(const EventState& state, int rounds) {
  GAUNTLET_TRY(Command resolved, decide(state, SetRounds{rounds}));
  RoundsPlan plan{std::get<SetRounds>(resolved), {}};
  const int paired = static_cast<int>(state.rounds.size());
  plan.explain.push_back("Planned rounds: " + std::to_string(planned_rounds(state)) + " → " +
                         std::to_string(rounds) + " (" + rounds_text(paired) + " paired so far)");
  plan.explain.push_back(attendance_line(state, rounds));
  variant_lines(state, rounds, paired, plan.explain);
  EventState after = state;
  apply(after, resolved);
  if (event_finished(after))
    plan.explain.push_back("The event finishes now: the standings are final");
  else if (rounds == paired)
    plan.explain.push_back("The event finishes when round " + std::to_string(rounds) +
                           " closes; the standings are final then");
  else
    plan.explain.push_back(
        "The event finishes when round " + std::to_string(rounds) +
        " closes (or earlier, when one player leads alone on TP); the standings are final then");
  return plan;
}

}  // namespace gauntlet::app
