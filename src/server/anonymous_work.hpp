// The heavy work anyone may ask for without a login (terrain: 1.3 ms of CPU and 5 KB of answer per
// table) rationed, so that strangers cannot take the cores and the memory the events' readers need:
// a budget of units (tables) per client address in each window, and a few requests at a time for
// the whole server. A caller who runs events (EO, judge, organizer) is not rationed.
//
//   AnonymousWork work({.units = 256, .window = std::chrono::minutes(1), .at_once = 1});
//   AnonymousWork::Grant g = work.take("192.0.2.7", tables, app::unix_millis());
//   if (!g) refuse(... g.retry_after ...);   // else the slot is held until g is destroyed
//
// In memory only: nothing is written for an anonymous request. Thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace gauntlet::server {

struct AnonymousLimits {
  int units = 256;  // per client address per window: four requests of a 128-player event's tables
  std::chrono::milliseconds window = std::chrono::minutes(1);
  int at_once = 1;  // requests running at once, server-wide: one core at most, the other for readers
};

class AnonymousWork {
 public:
  explicit AnonymousWork(AnonymousLimits limits) : limits_(limits) {}

  class Grant {
   public:
    Grant() = default;
    Grant(Grant&& other) noexcept : busy(other.busy), retry_after(other.retry_after), owner_(other.owner_) {
      other.owner_ = nullptr;
    }
    Grant& operator=(Grant&&) = delete;
    ~Grant();
    explicit operator bool() const { return owner_ != nullptr; }
    // Refused: `busy` when the server's slots were taken (the budget is untouched), else the
    // address's budget is spent; seconds to wait before asking again.
    bool busy = false;
    int retry_after = 0;

   private:
    friend class AnonymousWork;
    AnonymousWork* owner_ = nullptr;
  };
  // Takes `units` of `address`'s budget and a slot, or neither.
  Grant take(const std::string& address, int units, std::int64_t now_ms);
  const AnonymousLimits& limits() const { return limits_; }

 private:
  struct Window {
    std::int64_t start_ms = 0;
    int used = 0;
  };
  void forget_ended(std::int64_t now_ms);
  AnonymousLimits limits_;
  std::mutex mutex_;
  std::unordered_map<std::string, Window> by_address_;
  int running_ = 0;
};

}  // namespace gauntlet::server
