#include "eventfile/journal_fast.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

namespace gauntlet {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;
using Slot = std::optional<element>;

// Whether `key` is `name`: the first character before the rest, since the names a reader knows
// differ there nearly always (10^6 keys in a large file, issue 16).
bool same_key(std::string_view key, std::string_view name) {
  return key.size() == name.size() && !key.empty() && key[0] == name[0] &&
         std::memcmp(key.data(), name.data(), key.size()) == 0;
}

// The values of an object's keys, each in the slot of its name in `known`; false when the object
// has a key outside `known` or one key twice (nlohmann keeps the last: the general reader decides).
template <std::size_t N>
bool slots_of(element e, const std::array<std::string_view, N>& known, std::array<Slot, N>& out) {
  object o;
  if (e.get_object().get(o)) return false;
  for (auto field : o) {
    const auto it = std::find_if(known.begin(), known.end(),
                                 [&](std::string_view name) { return same_key(field.key, name); });
    if (it == known.end()) return false;
    Slot& slot = out[static_cast<std::size_t>(it - known.begin())];
    if (slot) return false;
    slot = field.value;
  }
  return true;
}

// A whole number in int's range; a missing key gives `fallback` (nullopt: required).
bool read(const Slot& e, std::optional<int> fallback, int& out) {
  if (!e) {
    if (!fallback) return false;
    out = *fallback;
    return true;
  }
  std::int64_t v = 0;
  if (e->type() != element_type::INT64 || e->get_int64().get(v)) return false;
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return false;
  out = static_cast<int>(v);
  return true;
}

bool read(const Slot& e, std::optional<std::string_view> fallback, std::string& out) {
  if (!e) {
    if (!fallback) return false;
    out = *fallback;
    return true;
  }
  std::string_view v;
  if (e->get_string().get(v)) return false;
  out = v;
  return true;
}

// An optional array of strings (absent: empty), as read_strings reads it.
bool read_strings(const Slot& e, std::vector<std::string>& out) {
  if (!e) return true;
  array a;
  if (e->get_array().get(a)) return false;
  for (element x : a) {
    std::string_view v;
    if (x.get_string().get(v)) return false;
    out.emplace_back(v);
  }
  return true;
}

std::optional<Player> player(element e) {
  static constexpr std::array<std::string_view, 7> keys{"id",      "name",   "faction",     "club",
                                                        "contact", "status", "joined_round"};
  std::array<Slot, 7> v;
  if (!slots_of(e, keys, v)) return std::nullopt;
  Player p;
  std::string status;
  if (!read(v[0], "", p.id) || !read(v[1], std::nullopt, p.name) || !read(v[2], std::nullopt, p.faction) ||
      !read(v[3], "", p.club) || !read(v[4], "", p.contact) || !read(v[5], "registered", status) ||
      !read(v[6], 1, p.joined_round))
    return std::nullopt;
  const auto parsed = parse_player_status(status);
  if (!parsed) return std::nullopt;
  p.status = *parsed;
  return p;
}

std::optional<Command> add_player(const std::array<Slot, 8>& v) {
  if (!v[1]) return std::nullopt;
  auto p = player(*v[1]);
  if (!p) return std::nullopt;
  return AddPlayer{std::move(*p)};
}

std::optional<Table> table(element e) {
  static constexpr std::array<std::string_view, 2> keys{"table", "players"};
  std::array<Slot, 2> v;
  if (!slots_of(e, keys, v) || !v[1]) return std::nullopt;
  Table t;
  array ids;
  if (!read(v[0], 0, t.number) || v[1]->get_array().get(ids) || ids.size() != 2) return std::nullopt;
  std::size_t side = 0;
  for (element id : ids) {
    std::string_view s;
    if (id.get_string().get(s)) return std::nullopt;
    t.players[side++] = std::string(s);
  }
  return t;
}

std::optional<Command> pair_round(const std::array<Slot, 8>& v) {
  PairRound c;
  std::string bye;
  array tables;
  if (!read(v[2], 0, c.round) || !read(v[4], "", c.scenario) || !read(v[5], 0, c.round_minutes_adjust) ||
      !read(v[6], "", bye) || !v[3] || v[3]->get_array().get(tables) || !read_strings(v[1], c.explain) ||
      !read_strings(v[7], c.left_out))
    return std::nullopt;
  if (!bye.empty()) c.bye = bye;
  c.tables.reserve(tables.size());
  for (element t : tables) {
    auto one = table(t);
    if (!one) return std::nullopt;
    c.tables.push_back(std::move(*one));
  }
  return c;
}

std::optional<GameResult> result(element e) {
  static constexpr std::array<std::string_view, 4> keys{"outcome", "cp", "ap", "list"};
  std::array<Slot, 4> v;
  if (!slots_of(e, keys, v)) return std::nullopt;
  GameResult r;
  std::string outcome;
  if (!read(v[0], std::nullopt, outcome) || !read(v[1], std::nullopt, r.cp) ||
      !read(v[2], std::nullopt, r.ap))
    return std::nullopt;
  const auto o = parse_outcome(outcome);
  if (!o) return std::nullopt;
  r.outcome = *o;
  if (v[3]) {
    int list = 0;
    if (!read(v[3], std::nullopt, list)) return std::nullopt;
    r.list = list;
  }
  return r;
}

std::optional<Command> record_result(const std::array<Slot, 8>& v) {
  RecordResult c;
  std::string victory;
  array results;
  if (!read(v[2], 0, c.round) || !read(v[3], std::nullopt, c.table) || !read(v[5], std::nullopt, victory) ||
      !v[4] || v[4]->get_array().get(results) || results.size() != 2)
    return std::nullopt;
  std::size_t side = 0;
  for (element r : results) {
    auto one = result(r);
    if (!one) return std::nullopt;
    c.results[side++] = std::move(*one);
  }
  const auto ending = parse_ending(victory);
  if (!ending) return std::nullopt;
  c.ending = *ending;
  return c;
}

std::optional<Command> close_round(const std::array<Slot, 8>& v) {
  CloseRound c;
  if (!read(v[2], 0, c.round)) return std::nullopt;
  return c;
}

// The command object: its "type" picks which of the keys below it may have.
std::optional<Command> command(element e) {
  // One list for the four shapes; each reader refuses a key that is not its own.
  static constexpr std::array<std::string_view, 8> keys{"type",    "player",  "round",    "table",
                                                        "results", "victory", "scenario", "bye"};
  object o;
  if (e.get_object().get(o)) return std::nullopt;
  std::string_view type;
  if (o["type"].get_string().get(type)) return std::nullopt;
  if (type == "pair-round") {
    // A pair-round's own keys, in the slots its reader reads.
    static constexpr std::array<std::string_view, 8> pair_keys{
        "type", "explain", "round", "tables", "scenario", "round_minutes_adjust", "bye", "left_out"};
    std::array<Slot, 8> v;
    if (!slots_of(e, pair_keys, v)) return std::nullopt;
    return pair_round(v);
  }
  std::array<Slot, 8> v;
  if (!slots_of(e, keys, v)) return std::nullopt;
  const auto only = [&](std::initializer_list<std::size_t> allowed) {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] && std::find(allowed.begin(), allowed.end(), i) == allowed.end()) return false;
    return true;
  };
  if (type == "add-player" && only({0, 1})) return add_player(v);
  if (type == "record-result" && only({0, 2, 3, 4, 5})) return record_result(v);
  if (type == "close-round" && only({0, 2})) return close_round(v);
  return std::nullopt;
}

}  // namespace

std::optional<JournalEntry> fast_journal_entry(element entry, std::int64_t seq, EntryTime time) {
  static constexpr std::array<std::string_view, 3> keys{"seq", "at", "command"};
  std::array<Slot, 3> v;
  if (!slots_of(entry, keys, v) || !v[2]) return std::nullopt;
  JournalEntry e;
  e.seq = seq;
  if (time == EntryTime::skipped) {
    if (v[1] && !v[1]->is_string()) return std::nullopt;
  } else if (!read(v[1], "", e.at)) {
    return std::nullopt;
  }
  auto c = command(*v[2]);
  if (!c) return std::nullopt;
  e.command = std::move(*c);
  return e;
}

}  // namespace gauntlet
