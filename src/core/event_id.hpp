// An event's id: the one rule every face checks before anything touches storage. The id names the
// event in every URL (/api/events/{id}, eo.html?event={id}), in the database and in file names, so
// it is a slug anyone can type and no path, quote or space can hide in.
//
//   GAUNTLET_CHECK(check_event_id(requested, "id"));   // "id: must be 1-64 lowercase letters ..."
//   valid_event_id("spring-open-2026") == true; valid_event_id("SpringOpen") == false
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace gauntlet {

inline constexpr std::size_t kMaxEventIdLength = 64;
// The rule as a sentence (the error's message) and as an HTML `pattern` for the create forms
// (src/web/index.html, organizer.html), valid under the `v` flag browsers compile patterns with.
inline constexpr const char* kEventIdRuleText =
    "1-64 lowercase letters (a-z), digits or '-', not starting with '-'";
inline constexpr const char* kEventIdPattern = "[a-z0-9][a-z0-9\\-]{0,63}";

bool valid_event_id(std::string_view id);
// Error{field, "event id", "must be <rule> (e.g. \"spring-open-2026\")"}, kind invalid, when not.
Result<void> check_event_id(std::string_view id, const std::string& field);

}  // namespace gauntlet
