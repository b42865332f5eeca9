#include "model/commands.hpp"

namespace gauntlet {

std::string_view command_name(const Command& c) {
  struct Name {
    std::string_view operator()(const CreateEvent&) const { return "create-event"; }
    std::string_view operator()(const ConfigureEvent&) const { return "configure-event"; }
    std::string_view operator()(const AddPlayer&) const { return "add-player"; }
    std::string_view operator()(const EditPlayer&) const { return "edit-player"; }
    std::string_view operator()(const SetPlayerStatus&) const { return "set-player-status"; }
    std::string_view operator()(const SetList&) const { return "set-list"; }
    std::string_view operator()(const RemoveList&) const { return "remove-list"; }
    std::string_view operator()(const PairRound&) const { return "pair-round"; }
    std::string_view operator()(const RecordResult&) const { return "record-result"; }
    std::string_view operator()(const ReportResult&) const { return "report-result"; }
    std::string_view operator()(const ConfirmResult&) const { return "confirm-result"; }
    std::string_view operator()(const CloseRound&) const { return "close-round"; }
    std::string_view operator()(const SetRounds&) const { return "set-rounds"; }
  };
  return std::visit(Name{}, c);
}

}  // namespace gauntlet
