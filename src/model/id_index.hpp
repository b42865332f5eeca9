// Where each player stands in EventState::players, by id: a flat hash index (issue 16 point 1).
//
//   IdIndex index;
//   index.insert(players[i].id, i);                       // as apply() registers a player
//   if (auto at = index.find("p7", players)) use(players[*at]);
//
// Why not std::unordered_map: at 100 000 players a fifth of an event file's import went to id
// lookups that missed the cache twice (bucket, then node). Here a lookup reads one 16-byte slot
// (open addressing, linear probing, at most half full) holding a 32-bit tag of the id's hash, the
// position, and the id itself when it has at most 7 bytes ("p12345": every id Gauntlet assigns),
// so a lookup touches nothing else; a longer id is confirmed against `players`, which holds it.
// Ids are unique (the engine refuses a taken id), so insert() never looks for an existing one.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace gauntlet {

struct Player;

class IdIndex {
 public:
  // Adds `id` at `position` (which the caller's players[position].id will equal). Precondition:
  // `id` is not in the index; position < 2^32 - 1 (std::length_error otherwise).
  void insert(std::string_view id, std::size_t position);
  // The position of `id` in `players` (the vector the inserts described); nullopt when absent.
  std::optional<std::size_t> find(std::string_view id, std::span<const Player> players) const;
  // Starts loading the slot `id` would be found in, without waiting for it: a loop over tables asks
  // for the ids a few tables ahead, so their cache misses overlap instead of following one another.
  void prefetch(std::string_view id) const;
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Same ids inserted in the same order give the same slots (a state decoded from a checkpoint
  // equals the state replayed).
  bool operator==(const IdIndex&) const = default;

  // For src/checkpoint only: the table as stored (two words per slot), and rebuilt from it.
  const std::vector<std::uint64_t>& slots() const { return slots_; }
  // nullopt when `slots` is not a table insert() makes (2^k slots, `size` used, at most half).
  static std::optional<IdIndex> from_slots(std::vector<std::uint64_t> slots, std::size_t size);

 private:
  void grow();
  // Two words per slot: tag (32 bits of the id's hash) << 32 | position + 1 (0: an empty slot),
  // then the id packed by pack() below.
  std::vector<std::uint64_t> slots_;
  std::size_t size_ = 0;
};

}  // namespace gauntlet
