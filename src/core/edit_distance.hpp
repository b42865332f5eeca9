// Typos: how many single-character edits (insert, delete, replace) turn one text into the other,
// byte by byte (Levenshtein). The nearest known name is offered as "did you mean …?" wherever a
// typed name is refused: a player on the command line, a faction in a registration or CSV row.
//
//   edit_distance("kador", "khador") == 1
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace gauntlet {

inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// Close enough to be a typo of a name of `size` bytes: a third of it, and at least two edits.
inline bool near_enough(std::size_t distance, std::size_t size) {
  return distance <= std::max<std::size_t>(2, size / 3);
}

}  // namespace gauntlet
