#include "core/rng.hpp"

namespace gauntlet {

namespace {
// 64x64->128-bit multiply for the unbiased bounded draw; __extension__ keeps -Wpedantic quiet.
__extension__ typedef unsigned __int128 u128;
}  // namespace

Rng Rng::derive(std::uint64_t seed, std::string_view purpose, int round) {
  // FNV-1a over the purpose, mixed with the seed and round; splitmix64 scrambles it further.
  std::uint64_t h = 1469598103934665603ULL;
  for (char c : purpose) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  Rng mixer(seed ^ h ^ (static_cast<std::uint64_t>(round) * 0x9E3779B97F4A7C15ULL));
  return Rng(mixer.next());
}

std::uint64_t Rng::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t Rng::below(std::uint64_t n) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019): unbiased by rejection.
  u128 m = static_cast<u128>(next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<u128>(next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

}  // namespace gauntlet
