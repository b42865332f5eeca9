// IdIndex (model/id_index.hpp): every id inserted is found at its position, no other id is, and a
// table read back from its slots answers the same (issue 16 point 1).
#include "model/id_index.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "model/state.hpp"

namespace gauntlet {
namespace {

// Ids as Gauntlet assigns them ("p1".."pN", packed into the slot) mixed with ids another tool's file
// may carry: long ones (confirmed against the players) and ones differing only in length or case.
std::string random_id(std::mt19937_64& rng) {
  static const std::string alphabet = "pP0123456789abcXYZ-_ ";
  std::uniform_int_distribution<int> kind(0, 3);
  std::uniform_int_distribution<std::size_t> len(0, 24);
  std::uniform_int_distribution<std::size_t> ch(0, alphabet.size() - 1);
  if (kind(rng) != 0) return "p" + std::to_string(std::uniform_int_distribution<int>(1, 200000)(rng));
  std::string id(len(rng), ' ');
  for (char& c : id) c = alphabet[ch(rng)];
  return id;
}

TEST(IdIndex, FindsEveryInsertedIdAtItsPositionAndNoOther) {
  std::mt19937_64 rng(16);
  for (int event = 0; event < 300; ++event) {
    std::vector<Player> players;
    std::set<std::string> taken;
    IdIndex index;
    const int n = std::uniform_int_distribution<int>(0, event < 290 ? 200 : 20000)(rng);
    while (static_cast<int>(players.size()) < n) {
      std::string id = random_id(rng);
      if (!taken.insert(id).second) continue;
      index.insert(id, players.size());
      Player p;
      p.id = std::move(id);
      players.push_back(std::move(p));
    }
    ASSERT_EQ(index.size(), players.size());
    for (std::size_t i = 0; i < players.size(); ++i) ASSERT_EQ(index.find(players[i].id, players), i);
    for (int miss = 0; miss < 200; ++miss) {
      const std::string id = random_id(rng);
      if (!taken.contains(id)) {
        ASSERT_EQ(index.find(id, players), std::nullopt) << id;
      }
    }
    // Read back from its slots: equal, and it answers the same.
    const auto back = IdIndex::from_slots(index.slots(), index.size());
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, index);
    for (std::size_t i = 0; i < players.size(); ++i) ASSERT_EQ(back->find(players[i].id, players), i);
  }
}

TEST(IdIndex, ShortIdsNeedNotBeLookedUpInThePlayers) {
  // "p1" and "p10" share a prefix; the empty id and the 7-byte id are the packing's edges.
  IdIndex index;
  const std::vector<std::string> ids{"p1", "p10", "", "abcdefg", "abcdefgh"};
  for (std::size_t i = 0; i < ids.size(); ++i) index.insert(ids[i], i);
  const std::vector<Player> none;  // short ids answer from the slot alone
  EXPECT_EQ(index.find("p1", none), 0u);
  EXPECT_EQ(index.find("p10", none), 1u);
  EXPECT_EQ(index.find("", none), 2u);
  EXPECT_EQ(index.find("abcdefg", none), 3u);
  EXPECT_EQ(index.find("p100", none), std::nullopt);
  EXPECT_EQ(index.find("P1", none), std::nullopt);
  // A longer id is confirmed in the players: absent from them, it is not found.
  EXPECT_EQ(index.find("abcdefgh", none), std::nullopt);
}

TEST(IdIndex, ReadingSlotsRefusesATableInsertCannotMake) {
  IdIndex index;
  index.insert("p1", 0);
  const std::vector<std::uint64_t> slots = index.slots();
  EXPECT_FALSE(IdIndex::from_slots(slots, 2).has_value());  // size disagrees with the used slots
  std::vector<std::uint64_t> odd = slots;
  odd.pop_back();
  EXPECT_FALSE(IdIndex::from_slots(odd, 1).has_value());  // not two words per slot
  std::vector<std::uint64_t> three(6, 0);
  EXPECT_FALSE(IdIndex::from_slots(three, 0).has_value());  // not a power of two
  EXPECT_TRUE(IdIndex::from_slots({}, 0).has_value());      // the empty index
}

}  // namespace
}  // namespace gauntlet
