#include "armylists/line_shapes.hpp"

#include <cstddef>

namespace gauntlet::list_shapes {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
// A word character as the regex's \b saw it (ASCII letters, digits, '_').
bool is_word(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool same_ci(std::string_view a, std::string_view lowercase) {
  if (a.size() != lowercase.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lowercase[i]) return false;
  return true;
}

// What is left of a line between a front and a back that only move towards each other: every step
// reads the characters it passes once, so a scan never costs more than the line's length.
class Scan {
 public:
  explicit Scan(std::string_view s) : s_(s) {}
  std::string_view rest() const { return s_; }
  bool empty() const { return s_.empty(); }

  std::size_t spaces() {
    std::size_t n = 0;
    while (n < s_.size() && is_space(s_[n])) ++n;
    s_.remove_prefix(n);
    return n;
  }
  std::size_t spaces_back() {
    std::size_t n = 0;
    while (n < s_.size() && is_space(s_[s_.size() - 1 - n])) ++n;
    s_.remove_suffix(n);
    return n;
  }
  std::string_view digits() {
    std::size_t n = 0;
    while (n < s_.size() && is_digit(s_[n])) ++n;
    const std::string_view d = s_.substr(0, n);
    s_.remove_prefix(n);
    return d;
  }
  std::string_view digits_back() {
    std::size_t n = 0;
    while (n < s_.size() && is_digit(s_[s_.size() - 1 - n])) ++n;
    const std::string_view d = s_.substr(s_.size() - n);
    s_.remove_suffix(n);
    return d;
  }
  // `word` at the front (at the back), taken when there; `lowercase` words match any case.
  bool word(std::string_view w) { return take(s_.substr(0, w.size()) == w, w.size(), true); }
  bool word_ci(std::string_view lowercase) {
    return take(same_ci(s_.substr(0, lowercase.size()), lowercase), lowercase.size(), true);
  }
  bool word_back(std::string_view w) {
    return take(s_.size() >= w.size() && s_.substr(s_.size() - w.size()) == w, w.size(), false);
  }

 private:
  bool take(bool matched, std::size_t n, bool front) {
    if (matched) front ? s_.remove_prefix(n) : s_.remove_suffix(n);
    return matched;
  }
  std::string_view s_;
};

// The first place in `line`, at or after `from` (and after at least one character), where a run of
// spaces is followed by what `tail` reads; returns where the run starts (the name before it is
// then the shortest that works, as the regex's lazy "(.+?)\s+" took it), or npos. Each try starts at
// a run of spaces and the next one after that run, so the line is read about once whatever `tail`
// reads, as long as `tail` reads no further than the shape it looks for.
template <class Tail>
std::size_t split_at_spaces(std::string_view line, std::size_t from, Tail&& tail) {
  std::size_t k = from < 1 ? 1 : from;
  while (k < line.size()) {
    if (!is_space(line[k])) {
      ++k;
      continue;
    }
    Scan s(line.substr(k));
    const std::size_t run = s.spaces();
    if (tail(s)) return k;
    k += run;
  }
  return std::string_view::npos;
}

}  // namespace

std::optional<PointsLine> war_room_points_line(std::string_view line) {
  Scan s(line);
  const std::string_view points = s.digits();
  if (points.empty()) return std::nullopt;
  s.spaces();
  if (!s.word("/")) return std::nullopt;
  s.spaces();
  const std::string_view max = s.digits();
  if (max.empty() || (!s.empty() && is_word(s.rest().front()))) return std::nullopt;
  return PointsLine{points, max};
}

std::optional<LeaderLine> war_room_leader_line(std::string_view line) {
  Scan s(line);
  const std::string_view bonus = s.digits_back();
  if (bonus.empty() || !s.word_back("+")) return std::nullopt;
  s.spaces_back();
  if (!s.word_back(":")) return std::nullopt;
  const bool warbeasts = s.word_back("WB");
  if (!warbeasts && !s.word_back("WJ")) return std::nullopt;
  if (s.spaces_back() == 0 || !s.word_back("-") || s.spaces_back() == 0 || s.empty()) return std::nullopt;
  return LeaderLine{s.rest(), bonus, warbeasts};
}

std::optional<CostLine> war_room_cost_line(std::string_view line) {
  Scan s(line);
  // War Room's battlegroup note after the cost: "(Battlegroup Points Used: 19)".
  Scan note = s;
  if (note.word_back(")") && !note.digits_back().empty()) {
    note.spaces_back();
    if (note.word_back("(Battlegroup Points Used:")) {
      note.spaces_back();
      s = note;
    }
  }
  const std::string_view cost = s.digits_back();
  if (cost.empty()) return std::nullopt;
  s.spaces_back();
  if (!s.word_back("PC:") || s.spaces_back() == 0 || !s.word_back("-") || s.spaces_back() == 0 || s.empty())
    return std::nullopt;
  return CostLine{s.rest(), cost};
}

std::optional<UnitLine> war_room_unit_line(std::string_view line) {
  const std::size_t colon = line.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  Scan after(line.substr(colon + 1));
  after.spaces();
  const std::string_view cost = after.digits();
  if (cost.empty() || !after.empty()) return std::nullopt;
  // The models between " - " and the cost hold no ':', so the name runs at least to the last
  // other ':'.
  const std::string_view head = line.substr(0, colon);
  const std::size_t inner = head.rfind(':');
  std::string_view models;
  const std::size_t name =
      split_at_spaces(head, inner == std::string_view::npos ? 0 : inner + 1, [&](Scan& s) {
        if (!s.word("-") || s.spaces() == 0 || s.empty()) return false;
        models = s.rest();
        return true;
      });
  if (name == std::string_view::npos) return std::nullopt;
  return UnitLine{head.substr(0, name), models, cost};
}

std::optional<std::string_view> war_room_mark(std::string_view line) {
  const std::size_t open = line.find("<!");
  if (open == std::string_view::npos) return std::nullopt;
  const std::size_t close = line.find("!>", open + 2);
  if (close == std::string_view::npos) return std::nullopt;
  Scan s(line.substr(open + 2, close - open - 2));
  s.spaces();
  s.spaces_back();
  return s.rest();
}

std::optional<CcHeader> cc_header_line(std::string_view line) {
  CcHeader h;
  const std::size_t name = split_at_spaces(line, 0, [&](Scan& s) {
    if (!s.word_ci("army")) return false;
    s.spaces();
    if (!s.word("-")) return false;
    s.spaces();
    h.points = s.digits();
    if (h.points.empty()) return false;
    s.spaces();
    if (!s.word("/")) return false;
    s.spaces();
    h.max_points = s.digits();
    if (h.max_points.empty()) return false;
    s.spaces();
    return s.word_ci("pts");
  });
  if (name == std::string_view::npos) return std::nullopt;
  h.faction = line.substr(0, name);
  return h;
}

std::optional<std::string_view> cc_theme_line(std::string_view line) {
  Scan s(line);
  if (!s.word_ci("[theme]")) return std::nullopt;
  s.spaces();
  if (s.empty()) return std::nullopt;
  return s.rest();
}

std::optional<CcEntry> cc_entry_line(std::string_view line) {
  Scan s(line);
  if (!s.word_back("]")) return std::nullopt;
  CcEntry e;
  e.cost = s.digits_back();
  if (e.cost.empty()) return std::nullopt;
  e.leader = s.word_back("+");
  if (!s.word_back("[")) return std::nullopt;
  s.spaces_back();
  std::string_view name = s.rest();
  // "(Warcaster) Name": the label up to the first ')' goes, unless nothing would be left of the name.
  if (!name.empty() && name.front() == '(') {
    const std::size_t close = name.find(')');
    if (close != std::string_view::npos) {
      Scan after(name.substr(close + 1));
      after.spaces();
      if (!after.empty()) name = after.rest();
    }
  }
  if (name.empty()) return std::nullopt;
  e.name = name;
  return e;
}

bool ends_in_cc_leader_cost(std::string_view line) {
  Scan s(line);
  s.spaces_back();
  return s.word_back("]") && !s.digits_back().empty() && s.word_back("+") && s.word_back("[");
}

bool cc_unit_name(std::string_view name) {
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '(') {
      Scan s(name.substr(i + 1));
      if ((s.word_ci("min") || s.word_ci("max") || !s.digits().empty()) && s.word(")")) return true;
    } else if (same_ci(name.substr(i, 6), "grunts")) {
      return true;
    }
  }
  return false;
}

std::optional<std::string_view> grunts_in(std::string_view descriptor) {
  for (std::size_t i = 0; i < descriptor.size(); ++i) {
    Scan s(descriptor.substr(i));
    if (!s.word_ci("leader") && !s.word_ci("officer")) continue;
    s.spaces();
    if (!s.word("&") && !s.word_ci("and")) continue;
    s.spaces();
    const std::string_view n = s.digits();
    if (!n.empty() && s.spaces() > 0 && s.word_ci("grunt")) return n;
  }
  return std::nullopt;
}

bool has_word_and(std::string_view descriptor) {
  for (std::size_t i = 0; i + 3 <= descriptor.size(); ++i)
    if (same_ci(descriptor.substr(i, 3), "and") && (i == 0 || !is_word(descriptor[i - 1])) &&
        (i + 3 == descriptor.size() || !is_word(descriptor[i + 3])))
      return true;
  return false;
}

}  // namespace gauntlet::list_shapes
