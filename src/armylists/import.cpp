// The builders' exports carry names and costs, not kinds: a kind is read from where an entry sits.
// The leader is the "WJ: +N"/"WB: +N" ("[+N]") line; an indented entry with a cost under a unit is
// its attachment, under anything else a warjack or warbeast of that battlegroup (WJ or WB, or the
// faction's kind when the export does not say); a unit is a line whose cost follows its models
// ("Leader & 9 Grunts: 8"); every other entry is read as a solo (the export does not tell a battle
// engine from a solo). An indented line without a cost is a free model of the entry above it.
#include "armylists/import.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <nlohmann/json.hpp>

#include "armylists/line_shapes.hpp"
#include "model/json.hpp"

namespace gauntlet {
namespace {

namespace shape = list_shapes;

constexpr int kMaxCost = 1000;
// A refusal quotes at most this much of its line, and the message names at most this many lines:
// a paste of thousands of wrong lines gets an answer of a few kilobytes, not megabytes.
constexpr std::size_t kQuoted = 80;
constexpr std::size_t kNamedLines = 20;

// The number the first `keep` digits of `digits` make (digits only, as the shapes return them).
int number(std::string_view digits, std::size_t keep) {
  int n = 0;
  digits = digits.substr(0, keep);
  std::from_chars(digits.data(), digits.data() + digits.size(), n);
  return n;
}

// At most `limit` bytes of UTF-8 text, cut before a character rather than inside one, "…" after.
std::string quoted_part(std::string_view s, std::size_t limit) {
  if (s.size() <= limit) return std::string(s);
  std::size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "\u2026";
}

std::string trim_copy(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\xA0");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto nl = text.find('\n', start);
    out.push_back(std::string(text.substr(start, nl == std::string_view::npos ? nl : nl - start)));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  for (std::string& l : out)
    if (!l.empty() && l.back() == '\r') l.pop_back();
  return out;
}

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), s.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         });
}

// Hordes factions field warbeasts: the kind of a battlegroup entry when the export has no WJ/WB.
bool hordes_faction(const std::string& faction) {
  static const std::array<const char*, 7> kHordes = {"Trollblood", "Circle",  "Legion",    "Skorne",
                                                     "Grymkin",    "Minions", "Everblight"};
  return std::any_of(kHordes.begin(), kHordes.end(),
                     [&](const char* h) { return faction.find(h) != std::string::npos; });
}

// "Leader & 9 Grunts" -> 10; "Sevryn, Rhylyss, and Vysarr" -> 3; "Leader and 5 Grunts" -> 6.
int models_in(std::string_view descriptor) {
  if (const auto grunts = shape::grunts_in(descriptor)) return 1 + std::min(number(*grunts, 3), 99);
  int names = 1;
  for (char c : descriptor)
    if (c == ',' || c == '&') ++names;
  const bool oxford = descriptor.find(", and") != std::string_view::npos;
  if (!oxford && shape::has_word_and(descriptor)) ++names;
  return names;
}

struct Reader {
  ImportedList out;
  std::vector<LineProblem> problems;
  EntryKind group_kind = EntryKind::warjack;  // of a battlegroup entry (WJ or WB)
  bool leader_kind_known = false;
  std::optional<EntryKind> parent;  // kind of the last entry that was not indented

  void refuse(int line, const std::string& text, std::string reason) {
    problems.push_back({line, text, std::move(reason), {}});
  }

  bool cost_ok(int line, const std::string& text, std::string_view digits) {
    if (digits.size() > 4 || number(digits, 4) > kMaxCost) {
      refuse(line, text, "a cost over " + std::to_string(kMaxCost) + " points is not a model's cost");
      return false;
    }
    return true;
  }

  void leader(const std::string& name, int bonus, std::optional<EntryKind> kind) {
    if (kind) {
      group_kind = *kind;
      leader_kind_known = true;
    }
    out.list.entries.push_back(ListEntry{name, bonus, EntryKind::leader, 1});
    parent = EntryKind::leader;
  }

  void entry(int line, const std::string& text, const std::string& name, int cost, bool attached,
             std::optional<int> unit_models) {
    if (attached && !parent) return refuse(line, text, "an indented entry needs an entry above it");
    ListEntry e{name, cost, EntryKind::solo, 1};
    if (unit_models) {
      e.kind = EntryKind::unit;
      e.models = *unit_models;
    } else if (attached) {
      e.kind = *parent == EntryKind::unit ? EntryKind::attachment : group_kind;
    }
    out.list.entries.push_back(e);
    if (!attached) parent = e.kind;
  }

  // An indented line without a cost: a model that comes with the entry above (War Room lists a
  // warcaster's free attachment, or a second profile, this way). It costs nothing.
  void free_model(int line, const std::string& text, const std::string& name) {
    if (!parent) return refuse(line, text, "an indented entry needs an entry above it");
    out.list.entries.push_back(ListEntry{name, 0, EntryKind::attachment, 1});
  }

  void finish() {
    if (!leader_kind_known && hordes_faction(out.faction))
      for (ListEntry& e : out.list.entries)
        if (e.kind == EntryKind::warjack) e.kind = EntryKind::warbeast;
    if (problems.empty() && !out.list.leader())
      problems.push_back({0,
                          "",
                          "no warcaster/warlock line (War Room: 'Name - WJ: +N'; Conflict Chamber: "
                          "'Name [+N]')",
                          {}});
  }
};

// A line too long for any builder's export is refused before it is read (the shapes would read
// it in linear time, but a line that long is no list: it is named and not looked at further).
bool too_long(Reader& r, int line, const std::string& raw) {
  if (raw.size() <= kMaxListLineBytes) return false;
  r.refuse(line, raw,
           "is " + std::to_string(raw.size()) + " bytes long; a line of a list is at most " +
               std::to_string(kMaxListLineBytes) + " bytes");
  return true;
}

// War Room's own marks: "Name <! OVER FIELD ALLOWANCE !> - PC: 3".
bool war_room_mark(Reader& r, int line, const std::string& text) {
  const auto mark = shape::war_room_mark(text);
  if (!mark) return false;
  r.refuse(line, text,
           "War Room marks this entry \"" + std::string(*mark) +
               "\": fix the list in War Room and export it again");
  return true;
}

void read_war_room(const std::vector<std::string>& lines, Reader& r) {
  bool header = true, footer = false, named = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int n = static_cast<int>(i) + 1;
    const std::string& raw = lines[i];
    if (footer || too_long(r, n, raw)) continue;
    const std::string t = trim_copy(raw);
    if (t.empty()) continue;
    if (t == "---" || starts_with_ci(t, "GENERATED")) {
      footer = true;
      continue;
    }
    if (header && t == "War Room Army") continue;
    if (starts_with_ci(t, "Theme:")) {
      r.out.theme = trim_copy(t.substr(6));
      continue;
    }
    if (const auto points = shape::war_room_points_line(t)) {
      r.out.points = number(points->points, 6);
      r.out.max_points = number(points->max_points, 6);
      header = false;
      continue;
    }
    if (war_room_mark(r, n, raw)) continue;
    const bool attached = t.front() == '-';
    const std::string body = attached ? trim_copy(t.substr(1)) : t;
    if (const auto lead = shape::war_room_leader_line(body)) {
      if (attached) {
        r.refuse(n, raw, "a warcaster/warlock line cannot be indented");
        continue;
      }
      if (r.cost_ok(n, raw, lead->bonus))
        r.leader(std::string(lead->name), number(lead->bonus, 4),
                 lead->warbeasts ? EntryKind::warbeast : EntryKind::warjack);
      header = false;
      continue;
    }
    if (const auto entry = shape::war_room_cost_line(body)) {
      if (r.cost_ok(n, raw, entry->cost))
        r.entry(n, raw, std::string(entry->name), number(entry->cost, 4), attached, std::nullopt);
      header = false;
      continue;
    }
    if (const auto unit = shape::war_room_unit_line(body)) {
      if (r.cost_ok(n, raw, unit->cost))
        r.entry(n, raw, std::string(unit->name), number(unit->cost, 4), attached, models_in(unit->models));
      header = false;
      continue;
    }
    // "Faction - List name" (Mercenaries/Minions: "Faction - Contract - List name") before any entry.
    if (header && !named && body.find(" - ") != std::string::npos) {
      const auto first = body.find(" - "), last = body.rfind(" - ");
      r.out.faction = body.substr(0, first);
      r.out.title = body.substr(last + 3);
      if (first != last) r.out.theme = body.substr(first + 3, last - first - 3);
      named = true;
      continue;
    }
    if (attached && body.find(':') == std::string::npos) {
      r.free_model(n, raw, body);
      continue;
    }
    if (body.find(':') != std::string::npos) {
      r.refuse(n, raw, "the cost after ':' must be a whole number (e.g. 'Name - PC: 4')");
      continue;
    }
    r.refuse(n, raw,
             "not a War Room line: entries read 'Name - PC: 4', units 'Name - Leader & 9 Grunts: 8', the "
             "warcaster/warlock 'Name - WJ: +28' or 'Name - WB: +28'");
  }
}

void read_conflict_chamber(const std::vector<std::string>& lines, Reader& r) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int n = static_cast<int>(i) + 1;
    const std::string& raw = lines[i];
    if (too_long(r, n, raw)) continue;
    const std::string t = trim_copy(raw);
    if (t.empty()) continue;
    if (const auto head = shape::cc_header_line(t)) {
      r.out.faction = std::string(head->faction);
      r.out.points = number(head->points, 6);
      r.out.max_points = number(head->max_points, 6);
      continue;
    }
    if (const auto theme = shape::cc_theme_line(t)) {
      r.out.theme = trim_copy(*theme);
      continue;
    }
    if (starts_with_ci(t, "Theme:")) {
      r.out.theme = trim_copy(t.substr(6));
      continue;
    }
    const bool attached = t.front() == '-';
    const std::string body = attached ? trim_copy(t.substr(1)) : t;
    const auto entry = shape::cc_entry_line(body);
    if (!entry) {
      r.refuse(n, raw,
               "not a Conflict Chamber line: entries read 'Name [4]', the warcaster/warlock 'Name [+28]', "
               "attached entries start with '-'");
      continue;
    }
    if (!r.cost_ok(n, raw, entry->cost)) continue;
    const int cost = number(entry->cost, 4);
    const std::string name = trim_copy(entry->name);
    if (entry->leader) {
      if (attached)
        r.refuse(n, raw, "a warcaster/warlock line cannot be indented");
      else
        r.leader(name, cost, std::nullopt);
      continue;
    }
    r.entry(n, raw, name, cost, attached,
            shape::cc_unit_name(name) ? std::optional<int>(models_in(name)) : std::nullopt);
  }
}

void read_json(std::string_view text, Reader& r) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return r.refuse(0, "", "starts with '{' but is not valid JSON");
  auto l = list_from_json(j, "list");
  if (!l) return r.refuse(0, "", l.error().field + ": " + l.error().message);
  r.out.list = *l;
  if (j.contains("faction") && j.at("faction").is_string())
    r.out.faction = j.at("faction").get<std::string>();
  if (j.contains("title") && j.at("title").is_string()) r.out.title = j.at("title").get<std::string>();
  r.leader_kind_known = true;
}

}  // namespace

ListImport import_list(std::string_view text) {
  if (text.size() > kMaxListTextBytes)
    return {std::nullopt,
            {{0, "",
              "is " + std::to_string(text.size()) + " bytes; a pasted list is at most " +
                  std::to_string(kMaxListTextBytes) + " bytes (a whole army builder export is 1-3 KB)",
              "text"}}};
  Reader r;
  const std::vector<std::string> lines = split_lines(text);
  auto first =
      std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return !trim_copy(l).empty(); });
  if (first == lines.end())
    return {std::nullopt, {{0, "", "the list is empty: paste the text your army builder exports", {}}}};
  const std::string head = trim_copy(*first);
  if (head.front() == '{') {
    r.out.format = "JSON";
    read_json(text, r);
  } else if (head == "War Room Army") {
    r.out.format = "War Room";
    read_war_room(lines, r);
  } else if (shape::cc_header_line(head) || std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
               return shape::ends_in_cc_leader_cost(l);
             })) {
    r.out.format = "Conflict Chamber";
    read_conflict_chamber(lines, r);
  } else {
    return {std::nullopt,
            {{static_cast<int>(first - lines.begin()) + 1,
              *first,
              "not a list this program reads: War Room's text export starts with 'War Room Army', Conflict "
              "Chamber's with 'Faction Army - 75 / 75 pts', the JSON with '{'",
              {}}}};
  }
  r.finish();
  ListImport out;
  out.problems = std::move(r.problems);
  if (out.problems.empty()) out.list = std::move(r.out);
  return out;
}

Error to_error(const ListImport& r, const std::string& where) {
  Error e;
  e.kind = ErrorKind::invalid;
  const LineProblem& first = r.problems.front();
  e.field = !first.field.empty() ? first.field
            : first.line         ? where + ", line " + std::to_string(first.line)
                                 : where;
  e.rule = "army list import (War Room text export, Conflict Chamber text, JSON)";
  std::string msg;
  const std::size_t named = std::min(r.problems.size(), kNamedLines);
  for (std::size_t i = 0; i < named; ++i) {
    const LineProblem& p = r.problems[i];
    if (!msg.empty()) msg += "; ";
    msg += p.line ? "line " + std::to_string(p.line) + " '" + quoted_part(trim_copy(p.text), kQuoted) +
                        "': " + p.reason
                  : p.reason;
  }
  if (named < r.problems.size()) msg += "; and " + std::to_string(r.problems.size() - named) + " more";
  e.message = std::to_string(r.problems.size()) +
              (r.problems.size() == 1 ? " line refused" : " lines refused") + ", nothing imported: " + msg;
  if (r.problems.size() == 1 && !first.line) e.message = first.reason + "; nothing imported";
  return e;
}

}  // namespace gauntlet
