#include "app/list_import.hpp"

#include "engine/engine.hpp"

namespace gauntlet::app {

Result<ListImportPlan> plan_list_import(const EventState& state, const PlayerId& player,
                                        std::string_view text, std::optional<int> index,
                                        const std::string& field) {
  const Player* p = state.find_player(player);
  if (!p) return fail(ErrorKind::not_found, "player", "registration", "no player '" + player + "'");
  ListImport r = import_list(text);
  if (!r.problems.empty()) return tl::unexpected(to_error(r, field));
  ImportedList l = std::move(*r.list);
  // A faction the event does not know is the exporter's spelling, not a reason to refuse the list.
  if (!l.faction.empty())
    if (auto f = faction_of_event(state, l.faction, field + ".faction"); f && *f != p->faction)
      return fail(
          field + ".faction", edition_of(state).id + " \"Army Lists\": lists from the same Faction",
          "the list is " + *f + " (exported as '" + l.faction + "'); " + p->name + " plays " + p->faction);
  const int i = index.value_or(static_cast<int>(p->lists.size()) + 1);
  return ListImportPlan{SetList{p->id, i, l.list}, std::move(l)};
}

}  // namespace gauntlet::app
