// One event on the server: its sequencer, its published snapshot and its live sockets.
//
//   auto hub = std::make_shared<EventHub>("gauntlet.db", "spring-open");
//   std::shared_ptr<const Snapshot> snap = hub->snapshot();     // lock-free for readers' purposes
//   Result<std::int64_t> seq = hub->sequenced([&](EventSession& s) { return s.execute(cmd, now); });
//
// sequenced() is the event's only write path: one caller at a time, in arrival order (a mutex,
// so a command's SQLite commit and its in-memory apply are never interleaved with another's).
// When the journal grew, the hub publishes a fresh Snapshot and then tells every live socket,
// still under the lock, so clients see changes in journal order. Each hub has its own Store
// (SQLite connection): events never wait for each other.
#pragma once

#include <map>
#include <memory>
#include <mutex>

#include "journal/session.hpp"
#include "server/live.hpp"
#include "server/views.hpp"

namespace gauntlet::server {

class EventHub {
 public:
  EventHub(const std::string& db_path, const std::string& event_id);
  EventHub(const EventHub&) = delete;
  EventHub& operator=(const EventHub&) = delete;

  const std::string& id() const { return id_; }
  std::shared_ptr<const Snapshot> snapshot() const {
    std::lock_guard lock(snapshot_mutex_);
    return snapshot_;
  }
  LiveChannel& live() { return live_; }

  template <class F>
  auto sequenced(F&& f) -> decltype(f(std::declval<EventSession&>())) {
    std::lock_guard lock(mutex_);
    const std::int64_t before = session_.last_seq();
    struct Publish {
      EventHub* hub;
      std::int64_t before;
      ~Publish() {
        if (hub->session_.last_seq() != before) hub->publish();
      }
    } publish{this, before};
    return f(session_);
  }

 private:
  void publish();  // under mutex_
  void publish_clock(const ClockAction& action);

  std::string id_;
  Store store_;
  EventSession session_;
  std::mutex mutex_;
  mutable std::mutex snapshot_mutex_;
  std::shared_ptr<const Snapshot> snapshot_;
  LiveChannel live_;
};

// Every event of the database, by id; events created over HTTP are added as they come.
class EventHubs {
 public:
  explicit EventHubs(std::string db_path);
  std::shared_ptr<EventHub> find(const std::string& id);
  std::vector<std::shared_ptr<EventHub>> all();
  // Creates the event in the store (app::create_event: seed drawn when 0) and opens its hub.
  Result<std::shared_ptr<EventHub>> create(const std::string& id, EventConfig config);
  bool taken(const std::string& id);

 private:
  std::string db_path_;
  std::mutex mutex_;
  Store catalog_;  // creates events; each hub then opens its own connection
  std::map<std::string, std::shared_ptr<EventHub>> hubs_;
  std::vector<std::string> order_;  // creation order, for GET /api/events
};

}  // namespace gauntlet::server
