// Creating and importing events: the id (from the name when none is asked for), the seed.
//
//   auto id = app::choose_event_id("", "Spring Open 2026", [&](auto& x) { return store.has_event(x); });
//   // -> "spring-open-2026", or "spring-open-2026-2" when that is taken
//   Result<EventSession> s = app::create_event(store, *id, config);   // seed drawn when 0
#pragma once

#include <functional>
#include <string>

#include "editions/timing.hpp"
#include "eventfile/event_file.hpp"
#include "journal/session.hpp"

namespace gauntlet::app {

using IdTaken = std::function<bool(const std::string&)>;

// Lowercase letters and digits of `name`, other runs as '-', at most 40 characters ("event" if none).
std::string slug(const std::string& name);
// `requested` when free (conflict error "id" when taken; invalid "id" when it breaks the event id
// rule, core/event_id.hpp, before `taken` is asked), else slug(name) with -2, -3… until free.
Result<std::string> choose_event_id(const std::string& requested, const std::string& name,
                                    const IdTaken& taken);
// The config with a fresh seed when it has none (0).
EventConfig seeded(EventConfig config);

// A round's timing at an edition, point size and variants ("cut-to-top:4", as event setup writes
// them), refused as event setup refuses that size and those variants (setup_timing, the same
// errors): `gauntlet rules timing` and POST /api/rules/timing. Fields: "edition", "points",
// "variants[i]".
Result<RoundTiming> rules_timing(const std::string& edition, int points,
                                 const std::vector<std::string>& variants);

// Validates (the id first, as choose_event_id) and writes the event as seq 1 of its journal.
Result<EventSession> create_event(Store& store, const std::string& id, EventConfig config);
// Writes a parsed event file as a new event (entries without a time get the import's time).
// Returns the id used.
Result<std::string> import_event(Store& store, EventFile file, const std::string& requested_id);

}  // namespace gauntlet::app
