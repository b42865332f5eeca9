// One entry of an event file's "journal", read from its JSON (the eventfile module's own use).
//
//   Result<JournalEntry> e = entry_from_json(j, i);   // nlohmann's DOM: the general reader
//   auto f = entry_from_dom(el, i);   // simdjson's: the fast reader, else the general; nullopt: read
//                                     // the whole file the general way
//
// `i` is the entry's 0-based index in the journal: its seq is i + 1 and errors name "journal[i]".
#pragma once

#include <simdjson.h>

#include <array>
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/engine.hpp"
#include "eventfile/journal_fast.hpp"

namespace gauntlet {

// The keys an event file may have at its top (the general and the fast readers check the same).
// "checkpoint" is a cache the readers ignore (eventfile/file_checkpoint.hpp).
inline constexpr std::array<std::string_view, 10> kTopKeys{
    "gauntlet", "event",     "players",    "rounds",         "cut",
    "journal",  "standings", "checkpoint", "planned_rounds", "finished"};

// A Gauntlet file's top-level members as the fast readers meet them, one by one: each key known
// and there once, "gauntlet" the version this build reads (when `value` is given; a value read in
// pieces is only ever an array). False: anything unusual, which the general reader words.
class TopMembers {
 public:
  bool accept(std::string_view key, const simdjson::dom::element* value);

 private:
  std::array<bool, kTopKeys.size()> seen_{};
};

Result<JournalEntry> entry_from_json(const nlohmann::json& e, std::size_t i);
// The fast reader (eventfile/journal_fast.hpp) when it can, else the general reader on the
// element's text — same entry, same errors. nullopt when nlohmann does not read the text simdjson
// gives back (never seen; the caller then reads the whole file with nlohmann).
std::optional<Result<JournalEntry>> entry_from_dom(simdjson::dom::element e, std::size_t i,
                                                   EntryTime time = EntryTime::kept);

}  // namespace gauntlet
