// One event on the server: its sequencer, its published snapshot and its live sockets.
//
//   auto hub = std::make_shared<EventHub>(catalog, "gauntlet.db", "spring-open");
//   std::shared_ptr<const Snapshot> snap = hub->snapshot();     // lock-free for readers' purposes
//   Result<std::int64_t> seq = hub->sequenced([&](EventSession& s) { return s.execute(cmd, now); });
//   Result<app::Accepted> a = hub->execute(report, app::Caller::as_player("p7"));  // group commit
//
// sequenced() is the event's only write path: one caller at a time, in arrival order (a mutex,
// so a command's SQLite commit and its in-memory apply are never interleaved with another's).
// When the journal grew, the hub publishes a fresh Snapshot and then tells every live socket,
// still under the lock, so clients see changes in journal order. Each hub has its own Store
// (SQLite connection) for its writes: events never wait for each other.
//
// Start (issue 16 point 2: 1 000 stored events served in under 1 s): an event is loaded through the
// catalog's connection (from its checkpoint), opens its own connection at its first sequenced()
// call, and builds its Snapshot (standings, public bodies) when first asked for one; until then
// GET /api/events and the clock timer read what they need without it.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "app/execute.hpp"
#include "journal/group_commit.hpp"
#include "journal/session.hpp"
#include "server/live.hpp"
#include "server/views.hpp"

namespace gauntlet::server {

class EventHub {
 public:
  // Loads the event through `loader`, a connection to `db_path` used by one thread at a time.
  EventHub(Store& loader, std::string db_path, const std::string& event_id);
  EventHub(const EventHub&) = delete;
  EventHub& operator=(const EventHub&) = delete;

  const std::string& id() const { return id_; }
  // Built at the first call when no change has built one yet.
  std::shared_ptr<const Snapshot> snapshot() const;
  // The event's row in GET /api/events, without building the snapshot.
  nlohmann::json list_item() const {
    std::lock_guard lock(snapshot_mutex_);
    return list_item_;
  }
  // Whether a flag or a round's expected end is due at `now_ms` (App::record_due_clocks), without
  // building the snapshot; true when the sequencer is busy (the caller looks again under it).
  bool clocks_due(std::int64_t now_ms) const;
  LiveChannel& live() { return live_; }

  // A command through the event's group commit (issue 15 point 4), for those app::execute_each
  // takes (a player's report or confirmation): while the sequencer commits one group, commands
  // queue, and the next group decides them in arrival order and commits them in one transaction;
  // the group is published once. Each caller gets its own answer once the group is committed.
  // Throws ErrorException (storage) to every caller of a group whose commit failed.
  Result<app::Accepted> execute(Command command, app::Caller caller);
  // Groups committed by execute() so far (statistics and tests).
  std::int64_t groups() const { return group_.groups(); }

  template <class F>
  auto sequenced(F&& f) -> decltype(f(std::declval<EventSession&>())) {
    std::lock_guard lock(mutex_);
    if (!store_) {
      store_.emplace(Store::open(db_path_));
      session_.use_store(*store_);
    }
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
  void set_snapshot(std::shared_ptr<const Snapshot> fresh) const;

  std::string id_;
  std::string db_path_;
  std::optional<Store> store_;  // this event's connection, opened at its first sequenced() call
  EventSession session_;
  // The sequencer. Recursive: a snapshot first asked for inside sequenced() is built under it.
  mutable std::recursive_mutex mutex_;
  mutable std::mutex snapshot_mutex_;  // taken after mutex_, never before
  mutable std::shared_ptr<const Snapshot> snapshot_;
  mutable nlohmann::json list_item_;  // under snapshot_mutex_: the snapshot's, or the loaded state's
  LiveChannel live_;
  GroupCommit<app::Request, Result<app::Accepted>> group_;
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
  // Several servers on one PostgreSQL database (issue 15): brings event `id` up to `seq`, which
  // another server appended. A known event re-reads its journal under its sequencer, which publishes
  // the change to its live sockets; an event new to this server is opened. Throws ErrorException.
  void follow(const std::string& id, std::int64_t seq);
  // follow() for every event in the store (after notifications may have been missed).
  void follow_all();

 private:
  std::string db_path_;
  std::mutex mutex_;
  Store catalog_;  // creates events and loads every hub; each hub then opens its own connection
  std::map<std::string, std::shared_ptr<EventHub>> hubs_;
  std::vector<std::string> order_;  // creation order, for GET /api/events
};

}  // namespace gauntlet::server
