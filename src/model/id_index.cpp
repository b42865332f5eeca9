#include "model/id_index.hpp"

#include <functional>
#include <stdexcept>

#include "model/state.hpp"

namespace gauntlet {

namespace {

constexpr std::uint64_t kPositionMask = 0xffffffffu;
constexpr std::size_t kShort = 7;                   // ids of up to 7 bytes live in the slot
constexpr std::uint64_t kLong = ~std::uint64_t{0};  // a longer id: compare it in `players`

// An id of up to 7 bytes, its length in the top byte: equal packs are equal ids. Longer: kLong.
std::uint64_t pack(std::string_view id) {
  if (id.size() > kShort) return kLong;
  std::uint64_t k = std::uint64_t{id.size()} << 56;
  for (std::size_t i = 0; i < id.size(); ++i)
    k |= std::uint64_t{static_cast<unsigned char>(id[i])} << (8 * i);
  return k;
}

// 32 bits of the id's hash. The slot a tag starts probing at is its low bits, so growing needs no
// key: each slot's tag says where it goes. A short id is hashed from its pack by MurmurHash3's
// 64-bit finalizer, a few multiplications where std::hash ran over the bytes (issue 16: an event
// file of 100 000 players looks ids up millions of times).
std::uint32_t tag_of(std::string_view id, std::uint64_t packed) {
  std::uint64_t h = packed;
  if (packed == kLong) {
    h = std::hash<std::string_view>{}(id);
  } else {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
  }
  return static_cast<std::uint32_t>(h ^ (h >> 32));
}

}  // namespace

void IdIndex::insert(std::string_view id, std::size_t position) {
  if (position >= kPositionMask) throw std::length_error("IdIndex: a position of 2^32 - 1 or more");
  if ((size_ + 1) * 4 > slots_.size()) grow();  // two words per slot: at most half the slots used
  const std::uint64_t key = pack(id);
  const std::uint64_t tag = tag_of(id, key);
  const std::size_t mask = slots_.size() / 2 - 1;
  std::size_t i = tag & mask;
  while (slots_[2 * i] != 0) i = (i + 1) & mask;
  slots_[2 * i] = tag << 32 | (position + 1);
  slots_[2 * i + 1] = key;
  ++size_;
}

std::optional<std::size_t> IdIndex::find(std::string_view id, std::span<const Player> players) const {
  if (size_ == 0) return std::nullopt;
  const std::uint64_t key = pack(id);
  const std::uint64_t tag = tag_of(id, key);
  const std::size_t mask = slots_.size() / 2 - 1;
  for (std::size_t i = tag & mask; slots_[2 * i] != 0; i = (i + 1) & mask) {
    if (slots_[2 * i] >> 32 != tag || slots_[2 * i + 1] != key) continue;
    const std::size_t at = (slots_[2 * i] & kPositionMask) - 1;
    if (key != kLong) return at;
    if (at < players.size() && players[at].id == id) return at;
  }
  return std::nullopt;
}

void IdIndex::prefetch(std::string_view id) const {
  if (size_ == 0) return;
  __builtin_prefetch(&slots_[2 * (tag_of(id, pack(id)) & (slots_.size() / 2 - 1))]);
}

void IdIndex::grow() {
  std::vector<std::uint64_t> old = std::move(slots_);
  slots_.assign(old.empty() ? 32 : old.size() * 2, 0);
  const std::size_t mask = slots_.size() / 2 - 1;
  for (std::size_t j = 0; j < old.size(); j += 2) {
    if (old[j] == 0) continue;
    std::size_t i = (old[j] >> 32) & mask;
    while (slots_[2 * i] != 0) i = (i + 1) & mask;
    slots_[2 * i] = old[j];
    slots_[2 * i + 1] = old[j + 1];
  }
}

std::optional<IdIndex> IdIndex::from_slots(std::vector<std::uint64_t> slots, std::size_t size) {
  const std::size_t n = slots.size() / 2;
  std::size_t used = 0;
  for (std::size_t j = 0; j < slots.size(); j += 2) used += slots[j] != 0;
  if (slots.size() % 2 != 0 || (n & (n - 1)) != 0 || used != size || size * 2 > n) return std::nullopt;
  IdIndex index;
  index.slots_ = std::move(slots);
  index.size_ = size;
  return index;
}

}  // namespace gauntlet
