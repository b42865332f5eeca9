#include "engine/list_plays.hpp"

#include <algorithm>
#include <map>

#include "armylists/army_points.hpp"
#include "model/rounds.hpp"

namespace gauntlet {
namespace {

// How often `player` played each list, over every recorded result except round `skip`'s.
std::map<int, int> plays(const EventState& s, const PlayerId& player, int skip) {
  std::map<int, int> n;
  for (const Round& r : s.rounds) {
    if (r.number == skip) continue;
    for (const Table& t : r.tables)
      for (int side = 0; side < 2; ++side)
        if (t.players[side] == player && t.results && (*t.results)[side].list) ++n[*(*t.results)[side].list];
  }
  return n;
}

// Games still owed to reach the quota for every list, and the list that owes the most.
struct Owed {
  int games = 0;
  std::string text;  // "list 2 twice more, list 3 once more"
};
Owed owed(const std::map<int, int>& played, int lists, int quota) {
  Owed o;
  for (int l = 1; l <= lists; ++l) {
    const auto it = played.find(l);
    const int need = quota - (it == played.end() ? 0 : it->second);
    if (need <= 0) continue;
    o.games += need;
    o.text += (o.text.empty() ? "" : ", ") + ("list " + std::to_string(l)) + " " +
              (need == 1   ? "once"
               : need == 2 ? "twice"
                           : std::to_string(need) + " times") +
              " more";
  }
  return o;
}

std::string rounds_left_text(int n) {
  return n == 1 ? "1 round is left" : std::to_string(n) + " rounds are left";
}

int rounds_left(const EventState& s, int after_round) {
  return std::max(0, planned_rounds(s) - std::max(after_round, static_cast<int>(s.rounds.size())));
}

}  // namespace

ListQuota list_quota(const EventState& s) {
  const Edition& e = edition_of(s);
  ListQuota q;
  auto add = [&](const char* key, int per_list) {
    const Variant* v = e.find_variant(key);
    q.per_list = std::max(q.per_list, per_list);
    q.rule += (q.rule.empty() ? e.id + " " : "; ") + "\"" + (v ? v->name : key) + "\"" +
              (v ? ": " + v->summary : "");
  };
  if (s.config.lists_required) add("lists-required", 1);
  if (auto x = s.config.variant_value("divide-and-conquer")) add("divide-and-conquer", *x);
  return q;
}

std::optional<ListShortfall> lists_missing(const EventState& s, const Player& p) {
  if (p.status == PlayerStatus::dropped || p.status == PlayerStatus::disqualified) return std::nullopt;
  if (static_cast<int>(p.lists.size()) >= s.config.lists) return std::nullopt;
  // Only once the EO keeps lists at all: an event that records none asks nobody for them.
  if (std::none_of(s.players.begin(), s.players.end(), [](const Player& q) { return !q.lists.empty(); }))
    return std::nullopt;
  const std::string had = p.name + " registered " + std::to_string(p.lists.size()) + " of the " +
                          std::to_string(s.config.lists) + " lists ";
  // "Players must bring exactly X army lists" ("[X] Lists Required"), or the count the EO set for
  // the event (SR2017 "Army Lists": one list, "with a second army list optional", unless the EO asks).
  if (s.config.lists_required) return ListShortfall{p.id, had + "required (" + list_quota(s).rule + ")"};
  return ListShortfall{
      p.id, had + "this event asks for (lists per player: " + std::to_string(s.config.lists) + ")"};
}

std::vector<ListShortfall> list_shortfalls(const EventState& s) {
  std::vector<ListShortfall> out;
  const ListQuota q = list_quota(s);
  for (const Player& p : s.players)
    if (auto missing = lists_missing(s, p)) out.push_back(std::move(*missing));
  if (q.per_list == 0 || s.rounds.empty()) return out;
  const int left = rounds_left(s, 0);
  for (const Player& p : s.players) {
    if (p.status == PlayerStatus::dropped || p.status == PlayerStatus::disqualified) continue;
    const int lists = detail::list_count(s, p);
    if (lists <= 1) continue;
    const Owed o = owed(plays(s, p.id, 0), lists, q.per_list);
    if (o.games > left)
      out.push_back({p.id, p.name + " can no longer play each list " + std::to_string(q.per_list) +
                               (q.per_list == 1 ? " time" : " times") + ": still needs " + o.text + ", and " +
                               rounds_left_text(left) + " (" + q.rule + ")"});
  }
  return out;
}

namespace detail {

int list_count(const EventState& s, const Player& p) {
  return std::max<int>(static_cast<int>(p.lists.size()), s.config.lists);
}

Result<void> check_lists_played(const EventState& s, const RecordResult& c, const std::string& field) {
  const ListQuota q = list_quota(s);
  if (q.per_list == 0) return {};
  const Table* t = s.rounds[c.round - 1].find_table(c.table);
  for (int side = 0; side < 2; ++side) {
    const Player& p = *s.find_player(t->players[side]);
    const int lists = list_count(s, p);
    if (lists <= 1) continue;
    const std::string f = field + ".results[" + std::to_string(side) + "].list";
    const auto& played = c.results[side].list;
    if (!played)
      return fail(f, q.rule,
                  "which list did " + p.name + " play (1–" + std::to_string(lists) +
                      ")? This event counts the games of each list");
    // Refused only when this list takes away a count that was still reachable: an event planned
    // with too few rounds (the variant "is not recommended" then) does not block every result.
    std::map<int, int> before = plays(s, p.id, c.round);
    const int left = rounds_left(s, c.round);
    const Owed was = owed(before, lists, q.per_list);
    ++before[*played];
    const Owed now = owed(before, lists, q.per_list);
    if (was.games <= left + 1 && now.games > left)
      return fail(f, q.rule,
                  "with list " + std::to_string(*played) + " here " + p.name + " would still need " +
                      now.text + ", and " + rounds_left_text(left) +
                      ": another list must be played in round " + std::to_string(c.round));
  }
  return {};
}

Result<void> check_ap_breakdown(const EventState& s, const RecordResult& c, const std::string& field) {
  const Table* t = s.rounds[c.round - 1].find_table(c.table);
  for (int side = 0; side < 2; ++side) {
    const GameResult& mine = c.results[side];
    if (mine.destroyed.empty()) continue;
    const std::string f = field + ".results[" + std::to_string(side) + "]";
    const Player& them = *s.find_player(t->players[1 - side]);
    const auto& list = c.results[1 - side].list;
    GAUNTLET_TRY(Destroyed d,
                 destroyed_on_list(edition_of(s).ap_method, them, list, mine.destroyed, f + ".destroyed",
                                   field + ".results[" + std::to_string(1 - side) + "].list"));
    if (d.total != mine.ap)
      return fail(f + ".ap", d.rule,
                  "the marks on " + them.name + "'s list " + std::to_string(list.value_or(1)) + " count " +
                      std::to_string(d.total) + " army points destroyed, the result says " +
                      std::to_string(mine.ap));
  }
  return {};
}

}  // namespace detail
}  // namespace gauntlet
