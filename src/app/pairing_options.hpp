// The automatic pairer's options (issue 3) as both faces take them: `gauntlet round pair
// --avoid-club --fixed-table p7=1 --lock p1,p4 …` and the console's "Pairing options" panel
// (POST …/pairing/propose {"avoid_club": true, "fixed_tables": [{"player", "table"}], …}).
// The faces read their syntax and name the fields; the rules on combining them live here, once.
//
//   app::PairingChoices c;
//   c.avoid_club = true;
//   c.fixed.push_back({"fixed_tables[0]", "p7", 1});
//   Result<SwissPairerOptions> o = app::pairer_options(state, c);  // unknown player, table taken, …
#pragma once

#include <string>
#include <vector>

#include "pairing/swiss_pairer.hpp"

namespace gauntlet::app {

struct PairingChoices {
  bool avoid_club = false, avoid_faction = false, avoid_all_rounds = false, fresh_tables = false;
  // How the face names the flags, for its errors.
  std::string all_rounds_field = "avoid_all_rounds", club_flag = "avoid_club", faction_flag = "avoid_faction";
  struct Fixed {
    std::string field;  // "--fixed-table p7=1", "fixed_tables[0]"
    PlayerId player;
    int table = 0;
  };
  struct Lock {
    std::string field;  // "--lock p1,p4", "locks[0]"
    PlayerId a, b;
  };
  std::vector<Fixed> fixed;
  std::vector<Lock> locks;
  int draw = 1;  // 2, 3…: the EO's re-draw (SwissPairerOptions::draw)
  std::string draw_field = "draw";
  bool any() const {
    return avoid_club || avoid_faction || avoid_all_rounds || fresh_tables || !fixed.empty() ||
           !locks.empty();
  }
};

Result<SwissPairerOptions> pairer_options(const EventState& state, const PairingChoices& choices);

}  // namespace gauntlet::app
