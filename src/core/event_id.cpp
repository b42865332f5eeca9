#include "core/event_id.hpp"

namespace gauntlet {

bool valid_event_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxEventIdLength || id.front() == '-') return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

Result<void> check_event_id(std::string_view id, const std::string& field) {
  if (valid_event_id(id)) return {};
  // The id itself is not quoted: it may be any bytes, of any length.
  return fail(field, "event id", std::string("must be ") + kEventIdRuleText + " (e.g. \"spring-open-2026\")");
}

}  // namespace gauntlet
