// The adjudication wizard. Every edition's "Scenario Reference Sheet" states the victories and the
// ladder; the data file holds what differs (game_tiebreakers, scenario_win_*, concession,
// clock_out, cp_capped_to_win, caster_value). Rule texts quoted here are common to the editions
// that use them; the edition id is prefixed.
#include "adjudication/adjudicate.hpp"

#include <algorithm>
#include <cctype>

#include "editions/timing.hpp"

namespace gauntlet {
namespace {

constexpr std::array<std::pair<GameEnd, const char*>, 10> kEnds = {{
    {GameEnd::assassination, "assassination"},
    {GameEnd::scenario, "scenario"},
    {GameEnd::clock, "clock"},
    {GameEnd::dice_down, "dice-down"},
    {GameEnd::expected_end, "expected-end"},
    {GameEnd::game_length, "game-length"},
    {GameEnd::casters_destroyed, "casters-destroyed"},
    {GameEnd::no_models, "no-models"},
    {GameEnd::concession, "concession"},
    {GameEnd::mangled_metal, "mangled-metal"},
}};

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::string side_field(int side, const char* name) {
  return "players[" + std::to_string(side) + "]." + name;
}

std::string ordinal(std::size_t i) {
  static const char* const kWords[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
  return i < 6 ? kWords[i] : std::to_string(i + 1) + "th";
}

bool has(const Facts& f, std::string_view key) {
  return std::find(f.variants.begin(), f.variants.end(), key) != f.variants.end();
}

std::string variant_rule(const Edition& e, std::string_view key) {
  const Variant* v = e.find_variant(key);
  return v ? e.id + " \"" + v->name + "\": " + v->summary : e.id + " " + std::string(key);
}

// One rung of the ladder: each side's value and whether higher wins.
struct Rung {
  std::string name;
  std::array<int, 2> value{};
  bool higher_wins = true;
};

Result<Rung> rung_for(const Edition& e, const Facts& f, const std::string& key) {
  const auto& s = f.sides;
  if (key == "casters-remaining")
    return Rung{e.leader_word + "s remaining", {s[0].casters, s[1].casters}, true};
  if (key == "control-points") return Rung{"control points", {s[0].cp, s[1].cp}, true};
  // "The player who suffered fewer army points destroyed or removed from play wins the game."
  if (key == "army-points-destroyed")
    return Rung{"army points destroyed (fewer suffered wins)", {s[1].ap_destroyed, s[0].ap_destroyed}, false};
  if (key == "army-points-remaining") {
    // SR2014 3rd tiebreaker: "Double the value of non-warcaster/warlock models and units (rounded
    // up) within the areas designated by the scenario."
    Rung r{"army points remaining (the scenario's area counted double)", {}, true};
    for (int i = 0; i < 2; ++i) {
      if (!s[i].ap_remaining)
        return fail(side_field(i, "ap_remaining"), e.id + " 3rd tiebreaker: Army Points Remaining",
                    "is needed: the game is still tied on the earlier tiebreakers");
      r.value[i] = *s[i].ap_remaining + s[i].ap_in_area.value_or(0);
    }
    return r;
  }
  if (key == "scenario-presence") {
    Rung r{"scenario presence", {}, true};
    for (int i = 0; i < 2; ++i) {
      if (!s[i].presence)
        return fail(
            side_field(i, "presence"), e.id + " tiebreaker: Scenario Presence",
            "is needed: the game is still tied on the earlier tiebreakers (the point cost of models in "
            "scenario zones or B2B with flags)");
      r.value[i] = *s[i].presence;
    }
    return r;
  }
  return fail("edition", e.id + " game_tiebreakers", "unknown tiebreaker '" + key + "'");
}

// Walks the ladder's rungs [from, to) (0-based, numbered as in the edition). The first rung may be
// the scenario pages' "the player with the most control points wins via scenario victory".
Result<void> walk(const Edition& e, const Facts& f, std::size_t from, std::size_t to, bool cp_is_scenario,
                  Decision& d) {
  for (std::size_t i = from; i < to; ++i) {
    auto rung = rung_for(e, f, e.game_tiebreakers[i]);
    if (!rung) return tl::unexpected(rung.error());
    const bool scenario = cp_is_scenario && i == from && e.game_tiebreakers[i] == "control-points";
    const std::string title =
        scenario ? "Control points at the game's end" : ordinal(i) + " tiebreaker: " + rung->name;
    const std::string rule =
        scenario ? e.id +
                       " scenario victory conditions: \"If the game ends before a player wins "
                       "via scenario or assassination victory, the player with the most "
                       "control points wins via scenario victory.\""
                 : e.id + " \"Scenario Reference Sheet\": " + ordinal(i) + " tiebreaker";
    const auto [a, b] = rung->value;
    if (a == b) {
      d.steps.push_back(
          {rule, title + ": " + std::to_string(a) + " against " + std::to_string(b) + ", tied", false});
      continue;
    }
    const int winner = (a > b) == rung->higher_wins ? 0 : 1;
    d.winner = winner;
    d.victory = scenario ? Ending::scenario : Ending::tiebreaker;
    d.steps.push_back({rule,
                       title + ": " + std::to_string(a) + " against " + std::to_string(b) + ", player " +
                           std::to_string(winner + 1) + " wins",
                       true});
    return {};
  }
  d.winner.reset();
  d.victory = Ending::tiebreaker;
  d.steps.push_back(
      {e.id + " \"Scenario Reference Sheet\"", "Every tiebreaker is tied: the game is a tie", true});
  return {};
}

Result<int> who(const Facts& f, const std::string& what) {
  if (!f.player || (*f.player != 0 && *f.player != 1))
    return fail("player", "adjudication", "1 or 2: " + what);
  return *f.player;
}

// The condition a scenario victory needs during the game: SR2014 "at least 5 CP and more than the
// opponent", SR2017/SR2023 "5 more CP than the opponent".
Result<void> check_scenario_lead(const Edition& e, const Facts& f, int p, const std::string& field) {
  const int mine = f.sides[p].cp, theirs = f.sides[1 - p].cp;
  if (mine - theirs >= e.scenario_win_margin && mine >= e.scenario_win_min_cp) return {};
  return fail(
      field, e.id + " scenario victory",
      "a scenario victory needs " +
          (e.scenario_win_min_cp > 0 ? "at least " + std::to_string(e.scenario_win_min_cp) + " CP and "
                                     : "") +
          (e.scenario_win_margin == 1
               ? std::string("more CP than the opponent")
               : std::to_string(e.scenario_win_margin) + " more CP than the opponent") +
          " (player " + std::to_string(p + 1) + " has " + std::to_string(mine) + " against " +
          std::to_string(theirs) + ")");
}

Result<void> check_facts(const Edition& e, const Facts& f) {
  for (std::size_t i = 0; i < f.variants.size(); ++i)
    if (!e.find_variant(f.variants[i]))
      return fail("variants[" + std::to_string(i) + "]", e.id + " variants",
                  "'" + f.variants[i] + "' is not a variant of " + e.id);
  for (int i = 0; i < 2; ++i) {
    const SideFacts& s = f.sides[static_cast<std::size_t>(i)];
    for (auto [name, v] : {std::pair{"casters", std::optional<int>(s.casters)},
                           {"cp", s.cp},
                           {"ap_destroyed", s.ap_destroyed},
                           {"ap_remaining", s.ap_remaining},
                           {"ap_in_area", s.ap_in_area},
                           {"presence", s.presence},
                           {"starting_army", s.starting_army},
                           {"battlegroup", s.battlegroup}})
      if (v && (*v < 0 || *v > 10000)) return fail(side_field(i, name), "adjudication", "must be 0 to 10000");
  }
  return {};
}

// What the event's victory variants forbid (SR2017 "Victory Condition Variants").
Result<void> check_variants(const Edition& e, const Facts& f) {
  if (has(f, "no-assassination") && (f.end == GameEnd::assassination || f.end == GameEnd::casters_destroyed))
    return fail(
        "end", variant_rule(e, "no-assassination"),
        "the game goes on when a " + e.leader_word +
            " is destroyed: it ends by scenario, time, or when one player has no models left ('no-models')");
  if (f.end == GameEnd::no_models && !has(f, "no-assassination"))
    return fail(
        "end", e.id + " \"Assassination Victory\"",
        "'no-models' is an ending of No Assassination Victory events only; here the game ended when the "
        "last " +
            e.leader_word + " was destroyed ('assassination')");
  if (f.end == GameEnd::mangled_metal && !has(f, "mangled-metal"))
    return fail("end", e.id + " victory conditions",
                e.find_variant("mangled-metal") ? "'mangled-metal' needs the event's Mangled Metal variant"
                                                : e.id + " has no Mangled Metal variant");
  if (f.end == GameEnd::game_length && !e.scenario_win_at_game_end)
    return fail("end", e.id + " scenarios",
                e.id + "'s scenarios have no last turn: the game ends at dice down");
  // A clock runs out and a round reaches its expected end only where chess clocks time it: the
  // edition's ending_timing says which endings need which timing, the variants give the event's.
  for (const EndingTiming& t : e.ending_timing) {
    if (t.end != to_string(f.end)) continue;
    const std::string kind = to_string(timing_kind(e, f.variants));
    if (std::find(t.timing.begin(), t.timing.end(), kind) != t.timing.end()) continue;
    std::string needs;
    for (const std::string& k : t.timing) needs += (needs.empty() ? "" : " or ") + k;
    return fail("end", t.rule,
                "'" + t.end + "' is an ending of " + needs + " rounds only; this event's rounds are " + kind +
                    (kind == "classic" ? " (timed turns, dice down: 'dice-down')" : ""));
  }
  if (f.clock_scenario_win && !e.clock_out.scenario_scored_first)
    return fail("clock_scenario_win", e.clock_out.rule,
                e.id + " does not score the scenario when a clock runs out");
  return {};
}

Result<void> decide_end(const Edition& e, const Facts& f, Decision& d) {
  const bool no_tiebreakers = has(f, "no-tiebreakers");
  switch (f.end) {
    case GameEnd::assassination: {
      const bool a = f.sides[0].casters > 0, b = f.sides[1].casters > 0;
      if (a == b)
        return fail(
            "players", e.id + " \"Assassination Victory\"",
            "\"When only one player owns a " + e.leader_word +
                " remaining in play, that player immediately wins\": give one player 0 casters (both at 0: "
                "'casters-destroyed')");
      d.winner = a ? 0 : 1;
      d.victory = Ending::assassination;
      d.steps.push_back({e.id + " \"Assassination Victory\"",
                         "Only player " + std::to_string(*d.winner + 1) + " has a " + e.leader_word + " left",
                         true});
      return {};
    }
    case GameEnd::scenario: {
      GAUNTLET_TRY(const int p, who(f, "the player who met the scenario's victory condition"));
      GAUNTLET_CHECK(check_scenario_lead(e, f, p, side_field(p, "cp")));
      d.winner = p;
      d.victory = Ending::scenario;
      d.steps.push_back({e.id + " \"Scenario Victory\"",
                         "Player " + std::to_string(p + 1) + " met the scenario's victory condition", true});
      return {};
    }
    case GameEnd::clock: {
      GAUNTLET_TRY(const int p, who(f, "the player whose clock ran out"));
      if (f.clock_scenario_win) {
        GAUNTLET_CHECK(check_scenario_lead(e, f, p, side_field(p, "cp")));
        d.winner = p;
        d.victory = Ending::scenario;
        d.steps.push_back({e.clock_out.rule,
                           "Scoring the state when the clock ran out gives player " + std::to_string(p + 1) +
                               " a scenario victory",
                           true});
        return {};
      }
      d.winner = 1 - p;
      d.victory = Ending::clock;
      d.steps.push_back({e.clock_out.rule,
                         "Player " + std::to_string(p + 1) + "'s clock ran out: player " +
                             std::to_string(2 - p) +
                             " wins, scored as an assassination on the table as it is",
                         true});
      return {};
    }
    case GameEnd::expected_end:
      d.winner.reset();
      d.victory = Ending::tie;
      d.steps.push_back(
          {e.id +
               " Deathclock: \"Games with more than 5 minutes combined on both player clocks are "
               "declared a " +
               e.clock_rules.at_expected_end + "\"",
           "The round's expected end with 5 minutes or more on the clocks: a " +
               e.clock_rules.at_expected_end,
           true});
      return {};
    case GameEnd::concession: {
      GAUNTLET_TRY(const int p, who(f, "the player who conceded"));
      d.winner = 1 - p;
      d.victory = Ending::concession;
      d.steps.push_back(
          {e.id + " \"Sportsmanship\": concession",
           "Player " + std::to_string(p + 1) + " conceded: player " + std::to_string(2 - p) + " wins", true});
      return {};
    }
    case GameEnd::mangled_metal: {
      GAUNTLET_TRY(const int p, who(f, "the player who destroyed every enemy warjack and warbeast"));
      d.winner = p;
      d.victory = Ending::mangled_metal;
      d.steps.push_back({variant_rule(e, "mangled-metal"),
                         "Player " + std::to_string(p + 1) + " destroyed every enemy warjack and warbeast",
                         true});
      return {};
    }
    case GameEnd::dice_down:
    case GameEnd::game_length:
    case GameEnd::casters_destroyed:
    case GameEnd::no_models:
      break;
  }
  // The game ended without a winner. "No Tiebreakers ... If time expires, the game is a tie."
  const bool timed_out = f.end == GameEnd::dice_down;
  const auto cp_rung = std::find(e.game_tiebreakers.begin(), e.game_tiebreakers.end(), "control-points");
  const bool at_game_end = (f.end == GameEnd::dice_down || f.end == GameEnd::game_length) &&
                           e.scenario_win_at_game_end && cp_rung != e.game_tiebreakers.end();
  if (no_tiebreakers && (timed_out || !at_game_end)) {
    d.winner.reset();
    d.victory = Ending::tie;
    d.steps.push_back(
        {variant_rule(e, "no-tiebreakers"), "No tiebreakers at this event: the game is a tie", true});
    return {};
  }
  if (at_game_end) {
    // SR2017/SR2023 scenario pages: most CP wins via scenario; tied CP, the later tiebreakers (none
    // at a No Tiebreakers event: the CP condition is the scenario's, the rest are tiebreakers).
    const auto from = static_cast<std::size_t>(cp_rung - e.game_tiebreakers.begin());
    GAUNTLET_CHECK(walk(e, f, from, no_tiebreakers ? from + 1 : e.game_tiebreakers.size(), true, d));
    if (!d.winner && no_tiebreakers) d.victory = Ending::tie;
    return {};
  }
  return walk(e, f, 0, e.game_tiebreakers.size(), false, d);
}

// Whether the game's ending is scored as an assassination on the table as it is (a clock-out, a
// SR2014/SR2013 concession), so the loser's remaining Leaders and inert battlegroup count.
bool scored_as_assassination(const Edition& e, const Facts& f) {
  return (f.end == GameEnd::clock && !f.clock_scenario_win && e.clock_out.as_assassination) ||
         (f.end == GameEnd::concession && e.concession.ap_rule == "assassination");
}

// What an assassination adds for the winner to the army points destroyed on the table as it is:
// each warcaster/warlock of the loser still in play ("Warcasters and warlocks are worth 5 army points
// each", SR2014; 10 in SR2017), and, where inert and wild models count, the loser's battlegroup
// (SR2014 "Game Results": "battlegroup warjacks become inert and battlegroup warbeasts become wild
// upon the assassination of their controller and therefore count for the 4th tiebreaker total").
void add_assassination(const Edition& e, const Facts& f, const std::string& rule, GameResult& win,
                       Decision& d) {
  const int loser = 1 - *d.winner;
  const SideFacts& l = f.sides[static_cast<std::size_t>(loser)];
  if (l.casters > 0) {
    win.ap += l.casters * e.caster_value;
    d.steps.push_back({rule,
                       "Scored as an assassination: the " + e.leader_word + (l.casters > 1 ? "s" : "") +
                           " of player " + std::to_string(loser + 1) +
                           " still in play count as destroyed: +" +
                           std::to_string(l.casters * e.caster_value) + " army points destroyed for player " +
                           std::to_string(*d.winner + 1),
                       false});
  }
  if (e.ap_method.inert_wild_count && l.casters > 0 && l.battlegroup && *l.battlegroup > 0) {
    win.ap += *l.battlegroup;
    d.steps.push_back({e.ap_method.battlegroup_rule,
                       "Scored as an assassination: player " + std::to_string(loser + 1) +
                           "'s battlegroup left inert or wild counts at full value: +" +
                           std::to_string(*l.battlegroup) + " army points destroyed for player " +
                           std::to_string(*d.winner + 1),
                       false});
  }
}

// What each player writes down: W/L/T, CP (capped where the edition caps them), AP destroyed.
void fill_records(const Edition& e, const Facts& f, Decision& d) {
  for (int i = 0; i < 2; ++i) {
    GameResult& r = d.records[static_cast<std::size_t>(i)];
    r.outcome = !d.winner ? Outcome::tie : *d.winner == i ? Outcome::win : Outcome::loss;
    r.cp = f.sides[static_cast<std::size_t>(i)].cp;
    r.ap = f.sides[static_cast<std::size_t>(i)].ap_destroyed;
  }
  if (d.victory == Ending::clock && e.clock_out.as_assassination)
    add_assassination(e, f, e.clock_out.rule, d.records[static_cast<std::size_t>(*d.winner)], d);
  if (d.victory == Ending::concession) {
    // SR2017/SR2023: 3 CP and half the opponent's starting army, "unless he has already scored more";
    // SR2014/SR2013: half the CP of a scenario win and AP as an assassination on the table.
    const int w = *d.winner, l = 1 - w;
    GameResult& win = d.records[static_cast<std::size_t>(w)];
    const ConcessionAward& award = e.concession;
    win.cp = award.cp_keeps_higher ? std::max(award.cp, win.cp) : award.cp;
    if (award.ap_rule == "half-opponent-army" && f.sides[static_cast<std::size_t>(l)].starting_army)
      win.ap = std::max((*f.sides[static_cast<std::size_t>(l)].starting_army + 1) / 2, win.ap);
    if (award.ap_rule == "assassination")
      add_assassination(e, f, e.id + " \"Sportsmanship\": concession", win, d);
    d.records[static_cast<std::size_t>(l)].cp = 0;
    d.records[static_cast<std::size_t>(l)].ap = 0;
    d.steps.push_back({e.id + " \"Sportsmanship\"",
                       "The winner records " + std::to_string(win.cp) + " CP and " + std::to_string(win.ap) +
                           " AP; the player who conceded records 0 in every category",
                       false});
    return;
  }
  if (!e.cp_capped_to_win) return;
  // SR2014 "Recording Results": "a player cannot earn more control points than are required to win
  // the scenario".
  for (int i = 0; i < 2; ++i) {
    GameResult& r = d.records[static_cast<std::size_t>(i)];
    const int cap =
        std::max(e.scenario_win_min_cp, f.sides[static_cast<std::size_t>(1 - i)].cp + e.scenario_win_margin);
    if (r.cp <= cap) continue;
    d.steps.push_back(
        {e.id + " \"a player cannot earn more control points than are required to win the scenario\"",
         "Player " + std::to_string(i + 1) + " records " + std::to_string(cap) + " CP, not " +
             std::to_string(r.cp),
         false});
    r.cp = cap;
  }
}

}  // namespace

Result<Decision> adjudicate(const Edition& edition, const Facts& facts) {
  GAUNTLET_CHECK(check_facts(edition, facts));
  GAUNTLET_CHECK(check_variants(edition, facts));
  Decision d;
  GAUNTLET_CHECK(decide_end(edition, facts, d));
  if (facts.end == GameEnd::concession) {
    const int loser = 1 - *d.winner;
    if (edition.concession.ap_rule == "half-opponent-army" &&
        !facts.sides[static_cast<std::size_t>(loser)].starting_army)
      return fail(
          side_field(loser, "starting_army"), edition.id + " \"Sportsmanship\"",
          "is needed: the winner scores half the total value of the opponent's starting army, rounded up");
  }
  if (scored_as_assassination(edition, facts) && edition.ap_method.inert_wild_count) {
    const int loser = 1 - *d.winner;
    const SideFacts& l = facts.sides[static_cast<std::size_t>(loser)];
    if (l.casters > 0 && !l.battlegroup)
      return fail(side_field(loser, "battlegroup"), edition.ap_method.battlegroup_rule,
                  "is needed: the game is scored as an assassination, so the army points of player " +
                      std::to_string(loser + 1) +
                      "'s battlegroup warjacks and warbeasts still in play count (0 if none)");
  }
  fill_records(edition, facts, d);
  return d;
}

WizardShape wizard_shape(const Edition& edition, const std::vector<std::string>& variants) {
  WizardShape w;
  Facts f;
  f.variants = variants;
  for (const auto& [end, name] : kEnds) {
    f.end = end;
    if (check_variants(edition, f)) w.endings.push_back(end);
  }
  w.facts = {"casters", "cp", "ap_destroyed"};
  for (const std::string& rung : edition.game_tiebreakers) {
    if (rung == "army-points-remaining") w.facts.insert(w.facts.end(), {"ap_remaining", "ap_in_area"});
    if (rung == "scenario-presence") w.facts.push_back("presence");
  }
  if (edition.concession.ap_rule == "half-opponent-army") w.facts.push_back("starting_army");
  if (edition.ap_method.inert_wild_count &&
      (edition.clock_out.as_assassination || edition.concession.ap_rule == "assassination"))
    w.facts.push_back("battlegroup");
  w.clock_scenario_win = edition.clock_out.scenario_scored_first;
  return w;
}

bool names_player(GameEnd end) {
  return end == GameEnd::scenario || end == GameEnd::clock || end == GameEnd::concession ||
         end == GameEnd::mangled_metal;
}

const char* to_string(GameEnd end) {
  for (const auto& [e, name] : kEnds)
    if (e == end) return name;
  return "?";
}

std::optional<GameEnd> parse_game_end(std::string_view text) {
  for (const auto& [e, name] : kEnds)
    if (iequals(text, name)) return e;
  return std::nullopt;
}

std::string game_end_keys() {
  std::string out;
  for (const auto& [e, name] : kEnds) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

}  // namespace gauntlet
