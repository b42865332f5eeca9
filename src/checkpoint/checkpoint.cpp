#include "checkpoint/checkpoint.hpp"

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <future>

#include "checkpoint/archive.hpp"
#include "checkpoint/fields.hpp"

namespace gauntlet {
namespace {

using checkpoint_archive::BlobReader;
using checkpoint_archive::BlobWriter;

// The blob: magic (its last byte the framing's version), CRC-32 of the payload, payload. The
// payload: signature, S, entries 1..S, state. What the payload's bytes mean is named by the
// signature, so the framing's version changes only if this layout does.
constexpr std::string_view kMagic{"GNTCKPT\x01", 8};
// A state alone (encode_state): the same framing; the payload is the signature and the state.
constexpr std::string_view kStateMagic{"GNTSTAT\x01", 8};
constexpr std::size_t kCrcSize = 4;
constexpr std::size_t kHeaderSize = kMagic.size() + kCrcSize;

Error refused(std::string message) {
  return Error{"checkpoint", "checkpoint", std::move(message), ErrorKind::storage};
}

std::uint32_t crc_of(std::string_view bytes) {
  return static_cast<std::uint32_t>(
      crc32_z(0UL, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<z_size_t>(bytes.size())));
}

// Entries 1..S are saved as a vector would be (a size, then each), so decoding reads a vector.
void write_payload(BlobWriter& ar, std::string_view signature, std::span<const JournalEntry> journal,
                   const EventState& state) {
  ar(std::string(signature), static_cast<std::int64_t>(journal.size()));
  ar(cereal::make_size_tag(static_cast<cereal::size_type>(journal.size())));
  for (const JournalEntry& e : journal) ar(e);
  ar(state);
}

// The refusal of a payload another build wrote: its state may differ from what this build replays.
std::optional<Error> other_build(BlobReader& ar, std::string_view signature) {
  std::string written_with;
  ar(written_with);
  if (written_with == signature) return std::nullopt;
  return refused("written by another build of Gauntlet (signature " + written_with + ")");
}

// Reads the payload; throws cereal::Exception (or bad_alloc) when it does not decode.
Result<Checkpoint> read_payload(std::string_view payload, std::string_view signature) {
  BlobReader ar(payload);
  if (std::optional<Error> other = other_build(ar, signature)) return tl::unexpected(std::move(*other));
  Checkpoint c;
  ar(c.seq, c.journal, c.state);
  if (ar.remaining() != 0)
    return tl::unexpected(refused(std::to_string(ar.remaining()) + " bytes left over after the state"));
  return c;
}

// What the journal store guarantees of entries 1..S, checked again on what was decoded.
std::optional<Error> malformed_journal(const Checkpoint& c) {
  if (c.seq < 1 || c.journal.size() != static_cast<std::size_t>(c.seq))
    return refused("seq " + std::to_string(c.seq) + " with " + std::to_string(c.journal.size()) + " entries");
  for (std::size_t i = 0; i < c.journal.size(); ++i) {
    const JournalEntry& e = c.journal[i];
    if (e.seq != static_cast<std::int64_t>(i) + 1 || e.command.has_value() == e.undoes.has_value())
      return refused("entry " + std::to_string(i + 1) + " is not a journal entry of seq " +
                     std::to_string(i + 1));
  }
  return std::nullopt;
}

// The payload of encode_state: the signature, the number of rounds, each round as a sized piece,
// then the state's other fields (fields_but_rounds). The pieces let two cores decode the state of a
// large event (issue 16 point 1: 100 000 players, 5 rounds; the rounds are two thirds of it).
void write_state_payload(BlobWriter& ar, std::string_view signature, const EventState& state) {
  ar(std::string(signature), cereal::make_size_tag(static_cast<cereal::size_type>(state.rounds.size())));
  for (const Round& round : state.rounds) {
    std::string piece;
    {
      BlobWriter inner(piece);
      inner(round);
    }
    ar(piece);  // its size, then its bytes
  }
  fields_but_rounds(ar, state);
}

// `value` from all of `bytes`; throws as read_payload does, and when bytes are left over.
template <class T>
void read_whole(std::string_view bytes, T& value) {
  BlobReader ar(bytes);
  ar(value);
  if (ar.remaining() != 0) throw cereal::Exception(std::to_string(ar.remaining()) + " bytes left over");
}

// The payload of encode_state; throws as read_payload does.
Result<EventState> read_state_payload(std::string_view payload, std::string_view signature) {
  BlobReader ar(payload);
  if (std::optional<Error> other = other_build(ar, signature)) return tl::unexpected(std::move(*other));
  cereal::size_type count = 0;
  ar(cereal::make_size_tag(count));
  std::vector<std::string_view> rounds;
  rounds.reserve(std::min<std::size_t>(count, ar.remaining() / sizeof(std::uint64_t)));
  for (cereal::size_type i = 0; i < count; ++i) {
    cereal::size_type size = 0;
    ar(cereal::make_size_tag(size));
    rounds.push_back(ar.take(size));
  }
  const std::string_view rest = ar.take(ar.remaining());
  EventState state;
  state.rounds.resize(rounds.size());  // each piece took at least its 8-byte size
  // Each round is decoded whole by whichever core takes it next: the second core from the start,
  // this one after the other fields. A round costs more per byte than the players do, so taking
  // them in turn balances the cores where a split by bytes did not.
  std::atomic<std::size_t> next{0};
  const auto take_rounds = [&] {
    for (std::size_t i = next++; i < rounds.size(); i = next++) read_whole(rounds[i], state.rounds[i]);
  };
  std::future<void> second;  // declared after `state`: destroyed (joined) before it
  // Below a megabyte a second thread costs more than it saves.
  if (rounds.size() > 0 && payload.size() >= (1 << 20)) second = std::async(std::launch::async, take_rounds);
  BlobReader others(rest);
  fields_but_rounds(others, state);
  take_rounds();
  if (second.valid()) second.get();  // its refusal, if any
  if (others.remaining() != 0)
    return tl::unexpected(refused(std::to_string(others.remaining()) + " bytes left over after the state"));
  return state;
}

// `magic`, the CRC-32 of the payload, then the payload `write` puts in the archive.
template <class Write>
std::string framed(std::string_view magic, Write write) {
  std::string blob(magic);
  blob.append(kCrcSize, '\0');
  {
    BlobWriter ar(blob);
    write(ar);
  }
  const std::uint32_t crc = crc_of(std::string_view(blob).substr(kHeaderSize));
  std::memcpy(blob.data() + magic.size(), &crc, kCrcSize);
  return blob;
}

// What `read` makes of the payload of a blob framed with `magic`, once the frame is intact.
template <class T, class Read>
Result<T> unframed(std::string_view blob, std::string_view magic, Read read) {
  if (blob.size() < kHeaderSize || blob.substr(0, magic.size()) != magic)
    return tl::unexpected(refused("not a checkpoint (" + std::to_string(blob.size()) + " bytes)"));
  std::uint32_t crc = 0;
  std::memcpy(&crc, blob.data() + magic.size(), kCrcSize);
  const std::string_view payload = blob.substr(kHeaderSize);
  if (crc_of(payload) != crc)
    return tl::unexpected(refused("CRC-32 mismatch: the blob is corrupt or truncated"));
  try {
    return read(payload);
  } catch (const std::exception& e) {  // cereal::Exception; bad_alloc at worst blob-sized
    return tl::unexpected(refused(std::string("does not decode: ") + e.what()));
  }
}

}  // namespace

std::string encode_checkpoint(std::span<const JournalEntry> journal, const EventState& state,
                              std::string_view signature) {
  return framed(kMagic, [&](BlobWriter& ar) { write_payload(ar, signature, journal, state); });
}

Result<Checkpoint> decode_checkpoint(std::string_view blob, std::string_view signature) {
  Result<Checkpoint> c = unframed<Checkpoint>(
      blob, kMagic, [&](std::string_view payload) { return read_payload(payload, signature); });
  if (!c) return c;
  if (std::optional<Error> bad = malformed_journal(*c)) return tl::unexpected(std::move(*bad));
  return c;
}

std::string encode_state(const EventState& state, std::string_view signature) {
  return framed(kStateMagic, [&](BlobWriter& ar) { write_state_payload(ar, signature, state); });
}

Result<EventState> decode_state(std::string_view blob, std::string_view signature) {
  return unframed<EventState>(
      blob, kStateMagic, [&](std::string_view payload) { return read_state_payload(payload, signature); });
}

}  // namespace gauntlet
