#include "model/commands.hpp"

#include <array>
#include <utility>

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
    std::string_view operator()(const ReviewLists&) const { return "review-lists"; }
    std::string_view operator()(const PublishLists&) const { return "publish-lists"; }
    std::string_view operator()(const StartRound&) const { return "start-round"; }
    std::string_view operator()(const ClockAction&) const { return "clock"; }
    std::string_view operator()(const DefineAward&) const { return "define-award"; }
    std::string_view operator()(const EnterAward&) const { return "enter-award"; }
    std::string_view operator()(const OpenVote&) const { return "open-vote"; }
    std::string_view operator()(const CastVote&) const { return "cast-vote"; }
    std::string_view operator()(const CloseVote&) const { return "close-vote"; }
    std::string_view operator()(const DecideAward&) const { return "decide-award"; }
    std::string_view operator()(const RevealAwards&) const { return "reveal-awards"; }
  };
  return std::visit(Name{}, c);
}

bool is_award_command(const Command& c) {
  return std::holds_alternative<DefineAward>(c) || std::holds_alternative<EnterAward>(c) ||
         std::holds_alternative<OpenVote>(c) || std::holds_alternative<CastVote>(c) ||
         std::holds_alternative<CloseVote>(c) || std::holds_alternative<DecideAward>(c) ||
         std::holds_alternative<RevealAwards>(c);
}

namespace {
constexpr std::array<std::pair<ClockActionKind, std::string_view>, 9> kClockActions = {{
    {ClockActionKind::start, "start"},
    {ClockActionKind::pass, "pass"},
    {ClockActionKind::switch_over, "switch"},
    {ClockActionKind::pause, "pause"},
    {ClockActionKind::resume, "resume"},
    {ClockActionKind::adjust, "adjust"},
    {ClockActionKind::extension, "extension"},
    {ClockActionKind::flag, "flag"},
    {ClockActionKind::time_up, "time-up"},
}};
}  // namespace

const char* to_string(ClockActionKind k) {
  for (const auto& [kind, name] : kClockActions)
    if (kind == k) return name.data();
  return "?";
}

std::optional<ClockActionKind> parse_clock_action(std::string_view s) {
  for (const auto& [kind, name] : kClockActions)
    if (name == s) return kind;
  return std::nullopt;
}

}  // namespace gauntlet
