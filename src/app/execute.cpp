#include "app/execute.hpp"

#include "app/clock.hpp"
#include "app/table_clock.hpp"
#include "engine/awards.hpp"
#include "engine/list_plays.hpp"

namespace gauntlet::app {

std::vector<Finding> findings_after(const EventState& state, const Command& command) {
  std::vector<Finding> out;
  // The EO approves what the program cannot check; a list the player never registered is
  // something it can: said at the approval, which still stands (the player may bring it).
  if (const auto* review = std::get_if<ReviewLists>(&command); review && review->approved)
    if (const Player* p = state.find_player(review->id))
      if (auto missing = lists_missing(state, *p))
        out.push_back({"lists-missing", false, {p->id}, 0, missing->text});
  // SR2017/SR2023 "Prizes": an award players enter needs a category announced in advance; the
  // definition stands (the EO may have announced it elsewhere), and the EO hears what is missing.
  if (const auto* award = std::get_if<DefineAward>(&command))
    for (std::string& w : award_warnings(state, *award))
      out.push_back({"award-category", false, {}, 0, std::move(w)});
  return out;
}

namespace {

// What a player may ask for: their own table's report or confirmation, their own lists, as themselves. The
// engine then refuses another table (forbidden) or one that does not exist (not found).
Result<Command> as_player(Command command, const PlayerId& player) {
  if (auto* r = std::get_if<ReportResult>(&command)) {
    r->reporter = player;
    return command;
  }
  if (auto* c = std::get_if<ConfirmResult>(&command)) {
    c->by = player;
    return command;
  }
  // A player enters an award themselves (Best Painted, with their photo) or withdraws their entry.
  if (auto* e = std::get_if<EnterAward>(&command)) {
    if (e->player.empty()) e->player = player;
    if (e->player != player)
      return fail(ErrorKind::forbidden, "player", "role", "a player enters an award for themselves only");
    return command;
  }
  // A player registers their own lists (issue 13: "players paste on their phone"); the engine locks
  // them when the event starts, as for the EO.
  if (auto* l = std::get_if<SetList>(&command)) {
    if (l->id != player)
      return fail(ErrorKind::forbidden, "player", "role", "a player sets their own lists only");
    return command;
  }
  return fail(ErrorKind::forbidden, "type", "role", "only the EO may do this");
}

Result<Accepted> accepted(EventSession& session, Result<std::int64_t> seq) {
  if (!seq) return tl::unexpected(seq.error());
  const Command& done = *session.journal().back().command;
  return Accepted{*seq, done, findings_after(session.state(), done)};
}

// The entry `seq` of the journal's latest ones (a group's entries are at its end).
const Command& journaled(const EventSession& session, std::int64_t seq) {
  const auto& journal = session.journal();
  return *journal[journal.size() - 1 - static_cast<std::size_t>(session.last_seq() - seq)].command;
}

// The policies that look at the command and the caller only (execute() and execute_each()).
Result<Command> admit(Command command, const Caller& caller) {
  if (std::holds_alternative<CreateEvent>(command))
    return fail("type", "event", "an event is created once, with its own request (gauntlet event new)");
  // Votes are sealed and counted by the ballot box (server/ballots.hpp) and go to the journal through
  // it only: a vote in clear must never reach the journal.
  if (std::holds_alternative<CastVote>(command) || std::holds_alternative<CloseVote>(command))
    return fail(
        ErrorKind::forbidden, "type", "SR2017 \"Prizes\"",
        "votes are cast on the player's page and counted by the ballot box (POST .../awards/{award}/vote, "
        ".../close)");
  if (caller.is_judge())
    return fail(ErrorKind::forbidden, "type", "role", "a judge runs the tables' clocks only");
  if (!caller.eo) return as_player(std::move(command), caller.player);
  return command;
}

}  // namespace

Result<Accepted> execute(EventSession& session, Command command, const Caller& caller,
                         const SwissPairerOptions& proposed_with) {
  // Clocks take their time from now (table_clock.hpp), whoever asks through whichever face.
  if (auto* c = std::get_if<ClockAction>(&command)) return clock_action(session, *c, caller, unix_millis());
  if (auto* r = std::get_if<StartRound>(&command)) {
    if (!caller.eo) return fail(ErrorKind::forbidden, "type", "role", "only the EO starts a round");
    return start_round(session, r->round, unix_millis());
  }
  GAUNTLET_TRY(command, admit(std::move(command), caller));
  if (auto* p = std::get_if<PairRound>(&command); p && caller.eo) {
    GAUNTLET_TRY(*p, vet_pairing(session.state(), std::move(*p), proposed_with));
  }
  return accepted(session, session.execute(std::move(command), now_utc()));
}

std::vector<Result<Accepted>> execute_each(EventSession& session, std::vector<Request> requests) {
  std::vector<Result<Accepted>> answers(requests.size(), Accepted{});
  std::vector<Command> admitted;
  std::vector<std::size_t> asked_by;  // admitted[i] is requests[asked_by[i]]'s
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const Command& c = requests[i].command;
    if (std::holds_alternative<ClockAction>(c) || std::holds_alternative<StartRound>(c) ||
        std::holds_alternative<PairRound>(c)) {
      answers[i] = fail("type", "group", "clocks, starting and pairing a round run on their own");
      continue;
    }
    Result<Command> command = admit(std::move(requests[i].command), requests[i].caller);
    if (!command) {
      answers[i] = tl::unexpected(command.error());
      continue;
    }
    admitted.push_back(std::move(*command));
    asked_by.push_back(i);
  }
  std::vector<Result<std::int64_t>> seqs = session.execute_each(std::move(admitted), now_utc());
  for (std::size_t k = 0; k < seqs.size(); ++k) {
    if (!seqs[k]) {
      answers[asked_by[k]] = tl::unexpected(seqs[k].error());
      continue;
    }
    const Command& done = journaled(session, *seqs[k]);
    answers[asked_by[k]] = Accepted{*seqs[k], done, findings_after(session.state(), done)};
  }
  return answers;
}

Result<Accepted> execute_all(EventSession& session, std::vector<Command> commands) {
  for (const Command& c : commands)
    if (std::holds_alternative<CreateEvent>(c) || std::holds_alternative<PairRound>(c))
      return fail("type", "event", "a batch holds registrations, statuses, lists and results only");
  return accepted(session, session.execute_all(std::move(commands), now_utc()));
}

std::optional<ShownResult> current_result(const EventState& state, int round, int table) {
  if (round == 0) round = static_cast<int>(state.rounds.size());
  if (round < 1 || round > static_cast<int>(state.rounds.size())) return std::nullopt;
  const Table* t = state.rounds[static_cast<std::size_t>(round - 1)].find_table(table);
  if (!t || !t->results) return std::nullopt;
  return ShownResult{*t->results, t->ending.value_or(Ending::scenario)};
}

Result<Accepted> replace_result(EventSession& session, RecordResult command,
                                const std::optional<ShownResult>& replaces) {
  const auto now = current_result(session.state(), command.round, command.table);
  const auto same = [](const ShownResult& a, const ShownResult& b) {
    return a.results == b.results && a.ending == b.ending;
  };
  if (now.has_value() != replaces.has_value() || (now && !same(*now, *replaces)))
    return fail(ErrorKind::conflict, "replaces", "two tabs",
                "table " + std::to_string(command.table) +
                    (now ? "'s result changed" : "'s result was undone") +
                    " since your page showed it; nothing was written: keep the result recorded now, or "
                    "save yours over it");
  return execute(session, std::move(command), Caller::organizer());
}

Result<Accepted> publish_automatic(EventSession& session, const SwissPairerOptions& options,
                                   const std::string& scenario, Proposal* proposed) {
  GAUNTLET_TRY(Proposal p, propose_pairing(session.state(), options));
  p.round.scenario = scenario;
  Command command = p.round;
  if (proposed) *proposed = std::move(p);
  return accepted(session, session.execute(std::move(command), now_utc()));
}

}  // namespace gauntlet::app
