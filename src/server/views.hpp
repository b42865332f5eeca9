// What the API shows: JSON views of an event, built from its state (docs/api.md).
//
//   std::shared_ptr<const Snapshot> snap = build_snapshot("spring-open", session);
//   snap->standings_json;                 // a CachedAnswer, shared by every public GET
//   nlohmann::json page = player_view(*snap, "p7");
//
// A Snapshot is immutable and rebuilt once per journal change, so public reads never take the
// event's sequencer lock and never recompute standings. Public views never include contact
// details; admin_view (EO only) does.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "journal/session.hpp"
#include "server/cached_answer.hpp"
#include "standings/standings.hpp"

namespace gauntlet::server {

// The pairings of each round before the current one, made whole on the first request for it
// (std::call_once, as a CachedAnswer's codings): the results page asks for every round at every
// visit, and a past round's bytes change only with a journal change, which builds a new snapshot.
class PastPairings {
 public:
  explicit PastPairings(std::size_t rounds)
      : once_(std::make_unique<std::once_flag[]>(rounds)), answers_(rounds) {}
  // Round `round` (1 .. rounds given above), made by `make` unless made already.
  template <class Make>
  const std::shared_ptr<const CachedAnswer>& get(std::size_t round, Make make) const {
    std::call_once(once_[round - 1], [&] { answers_[round - 1] = make(); });
    return answers_[round - 1];
  }

 private:
  std::unique_ptr<std::once_flag[]> once_;
  mutable std::vector<std::shared_ptr<const CachedAnswer>> answers_;
};

struct Snapshot {
  std::string event_id;
  std::int64_t seq = 0;
  std::string last_kind;  // command name of the latest entry, or "undo"
  std::shared_ptr<const EventState> state;
  Standings standings;
  std::vector<std::string> round_started_at;  // index round-1: when its pair-round was accepted
  nlohmann::json list_item;                   // the event's row in GET /api/events
  // The hot public answers, whole (identity, gzip, brotli; ETags): a clock tap's copy of the
  // snapshot shares them, since a tap changes none of their bytes.
  std::shared_ptr<const CachedAnswer> summary, standings_json;
  std::shared_ptr<const CachedAnswer> current_pairings;  // null before round 1
  std::shared_ptr<const PastPairings> past_pairings;     // shared by a clock tap's copy too
};

std::shared_ptr<const Snapshot> build_snapshot(const std::string& event_id, const EventSession& session);
// The event's row in GET /api/events (Snapshot::list_item), also without a snapshot.
nlohmann::json event_list_item(const std::string& event_id, const EventState& state);

// GET /pairings?round=N (round 0 = current); nullopt when the round does not exist.
std::optional<nlohmann::json> pairings_view(const Snapshot& snap, int round);
// The same as a cached answer: current_pairings, or a past round's from past_pairings; null when
// the round does not exist.
std::shared_ptr<const CachedAnswer> pairings_answer(const Snapshot& snap, int round);
// GET /players/{pid}; nullopt for an unknown player.
std::optional<nlohmann::json> player_view(const Snapshot& snap, const std::string& player_id);
// GET /admin: the summary plus contacts, lists, pending reports and disputes.
nlohmann::json admin_view(const Snapshot& snap);
// GET /journal.
nlohmann::json journal_view(const EventSession& session);

}  // namespace gauntlet::server
