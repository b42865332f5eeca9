#include "app/print_parts.hpp"

#include <fmt/format.h>

#include "core/text.hpp"
#include "model/rounds.hpp"

namespace gauntlet::app {

paper::Document document(const EventState& s, const std::string& title, const std::string& extra) {
  const EventConfig& c = s.config;
  std::string sub = c.name;
  for (const std::string& part :
       {c.start_date, c.edition, c.points ? fmt::format("{} points", c.points) : "", extra})
    if (!part.empty()) sub += " · " + part;
  return {title, sub, {}};
}

std::string name_of(const EventState& s, const PlayerId& id) {
  const Player* p = s.find_player(id);
  return p ? p->name : id;
}

std::string scenario_line(const EventState& s, const Round& r) {
  return "Scenario: " + (r.scenario.empty() ? "not announced" : scenario_name(s, r.scenario));
}

std::map<PlayerId, PlayerRecord> records_by_player(const EventState& s) {
  std::map<PlayerId, PlayerRecord> out;
  for (PlayerRecord& r : player_records(s)) out.emplace(r.id, std::move(r));
  return out;
}

std::string result_word(const EventState& s, Outcome o) {
  if (o == Outcome::win) return "W";
  if (o == Outcome::loss) return "L";
  // The sheet's marks end with the tie's letter: "W / L / T", SR2013 "W / L / D".
  const std::string& marks = edition_of(s).record_sheet.result_marks;
  return marks.empty() ? "T" : std::string(1, marks.back());
}

Result<const Round*> round_to_print(const EventState& s, std::optional<int> number) {
  if (s.rounds.empty())
    return fail(ErrorKind::precondition, "round", "", "no round is paired yet: pair round 1 first");
  if (!number) return &s.rounds.back();
  if (*number < 1 || *number > static_cast<int>(s.rounds.size()))
    return fail(ErrorKind::not_found, "round", "",
                fmt::format("round {} is not paired (rounds 1 to {} are)", *number, s.rounds.size()));
  return &s.rounds[static_cast<std::size_t>(*number - 1)];
}

EventState through_round(const EventState& s, int number) {
  EventState copy = s;
  copy.rounds.resize(static_cast<std::size_t>(number));
  if (copy.cut && copy.cut->after_round >= number) copy.cut.reset();
  return copy;
}

}  // namespace gauntlet::app
