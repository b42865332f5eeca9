// Proof that a database holds what Gauntlet wrote (issue 15 point 5: `gauntlet verify`): every
// event's journal is read back, numbered 1..n without a gap, and re-decided entry by entry through
// the engine, as an event file is on import; the first entry that does not reproduce (refused now,
// or decided otherwise than stored) is reported by its seq. A checkpoint must equal the replay of
// the entries it covers, since opening an event trusts it. The database's own check comes first.
//
//   app::Verdict v = app::verify(store, std::nullopt);   // every event; or one event's id
//   if (!v.ok()) for (const auto& e : v.events) if (e.failure) print(e.failure->describe());
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "journal/store.hpp"

namespace gauntlet::app {

struct EventVerdict {
  std::string event_id;
  std::int64_t entries = 0;         // journal entries read
  std::int64_t checkpoint_seq = 0;  // the checkpoint compared (0: none this build can use)
  std::optional<Error> failure;     // the first thing that does not hold; field "seq N" for an entry
};

struct Verdict {
  std::vector<std::string> database;  // Store::integrity_problems()
  std::vector<EventVerdict> events;
  bool ok() const;
};

// Verifies `only` or every event of `store`. Storage failures while reading are reported per event;
// an unknown `only` is an error (not_found) naming --event-id.
Result<Verdict> verify(const Store& store, const std::optional<std::string>& only);

}  // namespace gauntlet::app
