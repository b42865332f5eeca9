// The fast path of reading an event file's journal (issue 16 point 1): simdjson's DOM instead of
// nlohmann's, for the entries that make up nearly all of a large file.
//
//   simdjson::dom::element entry = ...;                 // one element of the file's "journal"
//   if (auto e = fast_journal_entry(entry, seq)) use(*e);
//   else use(general_reader(entry));                    // anything else: the one general reader
//
// Only the common, well-formed shapes Gauntlet writes are read here: add-player (no lists, no
// drop), pair-round (no override), record-result (no army-points marks, no concession army) and
// close-round (no cut), each with exactly the keys the general reader knows and values of exactly
// the type it wants. Anything else — an undo, another command, an unknown or repeated key, a null,
// a float, a number out of range — returns nullopt and the general reader (model/json.hpp) reads
// the entry, so the result and every error message stay that reader's. tests/eventfile check that
// both readers give the same journal for random events.
#pragma once

#include <simdjson.h>

#include <optional>

#include "engine/engine.hpp"

namespace gauntlet {

// Whether an entry's "at" is kept, or only checked to be a string: a replay that keeps no journal
// needs no time of day (issue 16: 350 000 of them at 100 000 players, a string each).
enum class EntryTime { kept, skipped };

// The entry as the general reader would read it, or nullopt when the general reader must.
std::optional<JournalEntry> fast_journal_entry(simdjson::dom::element entry, std::int64_t seq,
                                               EntryTime time = EntryTime::kept);

}  // namespace gauntlet
