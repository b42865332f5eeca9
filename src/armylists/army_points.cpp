#include "armylists/army_points.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gauntlet {
namespace {

// A unit and the attachments listed after it, or any other entry alone.
struct Group {
  std::vector<int> entries;
  int start = 0, value = 0, destroyed = 0, again = 0;
  bool inert = false;
  std::string name;
};

std::string plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

bool jack_or_beast(EntryKind k) {
  return k == EntryKind::warjack || k == EntryKind::warbeast;
}

Result<std::vector<Loss>> marks_by_entry(const ArmyList& list, const std::vector<Loss>& losses,
                                         const std::string& field) {
  std::vector<Loss> marks(list.entries.size());
  std::set<int> seen;
  for (std::size_t i = 0; i < losses.size(); ++i) {
    const Loss& l = losses[i];
    const std::string f = field + "[" + std::to_string(i) + "]";
    const std::string rule = "army points destroyed";
    if (l.entry < 0 || l.entry >= static_cast<int>(list.entries.size()))
      return fail(f + ".entry", rule,
                  "the list has no entry " + std::to_string(l.entry) + " (it has " +
                      plural(static_cast<int>(list.entries.size()), "entry") + ", from 0)");
    const ListEntry& e = list.entries[static_cast<std::size_t>(l.entry)];
    if (!seen.insert(l.entry).second) return fail(f + ".entry", rule, e.name + " is marked twice");
    if (l.models < 0 || l.models > e.models)
      return fail(f + ".models", rule,
                  e.name + " has " + plural(e.models, "model") + ": " + std::to_string(l.models) +
                      " cannot be destroyed");
    if (l.again < 0) return fail(f + ".again", rule, "cannot be negative");
    if (l.inert && !jack_or_beast(e.kind))
      return fail(f + ".inert", rule, e.name + " is no warjack or warbeast: it cannot be inert or wild");
    marks[static_cast<std::size_t>(l.entry)] = l;
  }
  return marks;
}

// "If a list contains two or more multiple-model solos, all casualties are counted toward the same
// solo until it is completely destroyed": the marks of same-named multi-model solos are pooled and
// filled one solo after the other.
void pool_solos(const ArmyList& list, std::vector<Loss>& marks) {
  std::map<std::string, std::vector<std::size_t>> by_name;
  for (std::size_t i = 0; i < list.entries.size(); ++i)
    if (list.entries[i].kind == EntryKind::solo && list.entries[i].models > 1)
      by_name[list.entries[i].name].push_back(i);
  for (const auto& [name, idx] : by_name) {
    if (idx.size() < 2) continue;
    int casualties = 0;
    for (std::size_t i : idx) casualties += marks[i].models;
    for (std::size_t i : idx) {
      marks[i].models = std::min(casualties, list.entries[i].models);
      casualties -= marks[i].models;
    }
  }
}

std::vector<Group> groups_of(const ArmyList& list, const std::vector<Loss>& marks) {
  std::vector<Group> out;
  for (std::size_t i = 0; i < list.entries.size(); ++i) {
    const ListEntry& e = list.entries[i];
    const bool joins =
        e.kind == EntryKind::attachment && !out.empty() &&
        list.entries[static_cast<std::size_t>(out.back().entries.front())].kind == EntryKind::unit;
    if (!joins) out.push_back(Group{});
    Group& g = out.back();
    g.entries.push_back(static_cast<int>(i));
    g.name += (joins ? " + " : "") + e.name;
    g.start += e.models;
    g.value += e.cost;
    g.destroyed += marks[i].models;
    g.again += marks[i].again;
    g.inert = g.inert || marks[i].inert;
  }
  return out;
}

// The points of the group's final state, and why.
std::pair<int, std::string> final_state(const ApMethod& m, const ListEntry& first, const Group& g) {
  const bool all = g.destroyed == g.start;
  if (first.kind == EntryKind::leader)
    return all ? std::pair{m.leader,
                           "destroyed: warcasters and warlocks are worth " + std::to_string(m.leader)}
               : std::pair{
                     0, std::to_string(g.destroyed) + " of " + std::to_string(g.start) + " models destroyed"};
  if (g.value == 0) return {0, "no point cost in the list: ignored"};
  if (g.inert)
    return m.inert_wild_count ? std::pair{g.value, "inert or wild: full value " + std::to_string(g.value)}
                              : std::pair{0, "inert or wild: ignored"};
  if (g.destroyed == 0) return {0, "not destroyed at the end"};
  if (all)
    return {g.value, g.start == 1 ? "destroyed: " + std::to_string(g.value)
                                  : "all " + std::to_string(g.start) +
                                        " models destroyed: " + std::to_string(g.value)};
  const std::string some = std::to_string(g.destroyed) + " of " + std::to_string(g.start) +
                           " models destroyed, " + std::to_string(g.start - g.destroyed) + " left";
  const int half = (g.start + 1) / 2;
  if (first.kind != EntryKind::unit || !m.half_units)
    return {0, some + ": counts only when every model is gone"};
  if (g.start - g.destroyed >= half) return {0, some + ": at least half (" + std::to_string(half) + ") left"};
  return {(g.value + 1) / 2, some + ": below half (" + std::to_string(half) + "), half of " +
                                 std::to_string(g.value) +
                                 " rounded up: " + std::to_string((g.value + 1) / 2)};
}

// What an assassination adds to the marks (the entries it changed are returned): each leader
// destroyed; where inert and wild models count, each warjack or warbeast listed under a leader (its
// battlegroup; free models listed with the leader do not end the run) not destroyed, inert or wild.
std::set<int> add_assassination(const ApMethod& m, const ArmyList& list, std::vector<Loss>& marks) {
  std::set<int> changed;
  bool under_leader = false;
  for (std::size_t i = 0; i < list.entries.size(); ++i) {
    const ListEntry& e = list.entries[i];
    Loss& mark = marks[i];
    if (e.kind == EntryKind::leader) {
      under_leader = true;
      if (mark.models < e.models) {
        mark.entry = static_cast<int>(i);
        mark.models = e.models;
        changed.insert(static_cast<int>(i));
      }
      continue;
    }
    if (under_leader && e.kind == EntryKind::attachment && e.cost == 0) continue;
    under_leader = under_leader && jack_or_beast(e.kind);
    if (!under_leader || !m.inert_wild_count || mark.models == e.models || mark.inert) continue;
    mark.entry = static_cast<int>(i);
    mark.inert = true;
    changed.insert(static_cast<int>(i));
  }
  return changed;
}

}  // namespace

Result<Destroyed> army_points_destroyed(const ApMethod& m, const ArmyList& list,
                                        const std::vector<Loss>& losses, const std::string& field,
                                        bool as_assassination) {
  GAUNTLET_TRY(std::vector<Loss> marks, marks_by_entry(list, losses, field));
  const std::set<int> assassinated = as_assassination ? add_assassination(m, list, marks) : std::set<int>{};
  Destroyed d;
  for (std::size_t i = 0; i < marks.size(); ++i) {
    if (!marks[i].models && !marks[i].inert && !marks[i].again) continue;
    Loss mark = marks[i];
    mark.entry = static_cast<int>(i);
    d.marks.push_back(mark);
  }
  pool_solos(list, marks);
  d.rule = m.rule;
  for (const Group& g : groups_of(list, marks)) {
    if (g.destroyed == 0 && g.again == 0 && !g.inert) continue;
    const ListEntry& first = list.entries[static_cast<std::size_t>(g.entries.front())];
    auto [points, why] = final_state(m, first, g);
    // "Points are scored each time a model or unit is destroyed": a model that came back counts again.
    const int each = first.kind == EntryKind::leader ? m.leader : g.value;
    const bool ignored =
        first.kind != EntryKind::leader && (g.value == 0 || (g.inert && !m.inert_wild_count));
    if (g.again > 0 && !ignored) {
      points += g.again * each;
      why += "; destroyed " + (g.again == 1 ? std::string("once") : std::to_string(g.again) + " times") +
             " before and returned to play: +" + std::to_string(g.again * each);
    }
    if (std::any_of(g.entries.begin(), g.entries.end(), [&](int i) { return assassinated.count(i) > 0; }))
      why += "; scored as an assassination";
    d.total += points;
    d.lines.push_back({g.entries.front(), g.name, points, why});
  }
  if (!assassinated.empty() && m.inert_wild_count) d.rule += " " + m.battlegroup_rule;

  return d;
}

Result<Destroyed> destroyed_on_list(const ApMethod& m, const Player& owner, std::optional<int> list,
                                    const std::vector<Loss>& losses, const std::string& field,
                                    const std::string& list_field, bool as_assassination) {
  const int n = static_cast<int>(owner.lists.size());
  const std::string rule = "army points destroyed";
  if (n == 0)
    return fail(field, rule, owner.name + " registered no list to count from: type the number instead");
  if (!list && n > 1)
    return fail(list_field, rule,
                "which list did " + owner.name + " play? The army points destroyed are counted on it");
  const int l = list.value_or(1);
  if (l < 1 || l > n) return fail(list_field, rule, owner.name + " registered no list " + std::to_string(l));
  return army_points_destroyed(m, owner.lists[static_cast<std::size_t>(l - 1)], losses, field,
                               as_assassination);
}

}  // namespace gauntlet
