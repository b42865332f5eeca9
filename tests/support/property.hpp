// How many cases a property test runs — and a refusal to run none. A property test whose count
// is 0 would check nothing and pass, so every property test takes its count from here:
//
//   const int events = property_cases(2500, "GAUNTLET_PROPERTY_EVENTS");  // the variable overrides
//   const int events = property_cases(kEvents);                            // a fixed count
//   for (int e = 0; e < events; ++e) ...
//
// A count that is not a positive integer — 0, negative, empty, or text such as "ten" or "10x" in
// the variable — fails the calling test with a message saying where the count came from, and
// property_cases returns 0 so the loop runs nothing: the test fails instead of passing vacuously.
#pragma once

#include <gtest/gtest.h>

#include <charconv>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace gauntlet::testing {

// The case count written in `text`: a whole decimal number >= 1, nothing else around it.
inline std::optional<int> parse_case_count(std::string_view text) {
  int n = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, n);
  if (text.empty() || ec != std::errc{} || ptr != end || n < 1) return std::nullopt;
  return n;
}

// `fallback`, or the value of the environment variable `env_var` when that is set; 0 and a
// test failure when the count is not a positive integer.
inline int property_cases(int fallback, const char* env_var = nullptr) {
  const char* env = env_var ? std::getenv(env_var) : nullptr;
  if (env) {
    if (auto n = parse_case_count(env)) return *n;
    ADD_FAILURE() << env_var << "=\"" << env
                  << "\" is not a positive number of cases; a property test refuses to run zero cases";
    return 0;
  }
  if (fallback < 1) {
    ADD_FAILURE() << "property test configured with " << fallback
                  << " cases; a property test refuses to run zero cases";
    return 0;
  }
  return fallback;
}

}  // namespace gauntlet::testing
