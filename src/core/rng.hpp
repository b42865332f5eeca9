// Deterministic randomness drawn from the seed recorded in the journal.
//
// The core never touches a clock or std::random_device: the event's seed is chosen once at the
// edge (CLI/server) and stored in the EventCreated entry. Each use derives its own stream from
// (seed, purpose, round), so adding a draw for one purpose never shifts another's, and a replay
// reproduces every shuffle, bye draw, scenario roll and pairing tie-break exactly.
//
//   Rng rng = Rng::derive(event_seed, "scenario-roll", round);
//   int d6 = rng.roll(6);            // 1..6
//   rng.shuffle(players);
//
// The generator is splitmix64 and the bounded draw is Lemire's unbiased method; both are
// fully specified here so results do not depend on the standard library's distributions,
// which differ between implementations.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace gauntlet {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  // A stream for one purpose in one round of one event.
  static Rng derive(std::uint64_t seed, std::string_view purpose, int round);

  std::uint64_t next();
  // Uniform in [0, n). Precondition: n > 0.
  std::uint64_t below(std::uint64_t n);
  // A die roll in [1, sides].
  int roll(int sides) { return static_cast<int>(below(static_cast<std::uint64_t>(sides))) + 1; }

  template <class T>
  void shuffle(std::vector<T>& v) {  // Fisher–Yates
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace gauntlet
