// SwissPairer: EventState -> PairingPlayer inputs -> pair_round -> PairRound.
#include "pairing/swiss_pairer.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <unordered_map>

#include "core/rng.hpp"
#include "model/records.hpp"
#include "model/rounds.hpp"
#include "standings/standings.hpp"

namespace gauntlet {

namespace {

// What the pairer reads of the games of the field's players through round `through` (0 = every
// round), in one pass over the tables (issue 16: player_records would make 500 000 game records of
// a 100 000-player event, each with its result, to read five numbers of each). The same as
// player_records(state, through): TP (a win 1, the bye the edition's award), whether a bye came,
// the times paired down (met an opponent with fewer TP going into the round, SR2017 "Subsequent
// Pairings"), the opponents in the field and the tables played, in round order.
void read_histories(const EventState& state, int through, const std::vector<int>& local,
                    std::vector<PairingPlayer>& players) {
  std::vector<int> tp(state.players.size(), 0);  // everyone's: a dropped opponent's TP still compare
  const PlayerPositions index(state);
  const int bye_tp = edition_of(state).bye.tp;
  // Each round in two passes: the seats' positions first, then the games, with the players of the
  // table kAhead further on fetched meanwhile (issue 16 point 1: the tables list a 100 000-player
  // field in no order, so each seat's record was a miss of the cache).
  constexpr std::size_t kAhead = PlayerPositions::kAhead;
  std::vector<std::array<std::size_t, 2>> seats;
  const auto fetch = [&](std::size_t position) {
    if (const int self = local[position]; self >= 0) {
      const PairingPlayer& pp = players[static_cast<std::size_t>(self)];
      __builtin_prefetch(&pp.opponents);  // the record spans cache lines: the two written here
      __builtin_prefetch(&pp.tables_played);
    }
  };
  for (const Round& round : state.rounds) {
    if (through > 0 && round.number > through) break;
    seats.resize(round.tables.size());
    for (std::size_t k = 0; k < round.tables.size(); ++k) {
      index.prefetch_ahead(round.tables, k);
      seats[k] = {index.find(round.tables[k].players[0]).value(),
                  index.find(round.tables[k].players[1]).value()};
    }
    for (std::size_t k = 0; k < round.tables.size(); ++k) {
      if (k + kAhead < seats.size())
        for (const std::size_t ahead : seats[k + kAhead]) fetch(ahead);
      const Table& t = round.tables[k];
      const std::array<std::size_t, 2>& seat = seats[k];
      for (int side = 0; side < 2; ++side) {
        const int self = local[seat[side]];
        if (self < 0) continue;
        PairingPlayer& pp = players[static_cast<std::size_t>(self)];
        const std::size_t other = seat[1 - side];
        if (const int o = local[other]; o >= 0) pp.opponents.push_back(o);
        if (t.number > 0) pp.tables_played.push_back(t.number);
        // A player meets one opponent a round: both TP are still those before the round.
        if (tp[other] < tp[seat[side]]) ++pp.times_paired_down;
      }
      if (t.results)
        for (int side = 0; side < 2; ++side)
          if ((*t.results)[static_cast<std::size_t>(side)].outcome == Outcome::win) ++tp[seat[side]];
    }
    if (round.bye) {
      const std::size_t i = index.find(*round.bye).value();
      tp[i] += bye_tp;
      if (local[i] >= 0) players[static_cast<std::size_t>(local[i])].had_bye = true;
    }
  }
  for (std::size_t i = 0; i < local.size(); ++i)
    if (local[i] >= 0) players[static_cast<std::size_t>(local[i])].tp = tp[i];
}

}  // namespace

Result<SwissPairer::Input> SwissPairer::input(const EventState& state, int round) const {
  GAUNTLET_TRY(Input in, field(state, round));
  if (round > 1) rank(in, state, compute_standings(state));
  return in;
}

Result<SwissPairer::Input> SwissPairer::field(const EventState& state, int round) const {
  if (round < 1) return fail("round", "issue 3", "rounds are numbered from 1");
  Input in;
  // SR2017 appendix "Cut to Top [X]": after the cut only the top X are paired.
  const bool cut = state.cut && state.cut->after_round < round;
  const std::vector<char> top = inside_cut(state);
  // Positions in state.players <-> indices in the round's field, kept in vectors (issue 16: a
  // 100 000-player field is looked up by position, not through maps of ids).
  std::vector<int> local(state.players.size(), -1);
  const bool checkin = round == 1 && checkin_decides(state);
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const Player& p = state.players[i];
    if (!plays_in(p, round, checkin)) continue;  // round 1: the checked-in players (model/rounds.hpp)
    if (cut && !top[i]) continue;
    local[i] = static_cast<int>(in.ids.size());
    in.ids.push_back(p.id);
    in.positions.push_back(i);
  }
  in.players.resize(in.ids.size());
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    if (local[i] < 0) continue;
    const Player& p = state.players[i];
    PairingPlayer& pp = in.players[static_cast<std::size_t>(local[i])];
    // Explanations name players the way the EO knows them: "Ada (p1)".
    pp.name.reserve(p.name.size() + p.id.size() + 3);
    pp.name.append(p.name).append(" (").append(p.id).append(")");
    pp.club = p.club;
    pp.faction = p.faction;
    pp.opponents.reserve(state.rounds.size());
    pp.tables_played.reserve(state.rounds.size());
    for (const auto& [fid, table] : options_.fixed_tables)
      if (fid == p.id) pp.fixed_table = table;
  }
  read_histories(state, round - 1, local, in.players);  // late entries have no games: 0 TP
  const PlayerPositions position(state);
  const auto local_of = [&](std::string_view id) {
    const auto i = position.find(id);
    return i ? local[*i] : -1;
  };
  in.options.avoid_same_club = options_.avoid_same_club;
  in.options.avoid_same_faction = options_.avoid_same_faction;
  in.options.avoid_in_all_rounds = options_.avoid_in_all_rounds;
  in.options.fresh_tables = options_.fresh_tables;
  in.options.round_one = round == 1;
  const std::string stream = options_.draw == 1 ? "pairing" : "pairing/draw " + std::to_string(options_.draw);
  in.options.seed = Rng::derive(state.config.seed, stream, round).next();
  for (const auto& [a, b] : options_.locked) {
    const int la = local_of(a), lb = local_of(b);
    if (la < 0 || lb < 0)
      return fail(
          "locked", "issue 3",
          "locked pair " + a + " v " + b + " names a player who cannot play round " + std::to_string(round));
    in.options.locked_pairs.emplace_back(la, lb);
  }
  in.standing_rank.assign(in.ids.size(), static_cast<int>(in.ids.size()));
  in.finals = round > 1 && state.config.has_variant("finals-tables") && round == planned_rounds(state);
  return in;
}

void SwissPairer::rank(Input& in, const EventState& state, const Standings& standings) {
  rank(in, standing_positions(state, standings));
}

std::vector<std::size_t> SwissPairer::standing_positions(const EventState& state,
                                                         const Standings& standings) {
  const PlayerPositions position(state);
  std::vector<std::size_t> out;
  out.reserve(standings.rows.size());
  for (const StandingRow& row : standings.rows)
    if (const auto i = position.find(row.id)) out.push_back(*i);
  return out;
}

void SwissPairer::rank(Input& in, const std::vector<std::size_t>& by_standing) {
  // The field's players by their place in state.players (in.positions): no id looked up here.
  std::size_t most = 0;
  for (const std::size_t i : by_standing) most = std::max(most, i + 1);
  std::vector<int> local(most, -1);
  for (std::size_t l = 0; l < in.positions.size(); ++l)
    if (in.positions[l] < most) local[in.positions[l]] = static_cast<int>(l);
  int pos = 0;
  for (const std::size_t i : by_standing)
    if (local[i] >= 0) in.standing_rank[static_cast<std::size_t>(local[i])] = pos++;
}

namespace {

std::vector<std::string> warnings_of(const std::vector<std::string>& explain) {
  std::vector<std::string> w;
  for (const std::string& line : explain)
    if (line.rfind("WARNING", 0) == 0) w.push_back(line);
  return w;
}

}  // namespace

Result<SwissPairer::Proposal> SwissPairer::propose(const EventState& state, int round) const {
  GAUNTLET_TRY(const Input in, input(state, round));
  return propose(in, round);
}

Result<SwissPairer::Proposal> SwissPairer::propose(const Input& in, int round) const {
  GAUNTLET_TRY(PairingOutcome out, match(in));
  return number(in, std::move(out), round);
}

Result<PairingOutcome> SwissPairer::match(const Input& in) const {
  Result<PairingOutcome> out;
  if (in.finals) {
    // SR2017 appendix "Finals Tables": #1 v #2 and #3 v #4 by current standings.
    std::vector<int> order(in.ids.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return in.standing_rank[a] < in.standing_rank[b]; });
    std::vector<char> locked(in.ids.size(), 0);
    for (auto [a, b] : in.options.locked_pairs) locked[a] = locked[b] = 1;
    bool overlap = false;
    for (std::size_t k = 0; k < order.size() && k < 4; ++k) overlap = overlap || locked[order[k]];
    if (!overlap) {
      out = pair_finals(in.players, order, in.options);
    } else {
      // The EO locked one of the top four: their lock wins; the finals table it breaks is not made.
      PairingOptions opt = in.options;
      std::vector<std::string> notes;
      for (std::size_t k = 0; k + 1 < order.size() && k < 4; k += 2) {
        const int a = order[k], b = order[k + 1];
        const std::string label = "#" + std::to_string(k + 1) + " v #" + std::to_string(k + 2);
        if (locked[a] || locked[b]) {
          notes.push_back("Finals Tables: " + label + " not made: the EO locked " +
                          in.players[locked[a] ? a : b].name + " with another player");
        } else {
          opt.lock_reasons.resize(opt.locked_pairs.size());
          opt.lock_reasons.insert(opt.lock_reasons.begin(), finals_reason(k / 2));
          opt.locked_pairs.insert(opt.locked_pairs.begin(), {a, b});
          notes.push_back("Finals Tables: " + in.players[a].name + " (" + label.substr(0, 2) + ") v " +
                          in.players[b].name + " (" + label.substr(5) + ")");
        }
      }
      out = pair_round(in.players, opt);
      if (out) out->explain.insert(out->explain.begin(), notes.begin(), notes.end());
    }
  } else {
    out = pair_round(in.players, in.options);
  }
  return out;
}

namespace {

// SR2017 "Finals Tables": "The first finals table matches the current first-ranked player against
// the current second-ranked player. The second finals table matches the current third-ranked
// player against the current fourth-ranked player." A fixed table (accessibility) numbers a
// finals game before the rest, so the first finals game can land on table 8 and #3 v #4 on
// table 1: the standings follow the games, but players and spectators read the numbers. The EO
// hears it before publishing (and may move the fixed table or leave it).
std::vector<PairingFinding> finals_moved(const SwissPairer::Input& in,
                                         const std::vector<std::pair<int, int>>& pairs,
                                         const std::vector<int>& numbers) {
  std::vector<int> order(in.ids.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return in.standing_rank[a] < in.standing_rank[b]; });
  std::vector<PairingFinding> out;
  for (std::size_t k = 0; k + 1 < order.size() && k < 4; k += 2) {
    const int a = order[k], b = order[k + 1];
    const int wanted = static_cast<int>(k / 2) + 1;
    for (std::size_t t = 0; t < pairs.size(); ++t) {
      const auto [x, y] = pairs[t];
      if (!((x == a && y == b) || (x == b && y == a)) || numbers[t] == wanted) continue;
      std::string why;
      for (int i : {a, b})
        if (in.players[static_cast<std::size_t>(i)].fixed_table == numbers[t])
          why = ", " + in.players[static_cast<std::size_t>(i)].name + "'s fixed table";
      const std::string which =
          wanted == 1 ? "first finals table (#1 v #2)" : "second finals table (#3 v #4)";
      out.push_back({"finals-table-moved",
                     false,
                     {a, b},
                     "Finals Tables: the " + which + ", " + in.players[static_cast<std::size_t>(a)].name +
                         " v " + in.players[static_cast<std::size_t>(b)].name + ", is at table " +
                         std::to_string(numbers[t]) + why + ", not table " + std::to_string(wanted) +
                         ". The standings follow the finals games whatever their table numbers; move the "
                         "fixed table before publishing if the finals should be played at tables 1 and 2"});
    }
  }
  return out;
}

}  // namespace

SwissPairer::Proposal SwissPairer::number(const Input& in, PairingOutcome out, int round) const {
  std::vector<int> numbers = assign_tables(in.players, out.pairs, in.standing_rank, in.options);
  Proposal p;
  PairRound& cmd = p.round;
  cmd.round = round;
  // By table number (each number once): the pairs' order sorted, not the tables themselves.
  std::vector<std::size_t> order(out.pairs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return numbers[a] < numbers[b]; });
  cmd.tables.resize(out.pairs.size());
  p.seats.reserve(out.pairs.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    Table& t = cmd.tables[k];
    const auto [a, b] = out.pairs[order[k]];
    t.number = numbers[order[k]];
    t.players = {in.ids[static_cast<std::size_t>(a)], in.ids[static_cast<std::size_t>(b)]};
    p.seats.emplace_back(a, b);
  }
  p.bye = out.bye;
  if (out.bye) cmd.bye = in.ids[*out.bye];
  if (in.finals) p.findings = finals_moved(in, out.pairs, numbers);
  cmd.explain = std::move(out.explain);
  if (options_.draw > 1)
    cmd.explain.insert(cmd.explain.begin(), "re-draw " + std::to_string(options_.draw) +
                                                ": the random choices drawn again from the event's seed");
  p.warnings = warnings_of(cmd.explain);
  p.rematches = out.rematches;
  p.second_pair_downs = out.second_pair_downs;
  p.second_bye = out.second_bye;
  return p;
}

Result<PairRound> SwissPairer::pair(const EventState& state, int round) const {
  GAUNTLET_TRY(Proposal p, propose(state, round));
  return std::move(p.round);
}

Result<PairingReview> SwissPairer::review(const EventState& state, const PairRound& proposal) const {
  const int round = proposal.round > 0 ? proposal.round : static_cast<int>(state.rounds.size()) + 1;
  SwissPairerOptions plain = options_;
  plain.locked.clear();  // the review judges the whole proposal, locks included
  GAUNTLET_TRY(Input in, SwissPairer(plain).input(state, round));
  std::unordered_map<std::string, int> local;
  for (std::size_t i = 0; i < in.ids.size(); ++i) local[in.ids[i]] = static_cast<int>(i);
  auto at = [&](const PlayerId& id) -> Result<int> {
    auto it = local.find(id);
    if (it == local.end())
      return fail("pairing", "pairings", state.label(id) + " cannot play round " + std::to_string(round));
    return it->second;
  };
  std::vector<std::pair<int, int>> pairs;
  for (const Table& t : proposal.tables) {
    GAUNTLET_TRY(int a, at(t.players[0]));
    GAUNTLET_TRY(int b, at(t.players[1]));
    pairs.emplace_back(a, b);
  }
  std::optional<int> bye;
  if (proposal.bye) {
    GAUNTLET_TRY(int b, at(*proposal.bye));
    bye = b;
  }
  PairingReview r;
  for (PairingFinding& f : check_pairing(in.players, pairs, bye))
    (f.hard ? r.hard : r.soft).push_back(std::move(f));
  return r;
}

namespace {

// The published table a dropping player leaves behind in the open round.
struct BrokenTable {
  const Round* open;
  const Table* table;
  PlayerId orphan;  // the opponent left alone
  std::string rn;   // "round N", as explanations say it
};

// Only a table without a result or a report can be broken up (issue 3); anything else is a plain drop.
Result<BrokenTable> broken_table(const EventState& state, const PlayerId& dropped) {
  const Player* p = state.find_player(dropped);
  if (!p) return fail("player", "registration", "no player '" + dropped + "'");
  if (state.rounds.empty() || state.rounds.back().closed)
    return fail("player", "pairings",
                "no round is open: nothing to re-pair, drop " + state.label(dropped) + " as usual");
  const Round& open = state.rounds.back();
  const std::string rn = "round " + std::to_string(open.number);
  const Table* gone = open.table_of(dropped);
  if (!gone)
    return fail("player", "pairings",
                state.label(dropped) + " has no table in " + rn +
                    (open.bye == dropped ? " (they have the bye, which counts as a played round)" : "") +
                    ": nothing to re-pair, drop them as usual");
  if (gone->results || gone->report)
    return fail("player", "results are final",
                "table " + std::to_string(gone->number) + " of " + rn + " already has a " +
                    (gone->results ? "result" : "report") + ": drop " + state.label(dropped) + " after " +
                    rn);
  const PlayerId orphan = gone->players[0] == dropped ? gone->players[1] : gone->players[0];
  return BrokenTable{&open, gone, orphan, rn};
}

// The event as it stood before the open round, without the dropped player.
EventState before_round_without(const EventState& state, const PlayerId& dropped, int round) {
  EventState without = state;
  without.rounds.pop_back();
  Player& wp = *without.find_player(dropped);
  wp.status = PlayerStatus::dropped;
  wp.dropped_after = round - 1;
  return without;
}

// Amend::orphan_bye: every other table stays as published and the orphan gets the bye.
Result<void> give_orphan_bye(const EventState& state, const EventState& without, const BrokenTable& broken,
                             SwissPairer::Proposal& out, std::vector<std::string>& lines) {
  const Round& open = *broken.open;
  // SR2017 "Byes & Odd Number of Players": one bye per round at most.
  if (open.bye)
    return fail("bye", "SR2017 \"Byes & Odd Number of Players\"",
                broken.rn + " already has a bye (" + state.label(*open.bye) +
                    "): the orphan cannot get a second one; re-pair the tables without a result instead");
  PairRound& a = out.round;
  for (const Table& t : open.tables) {
    if (&t == broken.table) continue;
    Table k;
    k.number = t.number;
    k.players = t.players;
    a.tables.push_back(std::move(k));
  }
  a.bye = broken.orphan;
  lines.push_back(state.label(broken.orphan) +
                  " gets the bye (the EO's choice); every other table stays as published");
  GAUNTLET_TRY(PairingReview r, SwissPairer().review(without, a));
  for (const PairingFinding& h : r.hard) out.warnings.push_back("WARNING: " + h.text);
  for (const PairingFinding& s : r.soft) lines.push_back("note: " + s.text);
  out.second_bye = !r.hard.empty();
  return {};
}

// The rules' part of a pairing's cost, in their priority order (SR2017 "Subsequent Pairings": no
// rematch, no second pair-down; "Byes & Odd Number of Players": never a second bye, the bye to the
// lowest group), then the clashes the round's options avoid. A re-pair after a drop may not do worse
// on these than pairing every open table again; floats are left out: a published table kept is worth
// a float (the EO at table 1 re-seats two players, not the room).
std::array<long long, 6> rule_cost(const PairingCost& c) {
  return {c.rematches, c.second_pair_downs, c.second_byes, c.bye_rank, c.club_clashes, c.faction_clashes};
}

std::string table_text(const EventState& state, const Table& t) {
  return state.label(t.players[0]) + " v " + state.label(t.players[1]);
}

// At most this many pairings are tried in the search for the fewest tables to change; past it every
// open table is paired again (a room of hundreds of open tables where freeing one or two is not enough).
constexpr long long kRepairTries = 4000;

// Amend::repair: tables with a result or a report stay exactly as they are (same players, same
// number), and so does every other table the rules let stay: the orphan and the bye (if any) are
// paired, then one open table more at a time is freed until the pairing breaks no rule that pairing
// every open table again would keep. Tables locked by the EO are never freed; a freed table's number
// goes to a new pair, a player's fixed table first. The changes are listed (`moved`).
Result<void> repair_round(const SwissPairerOptions& options, const EventState& state,
                          const EventState& without, const BrokenTable& broken, SwissPairer::Proposal& out,
                          std::vector<std::string>& lines) {
  const Round& open = *broken.open;
  SwissPairerOptions plain = options;
  plain.locked.clear();
  GAUNTLET_TRY(const SwissPairer::Input in, SwissPairer(plain).input(without, open.number));
  std::unordered_map<PlayerId, int> local;
  for (std::size_t i = 0; i < in.ids.size(); ++i) local[in.ids[i]] = static_cast<int>(i);
  const auto is_eo_locked = [&](const Table& t) {
    for (const auto& [a, b] : options.locked)
      if ((a == t.players[0] && b == t.players[1]) || (a == t.players[1] && b == t.players[0])) return true;
    return false;
  };
  // kept: a result or a report; stay: the EO's locks; candidates: every other open table but the broken one.
  std::vector<const Table*> kept, stay, candidates;
  for (const Table& t : open.tables) {
    if (&t == broken.table) continue;
    if (!local.count(t.players[0]) || !local.count(t.players[1]))
      continue;  // cannot happen: decide() kept it
    if (t.results || t.report)
      kept.push_back(&t);
    else if (is_eo_locked(t))
      stay.push_back(&t);
    else
      candidates.push_back(&t);
  }
  const auto pair_of = [&](const Table* t) {
    return std::pair<int, int>(local.at(t->players[0]), local.at(t->players[1]));
  };
  const auto locks_with = [&](const std::vector<char>& freed) {
    PairingOptions o = in.options;
    o.locked_pairs.clear();
    o.lock_reasons.clear();
    for (const Table* t : kept) {
      o.locked_pairs.push_back(pair_of(t));
      o.lock_reasons.push_back("table " + std::to_string(t->number) + " stays (result or report)");
    }
    for (const Table* t : stay) {
      o.locked_pairs.push_back(pair_of(t));
      o.lock_reasons.push_back("table " + std::to_string(t->number) + " stays (locked by the EO)");
    }
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      if (freed[k]) continue;
      o.locked_pairs.push_back(pair_of(candidates[k]));
      o.lock_reasons.push_back("table " + std::to_string(candidates[k]->number) + " stays as published");
    }
    return o;
  };
  // Every open table paired again: the yardstick of what the rules allow.
  std::optional<PairingOutcome> best;
  std::vector<char> best_freed;
  const bool finals = in.finals;  // the finals pair by the standings: their own lock, every table open
  if (!finals) {
    GAUNTLET_TRY(const PairingOutcome all,
                 pair_round(in.players, locks_with(std::vector<char>(candidates.size(), 1))));
    const auto allowed = rule_cost(all.cost);
    long long tries = 0;
    for (std::size_t k = 0; k <= candidates.size() && !best; ++k) {
      // Every set of k open tables, in order of table number; the cheapest pairing wins a tie.
      std::vector<char> freed(candidates.size(), 0);
      std::fill(freed.end() - static_cast<std::ptrdiff_t>(k), freed.end(), 1);
      do {
        if (++tries > kRepairTries) break;
        GAUNTLET_TRY(PairingOutcome o, pair_round(in.players, locks_with(freed)));
        if (rule_cost(o.cost) <= allowed && (!best || o.cost < best->cost)) {
          best = std::move(o);
          best_freed = freed;
        }
      } while (std::next_permutation(freed.begin(), freed.end()));
      if (tries > kRepairTries) break;
    }
  }
  if (!best) {
    // Finals, or too many tables to search: every open table but the EO's locks is paired again.
    best_freed.assign(candidates.size(), 1);
    PairingOptions o = locks_with(best_freed);
    SwissPairer::Input all = in;
    all.options = o;
    GAUNTLET_TRY(PairingOutcome m, SwissPairer(plain).match(all));
    best = std::move(m);
  }
  // Numbers: every table that stays keeps its own; the new pairs take the freed ones, a player's
  // fixed table (accessibility) first, then by the pairer's table order.
  std::vector<int> freed_numbers{broken.table->number};
  // The amended round carries pairings only: apply() keeps the results and reports of what stays.
  std::vector<Table> tables;
  const auto stays = [&](const Table* t) {
    Table k;
    k.number = t->number;
    k.players = t->players;  // seat order as published, so a result stays attached
    tables.push_back(std::move(k));
  };
  for (const Table* t : kept) stays(t);
  for (const Table* t : stay) stays(t);
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    if (best_freed[k])
      freed_numbers.push_back(candidates[k]->number);
    else
      stays(candidates[k]);
  }
  std::set<std::pair<int, int>> staying;
  for (const Table& t : tables) staying.insert(std::minmax(local.at(t.players[0]), local.at(t.players[1])));
  std::vector<std::pair<int, int>> fresh;
  for (const auto& [a, b] : best->pairs)
    if (!staying.count(std::minmax(a, b))) fresh.emplace_back(a, b);
  const std::vector<int> order = assign_tables(in.players, fresh, in.standing_rank, in.options);
  std::vector<std::size_t> by_order(fresh.size());
  std::iota(by_order.begin(), by_order.end(), std::size_t{0});
  std::sort(by_order.begin(), by_order.end(),
            [&](std::size_t a, std::size_t b) { return order[a] < order[b]; });
  std::sort(freed_numbers.begin(), freed_numbers.end());
  std::vector<int> number(fresh.size(), 0);
  const auto take = [&](int n) {
    auto it = std::find(freed_numbers.begin(), freed_numbers.end(), n);
    if (it == freed_numbers.end()) return false;
    freed_numbers.erase(it);
    return true;
  };
  for (std::size_t k = 0; k < fresh.size(); ++k)
    for (int side : {0, 1}) {
      const auto& fixed =
          in.players[static_cast<std::size_t>(side ? fresh[k].second : fresh[k].first)].fixed_table;
      if (!number[k] && fixed && take(*fixed)) number[k] = *fixed;
    }
  for (const std::size_t k : by_order)
    if (!number[k]) {
      if (freed_numbers.empty()) {  // more new tables than freed numbers: the next free numbers
        int n = 1;
        for (bool used = true; used; ++n) {
          used = false;
          for (const Table& t : tables) used = used || t.number == n;
          for (int m : number) used = used || m == n;
        }
        number[k] = n - 1;
      } else {
        number[k] = freed_numbers.front();
        freed_numbers.erase(freed_numbers.begin());
      }
    }
  // What moved, table by table, in the words the EO reads before confirming.
  std::vector<std::string> moved;
  for (std::size_t k = 0; k < fresh.size(); ++k) {
    Table t;
    t.number = number[k];
    t.players = {in.ids[static_cast<std::size_t>(fresh[k].first)],
                 in.ids[static_cast<std::size_t>(fresh[k].second)]};
    std::string was;
    for (const Table& old : open.tables)
      if (old.number == t.number) was = ", was " + table_text(state, old);
    moved.push_back("table " + std::to_string(t.number) + ": " + table_text(state, t) + was);
    tables.push_back(std::move(t));
  }
  for (const int n : freed_numbers)
    for (const Table& old : open.tables)
      if (old.number == n)
        moved.push_back("table " + std::to_string(n) + " is not played (was " + table_text(state, old) + ")");
  const std::optional<PlayerId> bye =
      best->bye ? std::optional<PlayerId>(in.ids[static_cast<std::size_t>(*best->bye)]) : std::nullopt;
  if (bye != open.bye)
    moved.push_back(bye ? state.label(*bye) + " gets the bye" +
                              (open.bye ? ", was " + state.label(*open.bye) : "")
                        : state.label(*open.bye) + " no longer has the bye");
  std::sort(tables.begin(), tables.end(), [](const Table& a, const Table& b) { return a.number < b.number; });
  out.round.tables = std::move(tables);
  out.round.bye = bye;
  if (!kept.empty()) {
    std::string nums;
    for (const Table* k : kept) nums += (nums.empty() ? "" : ", ") + std::to_string(k->number);
    lines.push_back((kept.size() > 1 ? "tables " + nums + " keep their results or reports"
                                     : "table " + nums + " keeps its result or report"));
  }
  const std::size_t changed = fresh.size();
  const std::size_t unchanged = out.round.tables.size() - changed;
  lines.push_back(
      finals ? "the final round's finals are paired by the standings (SR2017 \"Finals Tables\"): every "
               "open table is paired again"
             : std::to_string(changed) + (changed == 1 ? " table changes, " : " tables change, ") +
                   std::to_string(unchanged) + (unchanged == 1 ? " stays" : " stay") +
                   " as published: the fewest changes that break no rule pairing every open "
                   "table again would keep");
  lines.insert(lines.end(), moved.begin(), moved.end());
  for (std::string& line : best->explain)
    if (line.rfind("WARNING", 0) != 0) lines.push_back(std::move(line));
  out.moved = std::move(moved);
  out.warnings = warnings_of(best->explain);
  out.rematches = best->rematches;
  out.second_pair_downs = best->second_pair_downs;
  out.second_bye = best->second_bye;
  return {};
}

}  // namespace

Result<SwissPairer::Proposal> SwissPairer::amend_for_drop(const EventState& state, const PlayerId& dropped,
                                                          Amend how) const {
  GAUNTLET_TRY(BrokenTable broken, broken_table(state, dropped));
  const Round& open = *broken.open;
  const EventState without = before_round_without(state, dropped, open.number);
  Proposal out;
  out.round.round = open.number;
  out.round.scenario = open.scenario;
  out.round.round_minutes_adjust = open.round_minutes_adjust;
  std::vector<std::string> lines;
  lines.push_back(state.label(dropped) + " drops before playing " + broken.rn + ": table " +
                  std::to_string(broken.table->number) + " is broken up and " + state.label(broken.orphan) +
                  " has no opponent");
  if (how == Amend::orphan_bye) {
    GAUNTLET_CHECK(give_orphan_bye(state, without, broken, out, lines));
  } else {
    GAUNTLET_CHECK(repair_round(options_, state, without, broken, out, lines));
  }
  // Warnings first, then what happened, then the pairer's reasons.
  out.round.explain = out.warnings;
  out.round.explain.insert(out.round.explain.end(), lines.begin(), lines.end());
  return out;
}

}  // namespace gauntlet
