#include "app/events.hpp"

#include <cctype>

#include "app/clock.hpp"
#include "core/event_id.hpp"
#include "engine/engine.hpp"
#include "model/json.hpp"

namespace gauntlet::app {

std::string slug(const std::string& name) {
  std::string out;
  for (char ch : name) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (std::isalnum(c))
      out += static_cast<char>(std::tolower(c));
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "event" : out.substr(0, 40);
}

Result<std::string> choose_event_id(const std::string& requested, const std::string& name,
                                    const IdTaken& taken) {
  if (!requested.empty()) {
    // Checked before `taken` asks the store: a bad id is the caller's mistake, never a storage error.
    GAUNTLET_CHECK(check_event_id(requested, "id"));
    if (taken(requested))
      return fail(ErrorKind::conflict, "id", "event", "event id '" + requested + "' is taken");
    return requested;
  }
  const std::string base = slug(name);
  std::string id = base;
  for (int n = 2; taken(id); ++n) id = base + "-" + std::to_string(n);
  return id;
}

EventConfig seeded(EventConfig config) {
  if (config.seed == 0) config.seed = fresh_seed();
  return config;
}

Result<RoundTiming> rules_timing(const std::string& edition, int points,
                                 const std::vector<std::string>& variants) {
  std::vector<VariantChoice> chosen;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    GAUNTLET_TRY(VariantChoice v, variant_from_text(variants[i], "variants[" + std::to_string(i) + "]"));
    chosen.push_back(std::move(v));
  }
  return setup_timing(edition, points, std::move(chosen), "");
}

Result<EventSession> create_event(Store& store, const std::string& id, EventConfig config) {
  GAUNTLET_CHECK(check_event_id(id, "id"));
  return EventSession::create(store, id, CreateEvent{seeded(std::move(config))}, now_utc());
}

Result<std::string> import_event(Store& store, EventFile file, const std::string& requested_id) {
  GAUNTLET_TRY(const std::string id,
               choose_event_id(requested_id, file.state.config.name,
                               [&](const std::string& x) { return store.has_event(x); }));
  const std::string at = now_utc();
  for (JournalEntry& e : file.journal)
    if (e.at.empty()) e.at = at;
  store.import_event(id, file.journal);
  return id;
}

}  // namespace gauntlet::app
