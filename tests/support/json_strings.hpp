// Strings that test a JSON writer against nlohmann's dump(): what it copies as is, what it escapes,
// what it checks as UTF-8, and bytes that are not UTF-8 at all.
//
//   for (const std::string& s : awkward_strings()) row.name = s;   // dump() writes each its way
//   row.name = invalid_utf8()[0];                                 // dump() throws when strict
#pragma once

#include <string>
#include <vector>

namespace gauntlet::testing {

// Strings nlohmann writes as is, escapes, or checks as UTF-8.
inline const std::vector<std::string>& awkward_strings() {
  static const std::vector<std::string> s = {"Player 7",
                                             "",
                                             "O'Brien \"The Hammer\"",
                                             "back\\slash \\\\ twice",
                                             "/slash/",
                                             "tab\there",
                                             "new\nline\r\n",
                                             "\b\f",
                                             std::string("nul\0byte", 8),
                                             "\x01\x1f control",
                                             "del \x7f",
                                             "Zoë",
                                             "Błażej",
                                             "日本語 🎲",
                                             "\"",
                                             "\\"};
  return s;
}

// Bytes that are not UTF-8: dump() throws on them when strict and writes U+FFFD when replacing.
inline const std::vector<std::string>& invalid_utf8() {
  static const std::vector<std::string> s = {"bad \xff byte", "cut short \xc3", "overlong \xc0\xaf",
                                             "lone \x80 continuation", "surrogate \xed\xa0\x80"};
  return s;
}

}  // namespace gauntlet::testing
