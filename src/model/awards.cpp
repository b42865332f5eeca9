#include "model/awards.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace gauntlet {

namespace {

constexpr std::array<std::pair<AwardMethod, std::string_view>, 3> kMethods = {{
    {AwardMethod::choice, "choice"},
    {AwardMethod::vote, "vote"},
    {AwardMethod::computed, "computed"},
}};

constexpr std::array<std::pair<AwardMetric, std::string_view>, 5> kMetrics = {{
    {AwardMetric::none, "none"},
    {AwardMetric::assassinations, "assassinations"},
    {AwardMetric::army_points, "army-points"},
    {AwardMetric::control_points, "control-points"},
    {AwardMetric::scenario_wins, "scenario-wins"},
}};

template <class Table, class T>
const char* name_in(const Table& table, T value) {
  for (const auto& [v, name] : table)
    if (v == value) return name.data();
  return "?";
}

template <class T, class Table>
std::optional<T> parse_in(const Table& table, std::string_view s) {
  for (const auto& [v, name] : table)
    if (name == s) return v;
  return std::nullopt;
}

}  // namespace

bool Ballot::has_voted(std::string_view player) const {
  return std::any_of(votes.begin(), votes.end(), [&](const SealedVote& v) { return v.voter == player; });
}

std::vector<PlayerId> Ballot::leaders() const {
  std::vector<PlayerId> out;
  if (!tally) return out;
  int best = -1;
  for (const PlayerId& c : candidates) {
    const auto it = tally->find(c);
    const int n = it == tally->end() ? 0 : it->second;
    if (n > best) out.clear(), best = n;
    if (n == best) out.push_back(c);
  }
  return out;
}

const Ballot* Award::open_ballot() const {
  return !ballots.empty() && ballots.back().open() ? &ballots.back() : nullptr;
}

const AwardEntry* Award::entry_of(std::string_view player) const {
  for (const AwardEntry& e : entries)
    if (e.player == player) return &e;
  return nullptr;
}

const char* to_string(AwardMethod m) {
  return name_in(kMethods, m);
}
const char* to_string(AwardMetric m) {
  return name_in(kMetrics, m);
}
std::optional<AwardMethod> parse_award_method(std::string_view s) {
  return parse_in<AwardMethod>(kMethods, s);
}
std::optional<AwardMetric> parse_award_metric(std::string_view s) {
  return parse_in<AwardMetric>(kMetrics, s);
}

std::string award_key_of(std::string_view name) {
  std::string key;
  for (char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c))
      key += static_cast<char>(std::tolower(c));
    else if (!key.empty() && key.back() != '-')
      key += '-';
  }
  while (!key.empty() && key.back() == '-') key.pop_back();
  return key;
}

}  // namespace gauntlet
