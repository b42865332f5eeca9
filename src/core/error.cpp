#include "core/error.hpp"

namespace gauntlet {

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::invalid:
      return "invalid";
    case ErrorKind::not_found:
      return "not-found";
    case ErrorKind::forbidden:
      return "forbidden";
    case ErrorKind::unauthorized:
      return "unauthorized";
    case ErrorKind::conflict:
      return "conflict";
    case ErrorKind::precondition:
      return "precondition";
    case ErrorKind::rate_limited:
      return "rate-limited";
    case ErrorKind::storage:
      return "storage";
    case ErrorKind::unavailable:
      return "unavailable";
  }
  return "invalid";
}

std::string Error::describe() const {
  std::string out = field.empty() ? message : field + ": " + message;
  if (!rule.empty()) out += " (" + rule + ")";
  return out;
}

}  // namespace gauntlet
