// Helpers for tests of the editions data (the rules numbers each edition ships).
//
//   const Edition& e = edition("SR2017");     // the loaded edition; fails the test if missing
//   EXPECT_EQ(e.deathclock_minutes, points_table({{30, 20}, {50, 30}, {75, 45}, {100, 60}}));
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <initializer_list>
#include <map>
#include <string_view>
#include <utility>

#include "editions/edition.hpp"

namespace gauntlet::testing {

// The loaded edition, failing the test (not crashing) when it is missing.
inline const Edition& edition(std::string_view id) {
  const Edition* e = find_edition(id);
  EXPECT_NE(e, nullptr) << id;
  if (!e) std::abort();
  return *e;
}

// A points -> value table as an edition spells it, e.g. army points -> deathclock minutes.
inline std::map<int, int> points_table(std::initializer_list<std::pair<const int, int>> rows) {
  return rows;
}

}  // namespace gauntlet::testing
