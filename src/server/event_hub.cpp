#include "server/event_hub.hpp"

#include "app/clock.hpp"
#include "app/events.hpp"
#include "app/table_clock.hpp"

namespace gauntlet::server {

EventHub::EventHub(Store& loader, std::string db_path, const std::string& event_id)
    : id_(event_id),
      db_path_(std::move(db_path)),
      session_(EventSession::open(loader, event_id)),
      list_item_(event_list_item(id_, session_.state())) {}

std::shared_ptr<const Snapshot> EventHub::snapshot() const {
  {
    std::lock_guard lock(snapshot_mutex_);
    if (snapshot_) return snapshot_;
  }
  std::lock_guard sequencer(mutex_);  // the session is read under the sequencer
  {
    std::lock_guard lock(snapshot_mutex_);
    if (snapshot_) return snapshot_;  // built meanwhile
  }
  auto built = build_snapshot(id_, session_);
  set_snapshot(built);
  return built;
}

void EventHub::set_snapshot(std::shared_ptr<const Snapshot> fresh) const {
  std::lock_guard lock(snapshot_mutex_);
  list_item_ = fresh->list_item;
  snapshot_ = std::move(fresh);
}

Result<app::Accepted> EventHub::execute(Command command, app::Caller caller) {
  return group_.submit(
      app::Request{std::move(command), std::move(caller)}, [this](std::vector<app::Request>& group) {
        return sequenced([&](EventSession& s) { return app::execute_each(s, std::move(group)); });
      });
}

bool EventHub::clocks_due(std::int64_t now_ms) const {
  {
    std::lock_guard lock(snapshot_mutex_);
    if (snapshot_) return !app::due_clock_actions(*snapshot_->state, now_ms).empty();
  }
  std::unique_lock sequencer(mutex_, std::try_to_lock);
  return !sequencer || !app::due_clock_actions(session_.state(), now_ms).empty();
}

void EventHub::publish() {
  const JournalEntry& last = session_.journal().back();
  if (last.command && is_clock_command(*last.command))
    return publish_clock(std::get<ClockAction>(*last.command));
  auto fresh = build_snapshot(id_, session_);
  const std::int64_t round = static_cast<std::int64_t>(fresh->state->rounds.size());
  const Body message = make_body(nlohmann::json{
      {"type", "changed"},
      {"seq", fresh->seq},
      {"kind", fresh->last_kind},
      {"round", round}}.dump());
  set_snapshot(std::move(fresh));
  live_.broadcast(message);
}

// A tap changes one table's clock: the cached public bodies (standings, pairings) stay as they
// are, the state moves on, and the sockets get that table's clock alone (issue 11 point 9: a pass
// every few seconds at 256 tables must not rebuild standings or send every phone the event).
void EventHub::publish_clock(const ClockAction& action) {
  auto fresh = std::make_shared<Snapshot>(*snapshot());
  fresh->seq = session_.last_seq();
  fresh->last_kind = "clock";
  fresh->state = std::make_shared<const EventState>(session_.state());
  const EventState& s = *fresh->state;
  nlohmann::json clock = nullptr;
  if (action.round >= 1 && action.round <= static_cast<int>(s.rounds.size()))
    if (const Table* t = s.rounds[static_cast<std::size_t>(action.round - 1)].find_table(action.table))
      clock = app::table_clock_json(s, s.rounds[static_cast<std::size_t>(action.round - 1)], *t);
  const Body message = make_body(nlohmann::json{
      {"type", "clock"},
      {"seq", fresh->seq},
      {"round", action.round},
      {"table", action.table},
      {"action", to_string(action.action)},
      {"clock", clock},
      {"server_ms",
       app::unix_millis()}}.dump());
  set_snapshot(std::move(fresh));
  live_.broadcast(message);
}

EventHubs::EventHubs(std::string db_path) : db_path_(std::move(db_path)), catalog_(Store::open(db_path_)) {
  for (const EventSummary& e : catalog_.events()) {
    hubs_[e.id] = std::make_shared<EventHub>(catalog_, db_path_, e.id);
    order_.push_back(e.id);
  }
}

std::shared_ptr<EventHub> EventHubs::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = hubs_.find(id);
  return it == hubs_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<EventHub>> EventHubs::all() {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<EventHub>> out;
  for (const std::string& id : order_) out.push_back(hubs_[id]);
  return out;
}

bool EventHubs::taken(const std::string& id) {
  std::lock_guard lock(mutex_);
  return hubs_.count(id) > 0 || catalog_.has_event(id);
}

Result<std::shared_ptr<EventHub>> EventHubs::create(const std::string& id, EventConfig config) {
  std::lock_guard lock(mutex_);
  GAUNTLET_TRY(EventSession created, app::create_event(catalog_, id, std::move(config)));
  (void)created;
  auto hub = std::make_shared<EventHub>(catalog_, db_path_, id);
  hubs_[id] = hub;
  order_.push_back(id);
  return hub;
}

void EventHubs::follow(const std::string& id, std::int64_t seq) {
  std::shared_ptr<EventHub> hub;
  {
    std::lock_guard lock(mutex_);
    const auto it = hubs_.find(id);
    if (it == hubs_.end()) {
      // create() holds mutex_ until its hub is in the map, so an event this server made is found.
      if (!catalog_.has_event(id)) return;
      hubs_[id] = std::make_shared<EventHub>(catalog_, db_path_, id);
      order_.push_back(id);
      return;
    }
    hub = it->second;
  }
  hub->sequenced([&](EventSession& s) {
    if (s.last_seq() < seq) s.reload();
    return 0;
  });
}

void EventHubs::follow_all() {
  std::vector<EventSummary> stored;
  {
    std::lock_guard lock(mutex_);
    stored = catalog_.events();
  }
  for (const EventSummary& e : stored) follow(e.id, e.entries);  // seqs run 1..entries
}

}  // namespace gauntlet::server
