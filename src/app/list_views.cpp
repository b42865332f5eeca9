#include "app/list_views.hpp"

#include "model/rounds.hpp"

namespace gauntlet::app {
namespace {

bool ever_paired(const EventState& s, const PlayerId& a, const PlayerId& b) {
  for (const Round& r : s.rounds)
    if (const Table* t = r.table_of(a); t && (t->players[0] == b || t->players[1] == b)) return true;
  return false;
}

}  // namespace

Result<void> may_view_lists(const EventState& s, const Caller& viewer, const PlayerId& owner) {
  const Player* p = s.find_player(owner);
  if (!p) return fail(ErrorKind::not_found, "player", "players", "no player '" + owner + "'");
  if (s.lists_published || viewer.eo || viewer.is_judge() ||
      (!viewer.player.empty() && viewer.player == owner))
    return {};
  const std::string rule = edition_of(s).id + " \"Army Lists\": lists are shown to opponents once they lock";
  if (!s.started())
    return fail(ErrorKind::forbidden, "player", rule,
                p->name + "'s lists stay private until the event starts and the lists lock");
  if (viewer.player.empty() || !ever_paired(s, viewer.player, owner))
    return fail(ErrorKind::forbidden, "player", rule,
                "only " + p->name + "'s opponents may read their lists");
  return {};
}

Result<Destroyed> count_destroyed(const EventState& s, const PlayerId& owner, std::optional<int> list,
                                  const std::vector<Loss>& marks, const std::string& field,
                                  bool as_assassination) {
  const Player* p = s.find_player(owner);
  if (!p) return fail(ErrorKind::not_found, "player", "players", "no player '" + owner + "'");
  return destroyed_on_list(edition_of(s).ap_method, *p, list, marks, field, "list", as_assassination);
}

}  // namespace gauntlet::app
