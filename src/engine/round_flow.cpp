// decide() for pairing, result and round-closing commands.
#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <unordered_set>
#include <utility>

#include "core/byes.hpp"
#include "core/rng.hpp"
#include "engine/engine.hpp"
#include "engine/list_plays.hpp"
#include "engine/validate.hpp"
#include "model/records.hpp"
#include "standings/standings.hpp"

namespace gauntlet::detail {

namespace {

// Built for every result an event file re-decides (issue 16), so in one allocation.
std::string table_field(int round, int table) {
  char buf[48];
  const int n = std::snprintf(buf, sizeof buf, "round %d, table %d", round, table);
  return std::string(buf, static_cast<std::size_t>(n));
}

// Players who must be paired in `round`: active, and inside the cut once one is made.
// Who round `round` must seat, flagged by position in s.players (issue 16: no set of ids per round).
std::vector<char> expected_players(const EventState& s, int round) {
  std::vector<char> out(s.players.size());
  const bool checkin = round == 1 && checkin_decides(s);
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const Player& p = s.players[i];
    out[i] = plays_in(p, round, checkin) && p.status != PlayerStatus::disqualified;
  }
  const std::vector<char> top = inside_cut(s);  // SR2017 "Cut to Top [X]"
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = out[i] && top[i];
  return out;
}

Result<std::string> choose_scenario(const EventState& s, int round, const std::string& asked) {
  const Edition& e = edition_of(s);
  const bool rumble = is_rumble(s);
  std::vector<std::string> played;
  for (const Round& r : s.rounds)
    if (!r.scenario.empty()) played.push_back(r.scenario);
  const std::string field = "round " + std::to_string(round) + ".scenario";
  if (!asked.empty()) {
    auto sc = scenario_for_event(s.config, e, asked, field);
    if (!sc) return tl::unexpected(sc.error());
    auto was_played = [&](const std::string& k) {
      return std::find(played.begin(), played.end(), k) != played.end();
    };
    // Once every scenario the event may play is played (seven rounds, six scenarios; a Rumble
    // event's fourth round) the EO repeats one.
    const auto pool = e.scenarios_for(rumble);
    const bool exhausted =
        std::all_of(pool.begin(), pool.end(), [&](const Scenario* p) { return was_played(p->key); });
    if (was_played((*sc)->key) && !exhausted)
      return fail(field, e.id + " \"Scenario Selection\"",
                  "'" + (*sc)->name + "' was already played; a scenario should not be repeated");
    // SR2013: "EOs must select a scenario from each group before they can choose from the same group
    // again".
    if (const std::string why = group_refusal(e, **sc, played); !why.empty() && !rumble)
      return fail(field, e.scenario_group_rule, why);
    return (*sc)->key;
  }
  if (static_cast<int>(s.config.scenario_plan.size()) >= round) return s.config.scenario_plan[round - 1];
  // SR2017 "Scenario Selection": roll on the random table; never repeat a scenario. A Rumble event
  // draws one of its Rumble scenarios; SR2013 (no table) one that its group rule lets be chosen.
  Rng rng = Rng::derive(s.config.seed, "scenario", round);
  return roll_scenario(e, rng, played, rumble);
}

// The secret variable round length of classic timing (SR2014 "Game Timing": d3 x 5 minutes, d6 1–3
// subtract, 4–6 add; SR2013: d3 x the extension length), from the event's timing data.
int roll_round_adjust(const EventState& s, int round) {
  const auto timing = timing_of(s);
  if (!timing || !timing->classic) return 0;
  Rng rng = Rng::derive(s.config.seed, "round-length", round);
  return roll_round_variable(*timing->classic, rng);
}

using Results = std::array<GameResult, 2>;

std::string score(const Results& res, int first) {
  return std::to_string(res[first].cp) + "–" + std::to_string(res[1 - first].cp);
}

// SR2014 "Recording Results": "a player cannot earn more control points than are required to
// win the scenario" — in this game: at least the scenario minimum and more than the opponent
// (6–5 is legal, 6–0 is not).
Result<void> check_cp_cap(const Edition& e, const Results& res, const std::string& field) {
  for (int side = 0; side < 2; ++side) {
    const int needed = std::max(e.scenario_win_min_cp, res[1 - side].cp + e.scenario_win_margin);
    if (res[side].cp > needed)
      return fail(
          field + ".results[" + std::to_string(side) + "].cp",
          e.id + " \"a player cannot earn more control points than are required to win the scenario\"",
          "at most " + std::to_string(needed) + " CP can be recorded against " +
              std::to_string(res[1 - side].cp) + " (recorded " + score(res, side) + ")");
  }
  return {};
}

// Scenario victory. SR2014: "at least 5 CP and more than the opponent". SR2017/SR2023: 5 more
// CP than the opponent during the game, or — every scenario page — "If the game ends before a
// player wins via scenario or assassination victory, the player with the most control points
// wins via scenario victory. If the players are tied for control points when the game ends, use
// the 3rd tiebreaker (army points destroyed) and if necessary the 4th tiebreaker (scenario
// presence) to determine the winner."
Result<void> check_scenario_victory(const Edition& e, const Results& res, int winner,
                                    const std::string& field) {
  const int lead = res[winner].cp - res[1 - winner].cp;
  if (e.scenario_win_at_game_end) {
    if (lead > 0) return {};
    // The same rule as check_tiebreaker_result's, the other way: more CP is a scenario victory,
    // tied CP goes to the tiebreakers, fewer CP wins neither way.
    if (lead < 0)
      return fail(field + ".ending", e.id + " scenario victory conditions",
                  "a scenario victory goes to the player with more control points (recorded " +
                      score(res, winner) +
                      "): with fewer CP the winner did not win by scenario or tiebreaker; record the other "
                      "player's scenario victory, or the way the game really ended (assassination, clock, "
                      "concession)");
    return fail(field + ".ending", e.id + " scenario victory conditions",
                "a scenario victory goes to the player with more control points (recorded " +
                    score(res, winner) +
                    "); with tied CP at the game's end the winner is decided by army points destroyed, then "
                    "scenario presence: record the ending 'tiebreaker'");
  }
  if (lead >= e.scenario_win_margin && res[winner].cp >= e.scenario_win_min_cp) return {};
  return fail(
      field + ".ending", e.id + " scenario victory",
      "a scenario victory needs " +
          (e.scenario_win_min_cp > 0 ? "at least " + std::to_string(e.scenario_win_min_cp) + " CP and "
                                     : "") +
          (e.scenario_win_margin == 1
               ? std::string("more CP than the opponent")
               : std::to_string(e.scenario_win_margin) + " more CP than the opponent") +
          " (recorded " + score(res, winner) + ")");
}

}  // namespace

}  // namespace gauntlet::detail

namespace gauntlet {

namespace {

// "1st", "2nd" … as the Scenario Reference Sheet numbers its tiebreakers.
std::string ordinal(std::size_t i) {
  static const char* const kWords[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
  return i < 6 ? kWords[i] : std::to_string(i + 1) + "th";
}

}  // namespace

// The edition's ladder (data: game_tiebreakers), walked on what a result records; see engine.hpp.
Result<void> check_tiebreaker_result(const EventState& s, const std::array<GameResult, 2>& res,
                                     const std::string& field) {
  const Edition& e = edition_of(s);
  const bool tied = res[0].outcome == Outcome::tie && res[1].outcome == Outcome::tie;
  const int winner = res[0].outcome == Outcome::win ? 0 : 1;
  for (std::size_t i = 0; i < e.game_tiebreakers.size(); ++i) {
    const std::string& key = e.game_tiebreakers[i];
    std::array<int, 2> value{};
    std::string what, unit;
    if (key == "casters-remaining") {
      // "When only one player owns a warcaster or warlock remaining in play, that player
      // immediately wins the game": a game the tiebreakers decide has as many on each side, unless
      // the event has no assassination victory (then the result does not say, and this rung may
      // have decided).
      if (s.config.has_variant("no-assassination")) return {};
      continue;
    }
    if (key == "control-points") {
      value = {res[0].cp, res[1].cp};  // "The player who has the most control points wins the game."
      what = "control points";
      unit = " CP";
    } else if (key == "army-points-destroyed") {
      // "The player who suffered fewer army points destroyed or removed from play wins the game":
      // each side records the army points it destroyed, so the one who destroyed more wins.
      value = {res[0].ap, res[1].ap};
      what = "army points destroyed";
      unit = " AP";
    } else {
      return {};  // army points remaining, scenario presence: not in a result, so they may decide
    }
    if (value[0] == value[1]) continue;
    const int rung_winner = value[0] > value[1] ? 0 : 1;
    if (!tied && rung_winner == winner) return {};
    const std::string rule = e.id + " \"Scenario Reference Sheet\": " + ordinal(i) + " tiebreaker, " + what;
    const std::string recorded =
        std::to_string(value[winner]) + unit + " against " + std::to_string(value[1 - winner]) + unit;
    if (tied)
      return fail(field + ".ending", rule,
                  "a tie the tiebreakers could not split needs equal " + what + " (recorded " +
                      std::to_string(value[0]) + unit + " against " + std::to_string(value[1]) + unit +
                      "): the " + what + " name a winner");
    return fail(
        field + ".ending", rule,
        "a tiebreaker victory goes to the player with more " + what +
            " once the earlier tiebreakers are tied (recorded " + recorded + " for the winner)" +
            (e.scenario_win_at_game_end && key == "control-points"
                 ? ": at the game's end the player with more control points wins via scenario victory, "
                   "and a tiebreaker needs tied CP"
                 : ""));
  }
  return {};
}

}  // namespace gauntlet

namespace gauntlet::detail {

namespace {

// The event's victory variants (SR2017 "Victory Condition Variants", SR2014 "Victory Variants"):
// No Assassination Victory has no assassination ending, No Tiebreakers no tiebreaker ending ("If
// time expires, the game is a tie"), and a Mangled Metal ending needs that variant.
Result<void> check_victory_variants(const EventState& s, Ending ending, const std::string& field) {
  const Edition& e = edition_of(s);
  auto rule = [&](const char* key) {
    const Variant* v = e.find_variant(key);
    return v ? e.id + " \"" + v->name + "\": " + v->summary : e.id + " victory conditions";
  };
  if (ending == Ending::assassination && s.config.has_variant("no-assassination"))
    return fail(
        field + ".ending", rule("no-assassination"),
        "this event has no assassination victory: the game goes on until a scenario victory, the end of the "
        "game or time, or one player has no models left (then the tiebreakers decide)");
  if (ending == Ending::tiebreaker && s.config.has_variant("no-tiebreakers"))
    return fail(field + ".ending", rule("no-tiebreakers"),
                "this event uses no tiebreakers: a game without a winner when time expires is a tie");
  if (ending == Ending::mangled_metal && !s.config.has_variant("mangled-metal"))
    return fail(field + ".ending", rule("mangled-metal"),
                "'mangled-metal' needs the event's Mangled Metal variant");
  return {};
}

// SR2017/SR2023 "Sportsmanship": the winner of a concession scores "army points destroyed equal
// to half the total value of the opponent's starting army, rounded up". That army is the list
// the conceding player played: asked for when they registered several, taken when they
// registered one; the event's point size stands in only when they registered none.
Result<ConcessionArmy> conceded_army(const EventState& s, const Player& p, GameResult& played,
                                     const std::string& field) {
  const std::string rule = edition_of(s).id +
                           " \"Sportsmanship\": the winner scores half the total value of the opponent's "
                           "starting army, rounded up";
  const int registered = static_cast<int>(p.lists.size());
  if (registered == 0) return ConcessionArmy{s.config.points, std::nullopt};
  if (!played.list) {
    if (registered > 1)
      return fail(field, rule,
                  "which list did " + p.name + " play? Give the list played (1–" +
                      std::to_string(registered) + ") so the army points can be counted");
    played.list = 1;
  }
  if (*played.list > registered)
    return fail(field, rule, p.name + " registered no list " + std::to_string(*played.list));
  return ConcessionArmy{p.lists[*played.list - 1].total_cost(), played.list};
}

// The list an army's worth is read from: the one the opponent played, else their largest.
std::optional<std::size_t> worth_list(const Player& opponent, const GameResult& theirs) {
  const auto& lists = opponent.lists;
  if (theirs.list && *theirs.list >= 1 && *theirs.list <= static_cast<int>(lists.size()))
    return static_cast<std::size_t>(*theirs.list - 1);
  std::optional<std::size_t> pick;
  for (std::size_t i = 0; i < lists.size(); ++i)
    if (!pick || lists[i].total_cost() > lists[*pick].total_cost()) pick = i;
  return pick;
}

// What the opponent's army is worth to the one who destroys it (SR2017 3rd tiebreaker, "Army
// Points Destroyed": "Models and units are worth their point cost value", "Warcasters and warlocks
// are worth 10 army points each" — the edition's caster_value). The list the opponent played, else
// their only or largest list; without a list the event's point size stands in for the models
// ("An army list point total cannot exceed the point size ... (including warjack/warbeast points)"),
// doubled so that the battlegroup points a list adds on top of the point size are covered (the
// seed's own example: Kaelyssa's 29 at 75 points).
int army_worth(const EventState& s, const Player& opponent, std::optional<std::size_t> pick) {
  const int leader = edition_of(s).caster_value;
  return pick ? opponent.lists[*pick].total_cost() + leader : 2 * s.config.points + leader;
}

// Where army_worth came from, for the refusal only (issue 16: every result of a file is
// re-decided, and this text is needed only when one is refused).
std::string army_worth_source(const EventState& s, const Player& opponent, std::optional<std::size_t> pick) {
  const Edition& e = edition_of(s);
  const std::string leader = std::to_string(e.caster_value);
  if (pick)
    return "list " + std::to_string(*pick + 1) + " of " + s.label(opponent.id) + ": " +
           std::to_string(opponent.lists[*pick].total_cost()) + " points of models and " + leader +
           " for the " + e.leader_word;
  return "no list of " + s.label(opponent.id) + " is registered: at most twice the event's " +
         std::to_string(s.config.points) + " points (battlegroup points included) and " + leader +
         " for the " + e.leader_word;
}

// Army points destroyed cannot exceed what the opponent's army is worth (issue 10 point 11).
Result<void> check_ap_cap(const EventState& s, const Player& opponent, const Results& res, int side,
                          const std::string& field) {
  if (s.config.points <= 0 && opponent.lists.empty()) return {};  // no point size, no list: no bound
  const std::optional<std::size_t> pick = worth_list(opponent, res[1 - side]);
  const int worth = army_worth(s, opponent, pick);
  if (res[side].ap <= worth) return {};
  return fail(field + ".results[" + std::to_string(side) + "].ap",
              edition_of(s).id + " \"Army Points Destroyed\": models are worth their point cost, the " +
                  edition_of(s).leader_word + " " + std::to_string(edition_of(s).caster_value),
              std::to_string(res[side].ap) + " army points destroyed is more than " + s.label(opponent.id) +
                  "'s army is worth (at most " + std::to_string(worth) + "; " +
                  army_worth_source(s, opponent, pick) + ")");
}

}  // namespace

// Every player who plays `round` sits at exactly one table or has the bye (SR2017 "Byes & Odd
// Number of Players": a bye exactly when the field is odd); table numbers distinct.
Result<void> check_coverage(const EventState& s, int round, PairRound& c) {
  const std::vector<char> expected = expected_players(s, round);
  const auto field_size = static_cast<std::size_t>(std::count(expected.begin(), expected.end(), 1));
  if (field_size < 2) return fail("round", "pairings", "at least two active players are needed");
  std::vector<char> seen(s.players.size());
  // Table numbers seen: a flag per number up to a bound (numbers run 1..tables, plus fixed tables),
  // a set above it (issue 16: a set of 50 000 numbers is 50 000 allocations).
  std::vector<char> small_numbers(2 * c.tables.size() + 64);
  std::unordered_set<int> numbers;
  const auto first_use = [&](int n) {
    if (static_cast<std::size_t>(n) < small_numbers.size())
      return std::exchange(small_numbers[static_cast<std::size_t>(n)], 1) == 0;
    return numbers.insert(n).second;
  };
  // `where()` names the field only when there is something to refuse: a 50 000-table round is
  // checked without building 100 000 field names.
  const PlayerPositions position(s);
  auto place = [&](const PlayerId& id, const auto& where) -> Result<void> {
    const auto at = position.find(id);
    if (!at) return tl::unexpected(require_player(s, id, where()).error());
    const std::size_t i = *at;
    const Player* p = &s.players[i];
    if (!expected[i])
      return fail(where(), "pairings",
                  p->name + " (" + id + ") is not playing in round " + std::to_string(round) +
                      (round == 1 && checkin_decides(s) && p->active_in(1)
                           ? " (not checked in: round 1 pairs the checked-in players; check them in first)"
                           : ""));
    if (seen[i]) return fail(where(), "pairings", id + " is paired twice");
    seen[i] = 1;
    return {};
  };
  for (std::size_t i = 0; i < c.tables.size(); ++i) {
    position.prefetch_ahead(c.tables, i);
    Table& t = c.tables[i];
    if (t.number == 0) t.number = static_cast<int>(i) + 1;
    if (t.number < 0 || !first_use(t.number))
      return fail(table_field(round, t.number), "pairings", "table numbers must be positive and distinct");
    t.results.reset();
    t.ending.reset();
    for (int side = 0; side < 2; ++side) {
      const auto where = [&] {
        return table_field(round, t.number) + ".players[" + std::to_string(side) + "]";
      };
      if (auto ok = place(t.players[side], where); !ok) return tl::unexpected(ok.error());
    }
  }
  if (c.bye)
    if (auto ok = place(*c.bye, [&] { return "round " + std::to_string(round) + ".bye"; }); !ok)
      return tl::unexpected(ok.error());
  // SR2017 "Byes & Odd Number of Players": one bye exactly when the number of players is odd.
  if (c.bye && !needs_bye(field_size))
    return fail("round " + std::to_string(round) + ".bye",
                edition_of(s).id + " \"Byes & Odd Number of Players\"",
                "there is an even number of players; no bye");
  // The first by id of those left unpaired, as the message has always named them.
  const PlayerId* unpaired = nullptr;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (expected[i] && !seen[i] && (!unpaired || s.players[i].id < *unpaired)) unpaired = &s.players[i].id;
  if (unpaired)
    return fail("round " + std::to_string(round) + ".tables", "pairings",
                s.label(*unpaired) + " is not paired" +
                    (needs_bye(field_size) ? " (odd field: give one player the bye)" : ""));
  return {};
}

Result<Command> decide_pair(const EventState& s, PairRound c) {
  if (!s.created) return fail("event", "journal", "create the event first");
  const int round = static_cast<int>(s.rounds.size()) + 1;
  if (c.round == 0) c.round = round;
  if (c.round != round)
    return fail("round", "pairings", "the next round to pair is round " + std::to_string(round));
  if (!s.rounds.empty() && !s.rounds.back().closed)
    return fail(ErrorKind::precondition, "round", "pairings",
                "close round " + std::to_string(s.rounds.back().number) + " first");
  if (event_finished(s))
    return fail("round", edition_of(s).id + " \"Number of Rounds\"",
                "the event is over (a single leader or the planned rounds played); raise the planned rounds "
                "to continue");
  GAUNTLET_CHECK(check_coverage(s, round, c));
  c.left_out = left_out_of_round_one(s);  // resolved here, never taken from input
  // Issue 9: a hard rule broken on purpose is journaled with the EO's reason; an empty one says nothing.
  if (c.eo_override && c.eo_override->reason.find_first_not_of(" \t\r\n") == std::string::npos)
    return fail("override.reason", "pairings",
                "say why the pairing breaks the rule (it is kept in the journal)");
  auto scenario = choose_scenario(s, round, c.scenario);
  if (!scenario) return tl::unexpected(scenario.error());
  c.scenario = *scenario;
  c.round_minutes_adjust = roll_round_adjust(s, round);
  return c;
}

Result<Command> decide_result(const EventState& s, RecordResult c) {
  if (s.rounds.empty()) return fail(ErrorKind::precondition, "round", "results", "no round has been paired");
  if (c.round == 0) c.round = s.rounds.back().number;
  if (c.round < 1 || c.round > static_cast<int>(s.rounds.size()))
    return fail(ErrorKind::not_found, "round", "results",
                "round " + std::to_string(c.round) + " does not exist");
  const Round& r = s.rounds[c.round - 1];
  const Table* t = r.find_table(c.table);
  const std::string field = table_field(c.round, c.table);
  if (!t)
    return fail(field, "results",
                "round " + std::to_string(c.round) + " has no table " + std::to_string(c.table));
  const Edition& e = edition_of(s);
  auto& res = c.results;
  const int wins = (res[0].outcome == Outcome::win) + (res[1].outcome == Outcome::win);
  const int losses = (res[0].outcome == Outcome::loss) + (res[1].outcome == Outcome::loss);
  const int ties = (res[0].outcome == Outcome::tie) + (res[1].outcome == Outcome::tie);
  if (!(wins == 1 && losses == 1) && ties != 2)
    return fail(field + ".results", e.id + " \"Number of Rounds\": 1 TP for a win, 0 for a loss or tie",
                wins == 2 ? "two winners: exactly one win and one loss, or two ties"
                          : "exactly one win and one loss, or two ties");
  if (ties == 2 && c.ending != Ending::tie && c.ending != Ending::tiebreaker)
    return fail(field + ".ending", "results",
                "a tied game ends as 'tie' (or 'tiebreaker' when the tiebreakers could not split it)");
  if (ties != 2 && c.ending == Ending::tie)
    return fail(field + ".ending", "results", "'tie' needs both players to tie");
  // The table's two players, looked up once (issue 16: an event file re-decides every result).
  const std::array<const Player*, 2> seated{s.find_player(t->players[0]), s.find_player(t->players[1])};
  for (int side = 0; side < 2; ++side) {
    const auto f = [&] { return field + ".results[" + std::to_string(side) + "]"; };
    if (res[side].cp < 0) return fail(f() + ".cp", "results", "must be 0 or more");
    if (res[side].ap < 0) return fail(f() + ".ap", "results", "must be 0 or more");
    if (res[side].cp > 100) return fail(f() + ".cp", "results", "is not a plausible CP total");
    const Player* p = seated[static_cast<std::size_t>(side)];
    if (res[side].list) {
      const int lists = list_count(s, *p);
      if (*res[side].list < 1 || *res[side].list > lists)
        return fail(f() + ".list", "army lists", p->name + " has no list " + std::to_string(*res[side].list));
    }
  }
  for (int side = 0; side < 2; ++side)
    GAUNTLET_CHECK(check_ap_cap(s, *seated[static_cast<std::size_t>(1 - side)], res, side, field));
  if (e.cp_capped_to_win && c.ending != Ending::concession) GAUNTLET_CHECK(check_cp_cap(e, res, field));
  GAUNTLET_CHECK(check_victory_variants(s, c.ending, field));
  GAUNTLET_CHECK(check_lists_played(s, c, field));
  GAUNTLET_CHECK(check_ap_breakdown(s, c, field));
  const int winner = res[0].outcome == Outcome::win ? 0 : 1, loser = 1 - winner;
  if (c.ending == Ending::scenario) GAUNTLET_CHECK(check_scenario_victory(e, res, winner, field));
  if (c.ending == Ending::tiebreaker) GAUNTLET_CHECK(check_tiebreaker_result(s, res, field));
  c.concession_army.reset();  // resolved here, never taken from input
  if (c.ending == Ending::concession) {
    // SR2017 "Sportsmanship": the winner gets 3 CP and half the opponent's starting army
    // (unless already scored more); the conceding player gets a loss and 0 in every category.
    // SR2014: half the CP of a scenario win (3) and AP as an assassination on the table.
    const ConcessionAward& award = e.concession;
    res[winner].cp = award.cp_keeps_higher ? std::max(award.cp, res[winner].cp) : award.cp;
    if (award.ap_rule == "half-opponent-army") {
      GAUNTLET_TRY(ConcessionArmy army,
                   conceded_army(s, *seated[static_cast<std::size_t>(loser)], res[loser],
                                 field + ".results[" + std::to_string(loser) + "].list"));
      res[winner].ap = std::max((army.points + 1) / 2, res[winner].ap);
      c.concession_army = army;
    }
    res[loser].cp = 0;
    res[loser].ap = 0;
    res[loser].destroyed.clear();
  }
  return c;
}

Result<Command> decide_close(const EventState& s, CloseRound c) {
  if (s.rounds.empty()) return fail(ErrorKind::precondition, "round", "rounds", "no round has been paired");
  const Round& r = s.rounds.back();
  if (c.round == 0) c.round = r.number;
  if (c.round != r.number)
    return fail("round", "rounds", "only the current round (" + std::to_string(r.number) + ") can be closed");
  if (r.closed) return fail("round", "rounds", "round " + std::to_string(r.number) + " is already closed");
  std::string missing;
  for (const Table& t : r.tables)
    if (!t.results) missing += (missing.empty() ? "" : ", ") + std::to_string(t.number);
  if (!missing.empty())
    return fail("round " + std::to_string(r.number), "rounds", "tables without a result: " + missing);
  // SR2017 "Cut to Top [X]": at the end of each round, if the number of undefeated players is
  // X or fewer, the remaining rounds are played by the top X only; once per event.
  const std::optional<Cut> given = std::move(c.cut);
  c.cut.reset();
  const auto x = s.config.variant_value("cut-to-top");
  if (!x || s.cut) {
    if (given) return fail("round.cut", "cut to top", "this event has no cut to make");
    return c;
  }
  EventState after = s;
  after.rounds.back().closed = true;
  auto eligible = [&](const Player& p) {
    return p.active_in(r.number + 1) && p.status != PlayerStatus::disqualified;
  };
  Cut cut{r.number, {}, {}};
  for (const StandingRow& row : compute_standings(after).rows)
    (eligible(*after.find_player(row.id)) && static_cast<int>(cut.top.size()) < *x ? cut.top
                                                                                   : cut.frozen_order)
        .push_back(row.id);
  const auto records = player_records(after);
  int undefeated = 0, in_play = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (!eligible(after.players[i])) continue;
    ++in_play;
    if (records[i].losses == 0 && records[i].ties == 0) ++undefeated;
  }
  if (undefeated <= *x && in_play > *x && !event_finished(after)) c.cut = std::move(cut);
  // An imported file may carry a cut made when fewer players were registered (late entries
  // came after the close): its timing is taken from the file, but its top X must be the
  // standings' top X, so a file cannot put anyone else through.
  if (given && given != c.cut) {
    if (given->after_round != r.number || given->top != cut.top)
      return fail(
          "round.cut", edition_of(s).id + " \"Cut to Top [X]\"",
          "the cut's top " + std::to_string(*x) + " are not the standings' top " + std::to_string(*x));
    for (const PlayerId& id : given->frozen_order)
      if (std::find(cut.top.begin(), cut.top.end(), id) != cut.top.end())
        return fail("round.cut.frozen", "cut to top", "'" + id + "' cannot be frozen by this cut");
    c.cut = given;
  }
  return c;
}

// Issue 10 point 7: the planned rounds change once round 1 is paired (before, the setup holds
// them) and until the event finishes; never below the rounds already paired, never above
// "[X] Round Event" ("no more than X rounds regardless of the number of players").
Result<Command> decide_set_rounds(const EventState& s, SetRounds c) {
  const Edition& e = edition_of(s);
  const int paired = static_cast<int>(s.rounds.size());
  if (!s.started())
    return fail(ErrorKind::precondition, "rounds", "number of rounds",
                "round 1 is not paired yet: set the planned rounds in the event's setup");
  if (event_finished(s))
    return fail(ErrorKind::precondition, "rounds", e.id + " \"Number of Rounds\"",
                "the event is finished; its standings are final");
  if (c.rounds < paired)
    return fail("rounds", "number of rounds",
                std::to_string(paired) + " round" + (paired == 1 ? " is" : "s are") +
                    " already paired: the planned rounds cannot be fewer");
  if (c.rounds > 20) return fail("rounds", "number of rounds", "must be between 1 and 20");
  if (auto cap = s.config.variant_value("max-rounds"); cap && c.rounds > *cap)
    return fail("rounds",
                e.id + " \"[X] Round Event\": no more than X rounds regardless of the number of players",
                "the event has no more than " + std::to_string(*cap) + " rounds");
  if (c.rounds == planned_rounds(s))
    return fail("rounds", "number of rounds",
                "the event already plans " + std::to_string(c.rounds) + " rounds");
  return c;
}

}  // namespace gauntlet::detail
