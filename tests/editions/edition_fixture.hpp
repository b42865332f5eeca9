// Shared helpers for the editions tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

#include "editions/edition.hpp"

namespace gauntlet::test {

// The loaded edition, failing the test (not crashing) when it is missing.
inline const Edition& edition(std::string_view id) {
  const Edition* e = find_edition(id);
  EXPECT_NE(e, nullptr) << id;
  if (!e) std::abort();
  return *e;
}

inline std::map<int, int> table(std::initializer_list<std::pair<const int, int>> rows) {
  return rows;
}

}  // namespace gauntlet::test
