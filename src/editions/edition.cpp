// Loading the embedded edition files, and the lookups every module uses.
// Parsing and validation live in parse.cpp; the sheet printed by `rules show` in render.cpp.
#include "editions/edition.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "core/embedded.hpp"

namespace gauntlet {

// Defined by the file gauntlet_embed generates from data/*.json (see CMakeLists.txt).
std::span<const EmbeddedFile> embedded_edition_files();

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::vector<Edition> load_all() {
  std::vector<Edition> out;
  for (const EmbeddedFile& file : embedded_edition_files()) {
    Result<Edition> e = parse_edition(file.name, file.content);
    if (!e) {
      // A broken data file is a build defect, not user input: stop before any rule is misapplied.
      std::fprintf(stderr, "gauntlet: broken edition data: %s: %s\n", e.error().field.c_str(),
                   e.error().message.c_str());
      std::abort();
    }
    out.push_back(std::move(*e));
  }
  // Ids are "SR" + year, so sorting by id is chronological.
  std::sort(out.begin(), out.end(), [](const Edition& a, const Edition& b) { return a.id < b.id; });
  return out;
}

}  // namespace

bool Edition::allows_points(int points) const {
  return std::find(point_sizes.begin(), point_sizes.end(), points) != point_sizes.end();
}

const Variant* Edition::find_variant(std::string_view key) const {
  // Accept the stored "cut-to-top:4" form too: the value is not part of the key.
  key = key.substr(0, key.find(':'));
  for (const Variant& v : variants)
    if (iequals(v.key, key)) return &v;
  return nullptr;
}

const TerrainKind* TerrainRules::find_kind(std::string_view key) const {
  for (const TerrainKind& k : kinds)
    if (k.key == key) return &k;
  return nullptr;
}

const TerrainMethod* TerrainRules::find_method(std::string_view key) const {
  for (const TerrainMethod& m : methods)
    if (m.key == key) return &m;
  return nullptr;
}

namespace {
template <class Items>
std::string keys_of(const Items& items) {
  std::string known;
  for (const auto& item : items) known += (known.empty() ? "" : ", ") + item.key;
  return known;
}
}  // namespace

std::string TerrainRules::kind_keys() const {
  return keys_of(kinds);
}

std::string TerrainRules::method_keys() const {
  return keys_of(methods);
}

namespace {
// "The Pit II", "the-pit-ii" and "THE PIT ii" alike: letters and digits, lower case.
std::string folded(std::string_view text) {
  std::string out;
  for (char c : text)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

const Scenario* Edition::find_scenario(std::string_view key_or_name) const {
  for (const Scenario& s : scenarios)
    if (iequals(s.key, key_or_name) || iequals(s.name, key_or_name)) return &s;
  const std::string want = folded(key_or_name);
  if (want.empty()) return nullptr;
  const Scenario* prefix = nullptr;
  int prefixes = 0;
  for (const Scenario& s : scenarios) {
    const std::string key = folded(s.key);
    if (key == want || folded(s.name) == want) return &s;
    if (key.starts_with(want)) prefix = &s, ++prefixes;
  }
  return prefixes == 1 ? prefix : nullptr;  // "the pit" is The Pit II; "s" is nothing
}

std::string Edition::scenario_keys() const {
  return keys_of(scenarios);
}

std::vector<const Scenario*> Edition::scenarios_for(bool rumble) const {
  std::vector<const Scenario*> out;
  for (const Scenario& s : scenarios)
    if (s.rumble == rumble) out.push_back(&s);
  return out;
}

std::string Edition::scenario_keys(bool rumble) const {
  std::string out;
  for (const Scenario* s : scenarios_for(rumble)) out += (out.empty() ? "" : ", ") + s->key;
  return out;
}

const ScenarioGroup* Edition::group_of(std::string_view key) const {
  for (const ScenarioGroup& g : scenario_groups)
    if (std::find(g.scenarios.begin(), g.scenarios.end(), key) != g.scenarios.end()) return &g;
  return nullptr;
}

int Edition::rounds_for(int players) const {
  if (rounds_by_attendance.empty()) return 0;
  for (const auto& [max_players, rounds] : rounds_by_attendance)
    if (players <= max_players) return rounds;
  // Beyond the table, each doubling of attendance adds a round (the table's own pattern):
  // 129–256 -> 8, 257–512 -> 9, ...
  auto [max_players, rounds] = rounds_by_attendance.back();
  while (players > max_players) {
    max_players *= 2;
    ++rounds;
  }
  return rounds;
}

const std::vector<Edition>& all_editions() {
  static const std::vector<Edition> editions = load_all();
  return editions;
}

const Edition* find_edition(std::string_view id) {
  // Exactly as stored first: every engine decision looks its edition up (issue 16).
  for (const Edition& e : all_editions())
    if (e.id == id) return &e;
  for (const Edition& e : all_editions())
    if (iequals(e.id, id)) return &e;
  return nullptr;
}

Result<const Edition*> require_edition(std::string_view id, const std::string& field) {
  if (const Edition* e = find_edition(id)) return e;
  std::string known;
  for (const Edition& e : all_editions()) known += (known.empty() ? "" : ", ") + e.id;
  return fail(field, "editions", "unknown edition '" + std::string(id) + "'; known: " + known);
}

Result<const Scenario*> require_scenario(const Edition& edition, std::string_view key_or_name,
                                         const std::string& field) {
  if (const Scenario* s = edition.find_scenario(key_or_name)) return s;
  return fail(ErrorKind::not_found, field, edition.id + " scenarios",
              "'" + std::string(key_or_name) + "' is not a scenario of " + edition.id + " (" +
                  edition.scenario_keys() + ")");
}

std::string scenario_for_roll(const Edition& edition, const std::vector<int>& faces) {
  if (faces.size() != edition.scenario_dice.size()) return "";
  // The bucket of each die is one digit of a mixed-radix number indexing roll_order.
  // SR2014: d3 row (radix 3), d6 1–3/4–6 pair (radix 2), d6 1–3/4–6 within the pair (radix 2).
  std::size_t index = 0;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const ScenarioDie& die = edition.scenario_dice[i];
    if (faces[i] < 1 || faces[i] > die.sides) return "";
    index = index * static_cast<std::size_t>(die.buckets) +
            static_cast<std::size_t>((faces[i] - 1) / (die.sides / die.buckets));
  }
  return index < edition.roll_order.size() ? edition.roll_order[index] : "";
}

namespace {

// Whether `key` is among `already_played` (keys or names, case-insensitive).
bool played_in(const Edition& edition, const std::vector<std::string>& already_played,
               const std::string& key) {
  return std::any_of(already_played.begin(), already_played.end(), [&](const std::string& p) {
    const Scenario* s = edition.find_scenario(p);
    return s ? s->key == key : iequals(p, key);
  });
}

}  // namespace

std::vector<const ScenarioGroup*> scenario_groups_open(const Edition& edition,
                                                       const std::vector<std::string>& already_played) {
  // SR2013: "EOs must select a scenario from each group before they can choose from the same group
  // again": a group may be chosen again once every group has been chosen as often. A group whose
  // scenarios are all played drops out (it cannot be chosen without a repeat).
  std::vector<std::pair<const ScenarioGroup*, int>> counted;
  for (const ScenarioGroup& g : edition.scenario_groups) {
    const int times = static_cast<int>(
        std::count_if(already_played.begin(), already_played.end(), [&](const std::string& p) {
          const Scenario* s = edition.find_scenario(p);
          return s && edition.group_of(s->key) == &g;
        }));
    const bool open = std::any_of(g.scenarios.begin(), g.scenarios.end(), [&](const std::string& key) {
      return !played_in(edition, already_played, key);
    });
    if (open) counted.emplace_back(&g, times);
  }
  std::vector<const ScenarioGroup*> out;
  if (counted.empty()) return out;
  int least = counted.front().second;
  for (const auto& [g, times] : counted) least = std::min(least, times);
  for (const auto& [g, times] : counted)
    if (times == least) out.push_back(g);
  return out;
}

std::vector<const Scenario*> scenarios_open(const Edition& edition,
                                            const std::vector<std::string>& already_played) {
  const auto groups = scenario_groups_open(edition, already_played);
  std::vector<const Scenario*> out;
  for (const Scenario* s : edition.scenarios_for(false)) {
    if (played_in(edition, already_played, s->key)) continue;
    if (!edition.scenario_groups.empty() &&
        std::find(groups.begin(), groups.end(), edition.group_of(s->key)) == groups.end())
      continue;
    out.push_back(s);
  }
  return out;
}

std::string group_refusal(const Edition& edition, const Scenario& scenario,
                          const std::vector<std::string>& already_played) {
  const ScenarioGroup* group = edition.group_of(scenario.key);
  if (!group) return "";
  const auto open = scenarios_open(edition, already_played);
  if (open.empty() || std::find(open.begin(), open.end(), &scenario) != open.end()) return "";
  if (played_in(edition, already_played, scenario.key)) return "";  // the no-repeat rule refuses it
  std::string names;
  for (const Scenario* s : open) names += (names.empty() ? "" : ", ") + s->name;
  return "'" + scenario.name + "' is in the group '" + group->name +
         "', already chosen while another group has not been: a scenario must come from each group before "
         "a group is chosen again (may be chosen now: " +
         names + ")";
}

std::string roll_scenario(const Edition& edition, Rng& rng, const std::vector<std::string>& already_played,
                          bool rumble) {
  std::vector<std::string> open;
  if (rumble) {
    for (const Scenario* s : edition.scenarios_for(true))
      if (!played_in(edition, already_played, s->key)) open.push_back(s->key);
  } else {
    for (const Scenario* s : scenarios_open(edition, already_played)) open.push_back(s->key);
  }
  if (open.empty()) return "";
  if (rumble || !edition.has_roll_table()) return open[rng.below(open.size())];
  // "A scenario should not be repeated" (every edition): reroll a scenario that may not be chosen.
  // Terminates: at least one of the equally likely outcomes is open.
  for (;;) {
    std::vector<int> faces;
    for (const ScenarioDie& die : edition.scenario_dice) faces.push_back(rng.roll(die.sides));
    std::string key = scenario_for_roll(edition, faces);
    if (std::find(open.begin(), open.end(), key) != open.end()) return key;
  }
}

}  // namespace gauntlet
