// Checkpoints (issue 16 point 2): an event's journal entries 1..S and the state they replay to, as
// one binary blob, so opening a stored event decodes the blob and replays only the entries after S
// instead of parsing every entry's JSON. A checkpoint is a cache beside the journal, never part of
// it: the journal stays the one truth, and a checkpoint that cannot be trusted is simply not used.
//
//   std::string blob = encode_checkpoint(journal, state);   // state == replay(journal)
//   Result<Checkpoint> c = decode_checkpoint(blob);          // error: not used (replay instead)
//   if (c) { c->seq; c->journal; c->state; }
//
// Trust: the blob carries format_signature(), which changes whenever the code that produces the
// state may have changed (a digest of the replay layers' sources, the pointer size, the byte order),
// and a CRC-32 of its bytes. Decoding refuses another signature, a wrong CRC, a truncated blob,
// sizes larger than the bytes left, bytes left over, a bool other than 0 or 1, a variant index out
// of range and a journal whose seqs are not 1..S: every refusal is an Error value, nothing throws,
// and no collection is ever sized beyond the blob's own length. Enum values are not checked against
// their names (an enum class holds any value of its type): only a blob forged with a matching CRC
// could carry one, and whoever can write the database can write the journal too.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.hpp"

namespace gauntlet {

struct Checkpoint {
  std::int64_t seq = 0;               // S: the last entry the state includes
  std::vector<JournalEntry> journal;  // entries 1..S, as stored
  EventState state;                   // replay(journal)
};

// "<sha256 of the replay layers' sources>/<pointer bits>/<byte order>"
std::string_view format_signature();

// The blob of `journal` (entries 1..S) and `state`, which must be replay(journal). `signature` is
// for tests, which make blobs of another build.
std::string encode_checkpoint(std::span<const JournalEntry> journal, const EventState& state,
                              std::string_view signature = format_signature());
// The checkpoint in `blob` if it was written with `signature` and is intact; otherwise an error
// saying why (field "checkpoint", kind storage) and the caller replays the journal instead.
Result<Checkpoint> decode_checkpoint(std::string_view blob, std::string_view signature = format_signature());

// A state alone, for a journal kept elsewhere: an exported event file carries one after its JSON
// journal (eventfile/file_checkpoint.hpp). Same framing, trust and refusals as above.
std::string encode_state(const EventState& state, std::string_view signature = format_signature());
Result<EventState> decode_state(std::string_view blob, std::string_view signature = format_signature());

}  // namespace gauntlet
