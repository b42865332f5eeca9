// The one definition of when a round has a bye, shared by the event engine and the pairing core.
//
//   if (needs_bye(field.size())) ...   // SR2017: one bye exactly when the field is odd
#pragma once

#include <cstddef>

namespace gauntlet {

// SR2017 "Byes & Odd Number of Players": "In the case of an odd number of players, one player
// receives a bye each round" — and only then.
constexpr bool needs_bye(std::size_t players) {
  return players % 2 == 1;
}

}  // namespace gauntlet
