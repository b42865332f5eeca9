// What the printouts share (app/print.cpp, app/print_sheets.cpp): the document head, names,
// scenario lines, the round a request means, and the record sheets' builder.
#pragma once

#include <map>
#include <string>

#include "app/print.hpp"
#include "model/records.hpp"

namespace gauntlet::app {

// A document titled `title`, its subtitle the event's name, date, edition, points and `extra`.
paper::Document document(const EventState& s, const std::string& title, const std::string& extra);
std::string name_of(const EventState& s, const PlayerId& id);
// "Scenario: The Pit II" or "Scenario: not announced".
std::string scenario_line(const EventState& s, const Round& r);
// Each player's record (model/records.hpp), by id.
std::map<PlayerId, PlayerRecord> records_by_player(const EventState& s);
// "W", "L" or the edition's word for a tie on its sheet ("T"; SR2013 "D").
std::string result_word(const EventState& s, Outcome o);
// The round `number` names (default the latest), or an error naming "round".
Result<const Round*> round_to_print(const EventState& s, std::optional<int> number);
// The event as it stood when round `number` closed: later rounds left out.
EventState through_round(const EventState& s, int number);

paper::Document record_sheets(const EventState& s);

}  // namespace gauntlet::app
