#include "checkpoint/checkpoint.hpp"

#include <zlib.h>

#include <cstring>
#include <exception>

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

// Reads the payload; throws cereal::Exception (or bad_alloc) when it does not decode.
Result<Checkpoint> read_payload(std::string_view payload, std::string_view signature) {
  BlobReader ar(payload);
  std::string written_with;
  ar(written_with);
  if (written_with != signature)
    return tl::unexpected(refused("written by another build of Gauntlet (signature " + written_with + ")"));
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

}  // namespace

std::string encode_checkpoint(std::span<const JournalEntry> journal, const EventState& state,
                              std::string_view signature) {
  std::string blob(kMagic);
  blob.append(kCrcSize, '\0');
  {
    BlobWriter ar(blob);
    write_payload(ar, signature, journal, state);
  }
  const std::uint32_t crc = crc_of(std::string_view(blob).substr(kHeaderSize));
  std::memcpy(blob.data() + kMagic.size(), &crc, kCrcSize);
  return blob;
}

Result<Checkpoint> decode_checkpoint(std::string_view blob, std::string_view signature) {
  if (blob.size() < kHeaderSize || blob.substr(0, kMagic.size()) != kMagic)
    return tl::unexpected(refused("not a checkpoint (" + std::to_string(blob.size()) + " bytes)"));
  std::uint32_t crc = 0;
  std::memcpy(&crc, blob.data() + kMagic.size(), kCrcSize);
  const std::string_view payload = blob.substr(kHeaderSize);
  if (crc_of(payload) != crc)
    return tl::unexpected(refused("CRC-32 mismatch: the blob is corrupt or truncated"));
  Result<Checkpoint> c = [&]() -> Result<Checkpoint> {
    try {
      return read_payload(payload, signature);
    } catch (const std::exception& e) {  // cereal::Exception; bad_alloc at worst blob-sized
      return tl::unexpected(refused(std::string("does not decode: ") + e.what()));
    }
  }();
  if (!c) return c;
  if (std::optional<Error> bad = malformed_journal(*c)) return tl::unexpected(std::move(*bad));
  return c;
}

}  // namespace gauntlet
