#include "eventfile/file_checkpoint.hpp"

#include <openssl/evp.h>
#include <xxhash.h>

#include <boost/algorithm/hex.hpp>
#include <cstdint>
#include <cstring>
#include <future>
#include <iterator>
#include <memory>

#include "checkpoint/checkpoint.hpp"
#include "eventfile/event_file.hpp"

namespace gauntlet {
namespace {

// The member as the file prints it, around the base64 state and the hex digest.
constexpr std::string_view kOpen = ",\n  \"checkpoint\": {\n    \"state\": \"";
constexpr std::string_view kBetween = "\",\n    \"xxh3\": \"";
constexpr std::string_view kClose = "\"\n  }\n}";
constexpr std::size_t kDigestHex = 32;
constexpr std::string_view kStateLine = "    \"state\": \"";
// OpenSSL's base64 takes an int length (a state of millions of players is still far below).
constexpr std::size_t kLargestBlob = std::size_t{INT32_MAX} / 4 * 3;

std::string base64(std::string_view bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3), '\0');
  const int n =
      EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                      reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  out.resize(static_cast<std::size_t>(n));
  return out;
}

// A decoded blob: its bytes are written once, never cleared first (zeroing 37 MB of new pages
// cost as much again as decoding them).
struct Bytes {
  std::unique_ptr<char[]> data;
  std::size_t size = 0;
  std::string_view view() const { return {data.get(), size}; }
};

// Decodes text[from, to) (whole groups of four) into out's bytes at from / 4 * 3; false when it is
// not base64.
bool unbase64_part(std::string_view text, std::size_t from, std::size_t to, Bytes& out) {
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data.get() + from / 4 * 3),
                                reinterpret_cast<const unsigned char*>(text.data() + from),
                                static_cast<int>(to - from));
  return n >= 0 && static_cast<std::size_t>(n) == (to - from) / 4 * 3;
}

// The bytes of `text`, or nullopt when it is not base64 as base64() writes it. A large text's
// second half is decoded on the other core meanwhile (issue 16 point 1: 50 MB at 100 000 players);
// groups of four decode alone, so the halves give the bytes the whole would.
std::optional<Bytes> unbase64(std::string_view text) {
  if (text.size() % 4 != 0 || text.size() > static_cast<std::size_t>(INT32_MAX)) return std::nullopt;
  Bytes out{std::make_unique_for_overwrite<char[]>(text.size() / 4 * 3), text.size() / 4 * 3};
  const std::size_t half = text.size() >= kLargeEventFile ? text.size() / 8 * 4 : text.size();
  std::future<bool> second;
  if (half < text.size())
    second = std::async(std::launch::async, [&] { return unbase64_part(text, half, text.size(), out); });
  const bool first = unbase64_part(text, 0, half, out);
  const bool rest = !second.valid() || second.get();
  if (!first || !rest) return std::nullopt;
  // EVP_DecodeBlock counts the bytes the '=' padding stands for, as zeros: they are not the blob's.
  if (text.ends_with('=')) --out.size;
  if (text.ends_with("==")) --out.size;
  return out;
}

struct Tail {
  std::string_view covered;  // every byte before the comma ahead of "checkpoint"
  std::string_view state;    // base64
  std::string_view digest;   // hex
};

// The checkpoint member `text` ends with, printed exactly as event_file_text prints it.
std::optional<Tail> tail_of(std::string_view text) {
  if (text.ends_with('\n')) text.remove_suffix(1);
  if (!text.ends_with(kClose)) return std::nullopt;
  text.remove_suffix(kClose.size());
  if (text.size() < kDigestHex) return std::nullopt;
  Tail tail;
  tail.digest = text.substr(text.size() - kDigestHex);
  text.remove_suffix(kDigestHex);
  if (!text.ends_with(kBetween)) return std::nullopt;
  text.remove_suffix(kBetween.size());
  // The base64 holds no newline: the state's line starts after the last one.
  const void* nl = ::memrchr(text.data(), '\n', text.size());
  if (!nl) return std::nullopt;
  const std::size_t line = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
  if (text.substr(line, kStateLine.size()) != kStateLine) return std::nullopt;
  tail.state = text.substr(line + kStateLine.size());
  const std::string_view before = text.substr(0, line + kStateLine.size());
  if (!before.ends_with(kOpen)) return std::nullopt;
  tail.covered = before.substr(0, before.size() - kOpen.size());
  return tail;
}

}  // namespace

std::string checkpoint_digest(std::string_view text) {
  std::string pieces;
  for (std::size_t at = 0; at < text.size() || at == 0; at += kDigestPiece) {
    XXH128_canonical_t c;
    XXH128_canonicalFromHash(&c, XXH3_128bits(text.data() + at, std::min(kDigestPiece, text.size() - at)));
    pieces.append(reinterpret_cast<const char*>(c.digest), sizeof c.digest);
  }
  XXH128_canonical_t whole;
  XXH128_canonicalFromHash(&whole, XXH3_128bits(pieces.data(), pieces.size()));
  std::string hex;
  boost::algorithm::hex_lower(std::begin(whole.digest), std::end(whole.digest), std::back_inserter(hex));
  return hex;
}

std::string event_file_text(const EventState& state, std::span<const JournalEntry> journal) {
  return event_file_text(state, journal, format_signature());
}

std::string event_file_text(const EventState& state, std::span<const JournalEntry> journal,
                            std::string_view signature) {
  std::string text = write_event_file(state, journal).dump(2);
  if (journal.empty() || text.size() < kLargeEventFile || !text.ends_with("\n}")) return text + "\n";
  text.resize(text.size() - 2);
  const std::string blob = encode_state(state, signature);
  if (blob.size() > kLargestBlob) return text + "\n}\n";  // beyond what base64() takes: read in full
  const std::string digest = checkpoint_digest(text);
  const std::string state_text = base64(blob);
  text.reserve(text.size() + kOpen.size() + state_text.size() + kBetween.size() + digest.size() +
               kClose.size() + 1);
  text.append(kOpen).append(state_text).append(kBetween).append(digest).append(kClose).append("\n");
  return text;
}

std::optional<EventState> state_from_checkpoint(std::string_view text) {
  if (text.size() < kLargeEventFile) return std::nullopt;
  const std::optional<Tail> tail = tail_of(text);
  if (!tail) return std::nullopt;
  // The digest of hundreds of megabytes on the other core while this one decodes the state.
  std::future<std::string> digest =
      std::async(std::launch::async, [covered = tail->covered] { return checkpoint_digest(covered); });
  std::optional<EventState> state;
  if (const std::optional<Bytes> blob = unbase64(tail->state))
    if (Result<EventState> decoded = decode_state(blob->view())) state = std::move(*decoded);
  if (digest.get() != tail->digest) return std::nullopt;
  return state;
}

}  // namespace gauntlet
