// An exported event file's checkpoint (issue 16 point 1): the state its journal replays to, written
// after the JSON, so `pair --event` and `standings --event` on a large file decode that state
// instead of re-deciding every entry of the journal (100 000 players: a 312 MB journal).
//
//   std::string text = event_file_text(state, journal);              // what `gauntlet export` writes
//   if (std::optional<EventState> s = state_from_checkpoint(text)) use(*s);
//   else read_event_state_in_place(text);                              // read it as any other file
//
// Written only for a file of kLargeEventFile bytes (event_file.hpp) or more with a journal, as its
// last member, printed as dump(2) prints the rest:
//       ...the last member of write_event_file(...).dump(2),
//     "checkpoint": {
//       "state": "<base64 of checkpoint/checkpoint.hpp encode_state(state)>",
//       "xxh3": "<the digest of every byte before the comma ahead of "checkpoint", 32 hex digits>"
//     }
//   }
// The digest: XXH3-128 of each kDigestPiece bytes, then XXH3-128 of those digests (canonical,
// big-endian) one after the other — pieces, so that two cores can take it.
//
// A cache, never the truth (the journal is): the state is used only when the text ends exactly
// so, the digest matches the text before it (any edit of the JSON, even one the readers accept,
// makes the file read in full) and checkpoint/checkpoint.hpp decodes the state (this build's
// format_signature(), which covers the engine and these readers; an intact CRC). Every reader
// accepts the member and ignores its value.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/engine.hpp"

namespace gauntlet {

inline constexpr std::size_t kDigestPiece = 16 << 20;

// The event file as `gauntlet export` writes it: write_event_file(state, journal).dump(2), then
// the checkpoint when the file is large and has a journal, then a newline. `signature` is for
// tests, which write checkpoints of another build.
std::string event_file_text(const EventState& state, std::span<const JournalEntry> journal);
std::string event_file_text(const EventState& state, std::span<const JournalEntry> journal,
                            std::string_view signature);

// The state in the checkpoint `text` ends with, when it is one this build trusts (above);
// nullopt otherwise. `text` is only read; the digest is taken on a second thread meanwhile.
std::optional<EventState> state_from_checkpoint(std::string_view text);

// The digest the "xxh3" member holds, of `text` (32 lowercase hex digits).
std::string checkpoint_digest(std::string_view text);

}  // namespace gauntlet
