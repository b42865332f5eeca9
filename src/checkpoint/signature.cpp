#include <bit>
#include <string>

#include "checkpoint/checkpoint.hpp"

#ifndef GAUNTLET_REPLAY_SOURCES_SHA256
#error "src/checkpoint/CMakeLists.txt defines GAUNTLET_REPLAY_SOURCES_SHA256 for this file"
#endif

namespace gauntlet {

// The blob is written in the machine's own layout (sizes, byte order), so those are part of what
// must match besides the code (issue 16 point 2).
std::string_view format_signature() {
  static const std::string signature = std::string(GAUNTLET_REPLAY_SOURCES_SHA256) + "/" +
                                       std::to_string(sizeof(void*) * 8) + "/" +
                                       (std::endian::native == std::endian::little ? "le" : "be");
  return signature;
}

}  // namespace gauntlet
