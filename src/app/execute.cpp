#include "app/execute.hpp"

#include "app/clock.hpp"

namespace gauntlet::app {

namespace {

// The round a player's request names (0 = the current one) and that they play at its table.
Result<void> own_table(const EventState& s, int round, int table, const PlayerId& player) {
  if (round == 0) round = static_cast<int>(s.rounds.size());
  if (round < 1 || round > static_cast<int>(s.rounds.size()))
    return fail(ErrorKind::not_found, "round", "results",
                "round " + std::to_string(round) + " does not exist");
  const Table* t = s.rounds[static_cast<std::size_t>(round - 1)].find_table(table);
  if (!t)
    return fail(ErrorKind::not_found, "table", "results",
                "round " + std::to_string(round) + " has no table " + std::to_string(table));
  // No player can change another table's result.
  if (t->players[0] != player && t->players[1] != player)
    return fail(ErrorKind::forbidden, "table", "results",
                player + " does not play at table " + std::to_string(table));
  return {};
}

// What a player may ask for: their own table's report or confirmation, as themselves.
Result<Command> as_player(const EventState& s, Command command, const PlayerId& player) {
  if (auto* r = std::get_if<ReportResult>(&command)) {
    GAUNTLET_CHECK(own_table(s, r->round, r->table, player));
    r->reporter = player;
    return command;
  }
  if (auto* c = std::get_if<ConfirmResult>(&command)) {
    GAUNTLET_CHECK(own_table(s, c->round, c->table, player));
    c->by = player;
    return command;
  }
  return fail(ErrorKind::forbidden, "type", "role", "only the EO may do this");
}

Result<Accepted> accepted(EventSession& session, Result<std::int64_t> seq) {
  if (!seq) return tl::unexpected(seq.error());
  return Accepted{*seq, *session.journal().back().command};
}

}  // namespace

Result<Accepted> execute(EventSession& session, Command command, const Caller& caller) {
  if (std::holds_alternative<CreateEvent>(command))
    return fail("type", "event", "an event is created once, with its own request (gauntlet event new)");
  if (!caller.eo) {
    GAUNTLET_TRY(command, as_player(session.state(), std::move(command), caller.player));
  } else if (auto* p = std::get_if<PairRound>(&command)) {
    GAUNTLET_TRY(*p, vet_pairing(session.state(), std::move(*p)));
  }
  return accepted(session, session.execute(std::move(command), now_utc()));
}

Result<Accepted> execute_all(EventSession& session, std::vector<Command> commands) {
  for (const Command& c : commands)
    if (std::holds_alternative<CreateEvent>(c) || std::holds_alternative<PairRound>(c))
      return fail("type", "event", "a batch holds registrations, statuses, lists and results only");
  return accepted(session, session.execute_all(std::move(commands), now_utc()));
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
