// Text rules for names people type (issue 10 point 15): "Zoë" and "zoë", "ÉMILE" and "émile"
// are the same player; a name's length is what a person counts, not bytes.
//
//   name_key("ZOË") == name_key("zoe\u0308")     // NFC, then Unicode full case folding (ICU)
//   code_points("Zoë") == 3
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace gauntlet {

// The key two names are compared by: NFC-normalised, case-folded UTF-8 (ICU; an invalid byte
// sequence reads as U+FFFD).
std::string name_key(std::string_view utf8);
// Unicode code points in UTF-8 text (continuation bytes are not counted).
std::size_t code_points(std::string_view utf8);
// Text a person typed, as Gauntlet keeps it: valid UTF-8, composed (NFC, so "Zoe\u0308" is stored
// as "Zoë", the one spelling every page and search sees), with no control character but tab and
// line breaks and no format character (Unicode category Cf: zero-width spaces and joiners, the
// bidirectional overrides such as U+202E, the byte order mark). Those draw nothing or reorder what
// is drawn, so "Bo\u200bris" would look like "Boris" on every page and slip while being another
// name. Fails naming `field` and the character; otherwise the NFC form.
//   typed_text("Zoe\u0308", "player.name") == "Zoë"
//   typed_text("Bo\u200bris", "player.name")  -> error: "contains U+200B ZERO WIDTH SPACE ..."
Result<std::string> typed_text(std::string_view utf8, const std::string& field);

// Text made safe inside HTML, SVG or XML, in element content and in double-quoted attributes:
// & < > " become entities; everything else (UTF-8 included) is kept.
std::string markup_escape(std::string_view text);

}  // namespace gauntlet
