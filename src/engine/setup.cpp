// decide() for event setup and registration commands.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/edit_distance.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "editions/timing.hpp"
#include "engine/engine.hpp"
#include "engine/validate.hpp"
#include "model/rounds.hpp"

namespace gauntlet::detail {

namespace {

std::string trim(std::string s) {
  auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::string lower_ascii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool istarts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

bool valid_date(const std::string& d) {
  if (d.empty()) return true;
  if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!std::isdigit(static_cast<unsigned char>(d[i]))) return false;
  const int month = std::stoi(d.substr(5, 2)), day = std::stoi(d.substr(8, 2));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

std::string quoted(const std::string& key) {
  return "'" + key + "'";
}

// "event.points", or "points" when the setup is not an event's (rules timing asks for a size alone).
std::string field_of(const std::string& where, const std::string& name) {
  return where.empty() ? name : where + "." + name;
}

// The rules each variant's text sets on the others (edition data "constraints"): No Tiebreakers
// requires Classic Turn Timing (SR2017/SR2023), Finals Tables cannot be combined with another
// final-standings variant, Commander's Crucible only at 35 points or more (SR2014), ...
Result<void> check_variant_combination(const EventConfig& c, const Edition& e, const std::string& where) {
  for (std::size_t i = 0; i < c.variants.size(); ++i) {
    const Variant& v = *e.find_variant(c.variants[i].key);
    const std::string field = field_of(where, "variants[" + std::to_string(i) + "]");
    for (const VariantConstraint& rule : v.constraints) {
      if (!rule.required.empty() && !c.has_variant(rule.required))
        return fail(field, rule.rule,
                    quoted(v.key) + " needs the variant " + quoted(rule.required) + " as well");
      for (const std::string& other : rule.excludes)
        if (c.has_variant(other))
          return fail(field, rule.rule, quoted(v.key) + " cannot be combined with " + quoted(other));
      if (rule.min_points && c.points < *rule.min_points)
        return fail(field, rule.rule,
                    quoted(v.key) + " needs a point size of " + std::to_string(*rule.min_points) +
                        " or more (the event plays " + std::to_string(c.points) + ")");
      if (rule.alone_in_category)
        for (const VariantChoice& o : c.variants)
          if (o.key != v.key && e.find_variant(o.key)->category == v.category)
            return fail(field, rule.rule,
                        quoted(v.key) + " cannot be combined with " + quoted(o.key) + " (both are " +
                            v.category + " variants)");
    }
  }
  return {};
}

// Factions the EO adds to the event (an army the edition's list lacks, e.g. SR2023's Orgoth).
Result<void> check_extra_factions(EventConfig& c, const Edition& e, const std::string& where) {
  for (std::size_t i = 0; i < c.factions.size(); ++i) {
    const std::string field = where + ".factions[" + std::to_string(i) + "]";
    std::string& f = c.factions[i];
    f = trim(f);
    if (f.empty() || f.size() > 60) return fail(field, "event setup", "a faction name is 1–60 characters");
    for (const std::string& known : e.factions)
      if (iequals(known, f))
        return fail(field, e.id + " factions", "'" + known + "' is already a faction of " + e.id);
    for (std::size_t j = 0; j < i; ++j)
      if (iequals(c.factions[j], f)) return fail(field, "event setup", "'" + f + "' is added twice");
  }
  return {};
}

// The edition's standard sizes; a Rumble event also any size of its range (SR2017 "Rumble":
// "The recommended point size for Rumble events is 15–35 army points").
Result<void> check_points(const EventConfig& c, const Edition& e, const std::string& where) {
  if (e.allows_points(c.points)) return {};
  std::string sizes;
  for (int p : e.point_sizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(p);
  std::string rumble_range;
  for (const Variant& v : e.variants)
    if (v.rumble)
      rumble_range = "; a Rumble event (variant '" + v.key + "') also " +
                     std::to_string(v.rumble->min_points) + "–" + std::to_string(v.rumble->max_points);
  // A size in the Rumble range is checked again once the variants are known (check_rumble_points).
  if (!rumble_range.empty() && rumble_of(c, e)) return {};
  return fail(field_of(where, "points"), e.id + " point sizes",
              std::to_string(c.points) + " is not a point size of " + e.id + " (allowed: " + sizes +
                  rumble_range + ")");
}

Result<void> check_rumble_points(const EventConfig& c, const Edition& e, const std::string& where) {
  const VariantRumble* r = rumble_of(c, e);
  if (!r || e.allows_points(c.points) || (c.points >= r->min_points && c.points <= r->max_points)) return {};
  std::string sizes;
  for (int p : e.point_sizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(p);
  return fail(field_of(where, "points"), r->points_rule,
              std::to_string(c.points) + " is neither in the Rumble range " + std::to_string(r->min_points) +
                  "–" + std::to_string(r->max_points) + " nor a standard size of " + e.id + " (" + sizes +
                  ")");
}

// The rounds must have a timing: a time-limit variant with no point size to move to (Casual Time
// Limits at the largest size), Reinforcements at a size its tables lack, are refused here.
Result<RoundTiming> check_timing(const EventConfig& c, const Edition& e, const std::string& where) {
  std::vector<std::string> keys;
  for (const VariantChoice& v : c.variants) keys.push_back(v.key);
  auto timing = round_timing(e, c.points, keys);
  if (timing) return timing;
  Error err = timing.error();
  err.field = field_of(where, err.field);
  // A Rumble size between the standard ones has no row in the timing tables.
  if (const VariantRumble* r = rumble_of(c, e); r && !e.allows_points(c.points))
    err.message += " (" + r->timing_advice + ")";
  return tl::unexpected(std::move(err));
}

// The rules a point size and its variants must keep together: the edition's sizes, each variant
// the edition's and chosen once with its number, the combinations the variants' texts forbid, the
// Rumble range, a timing for the rounds. Event setup and the timing question ask the same.
Result<RoundTiming> check_size_and_variants(const EventConfig& c, const Edition& e,
                                            const std::string& where) {
  GAUNTLET_CHECK(check_points(c, e, where));
  std::set<std::string> seen;
  for (std::size_t i = 0; i < c.variants.size(); ++i) {
    const std::string field = field_of(where, "variants[" + std::to_string(i) + "]");
    const VariantChoice& v = c.variants[i];
    const Variant* known = e.find_variant(v.key);
    if (!known) return fail(field, e.id + " variants", "'" + v.key + "' is not a variant of " + e.id);
    if (!seen.insert(v.key).second) return fail(field, e.id + " variants", "'" + v.key + "' is chosen twice");
    if (known->unsupported)
      return fail(field, known->unsupported->rule,
                  "'" + v.key + "' is not supported: " + known->unsupported->reason);
    if (known->takes_value && (!v.value || *v.value < 1))
      return fail(field, e.id + " \"" + known->name + "\"",
                  "'" + v.key + "' needs a positive number, e.g. " + v.key + ":4");
    if (!known->takes_value && v.value)
      return fail(field, e.id + " \"" + known->name + "\"", "'" + v.key + "' takes no number");
  }
  GAUNTLET_CHECK(check_variant_combination(c, e, where));
  GAUNTLET_CHECK(check_rumble_points(c, e, where));
  return check_timing(c, e, where);
}

Result<void> check_config(EventConfig& c, const std::string& where) {
  c.name = trim(c.name);
  if (c.name.empty()) return fail(where + ".name", "event setup", "is required");
  if (const std::size_t n = code_points(c.name); n > kMaxEventNameLength)
    return fail(where + ".name", "event setup",
                "is " + std::to_string(n) + " characters long; an event's name has at most " +
                    std::to_string(kMaxEventNameLength));
  auto edition = require_edition(c.edition, where + ".edition");
  if (!edition) return tl::unexpected(edition.error());
  const Edition& e = **edition;
  c.edition = e.id;  // canonical spelling
  if (!valid_date(c.start_date))
    return fail(where + ".start_date", "event setup", "must be a date YYYY-MM-DD");
  if (!valid_date(c.end_date)) return fail(where + ".end_date", "event setup", "must be a date YYYY-MM-DD");
  if (!c.start_date.empty() && !c.end_date.empty() && c.end_date < c.start_date)
    return fail(where + ".end_date", "event setup", "is before the start date");
  GAUNTLET_CHECK(check_size_and_variants(c, e, where));
  GAUNTLET_CHECK(check_extra_factions(c, e, where));
  // SR2017 "[X] Lists Required" overrides the baseline of one list plus an optional second.
  if (auto required = c.variant_value("lists-required")) {
    c.lists = *required;
    c.lists_required = true;
  }
  if (c.lists < 1 || c.lists > 5) return fail(where + ".lists", "army lists", "must be between 1 and 5");
  if (c.rounds && (*c.rounds < 1 || *c.rounds > 20))
    return fail(where + ".rounds", "number of rounds", "must be between 1 and 20");
  std::set<std::string> plan;
  for (std::size_t i = 0; i < c.scenario_plan.size(); ++i) {
    const std::string field = where + ".scenarios[" + std::to_string(i) + "]";
    auto s = scenario_for_event(c, e, c.scenario_plan[i], field);
    if (!s) return tl::unexpected(s.error());
    c.scenario_plan[i] = (*s)->key;
    if (!plan.insert((*s)->key).second)
      return fail(field, e.id + " \"Scenario Selection\"", "a scenario should not be repeated");
    // SR2013: the plan's order is the rounds' order, so each group before one repeats.
    const std::vector<std::string> before(c.scenario_plan.begin(), c.scenario_plan.begin() + i);
    if (const std::string why = group_refusal(e, **s, before); !why.empty())
      return fail(field, e.scenario_group_rule, why);
  }
  return {};
}

std::vector<std::string> words_of(std::string_view name) {
  std::vector<std::string> words;
  std::string word;
  for (char ch : std::string(name) + " ") {
    if (std::isalnum(static_cast<unsigned char>(ch))) {
      word += ch;
    } else if (!word.empty()) {
      if (!iequals(word, "of")) words.push_back(word);
      word.clear();
    }
  }
  return words;
}

// Accepts a faction as players type it and other tools export it, case-insensitively: its name,
// an alias from the edition data ("Mercs", "PoM"), any word of its name ("Menoth", "Cyriss"),
// or an unambiguous start of its name or of a word ("cyg", "Retri"). The event's own factions
// (added by the EO) count as well.
Result<std::string> canonical_faction(const EventState& s, const std::string& given,
                                      const std::string& field) {
  const Edition& e = edition_of(s);
  const std::string f = trim(given);
  if (f.empty()) return fail(field, e.id + " army lists", "is required");
  // The exact name first, without copying the lists: every player of an event file comes here.
  for (const auto* list : {&e.factions, &s.config.factions})
    for (const std::string& known : *list)
      if (iequals(known, f)) return known;
  std::vector<std::string> all = e.factions;
  all.insert(all.end(), s.config.factions.begin(), s.config.factions.end());
  for (const auto& [alias, target] : e.faction_aliases)
    if (iequals(alias, f)) return target;
  // Whole words first ("Menoth"), then starts of names or words ("Prot"): the first rung with
  // exactly one faction decides, so "Circle" never loses to a longer word elsewhere.
  std::vector<std::string> matches;
  for (int rung = 0; rung < 2 && matches.empty(); ++rung)
    for (const std::string& known : all) {
      bool hit = rung == 1 && istarts_with(known, f);
      for (const std::string& w : words_of(known))
        hit = hit || (rung == 0 ? iequals(w, f) : f.size() >= 3 && istarts_with(w, f));
      if (hit) matches.push_back(known);
    }
  if (matches.size() == 1) return matches.front();
  std::string known_list;
  for (const std::string& k : all) known_list += (known_list.empty() ? "" : ", ") + k;
  if (!matches.empty()) {
    std::string which;
    for (const std::string& m : matches) which += (which.empty() ? "" : " or ") + m;
    return fail(field, e.id + " factions", "'" + f + "' is ambiguous: " + which);
  }
  // A typo first ("Kador": did you mean Khador?), nearest of the names, their words and the aliases;
  // then how to add an army the event lacks, in words every face shares (the CLI adds its command).
  const std::string typed = lower_ascii(f);
  std::size_t best = std::string::npos;
  std::string nearest;
  const auto consider = [&](const std::string& text, const std::string& faction) {
    const std::size_t d = edit_distance(typed, lower_ascii(text));
    if (d < best && near_enough(d, typed.size())) {
      best = d;
      nearest = faction;
    }
  };
  for (const std::string& known : all) {
    consider(known, known);
    for (const std::string& w : words_of(known)) consider(w, known);
  }
  for (const auto& [alias, target] : e.faction_aliases) consider(alias, target);
  return fail(field, e.id + " factions",
              "'" + f + "' is not a faction of this event" +
                  (nearest.empty() ? "; known: " : "; did you mean " + nearest + "? The known ones: ") +
                  known_list +
                  ". An army the list lacks can be added by the EO to the event's \"Added factions\" "
                  "(event setup)");
}

// A name is what the EO reads on every page and slip: at most kMaxPlayerNameLength characters (code
// points, after trimming; core/names.hpp, the forms' maxlength too). Two players cannot share a
// name, compared Unicode case-insensitively ("Zoë" = "ZOË", core/text.hpp).
constexpr std::size_t max_name_length = kMaxPlayerNameLength;

Result<void> check_player_name(const EventState& s, std::string& name, const std::string& self_id) {
  name = trim(name);
  if (name.empty()) return fail("player.name", "registration", "is required");
  if (const std::size_t n = code_points(name); n > max_name_length)
    return fail("player.name", "registration",
                "is " + std::to_string(n) + " characters long; a name has at most " +
                    std::to_string(max_name_length));
  const std::string key = name_key(name);
  const Player* same = nullptr;
  if (auto it = s.name_index.find(key); it != s.name_index.end()) same = s.find_player(it->second);
  // A state built by hand (not by apply) has no index: compare every name then.
  if (!same && s.name_index.size() != s.players.size())
    for (const Player& p : s.players)
      if (name_key(p.name) == key) same = &p;
  if (same && same->id != self_id)
    return fail("player.name", "registration",
                "duplicate player: '" + name + "' is already registered as " + same->id);
  return {};
}

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 40 && std::all_of(id.begin(), id.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_';
  });
}

int next_round_number(const EventState& s) {
  return static_cast<int>(s.rounds.size()) + 1;
}

}  // namespace

Result<const Scenario*> scenario_for_event(const EventConfig& c, const Edition& e, const std::string& asked,
                                           const std::string& field) {
  auto s = require_scenario(e, asked, field);
  if (!s) return s;
  const VariantRumble* rumble = rumble_of(c, e);
  if ((*s)->rumble && !rumble)
    return fail(
        field, e.id + " \"Rumble\"",
        "'" + (*s)->name +
            "' is a Rumble scenario, played on a 30\" x 30\" table at Rumble events only (this event's "
            "scenarios: " +
            e.scenario_keys(false) + ")");
  if (!(*s)->rumble && rumble)
    return fail(
        field, rumble->scenarios_rule,
        "'" + (*s)->name + "' is not a Rumble scenario (Rumble scenarios: " + e.scenario_keys(true) + ")");
  return s;
}

Result<const Player*> require_player(const EventState& s, std::string_view id, const std::string& field) {
  if (const Player* p = s.find_player(id)) return p;
  return fail(ErrorKind::not_found, field, "registration", "no player '" + std::string(id) + "'");
}

namespace {

// One entry of a list or of one of its sections: a name, a cost of 0 or more, 1 model or more.
Result<void> check_entry(const ListEntry& en, const std::string& f, const std::string& rule) {
  if (trim(en.name).empty()) return fail(f + ".name", rule, "is required");
  if (en.cost < 0) return fail(f + ".cost", rule, "must be 0 or more");
  if (en.models < 1) return fail(f + ".models", rule, "must be 1 or more");
  return {};
}

// SR2014 "Specialists": "Specialist model/unit lists are completely optional but cannot exceed the
// totals listed in the table below." SR2014 "Reinforcements": "Army lists require additional models
// for each list in accordance with the table below"; "Warcasters, warlocks, models and units with
// the Pre-Deployment or Attached rule ... cannot be reinforcements." A section needs its variant.
Result<void> check_section(const EventState& s, const std::vector<ListEntry>& section, const std::string& key,
                           const std::string& field) {
  if (section.empty()) return {};
  const Edition& e = edition_of(s);
  const Variant* v = e.find_variant(key);
  const std::string rule = e.id + " \"" + (v ? v->name : key) + "\"";
  if (!v || !s.config.has_variant(key))
    return fail(field + "." + key, rule, "this event does not use the " + (v ? v->name : key) + " variant");
  const std::map<int, int>& table = key == "specialists" ? e.specialists : e.reinforcements_points;
  const auto size = table.find(s.config.points);
  int total = 0;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const ListEntry& en = section[i];
    const std::string f = field + "." + key + "[" + std::to_string(i) + "]";
    GAUNTLET_CHECK(check_entry(en, f, rule));
    if (en.kind == EntryKind::leader)
      return fail(f + ".kind", rule, "a " + e.leader_word + " cannot be in it");
    if (key == "reinforcements" && en.kind == EntryKind::attachment)
      return fail(f + ".kind", rule, "models with the Attached rule cannot be reinforcements");
    total += en.cost;
  }
  if (size == table.end())
    return fail(field + "." + key, rule,
                "the edition gives no size for " + std::to_string(s.config.points) + " points");
  if (total > size->second)
    return fail(field + "." + key, rule,
                "totals " + std::to_string(total) + " points: at most " + std::to_string(size->second) +
                    " at " + std::to_string(s.config.points) + " points");
  return {};
}

}  // namespace

Result<void> check_list(const EventState& s, const Player& p, const ArmyList& list, int index,
                        const std::string& field) {
  const Edition& e = edition_of(s);
  int leaders = 0;
  for (std::size_t i = 0; i < list.entries.size(); ++i) {
    const ListEntry& en = list.entries[i];
    const std::string f = field + ".entries[" + std::to_string(i) + "]";
    GAUNTLET_CHECK(check_entry(en, f, "army lists"));
    if (en.kind == EntryKind::leader) ++leaders;
  }
  // SR2017 "Army Lists": each list is led by one warcaster or warlock (SR2023: Leader).
  if (leaders != 1)
    return fail(field, e.id + " \"Army Lists\"",
                "a list is led by exactly one " + e.leader_word + " (found " + std::to_string(leaders) + ")");
  const int net = list.net_points(), points = s.config.points;
  const int floor = points - e.list_window.max_under;
  if (net > points || net < floor) {
    const int bonus = list.leader()->cost;
    return fail(field,
                e.id + " \"Army Lists\": not over the point size, at most " +
                    std::to_string(e.list_window.max_under) + " under",
                "totals " + std::to_string(list.total_cost()) + " points; with " + std::to_string(bonus) +
                    " battlegroup points it must be " + std::to_string(floor + bonus) + "–" +
                    std::to_string(points + bonus));
  }
  GAUNTLET_CHECK(check_section(s, list.specialists, "specialists", field));
  GAUNTLET_CHECK(check_section(s, list.reinforcements, "reinforcements", field));
  // SR2017 "Army Lists": each list must be led by a different warcaster or warlock.
  for (std::size_t i = 0; i < p.lists.size(); ++i) {
    if (static_cast<int>(i) + 1 == index) continue;
    if (const ListEntry* other = p.lists[i].leader(); other && iequals(other->name, list.leader()->name))
      return fail(field, e.id + " \"Army Lists\"",
                  "list " + std::to_string(i + 1) + " is already led by " + other->name +
                      "; each list must be led by a different " + e.leader_word);
  }
  return {};
}

// A drop after pairings are published: the round is re-published without the player; games
// already decided or reported stay exactly as they are.
Result<void> check_amended(const EventState& s, SetPlayerStatus& c, int round) {
  const Round& old = s.rounds[round - 1];
  if (old.closed || round != static_cast<int>(s.rounds.size()))
    return fail("player.after_round", "pairings", "only the open round can be re-paired");
  EventState without = s;
  Player& p = *without.find_player(c.id);
  (c.status == PlayerStatus::dropped ? p.dropped_after : p.disqualified_after) = c.after_round;
  PairRound& amended = *c.amended;
  amended.round = round;
  amended.scenario = old.scenario;
  amended.round_minutes_adjust = old.round_minutes_adjust;
  GAUNTLET_CHECK(check_coverage(without, round, amended));
  for (const Table& t : old.tables) {
    if (!t.results && !t.report) continue;
    const bool kept = std::any_of(amended.tables.begin(), amended.tables.end(), [&](const Table& n) {
      return n.number == t.number && n.players == t.players;
    });
    if (!kept)
      return fail(
          "amended.tables", "results are final",
          "table " + std::to_string(t.number) + " already has a result or report and must stay as it is");
  }
  return {};
}

// After round 1 only new factions may be added: a late entry may play an army the list lacks.
bool only_adds_factions(const EventConfig& before, EventConfig after) {
  for (const std::string& f : before.factions)
    if (std::find(after.factions.begin(), after.factions.end(), f) == after.factions.end()) return false;
  after.factions = before.factions;
  after.seed = before.seed;
  return after == before;
}

Result<Command> decide_create(const EventState& s, CreateEvent c) {
  if (s.created) return fail("event", "journal", "this journal already holds an event");
  if (auto ok = check_config(c.config, "event"); !ok) return tl::unexpected(ok.error());
  return c;
}

Result<Command> decide_configure(const EventState& s, ConfigureEvent c) {
  if (!s.created) return fail("event", "journal", "no event yet");
  if (s.started() && !only_adds_factions(s.config, c.config))
    return fail("event", "event setup",
                "cannot change the setup once round 1 is paired (only factions can still be added, for a "
                "late entry)");
  c.config.seed = s.config.seed;  // the seed is fixed at creation so replays stay exact
  if (auto ok = check_config(c.config, "event"); !ok) return tl::unexpected(ok.error());
  // Registered lists must still fit the new point size and edition.
  EventState next = s;
  next.config = c.config;
  for (const Player& p : next.players) {
    if (static_cast<int>(p.lists.size()) > c.config.lists)
      return fail("event.lists", "army lists",
                  p.name + " already has " + std::to_string(p.lists.size()) + " lists");
    for (std::size_t i = 0; i < p.lists.size(); ++i) {
      auto ok = check_list(next, p, p.lists[i], static_cast<int>(i) + 1,
                           "players[" + p.id + "].lists[" + std::to_string(i + 1) + "]");
      if (!ok) return tl::unexpected(ok.error());
    }
    if (auto f = canonical_faction(next, p.faction, "players[" + p.id + "].faction"); !f)
      return tl::unexpected(f.error());
  }
  return c;
}

Result<Command> decide_add_player(const EventState& s, AddPlayer c) {
  if (!s.created) return fail("event", "journal", "create the event first");
  Player& p = c.player;
  if (p.id.empty()) {
    // Ids are never reused while the player exists; after an undo the same id comes back,
    // which is what a replay of the remaining journal expects.
    int n = static_cast<int>(s.players.size()) + 1;
    while (s.find_player("p" + std::to_string(n))) ++n;
    p.id = "p" + std::to_string(n);
  } else if (!valid_id(p.id)) {
    return fail("player.id", "registration", "use letters, digits, '-' or '_' (at most 40)");
  } else if (s.find_player(p.id)) {
    return fail("player.id", "registration", "duplicate player id '" + p.id + "'");
  }
  if (auto ok = check_player_name(s, p.name, p.id); !ok) return tl::unexpected(ok.error());
  auto faction = canonical_faction(s, p.faction, "player.faction");
  if (!faction) return tl::unexpected(faction.error());
  p.faction = *faction;
  p.club = trim(p.club);
  p.contact = trim(p.contact);
  if (p.status == PlayerStatus::dropped || p.status == PlayerStatus::disqualified)
    return fail("player.status", "registration", "a new player is registered or checked in");
  p.dropped_after.reset();
  p.disqualified_after.reset();
  // Late entry: joins the next round to be paired with 0 TP (SR2017 baseline has no rule;
  // this is what EOs do).
  p.joined_round = next_round_number(s);
  if (static_cast<int>(p.lists.size()) > s.config.lists)
    return fail("player.lists", "army lists",
                "the event allows " + std::to_string(s.config.lists) + " list(s)");
  std::vector<ArmyList> lists = std::move(p.lists);
  p.lists.clear();
  for (std::size_t i = 0; i < lists.size(); ++i) {
    auto ok =
        check_list(s, p, lists[i], static_cast<int>(i) + 1, "player.lists[" + std::to_string(i + 1) + "]");
    if (!ok) return tl::unexpected(ok.error());
    p.lists.push_back(lists[i]);
  }
  return c;
}

Result<Command> decide_edit_player(const EventState& s, EditPlayer c) {
  auto p = require_player(s, c.id, "player.id");
  if (!p) return tl::unexpected(p.error());
  if (c.name)
    if (auto ok = check_player_name(s, *c.name, c.id); !ok) return tl::unexpected(ok.error());
  if (c.faction) {
    if (!(*p)->lists.empty() && !iequals(*c.faction, (*p)->faction))
      return fail("player.faction", "army lists", "remove the player's lists before changing faction");
    auto f = canonical_faction(s, *c.faction, "player.faction");
    if (!f) return tl::unexpected(f.error());
    c.faction = *f;
  }
  if (c.club) c.club = trim(*c.club);
  if (c.contact) c.contact = trim(*c.contact);
  return c;
}

Result<Command> decide_status(const EventState& s, SetPlayerStatus c) {
  auto found = require_player(s, c.id, "player.id");
  if (!found) return tl::unexpected(found.error());
  const Player& p = **found;
  const std::string who = p.name + " (" + p.id + ")";
  if (p.status == PlayerStatus::disqualified)
    return fail("player.status", "SR2017 \"Sportsmanship\"", who + " is disqualified and plays no further");
  switch (c.status) {
    case PlayerStatus::registered:
    case PlayerStatus::checked_in:
      if (p.status == c.status)
        return fail("player.status", "registration", who + " is already " + to_string(c.status));
      // Reinstating undoes a drop; a player who already missed a round cannot come back, since
      // their record (and every file written of it) could not say which rounds they sat out.
      if (p.dropped_after && *p.dropped_after < static_cast<int>(s.rounds.size()))
        return fail("player.status", "registration",
                    who + " dropped after round " + std::to_string(*p.dropped_after) + " and missed round " +
                        std::to_string(*p.dropped_after + 1) +
                        "; a player cannot rejoin after missing a round");
      c.after_round.reset();
      return c;
    case PlayerStatus::dropped:
    case PlayerStatus::disqualified: {
      if (p.status == PlayerStatus::dropped && c.status == PlayerStatus::dropped)
        return fail("player.status", "registration", who + " has already dropped");
      // The last round the player is part of: by default the latest round they are paired in.
      int last_played = 0;
      for (const Round& r : s.rounds)
        if (r.table_of(p.id) || r.bye == p.id) last_played = r.number;
      int last_with_result = 0;
      for (const Round& r : s.rounds) {
        const Table* t = r.table_of(p.id);
        if ((t && t->results) || r.bye == p.id) last_with_result = r.number;
      }
      const int after = c.after_round.value_or(last_played);
      if (after < 0 || after > static_cast<int>(s.rounds.size()))
        return fail("player.after_round", "registration",
                    "round " + std::to_string(after) + " does not exist");
      // A result is history: the player cannot be removed from a round they have a result in.
      if (after < last_with_result)
        return fail("player.after_round", "results are final",
                    who + " has a result in round " + std::to_string(last_with_result) +
                        "; drop after round " + std::to_string(last_with_result) + " or later");
      c.after_round = after;
      if (after < last_played) {
        if (!c.amended)
          return fail(
              "player.after_round", "pairings",
              who + " is paired in round " + std::to_string(last_played) +
                  "; record that game (e.g. a concession), or give the orphan the bye or re-pair the round");
        GAUNTLET_CHECK(check_amended(s, c, last_played));
      } else {
        c.amended.reset();
      }
      return c;
    }
  }
  return c;
}

namespace {

// The player whose list `index` is being changed, if lists can still change.
Result<const Player*> editable_lists(const EventState& s, const PlayerId& id, int index, std::string& field) {
  GAUNTLET_TRY(const Player* p, require_player(s, id, "player.id"));
  field = "players[" + p->id + "].lists[" + std::to_string(index) + "]";
  // SR2017 "Army Lists": lists "cannot change between rounds" (model/rounds.hpp lists_open: a
  // late entry's lists stay open until the round they join is paired).
  if (!lists_open(s, *p))
    return fail(field, edition_of(s).id + " \"Army Lists\"", "lists are fixed once the event begins");
  return p;
}

}  // namespace

Result<Command> decide_set_list(const EventState& s, SetList c) {
  std::string field;
  GAUNTLET_TRY(const Player* p, editable_lists(s, c.id, c.index, field));
  const int next = static_cast<int>(p->lists.size()) + 1;
  if (c.index < 1 || c.index > next || c.index > s.config.lists)
    return fail(field, "army lists",
                "list number must be 1–" + std::to_string(std::min(next, s.config.lists)) +
                    " (the event allows " + std::to_string(s.config.lists) + ")");
  GAUNTLET_CHECK(check_list(s, *p, c.list, c.index, field));
  return c;
}

Result<Command> decide_remove_list(const EventState& s, RemoveList c) {
  std::string field;
  GAUNTLET_TRY(const Player* p, editable_lists(s, c.id, c.index, field));
  if (c.index < 1 || c.index > static_cast<int>(p->lists.size()))
    return fail(field, "army lists", "no such list");
  return c;
}

}  // namespace gauntlet::detail

namespace gauntlet {

Result<std::string> faction_of_event(const EventState& s, const std::string& given,
                                     const std::string& field) {
  return detail::canonical_faction(s, given, field);
}

Result<RoundTiming> setup_timing(const std::string& edition, int points, std::vector<VariantChoice> variants,
                                 const std::string& where) {
  GAUNTLET_TRY(const Edition* e, require_edition(edition, detail::field_of(where, "edition")));
  EventConfig c;
  c.edition = e->id;
  c.points = points;
  c.variants = std::move(variants);
  return detail::check_size_and_variants(c, *e, where);
}

}  // namespace gauntlet
