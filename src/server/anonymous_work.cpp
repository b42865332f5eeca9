#include "server/anonymous_work.hpp"

#include <algorithm>

namespace gauntlet::server {

namespace {

// Addresses remembered at once; past it, ended windows are forgotten first, and a flood of fresh
// addresses shares one budget (nothing grows without bound on a stranger's say).
constexpr std::size_t kMaxAddresses = 4096;
const std::string kEveryoneElse = "(more addresses than remembered)";

int seconds_until(std::int64_t at_ms, std::int64_t now_ms) {
  return static_cast<int>(std::max<std::int64_t>(1, (at_ms - now_ms + 999) / 1000));
}

}  // namespace

AnonymousWork::Grant::~Grant() {
  if (!owner_) return;
  const std::lock_guard lock(owner_->mutex_);
  --owner_->running_;
}

void AnonymousWork::forget_ended(std::int64_t now_ms) {
  std::erase_if(by_address_,
                [&](const auto& kv) { return now_ms - kv.second.start_ms >= limits_.window.count(); });
}

AnonymousWork::Grant AnonymousWork::take(const std::string& address, int units, std::int64_t now_ms) {
  const std::lock_guard lock(mutex_);
  Grant g;
  if (running_ >= limits_.at_once) {
    g.busy = true;
    g.retry_after = 1;
    return g;
  }
  if (by_address_.size() >= kMaxAddresses && !by_address_.contains(address)) forget_ended(now_ms);
  const std::string& key =
      by_address_.size() >= kMaxAddresses && !by_address_.contains(address) ? kEveryoneElse : address;
  Window& w = by_address_[key];
  if (now_ms - w.start_ms >= limits_.window.count()) w = Window{now_ms, 0};
  if (w.used + units > limits_.units) {
    g.retry_after = seconds_until(w.start_ms + limits_.window.count(), now_ms);
    return g;
  }
  w.used += units;
  ++running_;
  g.owner_ = this;
  return g;
}

}  // namespace gauntlet::server
