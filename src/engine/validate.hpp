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
// Awards and blind votes (awards.cpp), and their apply().
Result<Command> decide_define_award(const EventState& s, DefineAward c);
Result<Command> decide_enter_award(const EventState& s, EnterAward c);
Result<Command> decide_open_vote(const EventState& s, OpenVote c);
Result<Command> decide_cast_vote(const EventState& s, CastVote c);
Result<Command> decide_close_vote(const EventState& s, CloseVote c);
Result<Command> decide_decide_award(const EventState& s, DecideAward c);
Result<Command> decide_reveal_awards(const EventState& s, RevealAwards c);
void apply_award(EventState& s, const DefineAward& c);
void apply_award(EventState& s, const EnterAward& c);
void apply_award(EventState& s, const OpenVote& c);
void apply_award(EventState& s, const CastVote& c);
void apply_award(EventState& s, const CloseVote& c);
void apply_award(EventState& s, const DecideAward& c);
void apply_award(EventState& s, const RevealAwards& c);

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
