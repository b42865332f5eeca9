// Helpers for event-file tests: parse text that must be accepted, or must be refused.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "eventfile/event_file.hpp"
#include "standings/render.hpp"
#include "standings/standings.hpp"

namespace gauntlet {
// Readable gtest failures for standings.
inline void PrintTo(const Standings& s, std::ostream* os) {
  *os << standings_to_json(s).dump();
}
}  // namespace gauntlet

namespace gauntlet::testing {

inline EventFile must_parse(const std::string& text) {
  auto f = parse_event_file(text);
  if (!f) ADD_FAILURE() << "refused: " << f.error().describe();
  return f ? std::move(*f) : EventFile{};
}

inline Error must_refuse(const nlohmann::json& j) {
  auto f = read_event_file(j);
  if (f) {
    ADD_FAILURE() << "accepted: " << j.dump();
    return Error{};
  }
  return f.error();
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline const StandingRow* row_of(const Standings& s, std::string_view id) {
  for (const StandingRow& r : s.rows)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace gauntlet::testing
