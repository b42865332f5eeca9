// support/property.hpp: a property test refuses to run zero cases, whether the count is written in
// the test or comes from an environment variable.
#include "support/property.hpp"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace gauntlet {
namespace {

using testing::parse_case_count;
using testing::property_cases;

constexpr const char* kVar = "GAUNTLET_SUPPORT_TEST_CASES";

TEST(PropertyCases, CountIsAPositiveWholeNumber) {
  EXPECT_EQ(parse_case_count("1"), 1);
  EXPECT_EQ(parse_case_count("2500"), 2500);
  for (const char* bad : {"0", "-3", "", " 5", "5 ", "+5", "ten", "10x", "1.5", "99999999999"})
    EXPECT_EQ(parse_case_count(bad), std::nullopt) << '"' << bad << '"';
}

TEST(PropertyCases, ZeroCasesFailTheTest) {
  int n = -1;
  EXPECT_NONFATAL_FAILURE(n = property_cases(0), "refuses to run zero cases");
  EXPECT_EQ(n, 0);
  EXPECT_NONFATAL_FAILURE(n = property_cases(-5), "refuses to run zero cases");
  EXPECT_EQ(n, 0);
  EXPECT_EQ(property_cases(500), 500);
}

TEST(PropertyCases, VariableOverridesButZeroOrGarbageThereFailsTheTest) {
  ::unsetenv(kVar);
  EXPECT_EQ(property_cases(500, kVar), 500);
  ::setenv(kVar, "7", 1);
  EXPECT_EQ(property_cases(500, kVar), 7);
  for (const char* bad : {"0", "", "abc", "10x", "-1"}) {
    SCOPED_TRACE(std::string("value \"") + bad + "\"");
    ::setenv(kVar, bad, 1);
    int n = -1;
    EXPECT_NONFATAL_FAILURE(n = property_cases(500, kVar), "GAUNTLET_SUPPORT_TEST_CASES=");
    EXPECT_EQ(n, 0);
  }
  ::unsetenv(kVar);
}

}  // namespace
}  // namespace gauntlet
