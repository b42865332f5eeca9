// Text rules for names people type (issue 10 point 15): "Zoë" and "zoë", "ÉMILE" and "émile"
// are the same player; a name's length is what a person counts, not bytes.
//
//   name_key("ZOË") == name_key("zoe\u0308")     // NFC, then Unicode full case folding (ICU)
//   code_points("Zoë") == 3
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gauntlet {

// The key two names are compared by: NFC-normalised, case-folded UTF-8 (ICU; an invalid byte
// sequence reads as U+FFFD).
std::string name_key(std::string_view utf8);
// Unicode code points in UTF-8 text (continuation bytes are not counted).
std::size_t code_points(std::string_view utf8);
// Text made safe inside HTML, SVG or XML, in element content and in double-quoted attributes:
// & < > " become entities; everything else (UTF-8 included) is kept.
std::string markup_escape(std::string_view text);

}  // namespace gauntlet
