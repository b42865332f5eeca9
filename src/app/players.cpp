#include "app/players.hpp"

#include "engine/engine.hpp"
#include "pairing/swiss_pairer.hpp"

namespace gauntlet::app {

Result<std::vector<Command>> registrations(const EventState& state, const std::vector<Player>& players,
                                           const std::string& source) {
  EventState trial = state;
  std::vector<Command> out;
  for (std::size_t i = 0; i < players.size(); ++i) {
    auto resolved = decide(trial, AddPlayer{players[i]});
    if (!resolved) {
      Error e = resolved.error();
      e.field = source + ", row " + std::to_string(i + 2) + ", " + e.field;
      return tl::unexpected(std::move(e));
    }
    apply(trial, *resolved);
    out.push_back(AddPlayer{players[i]});
  }
  return out;
}

Result<Amend> parse_amend(std::string_view text, const std::string& field) {
  if (text.empty() || text == "none") return Amend::none;
  if (text == "orphan-bye") return Amend::orphan_bye;
  if (text == "repair") return Amend::repair;
  return fail(field, "pairings", "'" + std::string(text) + "' is not none, orphan-bye or repair");
}

namespace {

Result<DropPlan> plan_amended(const EventState& state, const PlayerId& id, std::optional<int> after,
                              Amend amend, const SwissPairerOptions& options) {
  auto a = SwissPairer(options).amend_for_drop(
      state, id, amend == Amend::orphan_bye ? SwissPairer::Amend::orphan_bye : SwissPairer::Amend::repair);
  if (!a) return tl::unexpected(a.error());
  const int round = a->round.round;
  if (after && *after != round - 1)
    return fail("after_round", "pairings",
                "with " + std::string(amend == Amend::orphan_bye ? "orphan-bye" : "repair") +
                    " the player leaves round " + std::to_string(round) +
                    " before playing it: the last round they play is " + std::to_string(round - 1));
  DropPlan plan{SetPlayerStatus{id, PlayerStatus::dropped, round - 1, a->round},
                a->warnings,
                {},
                std::nullopt,
                a->moved};
  for (const std::string& line : a->round.explain)
    if (line.rfind("WARNING", 0) != 0) plan.explain.push_back(line);
  return plan;
}

}  // namespace

Result<DropPlan> plan_drop(const EventState& state, const PlayerId& id, std::optional<int> after, Amend amend,
                           const SwissPairerOptions& options) {
  if (!state.find_player(id))
    return fail(ErrorKind::not_found, "player", "registration", "no player '" + id + "'");
  DropPlan plan;
  if (amend != Amend::none) {
    GAUNTLET_TRY(plan, plan_amended(state, id, after, amend, options));
  } else {
    plan.command = SetPlayerStatus{id, PlayerStatus::dropped, after};
  }
  GAUNTLET_TRY(Command resolved, decide(state, plan.command));
  plan.command = std::get<SetPlayerStatus>(std::move(resolved));
  if (amend != Amend::none) return plan;
  const int last = plan.command.after_round.value_or(0);
  plan.explain.push_back(state.label(id) + " drops after round " + std::to_string(last));
  // Dropped after the open round: they still owe the game at their table.
  if (const Round* r = state.current_round(); r && !r->closed && last == r->number)
    if (const Table* t = r->table_of(id); t && !t->results) {
      plan.owed_table = t->number;
      plan.explain.push_back(
          state.label(id) + " is still paired at table " + std::to_string(t->number) + " of round " +
          std::to_string(r->number) +
          ": record that game (e.g. a concession), or if they leave before playing it, "
          "give their opponent the bye (orphan-bye) or pair the open tables again (repair)");
    }
  return plan;
}

}  // namespace gauntlet::app
