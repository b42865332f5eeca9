// Boxed<T>: an optional T kept on the heap, with value semantics (copies copy the T, == compares
// the Ts) and std::optional's interface, for a large member that is absent in nearly every
// object: a Table's pending report (312 bytes) and clock (192 bytes) are empty for the whole of
// an imported or finished event, and inline they made a Table 720 bytes (issue 16: a 100 000-player
// event holds 250 000 tables in its state and again in its journal).
//
//   Boxed<TableClock> clock;          // empty: one pointer
//   clock = TableClock{...};          // or clock.emplace(...)
//   if (clock) clock->running = false;
//   clock.reset();
#pragma once

#include <memory>
#include <optional>
#include <utility>

namespace gauntlet {

template <class T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}                                       // NOLINT: converts like std::optional
  Boxed(T value) : p_(std::make_unique<T>(std::move(value))) {}  // NOLINT: converts like std::optional
  Boxed(const Boxed& other) : p_(other.p_ ? std::make_unique<T>(*other.p_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(const Boxed& other) {
    if (this != &other) p_ = other.p_ ? std::make_unique<T>(*other.p_) : nullptr;
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  Boxed& operator=(std::nullopt_t) {
    p_.reset();
    return *this;
  }
  Boxed& operator=(T value) {
    p_ = std::make_unique<T>(std::move(value));
    return *this;
  }
  ~Boxed() = default;

  template <class... Args>
  T& emplace(Args&&... args) {
    p_ = std::make_unique<T>(std::forward<Args>(args)...);
    return *p_;
  }
  void reset() { p_.reset(); }
  bool has_value() const { return p_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  T& operator*() { return *p_; }
  const T& operator*() const { return *p_; }
  T* operator->() { return p_.get(); }
  const T* operator->() const { return p_.get(); }
  T& value() {
    if (!p_) throw std::bad_optional_access();
    return *p_;
  }
  const T& value() const {
    if (!p_) throw std::bad_optional_access();
    return *p_;
  }

  friend bool operator==(const Boxed& a, const Boxed& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }
  friend bool operator==(const Boxed& a, std::nullopt_t) { return !a.has_value(); }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace gauntlet
