// Strict reader for one edition data file (data/<id>.json).
//
// Every key is required (except "notes"), every value is type- and range-checked, and unknown keys
// are rejected, so a typo in a data file is caught at start-up instead of silently becoming a
// default. Errors name the file and the key path: `sr2017.json: deathclock_minutes["75"]: ...`.
#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "editions/edition.hpp"
#include "editions/reader.hpp"

namespace gauntlet {
namespace {

using namespace edition_reader;
using nlohmann::json;

// A table keyed by point size: {"75": ...}. Keys must be sizes this edition allows.
template <class T, class Read>
std::map<int, T> read_table(const json& v, const std::string& path, const std::vector<int>& sizes,
                            Read read) {
  if (!v.is_object()) invalid(path, "must be an object keyed by point size");
  std::map<int, T> out;
  for (const auto& item : v.items()) {
    const std::string& k = item.key();
    std::string p = map_path(path, k);
    bool digits = !k.empty() && k.size() < 6 &&
                  std::all_of(k.begin(), k.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) invalid(p, "key must be a point size");
    int size = std::stoi(k);
    if (std::to_string(size) != k || std::find(sizes.begin(), sizes.end(), size) == sizes.end())
      invalid(p, "is not a point size of this edition");
    out.emplace(size, read(item.value(), p));
  }
  return out;
}

void require_every_size(const std::map<int, int>& t, const std::string& path, const std::vector<int>& sizes) {
  for (int s : sizes)
    if (!t.count(s)) invalid(path, "has no entry for point size " + std::to_string(s));
}

const std::set<std::string, std::less<>> kTiebreakers = {"casters-remaining", "control-points",
                                                         "army-points-remaining", "army-points-destroyed",
                                                         "scenario-presence"};
const std::set<std::string, std::less<>> kCategories = {"army-lists", "painting", "rounds",          "timing",
                                                        "scenario",   "victory",  "final-standings", "game"};

Scenario read_scenario(const json& v, const std::string& path) {
  Object o(v, path);
  Scenario s;
  s.key = read_key(o.at("key"), o.path("key"));
  s.name = read_string(o.at("name"), o.path("name"));
  s.kill_box = read_bool(o.at("kill_box"), o.path("kill_box"));
  s.rumble = read_bool(o.at("rumble"), o.path("rumble"));
  s.elements = read_strings(o.at("elements"), o.path("elements"), false);
  s.scoring = read_string(o.at("scoring"), o.path("scoring"));
  s.tiebreak_area = read_string(o.at("tiebreak_area"), o.path("tiebreak_area"), true);
  if (const json* n = o.optional("notes")) s.notes = read_string(*n, o.path("notes"));
  o.finish();
  return s;
}

VariantTiming read_variant_timing(const json& v, const std::string& path) {
  Object o(v, path);
  VariantTiming t;
  if (const json* c = o.optional("clock")) {
    t.clock = read_string(*c, o.path("clock"));
    if (t.clock != "deathclock" && t.clock != "classic" && t.clock != "untimed")
      invalid(o.path("clock"), "must be deathclock, classic or untimed");
  }
  if (const json* s = o.optional("size_shift")) t.size_shift = read_int(*s, o.path("size_shift"), -3);
  if (const json* x = o.optional("extensions")) t.extensions = read_int(*x, o.path("extensions"), 0);
  if (const json* r = o.optional("reinforcements"))
    t.reinforcements = read_bool(*r, o.path("reinforcements"));
  o.finish();
  return t;
}

VariantRumble read_variant_rumble(const json& v, const std::string& path) {
  Object o(v, path);
  VariantRumble r;
  r.min_points = read_int(o.at("min_points"), o.path("min_points"), 1);
  r.max_points = read_int(o.at("max_points"), o.path("max_points"), r.min_points);
  r.points_rule = read_string(o.at("points_rule"), o.path("points_rule"));
  r.scenarios_rule = read_string(o.at("scenarios_rule"), o.path("scenarios_rule"));
  r.timing_advice = read_string(o.at("timing_advice"), o.path("timing_advice"));
  o.finish();
  return r;
}

Variant read_variant(const json& v, const std::string& path) {
  Object o(v, path);
  Variant var;
  var.key = read_key(o.at("key"), o.path("key"));
  var.category = read_string(o.at("category"), o.path("category"));
  if (!kCategories.count(var.category))
    invalid(o.path("category"), "unknown category '" + var.category + "'");
  var.name = read_string(o.at("name"), o.path("name"));
  var.summary = read_string(o.at("summary"), o.path("summary"));
  var.takes_value = read_bool(o.at("takes_value"), o.path("takes_value"));
  if (const json* list = o.optional("constraints")) {
    if (!list->is_array()) invalid(o.path("constraints"), "must be an array");
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string cp = index_path(o.path("constraints"), i);
      Object c((*list)[i], cp);
      VariantConstraint vc;
      int kinds = 0;
      if (const json* r = c.optional("requires")) vc.required = read_key(*r, cp + ".requires"), ++kinds;
      if (const json* x = c.optional("excludes"))
        vc.excludes = read_strings(*x, cp + ".excludes", false), ++kinds;
      if (const json* m = c.optional("min_points"))
        vc.min_points = read_int(*m, cp + ".min_points", 0), ++kinds;
      if (const json* a = c.optional("alone_in_category"))
        vc.alone_in_category = read_bool(*a, cp + ".alone_in_category"), ++kinds;
      if (kinds != 1)
        invalid(cp, "must set exactly one of requires, excludes, min_points, alone_in_category");
      vc.rule = read_string(c.at("rule"), cp + ".rule");
      c.finish();
      var.constraints.push_back(std::move(vc));
    }
  }
  if (const json* t = o.optional("timing")) var.timing = read_variant_timing(*t, o.path("timing"));
  if (const json* r = o.optional("rumble")) var.rumble = read_variant_rumble(*r, o.path("rumble"));
  if (const json* u = o.optional("unsupported")) {
    Object n(*u, o.path("unsupported"));
    var.unsupported = Variant::Unsupported{read_string(n.at("reason"), n.path("reason")),
                                           read_string(n.at("rule"), n.path("rule"))};
    n.finish();
  }
  o.finish();
  return var;
}

// "scenario_groups": {"rule": "...", "groups": [{"name", "scenarios": [keys], "reason"}]}. Every
// scenario that is not a Rumble one is in exactly one group, or the group rule could never let it
// be chosen (or could choose it twice in a cycle).
void read_scenario_groups(const json& v, Edition& e) {
  Object o(v, "scenario_groups");
  e.scenario_group_rule = read_string(o.at("rule"), o.path("rule"));
  const json& list = o.at("groups");
  if (!list.is_array() || list.empty()) invalid(o.path("groups"), "must be a non-empty array");
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string gp = index_path(o.path("groups"), i);
    Object g(list[i], gp);
    ScenarioGroup group;
    group.name = read_string(g.at("name"), g.path("name"));
    group.scenarios = read_strings(g.at("scenarios"), g.path("scenarios"), true);
    group.reason = read_string(g.at("reason"), g.path("reason"));
    g.finish();
    for (std::size_t k = 0; k < group.scenarios.size(); ++k) {
      const std::string& key = group.scenarios[k];
      const Scenario* s = e.find_scenario(key);
      const std::string kp = index_path(gp + ".scenarios", k);
      if (!s || s->key != key) invalid(kp, "unknown scenario '" + key + "'");
      if (s->rumble) invalid(kp, "is a Rumble scenario, which is in no group");
      if (!seen.insert(key).second) invalid(kp, "'" + key + "' is already in another group");
    }
    e.scenario_groups.push_back(std::move(group));
  }
  o.finish();
  for (const Scenario* s : e.scenarios_for(false))
    if (!seen.count(s->key)) invalid("scenario_groups", "scenario '" + s->key + "' is in no group");
}

void read_scenarios(Object& o, Edition& e) {
  const json& list = o.at("scenarios");
  if (!list.is_array() || list.empty()) invalid("scenarios", "must be a non-empty array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    Scenario s = read_scenario(list[i], index_path("scenarios", i));
    for (const Scenario& prior : e.scenarios)
      if (prior.key == s.key || lower(prior.name) == lower(s.name))
        invalid(index_path("scenarios", i), "duplicate scenario '" + s.key + "'");
    e.scenarios.push_back(std::move(s));
  }

  // An empty roll table: the edition's text has none (SR2013: "The EO should choose scenarios before
  // a tournament"); then roll_order is empty too and the scenarios are drawn, each equally likely.
  const json& dice = o.at("scenario_dice");
  if (!dice.is_array()) invalid("scenario_dice", "must be an array");
  std::size_t outcomes = 1;
  for (std::size_t i = 0; i < dice.size(); ++i) {
    Object d(dice[i], index_path("scenario_dice", i));
    ScenarioDie die{read_int(d.at("sides"), d.path("sides"), 1),
                    read_int(d.at("buckets"), d.path("buckets"), 1)};
    d.finish();
    // Each bucket must be an equal range of faces (d6 -> 1-3 / 4-6), or the roll is biased.
    if (die.sides % die.buckets != 0)
      invalid(d.path("buckets"), "must divide sides (" + std::to_string(die.sides) + ")");
    outcomes *= static_cast<std::size_t>(die.buckets);
    e.scenario_dice.push_back(die);
  }

  const json& order = o.at("roll_order");
  if (dice.empty()) {
    if (!order.is_array() || !order.empty()) invalid("roll_order", "must be empty without scenario_dice");
  } else {
    e.roll_order = read_strings(order, "roll_order", true);
  }
  for (std::size_t i = 0; i < e.roll_order.size(); ++i) {
    const Scenario* s = e.find_scenario(e.roll_order[i]);
    if (!s || s->key != e.roll_order[i])
      invalid(index_path("roll_order", i), "unknown scenario '" + e.roll_order[i] + "'");
    if (s->rumble) invalid(index_path("roll_order", i), "is a Rumble scenario, which is never rolled");
  }
  if (!dice.empty() && e.roll_order.size() != outcomes)
    invalid("roll_order", "has " + std::to_string(e.roll_order.size()) + " entries but the dice give " +
                              std::to_string(outcomes) + " outcomes");

  if (const json* groups = o.optional("scenario_groups")) read_scenario_groups(*groups, e);
}

void read_variants(Object& o, Edition& e) {
  const json& list = o.at("variants");
  if (!list.is_array()) invalid("variants", "must be an array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    Variant v = read_variant(list[i], index_path("variants", i));
    if (e.find_variant(v.key))
      invalid(index_path("variants", i) + ".key", "duplicate variant '" + v.key + "'");
    e.variants.push_back(std::move(v));
  }
  for (std::size_t i = 0; i < e.variants.size(); ++i)
    for (const VariantConstraint& c : e.variants[i].constraints) {
      std::vector<std::string> named = c.excludes;
      if (!c.required.empty()) named.push_back(c.required);
      for (const std::string& k : named)
        if (!e.find_variant(k) || k == e.variants[i].key)
          invalid(index_path("variants", i) + ".constraints",
                  "names '" + k + "', not another variant of this edition");
    }
  // The timing that is not the baseline must be selectable as a variant.
  if (!e.deathclock_baseline && !e.find_variant("deathclock"))
    invalid("variants", "must offer 'deathclock' when the Deathclock is not the baseline");
  if (e.deathclock_baseline && !e.classic_timing.empty() && !e.find_variant("classic-turn-timing"))
    invalid("variants", "must offer 'classic-turn-timing' when the Deathclock is the baseline");
  if (!e.reinforcements_round_minutes.empty() && !e.find_variant("reinforcements"))
    invalid("variants", "must offer 'reinforcements' when reinforcements_round_minutes is given");
}

void read_rounds(Object& o, Edition& e) {
  const json& list = o.at("rounds_by_attendance");
  if (!list.is_array() || list.empty()) invalid("rounds_by_attendance", "must be a non-empty array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string p = index_path("rounds_by_attendance", i);
    if (!list[i].is_array() || list[i].size() != 2) invalid(p, "must be [max players, rounds]");
    int players = read_int(list[i][0], p + "[0]", 1);
    int rounds = read_int(list[i][1], p + "[1]", 1);
    if (!e.rounds_by_attendance.empty() &&
        (players <= e.rounds_by_attendance.back().first || rounds <= e.rounds_by_attendance.back().second))
      invalid(p, "must have more players and more rounds than the row before it");
    e.rounds_by_attendance.emplace_back(players, rounds);
  }
}

void read_identity(Object& o, Edition& e, std::string_view file_name) {
  e.id = read_string(o.at("id"), "id");
  std::string expected = lower(e.id) + ".json";
  if (expected != file_name)
    invalid("id", "must match the file name (" + e.id + " expects " + expected + ")");
  e.title = read_string(o.at("title"), "title");
  e.source = read_string(o.at("source"), "source");
  if (const json* notes = o.optional("notes")) e.notes = read_string(*notes, "notes", true);
  e.leader_word = read_string(o.at("leader_word"), "leader_word");
  // Empty where the edition's text has no such rule (SR2014 and SR2013 have no "Prizes" section).
  e.award_category_rule = read_string(o.at("award_category_rule"), "award_category_rule", true);
}

void read_factions(Object& o, Edition& e) {
  e.factions = read_strings(o.at("factions"), "factions", true);
  Object aliases(o.at("faction_aliases"), "faction_aliases");
  for (const auto& item : o.at("faction_aliases").items()) {
    const std::string path = aliases.path(item.key());
    const std::string target = read_string(aliases.at(item.key()), path);
    if (std::find(e.factions.begin(), e.factions.end(), target) == e.factions.end())
      invalid(path, "'" + target + "' is not one of the factions");
    e.faction_aliases[item.key()] = target;
  }
  aliases.finish();
}

// Point sizes, then what a list may be at a size.
void read_army_lists(Object& o, Edition& e) {
  const json& sizes = o.at("point_sizes");
  if (!sizes.is_array() || sizes.empty()) invalid("point_sizes", "must be a non-empty array of integers");
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    // Non-negative, not positive: SR2017's tables start at a real "0" point size.
    int s = read_int(sizes[i], index_path("point_sizes", i), 0);
    if (!e.point_sizes.empty() && s <= e.point_sizes.back())
      invalid(index_path("point_sizes", i), "must be greater than the size before it");
    e.point_sizes.push_back(s);
  }

  Object window(o.at("list_window"), "list_window");
  e.list_window.max_under = read_int(window.at("max_under"), "list_window.max_under", 0);
  window.finish();
  e.characters_restricted = read_bool(o.at("characters_restricted"), "characters_restricted");
}

void read_bye_and_concession(Object& o, Edition& e) {
  Object bye(o.at("bye"), "bye");
  e.bye.tp = read_int(bye.at("tp"), "bye.tp", 0);
  e.bye.cp = read_int(bye.at("cp"), "bye.cp", 0);
  bye.finish();

  Object con(o.at("concession"), "concession");
  e.concession.cp = read_int(con.at("cp"), "concession.cp", 0);
  e.concession.cp_keeps_higher = read_bool(con.at("cp_keeps_higher"), "concession.cp_keeps_higher");
  e.concession.ap_rule = read_string(con.at("ap_rule"), "concession.ap_rule");
  if (e.concession.ap_rule != "half-opponent-army" && e.concession.ap_rule != "assassination")
    invalid("concession.ap_rule", "must be \"half-opponent-army\" or \"assassination\"");
  con.finish();
}

// How a game is scored and won, and how a tied game is decided.
void read_game(Object& o, Edition& e) {
  e.caster_value = read_int(o.at("caster_value"), "caster_value", 1);
  e.unit_destroyed_rule = read_string(o.at("unit_destroyed_rule"), "unit_destroyed_rule");
  if (e.unit_destroyed_rule != "every-model" && e.unit_destroyed_rule != "half-below-50pct")
    invalid("unit_destroyed_rule", "must be \"every-model\" or \"half-below-50pct\"");
  e.scenario_win_margin = read_int(o.at("scenario_win_margin"), "scenario_win_margin", 1);
  e.scenario_win_min_cp = read_int(o.at("scenario_win_min_cp"), "scenario_win_min_cp", 0);
  e.scenario_win_at_game_end = read_bool(o.at("scenario_win_at_game_end"), "scenario_win_at_game_end");
  e.cp_capped_to_win = read_bool(o.at("cp_capped_to_win"), "cp_capped_to_win");

  e.game_tiebreakers = read_strings(o.at("game_tiebreakers"), "game_tiebreakers", true);
  for (std::size_t i = 0; i < e.game_tiebreakers.size(); ++i)
    if (!kTiebreakers.count(e.game_tiebreakers[i]))
      invalid(index_path("game_tiebreakers", i), "unknown tiebreaker '" + e.game_tiebreakers[i] + "'");
}

void read_ladders(Object& o, Edition& e) {
  Object ladders(o.at("standings_ladders"), "standings_ladders");
  for (const auto& item : o.at("standings_ladders").items()) {
    const std::string path = ladders.path(item.key());
    ladders.at(item.key());
    auto keys = read_strings(item.value(), path, true);
    static const std::set<std::string> kCriteria = {"tp", "sos", "cp", "ap", "assassinations"};
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (!kCriteria.count(keys[i]))
        invalid(index_path(path, i), "unknown standings criterion '" + keys[i] + "'");
    if (keys.empty()) invalid(path, "must name at least one criterion");
    e.standings_ladders[item.key()] = std::move(keys);
  }
  if (!e.standings_ladders.count("baseline")) invalid("standings_ladders.baseline", "is required");
  ladders.finish();
}

ClassicTiming read_classic_timing(const json& v, const std::string& p) {
  Object t(v, p);
  ClassicTiming c{read_int(t.at("round_minutes"), t.path("round_minutes"), 1),
                  read_int(t.at("turn_minutes"), t.path("turn_minutes"), 1),
                  read_int(t.at("extension_minutes"), t.path("extension_minutes"), 0)};
  t.finish();
  return c;
}

ClockRules read_clock_rules(const json& v) {
  Object o(v, "clock_rules");
  ClockRules r;
  const json& step = o.at("variable_step");
  if (step.is_string() && step.get<std::string>() == "extension")
    r.variable_step_minutes = -1;
  else
    r.variable_step_minutes = read_int(step, o.path("variable_step"), 0);
  r.min_turn_seconds = read_int(o.at("min_turn_seconds"), o.path("min_turn_seconds"), 0);
  r.play_on_under_minutes = read_int(o.at("play_on_under_minutes"), o.path("play_on_under_minutes"), 1);
  r.at_expected_end = read_string(o.at("at_expected_end"), o.path("at_expected_end"));
  r.deployment_steps = read_strings(o.at("deployment_steps"), o.path("deployment_steps"), false);
  o.finish();
  return r;
}

ClockOut read_clock_out(const json& v) {
  Object o(v, "clock_out");
  ClockOut c;
  c.scenario_scored_first = read_bool(o.at("scenario_scored_first"), o.path("scenario_scored_first"));
  c.as_assassination = read_bool(o.at("as_assassination"), o.path("as_assassination"));
  c.rule = read_string(o.at("rule"), o.path("rule"));
  o.finish();
  return c;
}

std::vector<EndingTiming> read_ending_timing(const json& v) {
  if (!v.is_array()) invalid("ending_timing", "must be an array");
  std::vector<EndingTiming> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    Object o(v[i], index_path("ending_timing", i));
    EndingTiming t;
    t.end = read_key(o.at("end"), o.path("end"));
    t.timing = read_strings(o.at("timing"), o.path("timing"), true);
    for (std::size_t k = 0; k < t.timing.size(); ++k)
      if (t.timing[k] != "deathclock" && t.timing[k] != "classic" && t.timing[k] != "untimed")
        invalid(index_path(o.path("timing"), k), "must be \"deathclock\", \"classic\" or \"untimed\"");
    t.rule = read_string(o.at("rule"), o.path("rule"));
    o.finish();
    out.push_back(std::move(t));
  }
  return out;
}

ApMethod read_ap_method(const json& v) {
  Object o(v, "army_points_destroyed");
  ApMethod m;
  m.leader = read_int(o.at("leader"), o.path("leader"), 1);
  m.half_units = read_bool(o.at("half_units"), o.path("half_units"));
  m.inert_wild_count = read_bool(o.at("inert_wild_count"), o.path("inert_wild_count"));
  m.rule = read_string(o.at("rule"), o.path("rule"));
  if (const json* bg = o.optional("battlegroup_rule"))
    m.battlegroup_rule = read_string(*bg, o.path("battlegroup_rule"));
  if (m.inert_wild_count && m.battlegroup_rule.empty())
    invalid(o.path("battlegroup_rule"), "is required where inert warjacks and wild warbeasts count");
  o.finish();
  return m;
}

CharacterRule read_characters(const json& v) {
  Object o(v, "characters");
  CharacterRule c;
  c.restricted = read_bool(o.at("restricted"), o.path("restricted"));
  c.rule = read_string(o.at("rule"), o.path("rule"));
  o.finish();
  return c;
}

RecordSheet read_record_sheet(const json& v) {
  Object o(v, "record_sheet");
  RecordSheet r;
  r.title = read_string(o.at("title"), o.path("title"));
  r.header = read_strings(o.at("header"), o.path("header"), true);
  r.columns = read_strings(o.at("columns"), o.path("columns"), true);
  if (std::find(r.columns.begin(), r.columns.end(), "Round") == r.columns.end())
    invalid(o.path("columns"), "has no \"Round\" column");
  r.result_marks = read_string(o.at("result_marks"), o.path("result_marks"));
  r.list_fields = read_strings(o.at("list_fields"), o.path("list_fields"), false);
  r.rows = read_int(o.at("rows"), o.path("rows"), 1);
  r.rule = read_string(o.at("rule"), o.path("rule"));
  o.finish();
  return r;
}

// The per-point-size tables: Deathclock, classic turn timing, round lengths, specialists.
void read_timing(Object& o, Edition& e) {
  auto minutes = [](const json& v, const std::string& p) { return read_int(v, p, 1); };
  e.deathclock_baseline = read_bool(o.at("deathclock_baseline"), "deathclock_baseline");
  e.deathclock_minutes =
      read_table<int>(o.at("deathclock_minutes"), "deathclock_minutes", e.point_sizes, minutes);
  if (!e.deathclock_minutes.empty() || e.deathclock_baseline)
    require_every_size(e.deathclock_minutes, "deathclock_minutes", e.point_sizes);
  e.deathclock_reinforcements_minutes = read_table<int>(
      o.at("deathclock_reinforcements_minutes"), "deathclock_reinforcements_minutes", e.point_sizes, minutes);
  e.classic_timing =
      read_table<ClassicTiming>(o.at("classic_timing"), "classic_timing", e.point_sizes, read_classic_timing);
  for (int s : e.point_sizes)
    if (!e.classic_timing.count(s))
      invalid("classic_timing", "has no entry for point size " + std::to_string(s));
  e.reinforcements_round_minutes = read_table<int>(o.at("reinforcements_round_minutes"),
                                                   "reinforcements_round_minutes", e.point_sizes, minutes);
  e.clock_rules = read_clock_rules(o.at("clock_rules"));
  e.clock_out = read_clock_out(o.at("clock_out"));
  e.ending_timing = read_ending_timing(o.at("ending_timing"));
  e.ap_method = read_ap_method(o.at("army_points_destroyed"));
  e.characters = read_characters(o.at("characters"));
  e.record_sheet = read_record_sheet(o.at("record_sheet"));
  e.reinforcements_points =
      read_table<int>(o.at("reinforcements_points"), "reinforcements_points", e.point_sizes,
                      [](const json& v, const std::string& p) { return read_int(v, p, 0); });
  e.specialists = read_table<int>(o.at("specialists"), "specialists", e.point_sizes,
                                  [](const json& v, const std::string& p) { return read_int(v, p, 0); });
}

// Ladders and final-standings variants name each other: each must exist for the other.
void check_ladders_match_variants(const Edition& e) {
  // Every final-standings variant the edition offers needs its ladder (Large-Event Scoring only
  // changes how SoS is counted).
  for (const Variant& v : e.variants)
    if (v.category == "final-standings" && v.key != "large-event-scoring" &&
        !e.standings_ladders.count(v.key))
      invalid("standings_ladders", "has no ladder for the variant '" + v.key + "'");
  for (const auto& [key, ladder] : e.standings_ladders)
    if (key != "baseline" && !e.find_variant(key))
      invalid("standings_ladders." + key, "is not a variant of this edition");
}

// A Rumble variant needs what it switches to: the 30" x 30" table and at least one Rumble scenario.
void check_rumble_has_its_table(const Edition& e) {
  for (std::size_t i = 0; i < e.variants.size(); ++i) {
    if (!e.variants[i].rumble) continue;
    if (!e.table.rumble) invalid(index_path("variants", i) + ".rumble", "needs table.rumble");
    if (std::none_of(e.scenarios.begin(), e.scenarios.end(), [](const Scenario& s) { return s.rumble; }))
      invalid(index_path("variants", i) + ".rumble", "needs at least one Rumble scenario");
  }
}

// Sections are read in this order so that a file with several faults reports the same first one;
// read_variants relies on the timing tables being read.
Edition read_edition(const json& root, std::string_view file_name) {
  Object o(root, "");
  Edition e;
  read_identity(o, e, file_name);
  read_factions(o, e);
  read_army_lists(o, e);
  read_bye_and_concession(o, e);
  read_game(o, e);
  read_ladders(o, e);
  read_timing(o, e);
  read_scenarios(o, e);
  read_variants(o, e);
  read_rounds(o, e);
  read_table_and_terrain(o, e);
  check_ladders_match_variants(e);
  check_rumble_has_its_table(e);
  o.finish();
  return e;
}

}  // namespace

Result<Edition> parse_edition(std::string_view file_name, std::string_view json_text) {
  const std::string file(file_name);
  json root;
  try {
    root = json::parse(json_text);
  } catch (const json::parse_error& e) {
    return fail(file, "editions data", std::string("is not valid JSON: ") + e.what());
  }
  try {
    return read_edition(root, file_name);
  } catch (const Invalid& bad) {
    return fail(file + ": " + bad.path, "editions data", bad.message);
  }
}

}  // namespace gauntlet
