// Data files compiled into the binary (see gauntlet_embed in cmake/gauntlet.cmake).
#pragma once

#include <span>
#include <string_view>

namespace gauntlet {

struct EmbeddedFile {
  std::string_view name;     // file name, e.g. "sr2017.json"
  std::string_view content;  // whole file
};

}  // namespace gauntlet
