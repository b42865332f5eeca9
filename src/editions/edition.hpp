// The rules of one Steamroller edition, loaded from an embedded data file (data/<id>.json).
//
// Rules that differ by edition live here as data, never as `if (edition == ...)` in code.
//
//   const Edition* sr = find_edition("sr2017");      // case-insensitive; nullptr if unknown
//   if (sr && sr->allows_points(75)) { ... }
//   int bye_ap = sr->bye.army_points(75);             // 38
//
// All editions are parsed and validated once, on first use; a broken data file aborts the
// program with a message naming the file and key (it is a build defect, not user input).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace gauntlet {

struct ClassicTiming {
  int round_minutes = 0;
  int turn_minutes = 0;
  int extension_minutes = 0;  // 0 = no extension at this size
};

struct Scenario {
  std::string key;   // "the-pit-ii"
  std::string name;  // "The Pit II"
  bool kill_box = false;
  bool rumble = false;                // Rumble scenario (not in the random roll)
  std::vector<std::string> elements;  // human-readable: "rectangular zone 6\"x12\" (centre)", ...
  std::string scoring;                // how CP are scored, one paragraph
  std::string tiebreak_area;          // SR2014: area that doubles army points for the 3rd tiebreaker
  // What the edition's text lost of this scenario and how the legible rest was read (SR2013's
  // scrape: "The original text of this scenario is not legible beyond ..."); printed on its sheet.
  std::string notes;
};

// SR2013 "Steamroller 2013 contains six groups of scenarios. The scenarios in each group have similar
// objectives. [...] EOs must select a scenario from each group before they can choose from the same
// group again." One group: its name, its scenarios' keys, and why they were put together.
struct ScenarioGroup {
  std::string name;
  std::vector<std::string> scenarios;
  std::string reason;
};

// One die of the random scenario roll. The die's faces are split into `buckets` equal ranges;
// the bucket indices of all dice, read as a mixed-radix number, index `roll_order`.
// SR2017: one d6 in 6 buckets. SR2014: d3 (3 rows of 4), d6 (1–3 left pair, 4–6 right), d6 again.
struct ScenarioDie {
  int sides = 6;
  int buckets = 6;
};

// A rule a variant's own text sets on which other variants or point sizes it goes with.
// Exactly one of required / excludes / min_points / alone_in_category is set; `rule` quotes it.
struct VariantConstraint {
  std::string required;               // this variant needs that one too
  std::vector<std::string> excludes;  // this variant cannot be chosen with these
  std::optional<int> min_points;      // only at this point size or greater
  bool alone_in_category = false;     // no other variant of the same category
  std::string rule;                   // "SR2017 \"No Tiebreakers\": \"This variant requires ...\""
};

// What a timing variant does (the variant's "timing" in the data file). SR2017 "Round Timing
// Variants", SR2014 "Game Timing Variants": Classic Turn Timing / Death Clock switch the clock, No
// Time Limits makes games untimed, Casual/Hardcore/Frenzy/Relaxed use another point size's row,
// No Extensions removes them, Reinforcements (SR2014/SR2013) its own round lengths and a second one.
struct VariantTiming {
  std::string clock;  // "deathclock", "classic", "untimed" or "" (no change)
  int size_shift = 0;
  std::optional<int> extensions;  // per player per game
  bool reinforcements = false;
};

// Timing rules beside the tables: the Deathclock's minimum turn and expected end, the deployment
// taps, and classic timing's secret variable round length.
struct ClockRules {
  // d3 x this many minutes, added or subtracted on a d6; -1: the size's extension length (SR2013
  // "multiplies the result by the turn extension length for the event size"); 0: none.
  int variable_step_minutes = 0;
  int min_turn_seconds = 0;       // SR2017: "Players must use at least 15 seconds per turn"; SR2023: none
  int play_on_under_minutes = 5;  // "Games with less than 5 minutes combined ... are played to completion"
  std::string at_expected_end;    // the others: "tie" (SR2017/SR2023), "draw" (SR2014/SR2013)
  std::vector<std::string> deployment_steps;  // each a tap by each player, in order
};

// What makes an event a Rumble event (SR2017 "Rumble", the variant's "rumble" in the data file):
// its point range beside the standard sizes, its own scenarios only, the 30" x 30" table.
struct VariantRumble {
  int min_points = 15, max_points = 35;
  std::string points_rule;     // the rule text the point range quotes
  std::string scenarios_rule;  // "must use one of the three Rumble scenarios"
  std::string timing_advice;   // "it is highly recommended that Rumble events use the No Time Limits variant"
};

// A player's clock runs out (the Deathclock, every edition that has it). SR2017/SR2023: the
// state is scored first and a 5-CP lead wins via scenario; otherwise the player loses, their
// warcaster/warlock is destroyed, and the loss is scored as an assassination. SR2014/SR2013: the
// player loses, "scored as an assassination victory using current table conditions".
// `as_assassination`: the opponent's army points destroyed are what an assassination adds to the
// table as it is — the timed-out player's warcasters/warlocks still in play count as destroyed
// (`caster_value` each), and where the edition counts inert warjacks and wild warbeasts
// (ap_method.inert_wild_count) so does that player's battlegroup.
struct ClockOut {
  bool scenario_scored_first = false;
  bool as_assassination = false;
  std::string rule;
};

// An ending a game has only under some kinds of round timing (the edition's "ending_timing"): a
// clock runs out and a round reaches its expected end only under the Deathclock. `end` is the
// adjudication wizard's key ("clock", "expected-end"); `timing` the kinds it needs ("deathclock",
// "classic", "untimed").
struct EndingTiming {
  std::string end;
  std::vector<std::string> timing;
  std::string rule;
};

// How army points destroyed are counted (issue 13 point 4): SR2017/SR2023 "Army Points Destroyed"
// (warcasters/warlocks 10, a unit only when every model is gone, inert warjacks and wild warbeasts
// ignored); SR2014/SR2013 "4th Tiebreaker" (warcasters/warlocks 5, a unit below half its starting
// number worth half its cost rounded up, inert warjacks and wild warbeasts at full value).
struct ApMethod {
  int leader = 10;                // each warcaster/warlock destroyed
  bool half_units = false;        // SR2014: "units below 50% of their starting number (rounding up)"
  bool inert_wild_count = false;  // SR2014: "worth their full army point value"; SR2017: "Ignore"
  std::string rule;               // the rule text, quoted
  // Where inert and wild models count: the rule that an assassination leaves the battlegroup
  // inert or wild (SR2014 "Game Results": "battlegroup warjacks become inert ... and therefore count
  // for the 4th tiebreaker total"), quoted.
  std::string battlegroup_rule;
};

// The same character in more than one list (issue 13 point 2): SR2014/SR2013 "Players cannot include
// the same version of a model or unit with FA C in more than one list" (baseline, lifted by
// "characters-unrestricted"); SR2017 only with the "characters-restricted" variant.
struct CharacterRule {
  bool restricted = false;  // at baseline
  std::string rule;
};

// The player record sheet each edition's rules end with (issue 14): what it asks in its header, in
// each round's row and for each list. Printed pre-filled (app/print.hpp).
struct RecordSheet {
  std::string title;                     // "Steamroller 2017 Player Record Sheet"
  std::vector<std::string> header;       // "Player Name", "Faction"
  std::vector<std::string> columns;      // per round, in the sheet's order; "Round" among them
  std::string result_marks;              // "W / L / T" (SR2013: "W / L / D")
  std::vector<std::string> list_fields;  // per list: "Theme Force", "Point Cost"
  int rows = 5;                          // rounds the printed sheet has rows for
  std::string rule;                      // where the fields come from, quoted
};

struct Variant {
  std::string key;       // "cut-to-top" (the event stores "cut-to-top:4" when it takes a value)
  std::string category;  // "army-lists", "painting", "rounds", "timing", "scenario", "victory",
                         // "final-standings", "game"
  std::string name;      // "Cut to Top [X]"
  std::string summary;   // one line for the EO
  bool takes_value = false;
  std::vector<VariantConstraint> constraints;
  std::optional<VariantTiming> timing;  // timing variants only
  std::optional<VariantRumble> rumble;  // the Rumble variant only
  // A variant Gauntlet does not apply (SR2014 "Commander's Crucible"): event setup refuses it with
  // this reason and rule, the setup form offers it disabled, `rules show` lists it as not supported.
  // Refused rather than accepted as a label that changes nothing.
  struct Unsupported {
    std::string reason;
    std::string rule;
  };
  std::optional<Unsupported> unsupported;
};

struct ByeAward {
  int tp = 1;
  int cp = 3;
  // Army points destroyed: half the event's point size, rounded up (every edition).
  int army_points(int event_points) const { return (event_points + 1) / 2; }
};

struct ConcessionAward {
  int cp = 3;                   // CP the winner is awarded
  bool cp_keeps_higher = true;  // SR2017/SR2023: "unless he has already scored more"
  // "half-opponent-army": max(ceil(opponent's starting army / 2), AP already destroyed) (SR2017/SR2023)
  // "assassination": SR2014/SR2013 "army points destroyed based on an assassination using current
  // table conditions": what is recorded plus what an assassination adds (ClockOut::as_assassination)
  std::string ap_rule = "half-opponent-army";
};

struct ListWindow {
  int max_under = 0;  // a list may be at most this many points under the event size (SR2014 2, SR2017 4)
};

// The table a game is played on. SR2017 "Rumble": "Rumble games are played on a 30" x 30" table".
struct KillBox {
  int inches = 12;
  std::string from;  // "own-edge" (SR2017/SR2023) or "any-edge" (SR2014/SR2013)
  std::string rule;
};
struct TableSize {
  int inches = 48;
  int deployment_inches = 10;          // 0: no deployment zone (Rumble)
  int advance_deployment_inches = 16;  // from the player's own edge
};
struct TableRules {
  TableSize standard;
  std::optional<TableSize> rumble;  // SR2017 only
  std::string deployment_rule;      // where the zone depths were read
  std::string rumble_rule;
  KillBox kill_box;
};

// A kind of terrain piece and how the setup rules class it.
struct TerrainKind {
  std::string key;  // "forest"
  bool restricted = false;
  bool los_blocking = false;
};
// One distance rule of terrain setup; `inches` is 0 for rules without one.
struct TerrainRule {
  double inches = 0;
  int count = 0;
  std::string rule;  // the seed's words
};
struct TerrainMethod {
  std::string key;  // "cluster", "quadrant", "scatter", "random"
  int min_pieces = 6, max_pieces = 8;
  // Cluster and scatter step 1, the LOS-blocking piece's distance from the table's centre: 0 for
  // SR2017's "touching the center point of the table", 1 for SR2023's "within 1\" the center point".
  double centre_inches = 0;
  std::string rule;
};
// SR2014 "Do not place obstructions or impassable terrain within zones, within 4" of flags, or
// within 4" of objectives."
struct ElementClearance {
  std::vector<std::string> kinds;
  bool zones = true;
  double flag_inches = 4, objective_inches = 4;
  std::string rule;
};
// SR2017 "Terrain" and its siblings, as data. A rule the edition does not have is nullopt.
struct TerrainRules {
  int min_pieces = 6, max_pieces = 8, recommended_pieces = 8;
  std::string pieces_rule;
  double min_piece_inches = 3, max_piece_inches = 6;
  std::string piece_size_rule;
  std::vector<TerrainKind> kinds;
  std::string kinds_rule, los_blocking_rule;
  std::optional<TerrainRule> edge;              // nothing within X" of a table edge
  std::optional<TerrainRule> unrestricted_gap;  // unrestricted pieces X" from any other
  std::vector<std::string> may_touch_same;      // "Trenches ... can be placed in contact"
  std::optional<TerrainRule> restricted_gap;    // restricted pieces X" from other restricted
  std::optional<TerrainRule> any_gap;           // every piece X" from every other (SR2014)
  std::optional<TerrainRule> deployment;        // none in deployment zones...
  bool deployment_restricted_only = false;      // ...of restricted pieces only (SR2017)
  std::optional<TerrainRule> min_los_blocking;  // count
  std::optional<ElementClearance> clear_of_elements;
  std::optional<TerrainRule> huge_base;  // a warning: do not wall off flags/zones
  std::vector<TerrainMethod> methods;
  std::vector<std::string> rumble_ignores;  // rule keys Rumble drops ("edge", "deployment")
  std::string rumble_method, rumble_rule;

  const TerrainKind* find_kind(std::string_view key) const;
  const TerrainMethod* find_method(std::string_view key) const;
  std::string kind_keys() const;    // "dense fog, forest, ...", for refusals
  std::string method_keys() const;  // "cluster, quadrant, scatter"
};

struct Edition {
  std::string id;           // "SR2017"
  std::string title;        // "Steamroller 2017"
  std::string source;       // seed document the data was read from
  std::string notes;        // what was inherited or interpreted (SR2013 shares SR2014's unreadable parts)
  std::string leader_word;  // "warcaster/warlock" or "Leader"
  // SR2017/SR2023 "Prizes": the EO "must determine a category that the award will be chosen for and
  // clearly communicate this information well in advance"; empty when the edition says nothing.
  std::string award_category_rule;
  std::vector<std::string> factions;
  // What players type and other tools export for a faction ("Mercs", "PoM") -> its name. Any word
  // of a name ("Menoth", "Cyriss") is accepted without an alias (event/setup.cpp).
  std::map<std::string, std::string> faction_aliases;
  std::vector<int> point_sizes;
  ListWindow list_window;
  bool characters_restricted = true;  // same version of a character in two lists (baseline)
  ByeAward bye;
  ConcessionAward concession;
  int caster_value = 10;            // army points a destroyed warcaster/warlock/Leader is worth
  std::string unit_destroyed_rule;  // "every-model" (SR2017/23) or "half-below-50pct" (SR2014)
  int scenario_win_margin = 5;      // CP lead that wins by scenario (SR2014 "more than": 1)
  int scenario_win_min_cp = 0;      // SR2014: at least 5 CP and more than the opponent
  // SR2017/SR2023 scenario pages: "If the game ends before a player wins via scenario or
  // assassination victory, the player with the most control points wins via scenario victory."
  bool scenario_win_at_game_end = false;
  // SR2014: "a player cannot earn more control points than are required to win the scenario":
  // at most max(scenario_win_min_cp, opponent's CP + scenario_win_margin) in that game.
  bool cp_capped_to_win = false;
  std::vector<std::string> game_tiebreakers;  // ladder keys, in order
  // Final standings: "baseline" and one ladder per final-standings variant, each a list of
  // "tp", "sos", "cp", "ap", "assassinations" (they differ: SR2014 Destruction keeps TP first,
  // SR2017's ranks on AP alone; SR2013 Assassin breaks ties on AP before CP). The
  // "finals-tables" ladder ranks the players beyond third place once the finals are played
  // ("Standings beyond third place are calculated using strength of schedule, followed by
  // control points"); until then the baseline ranks, so the finals pair the current top four.
  std::map<std::string, std::vector<std::string>> standings_ladders;
  bool deathclock_baseline = true;                       // SR2014: Deathclock is a variant
  std::map<int, int> deathclock_minutes;                 // point size -> minutes per player
  std::map<int, int> deathclock_reinforcements_minutes;  // SR2014 Reinforcements variant
  std::map<int, ClassicTiming> classic_timing;
  std::map<int, int> reinforcements_round_minutes;  // SR2014 Reinforcements round lengths
  ClockRules clock_rules;
  ClockOut clock_out;
  std::vector<EndingTiming> ending_timing;
  ApMethod ap_method;
  CharacterRule characters;
  RecordSheet record_sheet;
  std::map<int, int> specialists;  // point size -> specialist points
  // SR2014 "Reinforcements" (a timing variant): point size -> the reinforcements section's size.
  std::map<int, int> reinforcements_points;
  std::vector<Scenario> scenarios;  // catalogue; roll_order indexes it
  std::vector<ScenarioDie> scenario_dice;
  std::vector<std::string> roll_order;  // scenario keys in roll order; empty with no roll table
  // The scenario groups and the rule that quotes them; empty when the edition has none. With
  // groups, a scenario may be chosen only from a group played least often (scenario_groups_open).
  std::vector<ScenarioGroup> scenario_groups;
  std::string scenario_group_rule;
  std::vector<Variant> variants;
  std::vector<std::pair<int, int>> rounds_by_attendance;  // (max players, rounds), ascending
  TableRules table;
  TerrainRules terrain;

  bool allows_points(int points) const;
  const Variant* find_variant(std::string_view key) const;
  // Case, spaces and hyphens ignored; a unique prefix of a key also finds it ("the pit").
  const Scenario* find_scenario(std::string_view key_or_name) const;
  std::string scenario_keys() const;  // "the-pit-ii, standoff, ...", for refusals
  // The scenarios an event plays: a Rumble event only the Rumble scenarios (SR2017 "Rumble": "must
  // use one of the three Rumble scenarios"), any other event every scenario but those (Rumble games
  // are played on a 30" x 30" table). In catalogue order.
  std::vector<const Scenario*> scenarios_for(bool rumble) const;
  std::string scenario_keys(bool rumble) const;  // the keys of scenarios_for(rumble), for refusals
  // The group `key` belongs to, or nullptr (no groups in this edition, or a Rumble scenario).
  const ScenarioGroup* group_of(std::string_view key) const;
  bool has_roll_table() const { return !scenario_dice.empty(); }
  // Rounds for an attendance; beyond the table the doubling rule continues (129–256 -> 8, ...).
  int rounds_for(int players) const;
};

// Every edition, in chronological order. Loaded and validated on first call.
const std::vector<Edition>& all_editions();
// Case-insensitive id ("sr2017", "SR2017"); nullptr when unknown.
const Edition* find_edition(std::string_view id);
// Like find_edition, but an Error naming `field` and listing the known editions.
Result<const Edition*> require_edition(std::string_view id, const std::string& field);
// The scenario `key_or_name` names (Edition::find_scenario), or a not_found error on `field` listing
// the edition's keys.
Result<const Scenario*> require_scenario(const Edition& edition, std::string_view key_or_name,
                                         const std::string& field);

// Parses and strictly validates one data file (what all_editions() does for each embedded file).
// Errors name the file and key: field "sr2017.json: deathclock_minutes[\"75\"]", message
// "must be a positive integer". Exposed so tests can feed broken files.
Result<Edition> parse_edition(std::string_view file_name, std::string_view json_text);

// The scenario a set of die faces selects (faces[i] in 1..scenario_dice[i].sides), or "" when the
// faces do not fit the dice. SR2014: {2, 4, 1} -> row 2, right pair, left of it -> "incoming".
std::string scenario_for_roll(const Edition& edition, const std::vector<int>& faces);

// The groups a scenario may be chosen from after `already_played` (keys or names), under the
// edition's group rule (SR2013: "EOs must select a scenario from each group before they can choose
// from the same group again"): among the groups with a scenario not yet played, those played least
// often. Empty when the edition has no groups.
std::vector<const ScenarioGroup*> scenario_groups_open(const Edition& edition,
                                                       const std::vector<std::string>& already_played);

// The scenarios (not Rumble) that may be chosen after `already_played`: not played yet ("A scenario
// should not be repeated") and, with groups, in an open group. In catalogue order.
std::vector<const Scenario*> scenarios_open(const Edition& edition,
                                            const std::vector<std::string>& already_played);

// Why `scenario` may not be chosen after `already_played` under the group rule, naming its group and
// the scenarios that may be chosen instead; "" when it may (or the edition has no groups, or no
// scenario may be chosen at all: then the EO repeats one).
std::string group_refusal(const Edition& edition, const Scenario& scenario,
                          const std::vector<std::string>& already_played);

// Rolls the edition's scenario dice with `rng` until the result may be chosen (scenarios_open: not
// played in this event, "A scenario should not be repeated", and in an open group); `already_played`
// holds keys or names (case-insensitive). Returns the scenario key, or "" when none may be chosen.
// An edition without a roll table (SR2013: "The EO should choose scenarios before a tournament") and
// a Rumble event draw one of the scenarios that may be chosen, each equally likely.
std::string roll_scenario(const Edition& edition, Rng& rng, const std::vector<std::string>& already_played,
                          bool rumble = false);

}  // namespace gauntlet
