#include "server/event_hub.hpp"

#include "app/events.hpp"

namespace gauntlet::server {

EventHub::EventHub(const std::string& db_path, const std::string& event_id)
    : id_(event_id), store_(Store::open(db_path)), session_(EventSession::open(store_, event_id)) {
  snapshot_ = build_snapshot(id_, session_);
}

void EventHub::publish() {
  auto fresh = build_snapshot(id_, session_);
  const std::int64_t round = static_cast<std::int64_t>(fresh->state->rounds.size());
  const Body message = make_body(nlohmann::json{
      {"type", "changed"},
      {"seq", fresh->seq},
      {"kind", fresh->last_kind},
      {"round", round}}.dump());
  {
    std::lock_guard lock(snapshot_mutex_);
    snapshot_ = std::move(fresh);
  }
  live_.broadcast(message);
}

EventHubs::EventHubs(std::string db_path) : db_path_(std::move(db_path)), catalog_(Store::open(db_path_)) {
  for (const EventSummary& e : catalog_.events()) {
    hubs_[e.id] = std::make_shared<EventHub>(db_path_, e.id);
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
  auto hub = std::make_shared<EventHub>(db_path_, id);
  hubs_[id] = hub;
  order_.push_back(id);
  return hub;
}

}  // namespace gauntlet::server
