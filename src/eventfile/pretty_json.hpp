// A large JSON text read in pieces (issue 16 point 1): a 100 000-player event file is 312 MB, and
// simdjson's DOM of it is over 500 MB of fresh memory — on this project's machines the kernel hands
// out fresh memory at about 1.5 GB/s, so the DOM alone cost a third of a second before any work.
// Read in pieces of `piece` bytes through one reused parser, the memory stays a few megabytes, warm
// in the cache.
//
//   struct Reader : PrettyJsonVisitor { ... };          // what to do with the top-level members
//   Reader r;
//   if (!walk_pretty_json(text, r)) read_it_whole();    // not valid JSON, or not printed that way
//
// Splitting a JSON text without parsing it needs to know where its values start and end; the text
// gives that away when it is printed as nlohmann's dump(2) prints it (how `gauntlet export` writes
// event files): every element of a non-empty container on a line of its own, indented two spaces
// more than the container, and the container closed on a line indented as it is. A raw newline is
// never inside a string or a number (JSON forbids control characters in strings), so a line start
// is always between two tokens; where it is in the nesting, the indentation only claims. The claim
// is checked: each piece is parsed on its own, wrapped in its container's brackets, and must be a
// non-empty list of whole elements. A piece cut at the wrong depth cannot be that (its brackets do
// not balance), so when every piece parses, the pieces are the container's elements and the whole
// text is valid JSON. A false return says nothing more than "read it whole": it is also the answer
// for valid JSON printed another way (minified, indented by 4, an empty container on two lines).
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string_view>

namespace gauntlet {

class PrettyJsonVisitor {
 public:
  virtual ~PrettyJsonVisitor() = default;
  // Each member of the top-level object, in the text's order. `value` is the member's value when
  // it was parsed with its neighbours (valid until this call returns); null when the value is a
  // container read in pieces — then its elements come through element() if elements_of(key), and
  // are only validated otherwise. Returning false ends the walk (walk_pretty_json returns false).
  virtual bool member(std::string_view key, const simdjson::dom::element* value) = 0;
  // Whether the elements of the top-level member `key` are wanted one by one when its value, an
  // array, is read in pieces. Each element is then parsed whole, however large.
  virtual bool elements_of(std::string_view key) const = 0;
  // The next element of that array (valid until this call returns); false ends the walk.
  virtual bool element(simdjson::dom::element e) = 0;
};

inline constexpr std::size_t kPrettyJsonPiece = 256 << 10;  // about the size of a core's L2 cache

// Walks `text`, a JSON object printed as dump(2) prints it, in pieces of about `piece` bytes.
// True when the whole text is valid JSON, printed that way, and the visitor never said stop.
// `text` is only read (each piece is copied into a padded buffer of the walk's own).
bool walk_pretty_json(std::string_view text, PrettyJsonVisitor& visitor,
                      std::size_t piece = kPrettyJsonPiece);

}  // namespace gauntlet
