#include "core/error.hpp"

namespace gauntlet {

std::string Error::describe() const {
  std::string out = field.empty() ? message : field + ": " + message;
  if (!rule.empty()) out += " (" + rule + ")";
  return out;
}

}  // namespace gauntlet
