// Event-file tests' helpers: parse text that must be accepted, or JSON that must be refused, and
// read a test data file whole. Includes support/state_fixtures.hpp, so standings compare and
// print readably (row_of, PrintTo).
//
//   EventFile f = must_parse(slurp(std::string(GAUNTLET_TEST_DATA) + "/wtc2017_sample.json"));
//   j["rounds"][0]["tables"][0]["players"] = {"p1", "p1"};
//   Error e = must_refuse(j);   // then check e.describe() names the problem
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "eventfile/event_file.hpp"
#include "support/state_fixtures.hpp"

namespace gauntlet::testing {

// The parsed file; a test failure (and an empty file) when it is refused.
inline EventFile must_parse(const std::string& text) {
  auto f = parse_event_file(text);
  if (!f) ADD_FAILURE() << "refused: " << f.error().describe();
  return f ? std::move(*f) : EventFile{};
}

// The refusal; a test failure (and an empty Error) when the file is accepted.
inline Error must_refuse(const nlohmann::json& j) {
  auto f = read_event_file(j);
  if (f) {
    ADD_FAILURE() << "accepted: " << j.dump();
    return Error{};
  }
  return f.error();
}

// The whole file as bytes; a test failure when it cannot be read.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace gauntlet::testing
