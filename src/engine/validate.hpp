// decide() for each command kind, split by topic (setup.cpp, rounds.cpp's neighbours).
// Internal to the event module: use decide() from event/engine.hpp.
#pragma once

#include "core/error.hpp"
#include "editions/edition.hpp"
#include "model/commands.hpp"

namespace gauntlet::detail {

Result<Command> decide_create(const EventState& s, CreateEvent c);
Result<Command> decide_configure(const EventState& s, ConfigureEvent c);
Result<Command> decide_add_player(const EventState& s, AddPlayer c);
Result<Command> decide_edit_player(const EventState& s, EditPlayer c);
Result<Command> decide_status(const EventState& s, SetPlayerStatus c);
Result<Command> decide_set_list(const EventState& s, SetList c);
Result<Command> decide_remove_list(const EventState& s, RemoveList c);
Result<Command> decide_pair(const EventState& s, PairRound c);
Result<Command> decide_result(const EventState& s, RecordResult c);
Result<Command> decide_close(const EventState& s, CloseRound c);
Result<Command> decide_report(const EventState& s, ReportResult c);
Result<Command> decide_confirm(const EventState& s, ConfirmResult c);
Result<Command> decide_set_rounds(const EventState& s, SetRounds c);
Result<Command> decide_review_lists(const EventState& s, ReviewLists c);  // list_review.cpp
Result<Command> decide_publish_lists(const EventState& s, PublishLists c);

// Shared checks.
Result<void> check_coverage(const EventState& s, int round, PairRound& c);
Result<const Player*> require_player(const EventState& s, std::string_view id, const std::string& field);
// The scenario `asked` names, if this event may play it: a Rumble event only Rumble scenarios, any
// other event none of them (SR2017 "Rumble"). Errors name `field`.
Result<const Scenario*> scenario_for_event(const EventConfig& c, const Edition& e, const std::string& asked,
                                           const std::string& field);
Result<void> check_list(const EventState& s, const Player& p, const ArmyList& list, int index,
                        const std::string& field);

}  // namespace gauntlet::detail
