#include "standings/ladder.hpp"

#include <stdexcept>

namespace gauntlet::standings_detail {

namespace {

Criterion criterion_of(const std::string& key) {
  using enum Criterion;
  if (key == "tp") return tp;
  if (key == "sos") return sos;
  if (key == "cp") return cp;
  if (key == "ap") return ap;
  if (key == "assassinations") return assassinations;
  throw std::logic_error("unknown standings criterion " + key);  // validated when editions load
}

}  // namespace

Ladder ladder_for(const EventConfig& config, const Edition& edition) {
  Ladder ladder;
  // SR2014 appendix "Large-Event Scoring" only changes how SoS is counted; the ladder is kept.
  ladder.large_event_sos = config.has_variant("large-event-scoring");
  // One final-standings ladder per event: event setup refuses combinations (edition data
  // "constraints", e.g. Finals Tables "cannot be combined with any other final standings variant").
  // The ladders themselves are edition data (src/editions/data/*.json "standings_ladders"):
  // e.g. SR2017 Destruction Scoring ranks on army points alone, SR2014's breaks TP ties with them.
  std::string chosen = "baseline";
  for (const char* key :
       {"finals-tables", "assassin-scoring", "control-point-scoring", "destruction-scoring"})
    if (config.has_variant(key) && edition.standings_ladders.count(key)) {
      chosen = key;
      break;
    }
  ladder.finals_tables = chosen == "finals-tables";
  if (chosen != "baseline") ladder.variant = chosen;
  auto criteria = [&](const std::string& name) {
    std::vector<Criterion> keys;
    for (const std::string& k : edition.standings_ladders.at(name)) keys.push_back(criterion_of(k));
    return keys;
  };
  // SR2017 "Finals Tables": the EO pairs "the current top four players" (ranked as usual), and
  // "Standings beyond third place are calculated using strength of schedule, followed by
  // control points" once the finals are played.
  ladder.keys = criteria(ladder.finals_tables ? "baseline" : chosen);
  if (ladder.finals_tables) ladder.after_finals = criteria(chosen);
  return ladder;
}

const char* key_of(Criterion c) {
  switch (c) {
    case Criterion::tp:
      return "tp";
    case Criterion::sos:
      return "sos";
    case Criterion::cp:
      return "cp";
    case Criterion::ap:
      return "ap";
    case Criterion::assassinations:
      return "assassinations";
  }
  return "?";
}

std::vector<std::string> key_names(const std::vector<Criterion>& keys) {
  std::vector<std::string> names;
  for (Criterion c : keys) names.emplace_back(key_of(c));
  return names;
}

namespace {

template <class T>
int three_way_desc(const T& a, const T& b) {  // higher value ranks above
  if (a == b) return 0;
  return a > b ? -1 : 1;
}

// SoS is a whole number but under Large-Event Scoring: compared as such, without boost::rational's
// continued-fraction comparison (issue 16: a sort of 100 000 rows compares SoS two million times).
int three_way_desc(const Fraction& a, const Fraction& b) {
  if (a.denominator() == 1 && b.denominator() == 1) return three_way_desc(a.numerator(), b.numerator());
  if (a == b) return 0;
  return a > b ? -1 : 1;
}

}  // namespace

int compare_on(const StandingRow& a, const StandingRow& b, const std::vector<Criterion>& keys) {
  for (Criterion c : keys) {
    int r = 0;
    switch (c) {
      case Criterion::tp:
        r = three_way_desc(a.tp, b.tp);
        break;
      case Criterion::sos:
        r = three_way_desc(a.sos, b.sos);
        break;
      case Criterion::cp:
        r = three_way_desc(a.cp, b.cp);
        break;
      case Criterion::ap:
        r = three_way_desc(a.ap, b.ap);
        break;
      case Criterion::assassinations:
        r = three_way_desc(a.assassinations, b.assassinations);
        break;
    }
    if (r != 0) return r;
  }
  return 0;
}

}  // namespace gauntlet::standings_detail

namespace gauntlet {

int compare_on(const StandingRow& a, const StandingRow& b, const std::vector<std::string>& criteria) {
  using standings_detail::Criterion;
  std::vector<Criterion> keys;
  for (const std::string& k : criteria) {
    if (k == "tp")
      keys.push_back(Criterion::tp);
    else if (k == "sos")
      keys.push_back(Criterion::sos);
    else if (k == "cp")
      keys.push_back(Criterion::cp);
    else if (k == "ap")
      keys.push_back(Criterion::ap);
    else if (k == "assassinations")
      keys.push_back(Criterion::assassinations);
    else
      throw std::invalid_argument("unknown standings criterion: " + k);
  }
  return standings_detail::compare_on(a, b, keys);
}

bool id_less(std::string_view a, std::string_view b) {
  // Natural order: digit runs compare by value ("p2" < "p10"); other characters byte-wise.
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && digit(a[ie])) ++ie;
      while (je < b.size() && digit(b[je])) ++je;
      std::string_view da = a.substr(i, ie - i), db = b.substr(j, je - j);
      while (da.size() > 1 && da.front() == '0') da.remove_prefix(1);
      while (db.size() > 1 && db.front() == '0') db.remove_prefix(1);
      if (da.size() != db.size()) return da.size() < db.size();
      if (da != db) return da < db;
      i = ie, j = je;
    } else {
      if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
      ++i, ++j;
    }
  }
  if ((a.size() - i) != (b.size() - j)) return (a.size() - i) < (b.size() - j);
  return a < b;  // equal by value ("p01" vs "p1"): plain order keeps it total
}

}  // namespace gauntlet
