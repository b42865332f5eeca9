#include "app/clock.hpp"

#include <chrono>
#include <ctime>
#include <random>

namespace gauntlet::app {

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::int64_t unix_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t unix_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::uint64_t fresh_seed() {
  std::random_device rd;
  const std::uint64_t seed = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  return seed ? seed : 1;  // 0 means "draw one" in EventConfig
}

}  // namespace gauntlet::app
