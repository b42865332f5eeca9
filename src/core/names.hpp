// How long a name may be: the one rule the engine checks (in code points, after trimming) and the
// forms' `maxlength` repeats (src/web/eo.html, index.html, organizer.html; tests/core/event_id_test.cpp
// reads the pages, so a form that takes more than the server keeps cannot ship). Ids are
// core/event_id.hpp's.
#pragma once

#include <cstddef>

namespace gauntlet {

// A player's name is what the EO reads on every page and slip: the result grid and a phone's table
// card hold 40 characters.
inline constexpr std::size_t kMaxPlayerNameLength = 40;
// An event's name heads every page, printout and the projector.
inline constexpr std::size_t kMaxEventNameLength = 100;

}  // namespace gauntlet
