// Army points destroyed, counted from the opponent's list entry by entry (issue 13 point 4). The
// reporter marks what was destroyed (models of each entry, a warjack left inert or a warbeast left
// wild, earlier destructions of a model that came back); the edition's method (editions ApMethod)
// gives each entry's points and why:
//   - SR2017/SR2023: a unit (with its attachments) counts only when every model is gone; each
//     warcaster/warlock 10; models without a point cost, inert warjacks and wild warbeasts ignored;
//   - SR2014/SR2013: a unit below half its starting number (rounding up) counts half its cost
//     (rounding up), attachments included; each warcaster/warlock 5; inert warjacks and wild
//     warbeasts at full value;
//   - every edition: "all casualties are counted toward the same solo until it is completely
//     destroyed" for two or more multiple-model solos of one name, and "points are scored each
//     time a model or unit is destroyed".
// An attachment entry belongs to the unit listed just before it (the list's own order, as the
// importers keep it); after anything else it counts on its own.
//
//   auto d = army_points_destroyed(edition.ap_method, their_list, {{3, 10}, {0, 1}}, "ap");
//   if (d) d->total;  // d->lines[i].why: "all 10 models destroyed: 10"
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "editions/edition.hpp"
#include "model/state.hpp"

namespace gauntlet {

struct LossLine {
  int entry = 0;     // first entry of the counted group (a unit and its attachments count as one)
  std::string name;  // "Long Gunners + Officer & Standard"
  int points = 0;
  std::string why;  // "7 of 12 models destroyed, 5 left: below half (6), half of 12 rounded up: 6"
};

struct Destroyed {
  int total = 0;
  std::vector<LossLine> lines;  // only the groups with something marked, in list order
  std::string rule;             // the edition's rule text
  // The marks counted: those given, plus what an assassination added (as_assassination), so a
  // result that carries them counts to `total` again.
  std::vector<Loss> marks;
};

// Errors name `field` + "[i]": an entry out of range or marked twice, more models than the entry
// has, a negative count, inert/wild on a model that is no warjack or warbeast.
//
// `as_assassination`: a game lost by a concession or a clock running out that the edition scores
// "as an assassination victory using current table conditions" (SR2014/SR2013 concession, every
// edition's clock-out): the marks plus what an assassination adds — every warcaster/warlock entry
// destroyed, and where inert warjacks and wild warbeasts count (SR2014 "battlegroup warjacks become
// inert and battlegroup warbeasts become wild upon the assassination of their controller and
// therefore count for the 4th tiebreaker total") the battlegroup not destroyed left inert or wild.
// The battlegroup is the warjacks and warbeasts listed under the warcaster/warlock (the builders
// list it there; a jack marshal's warjacks sit under the marshal and stay out of it).
Result<Destroyed> army_points_destroyed(const ApMethod& method, const ArmyList& list,
                                        const std::vector<Loss>& losses, const std::string& field,
                                        bool as_assassination = false);

// The same on `owner`'s list `list` (1-based; nullopt: their only list). Refused: no list registered
// (`field`: type the number instead), two or more and none named (`list_field`), no such list.
Result<Destroyed> destroyed_on_list(const ApMethod& method, const Player& owner, std::optional<int> list,
                                    const std::vector<Loss>& losses, const std::string& field,
                                    const std::string& list_field, bool as_assassination = false);

}  // namespace gauntlet
