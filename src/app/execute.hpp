// The one entry point for changes: a command, who asks, and the policies every face shares.
//
//   Result<app::Accepted> a = app::execute(session, RecordResult{...}, app::Caller::organizer());
//   a = app::execute(session, ReportResult{2, 5, "", results, ending}, app::Caller::player("p7"));
//   // the reporter is the caller, never the request; another table -> ErrorKind::forbidden
//
// Policies applied here, for the CLI and the HTTP API alike:
// - a player may only report or confirm (or dispute) the result of their own table;
// - a pairing the EO made or edited goes through vet_pairing (override with a reason for a hard
//   rule broken on purpose); publish_automatic publishes the pairer's own proposal;
// - an event is created with create_event, never by a command.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/pairing.hpp"
#include "journal/session.hpp"

namespace gauntlet::app {

struct Caller {
  bool eo = false;
  PlayerId player;    // a player, when !eo and no judge
  std::string judge;  // a judge login the EO made (issue 11): clock rulings only
  static Caller organizer() { return Caller{true, "", ""}; }
  static Caller as_player(PlayerId id) { return Caller{false, std::move(id), ""}; }
  static Caller as_judge(std::string name) { return Caller{false, "", std::move(name)}; }
  bool is_judge() const { return !eo && !judge.empty(); }
  // Who a clock action is by: "EO", "judge:<name>" or the player's id.
  std::string clock_name() const { return eo ? "EO" : is_judge() ? "judge:" + judge : player; }
};

struct Accepted {
  std::int64_t seq = 0;
  Command command;  // as resolved and journaled
  // What the rules ask that the command leaves undone, each quoting its rule (SR2017 "Prizes": an
  // award players enter without its category). Every face shows them: the CLI on stderr, the API as
  // "warnings", the console beside its confirmation.
  std::vector<std::string> warnings;
};

// `proposed_with`: for a pair-round, the pairer options the EO proposed it with (console and CLI).
Result<Accepted> execute(EventSession& session, Command command, const Caller& caller,
                         const SwissPairerOptions& proposed_with = {});
// Commands of many callers, committed together (the server's group commit, issue 15 point 4): the
// same policies as execute(), each command its own answer, a refusal not stopping the others.
// Clock actions, start-round and pair-round (they read the time, or are vetted against the state)
// are refused here: they go through execute() alone.
struct Request {
  Command command;
  Caller caller;
};
std::vector<Result<Accepted>> execute_each(EventSession& session, std::vector<Request> requests);
// Several EO commands as one unit: all written, or none (the first refusal).
Result<Accepted> execute_all(EventSession& session, std::vector<Command> commands);
// A table's result as a client saw it (the pairings' "result").
struct ShownResult {
  std::array<GameResult, 2> results;
  Ending ending = Ending::scenario;
};
// The EO's result for a table, replacing `replaces` (what their page showed; nullopt: no result).
// Two tabs (issue 10): when the table's result changed meanwhile, nothing is written and the answer
// is a conflict, so the EO sees both and keeps or overwrites; current_result() says what it is now.
Result<Accepted> replace_result(EventSession& session, RecordResult command,
                                const std::optional<ShownResult>& replaces);
// The result a table holds now (round 0: the latest round); nullopt when none or no such table.
std::optional<ShownResult> current_result(const EventState& state, int round, int table);

// The automatic pairing of the next round (with the pairer's options), published as proposed.
Result<Accepted> publish_automatic(EventSession& session, const SwissPairerOptions& options,
                                   const std::string& scenario, Proposal* proposed = nullptr);

}  // namespace gauntlet::app
