#include "app/pairing.hpp"

#include <algorithm>
#include <future>
#include <string>

#include "engine/engine.hpp"
#include "engine/list_plays.hpp"
#include "model/rounds.hpp"
#include "standings/standings.hpp"

namespace gauntlet::app {

namespace {

int next_round(const EventState& s) {
  return static_cast<int>(s.rounds.size()) + 1;
}

// The same pairing whatever the table numbers and seat order: sorted unordered pairs, and the bye.
bool same_pairing(const PairRound& a, const PairRound& b) {
  auto norm = [](const PairRound& r) {
    Tables t = tables_of(r);
    for (auto& [x, y] : t)
      if (y < x) std::swap(x, y);
    std::sort(t.begin(), t.end());
    return t;
  };
  return a.bye == b.bye && norm(a) == norm(b);
}

std::string rules_of(const std::vector<Finding>& hard) {
  std::string out;
  for (const Finding& f : hard)
    if (out.find(f.rule) == std::string::npos) out += (out.empty() ? "" : ", ") + f.rule;
  return out;
}

std::string labels(const EventState& s, const std::vector<PlayerId>& ids) {
  std::string out;
  for (const PlayerId& id : ids) out += (out.empty() ? "" : ", ") + s.label(id);
  return out;
}

// Issue 10 point 1: who round 1 leaves out because they are not checked in (they join round 2 if
// they check in later), or that nobody checked in; from round 2 on, who is paired without ever
// having checked in.
void add_checkin_warnings(const EventState& s, int round, Proposal& out) {
  if (round == 1) {
    out.left_out = left_out_of_round_one(s);
    if (!out.left_out.empty())
      out.warnings.push_back("left out of round 1, not checked in: " + labels(s, out.left_out) +
                             ". Check them in (or drop them) before publishing; anyone still only registered "
                             "when round 1 is published joins in round 2 with 0 TP");
    else if (!checkin_decides(s))
      out.warnings.push_back("nobody checked in: every registered player is paired");
    return;
  }
  if (!checkin_used(s)) return;
  const bool checkin = round == 1 && checkin_decides(s);
  for (const Player& p : s.players)
    if (p.status == PlayerStatus::registered && plays_in(p, round, checkin))
      out.not_checked_in.push_back(p.id);
  if (!out.not_checked_in.empty())
    out.warnings.push_back("never checked in: " + labels(s, out.not_checked_in) +
                           " — drop them if they are not here");
}

}  // namespace

namespace {

// What the options avoid this round and what they do not, said with the proposal: a club clash in
// round 2 is no warning when the options avoid clubs in round 1 only.
std::string avoidance(const PairingOptions& o, int round) {
  const bool now = o.round_one || o.avoid_in_all_rounds;
  std::string what;
  if (o.avoid_same_club) what = "same club";
  if (o.avoid_same_faction) what += (what.empty() ? "" : " and ") + std::string("same faction");
  if (what.empty()) return "";
  return now ? "pairing options: " + what + " avoided in round " + std::to_string(round)
             : "pairing options: " + what + " not avoided in round " + std::to_string(round) +
                   " (avoided in round 1 only; \"Avoid them in every round\" avoids them in every round)";
}

}  // namespace

Tables tables_of(const PairRound& round) {
  Tables t;
  for (const Table& table : round.tables) t.emplace_back(table.players[0], table.players[1]);
  return t;
}

namespace {

// What the pairs and bye (indices into the field `in` of `round`) break, as findings naming ids,
// after `out`'s.
Finding named(const SwissPairer::Input& in, int round, const PairingFinding& f) {
  Finding g{f.rule, f.hard, {}, round, f.text};
  for (int i : f.players) g.players.push_back(in.ids[static_cast<std::size_t>(i)]);
  return g;
}

// `avoided`: the round's options, when known (check_pairing: a club clash only where they avoid clubs).
void add_findings(const SwissPairer::Input& in, int round, const std::vector<std::pair<int, int>>& pairs,
                  std::optional<int> bye, std::vector<Finding>& out, const PairingOptions* avoided) {
  for (const PairingFinding& f : check_pairing(in.players, pairs, bye, avoided))
    out.push_back(named(in, round, f));
}

// What `tables` and `bye` break for the field `in` of `round` (check_pairing reads the players'
// histories only: neither the pairer's options nor locks change its answer).
std::vector<Finding> review_against(const EventState& state, const SwissPairer::Input& in, int round,
                                    const Tables& tables, const std::optional<PlayerId>& bye,
                                    const PairingOptions* avoided) {
  // Ids to the field's indices through the state's id index (issue 16: not a map of 10^5 ids made
  // for each review).
  const PlayerPositions position(state);
  std::vector<int> local(state.players.size(), -1);
  for (std::size_t i = 0; i < in.ids.size(); ++i)
    if (const auto at = position.find(in.ids[i])) local[*at] = static_cast<int>(i);
  std::vector<Finding> out;
  const auto find = [&](const PlayerId& id) -> std::optional<int> {
    if (const auto at = position.find(id); at && local[*at] >= 0) return local[*at];
    out.push_back({"missing",
                   true,
                   {id},
                   round,
                   id + " is not in round " + std::to_string(round) + "'s field (unknown, dropped or cut)"});
    return std::nullopt;
  };
  std::vector<std::pair<int, int>> pairs;
  for (const auto& [a, b] : tables) {
    const auto ia = find(a), ib = find(b);
    if (ia && ib) pairs.emplace_back(*ia, *ib);
  }
  std::optional<int> bye_index;
  if (bye) bye_index = find(*bye);
  add_findings(in, round, pairs, bye_index, out, avoided);
  return out;
}

}  // namespace

Result<std::vector<Finding>> review_pairing(const EventState& state, const Tables& tables,
                                            const std::optional<PlayerId>& bye,
                                            const SwissPairerOptions* options) {
  const int round = next_round(state);
  SwissPairerOptions o = options ? *options : SwissPairerOptions{};
  o.locked.clear();  // the review judges the tables as they are
  GAUNTLET_TRY(const SwissPairer::Input in, SwissPairer{o}.input(state, round));
  return review_against(state, in, round, tables, bye, options ? &in.options : nullptr);
}

Result<Proposal> propose_pairing(const EventState& state, const SwissPairerOptions& options) {
  const int round = next_round(state);
  const SwissPairer pairer(options);
  // The standings number the tables (table 1 to the best-placed pair). Computed on the second core
  // while this one builds the field and matches it: at 100 000 players each half takes about as
  // long as the other (issue 16). That core also finds each row's place in state.players, so
  // ranking the field looks no id up on this one. Nothing here changes `state` meanwhile.
  std::future<std::vector<std::size_t>> standings;
  if (round > 1)
    standings = std::async(std::launch::async, [&state] {
      return SwissPairer::standing_positions(state, compute_standings(state));
    });
  const auto ranked = [&](SwissPairer::Input& in) {
    if (standings.valid()) SwissPairer::rank(in, standings.get());
  };
  GAUNTLET_TRY(SwissPairer::Input in, pairer.field(state, round));
  if (in.finals) ranked(in);  // SR2017 "Finals Tables": #1 v #2 by the current standings
  GAUNTLET_TRY(PairingOutcome matched, pairer.match(in));
  ranked(in);
  SwissPairer::Proposal p = pairer.number(in, std::move(matched), round);
  Proposal out{std::move(p.round), {}, std::move(p.warnings)};
  // The pairer's own seats, as indices already: no id looked up again (issue 16 point 1).
  add_findings(in, round, p.seats, p.bye, out.findings, &in.options);  // the clubs the options avoid
  for (const PairingFinding& f : p.findings) out.findings.push_back(named(in, round, f));
  // Lists are fixed once the event begins, when round 1 is published: who is paired short of the
  // lists the event asks for is said now, while they can still add one. Not a pairing rule: the
  // EO decides.
  if (round == 1)
    for (const std::size_t i : in.positions)
      if (auto missing = lists_missing(state, state.players[i]))
        out.findings.push_back({"lists-missing", false, {missing->player}, round, missing->text});
  add_checkin_warnings(state, round, out);
  if (std::string line = avoidance(in.options, round); !line.empty())
    out.round.explain.insert(out.round.explain.begin(), std::move(line));
  // Issue 3: "say so loudly" when no rematch-free pairing exists.
  if (p.rematches > 0)
    out.warnings.insert(out.warnings.begin(),
                        "WARNING: " + std::to_string(p.rematches) + " rematch" +
                            (p.rematches == 1 ? "" : "es") + ": no rematch-free pairing of round " +
                            std::to_string(round) +
                            " exists; this pairing has the fewest (SR2017 \"Subsequent Pairings\")");
  return out;
}

Result<PairRound> vet_pairing(const EventState& state, PairRound round,
                              const SwissPairerOptions& proposed_with) {
  // Everyone active exactly once, nobody dropped, the round open: the engine words these best.
  GAUNTLET_CHECK(decide(state, round));
  // The automatic pairer's proposal (table numbers and seats aside) is the fewest breaks possible
  // and carries its own reasons: no override needed.
  if (auto automatic = SwissPairer{proposed_with}.pair(state, next_round(state));
      automatic && same_pairing(*automatic, round)) {
    round.eo_override.reset();
    round.explain = std::move(automatic->explain);  // the pairer's own reasons, as proposed
    return round;
  }
  GAUNTLET_TRY(std::vector<Finding> findings, review_pairing(state, tables_of(round), round.bye));
  // The pairer's reasons no longer hold for tables the EO made: the record says who paired and
  // what the pairing breaks.
  round.explain = {"paired by hand by the EO"};
  std::vector<Finding> hard;
  for (Finding& f : findings) {
    if (!f.hard) round.explain.push_back("note: " + f.text);
    if (f.hard) hard.push_back(std::move(f));
  }
  if (hard.empty()) {
    round.eo_override.reset();  // nothing was overridden: an override would only mislead the record
    return round;
  }
  if (!round.eo_override) {
    std::string list;
    for (const Finding& f : hard) list += "; " + f.text;
    return fail(
        ErrorKind::precondition, "tables",
        state.config.edition + " \"Subsequent Pairings\", \"Byes & Odd Number of Players\"",
        "these tables break " + std::to_string(hard.size()) + " hard rule" + (hard.size() == 1 ? "" : "s") +
            " (" + rules_of(hard) + ")" + list +
            ". Nothing was published: change the tables, or publish them with an override and a reason");
  }
  round.eo_override->broken.clear();
  for (const Finding& f : hard) round.eo_override->broken.push_back(f.text);
  return round;
}

}  // namespace gauntlet::app
