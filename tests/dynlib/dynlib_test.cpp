// dynlib::Library: a library opened when first needed, its functions bound by name, and every
// failure (no such library, no such function) reported as text naming both instead of a crash.
#include "dynlib/dynlib.hpp"

#include <gmock/gmock.h>
#include <zlib.h>

namespace gauntlet::dynlib {
namespace {

using ::testing::HasSubstr;

TEST(DynamicLibrary, BindsAFunctionThatAnswersLikeTheLinkedOne) {
  Library z("libz.so.1");
  decltype(&::zlibVersion) version = nullptr;
  z.bind(version, "zlibVersion");
  ASSERT_TRUE(z.ok()) << z.error();
  ASSERT_NE(version, nullptr);
  EXPECT_STREQ(version(), ::zlibVersion());
}

TEST(DynamicLibrary, AMissingLibraryIsAnErrorNamingItAndBindsNothing) {
  Library none("libgauntlet-no-such-library.so.9");
  decltype(&::zlibVersion) version = &::zlibVersion;
  none.bind(version, "zlibVersion");
  EXPECT_FALSE(none.ok());
  EXPECT_EQ(version, nullptr);
  EXPECT_THAT(none.error(), HasSubstr("libgauntlet-no-such-library.so.9 cannot be loaded"));
}

TEST(DynamicLibrary, AMissingFunctionIsAnErrorNamingItAndTheFirstFailureIsKept) {
  Library z("libz.so.1");
  decltype(&::zlibVersion) first = nullptr, second = nullptr, fine = nullptr;
  z.bind(first, "gauntlet_no_such_function");
  z.bind(second, "another_missing_one");
  z.bind(fine, "zlibVersion");
  EXPECT_FALSE(z.ok());
  EXPECT_EQ(first, nullptr);
  EXPECT_NE(fine, nullptr);
  EXPECT_EQ(z.error(), "libz.so.1 has no function gauntlet_no_such_function");
}

}  // namespace
}  // namespace gauntlet::dynlib
