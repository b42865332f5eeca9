// The same character in more than one list (issue 13 point 2): SR2014 "Players cannot include the
// same version of a model or unit with FA C in more than one list". The lists do not say which
// entries are characters (FA C), so every non-leader entry whose name appears in two or more of a
// player's lists is flagged; the EO confirms it (the list must change) or marks the name as no
// character (a review, engine ReviewLists). Leaders are checked apart (a different leader per list).
//
//   for (const CharacterClash& c : character_clashes(player)) eo_sees(c.name, c.lists);  // {"Eiryss", {1,
//   2}}
#pragma once

#include <string>
#include <vector>

#include "model/state.hpp"

namespace gauntlet {

struct CharacterClash {
  std::string name;        // as the first list spells it
  std::vector<int> lists;  // 1-based, ascending
};

// The key two entry names are compared by: as registrations compare names (core/text.hpp
// name_key), spaces at the ends ignored ("Eiryss " and "eiryss" are one name).
std::string character_key(const std::string& name);

// Names compared as registrations compare them (core/text.hpp name_key), spaces at the ends ignored; each
// name once, in first-list order.
std::vector<CharacterClash> character_clashes(const Player& player);

}  // namespace gauntlet
