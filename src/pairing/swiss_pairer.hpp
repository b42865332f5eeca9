// SwissPairer: the automatic Pairer. Converts the event into the pure core's input
// (pairing/swiss.hpp), pairs, numbers the tables and returns a PairRound with explanations.
//
//   SwissPairer pairer({.avoid_same_club = true});
//   Result<PairRound> proposal = pairer.pair(state, 3);
//   // decide(state, *proposal) validates and resolves it like any other command
//
// Only players active_in(round) are paired (late entries with 0 TP; dropped players never);
// after a Cut to Top X only the top X (SR2017 appendix "Cut to Top [X]"); in the last round of a
// Finals Tables event #1 v #2 and #3 v #4 by current standings (SR2017 appendix "Finals Tables").
// Randomness: Rng::derive(state.config.seed, "pairing", round), so a replay pairs identically.
//
//   auto p = pairer.propose(state, 3);    // + p->warnings ("WARNING: rematch ...") and p->rematches
//   auto r = pairer.review(state, edited);  // every rule an EO-edited pairing breaks (issue 3)
//   auto a = pairer.amend_for_drop(state, "p6", SwissPairer::Amend::orphan_bye);
//   decide(state, SetPlayerStatus{"p6", PlayerStatus::dropped, round - 1, *a});
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "pairing/pairer.hpp"
#include "pairing/swiss.hpp"

namespace gauntlet {

struct Standings;  // standings/standings.hpp

struct SwissPairerOptions {
  bool avoid_same_club = false;
  bool avoid_same_faction = false;
  bool avoid_in_all_rounds = false;
  bool fresh_tables = false;
  std::vector<std::pair<PlayerId, PlayerId>> locked;   // the EO locks these; the rest is re-paired
  std::vector<std::pair<PlayerId, int>> fixed_tables;  // accessibility: player -> table number
  // 1: the event's own draw. 2, 3…: the EO asked to draw again where the rules leave a choice to
  // chance (SR2017 "First Round Pairings": "pair players randomly"; ties between equally good
  // pairings later): another stream of the event's seed, named in the round's explanation so the
  // journal says which draw was published.
  int draw = 1;
};

// What an EO-edited pairing breaks, listed before it is published (issue 3), one sentence each
// (check_pairing's wording).
struct PairingReview {
  // A rematch, a second pair-down, a second bye, a player missing or twice (SR2017 "Subsequent
  // Pairings", "Byes & Odd Number of Players"): the CLI publishes such a pairing only when the EO
  // insists. `players` of each finding index SwissPairer::input's field.
  std::vector<PairingFinding> hard;
  std::vector<PairingFinding> soft;  // club clash, a bye above the lowest eligible TP group
  bool clean() const { return hard.empty() && soft.empty(); }
};

class SwissPairer final : public Pairer {
 public:
  explicit SwissPairer(SwissPairerOptions options = {}) : options_(std::move(options)) {}
  Result<PairRound> pair(const EventState& state, int round) const override;

  // pair() plus what the EO must hear loudly: the outcome's broken rules (when unavoidable).
  struct Proposal {
    PairRound round;
    std::vector<std::string> warnings;  // the "WARNING: ..." lines, also first in round.explain
    int rematches = 0, second_pair_downs = 0;
    bool second_bye = false;
    // round.tables' players and round.bye as indices into the Input's field, table by table,
    // seats in order: what check_pairing reads, without looking each id up again.
    std::vector<std::pair<int, int>> seats;
    std::optional<int> bye;
    // What the EO should look at before publishing that no rule forbids (indices as `seats`): a
    // finals game a fixed table moved off its finals table ("finals-table-moved").
    std::vector<PairingFinding> findings;
    // amend_for_drop(repair): each table that changes ("table 5: Ada (p1) v Cleo (p3), was …"),
    // a table no longer played, the bye that moves; also in round.explain.
    std::vector<std::string> moved;
  };
  Result<Proposal> propose(const EventState& state, int round) const;

  // Every rule `proposal` (round 0 = the next one) breaks given the event's history. Players the
  // round cannot hold (unknown, dropped) are an error here; decide() words those best, call it first.
  Result<PairingReview> review(const EventState& state, const PairRound& proposal) const;

  // A player drops after the open round was published but before their game has a result (issue 3:
  // "re-pair or give the orphan a bye — EO's choice, explained"). Returns the amended round for
  // SetPlayerStatus::amended (with after_round = open round - 1):
  //   orphan_bye: the opponent left alone gets the bye; an error when the round already has one;
  //   repair:     tables with a result or a report stay exactly as they are (locked, same number),
  //               and so does every table the rules let stay: the fewest tables change (the
  //               orphan against the bye, say), under this pairer's options (clubs, fixed tables,
  //               the EO's locks never freed); `moved` lists what changes.
  // explain says what happened, then the pairer's reasons; warnings first.
  enum class Amend { orphan_bye, repair };
  Result<Proposal> amend_for_drop(const EventState& state, const PlayerId& dropped, Amend how) const;

  // The pure core's input for `round` (exposed for `--explain` tooling and tests).
  struct Input {
    std::vector<PairingPlayer> players;
    std::vector<PlayerId> ids;           // local index -> player id
    std::vector<std::size_t> positions;  // local index -> position in state.players
    PairingOptions options;
    std::vector<int> standing_rank;  // local index -> position in the current standings
    bool finals = false;
  };
  Result<Input> input(const EventState& state, int round) const;
  // propose() from input(state, round) made by this pairer: a caller that also reviews the outcome
  // builds the input once (issue 16: the input is most of the cost of pairing a large field).
  Result<Proposal> propose(const Input& in, int round) const;

  // input() and propose() in steps, for a caller that computes the standings meanwhile (issue 16:
  // at 100 000 players they take as long as building the field):
  //   Input in = field(state, round);             // standing_rank not set yet
  //   PairingOutcome out = match(in);             // reads standing_rank only when in.finals
  //   rank(in, state, compute_standings(state));  // round > 1 (round 1 has no standings)
  //   Proposal p = number(in, std::move(out), round);
  Result<Input> field(const EventState& state, int round) const;
  Result<PairingOutcome> match(const Input& in) const;
  static void rank(Input& in, const EventState& state, const Standings& standings);
  // rank() in two steps, the first on the core that computed the standings (issue 16: 200 000 id
  // lookups at 100 000 players): the position in state.players of each standings row, in order;
  // then the field's ranks from those positions and in.positions.
  static std::vector<std::size_t> standing_positions(const EventState& state, const Standings& standings);
  static void rank(Input& in, const std::vector<std::size_t>& by_standing);
  Proposal number(const Input& in, PairingOutcome out, int round) const;

 private:
  SwissPairerOptions options_;
};

}  // namespace gauntlet
