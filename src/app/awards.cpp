#include "app/awards.hpp"

#include "engine/awards.hpp"

namespace gauntlet::app {

using nlohmann::json;

namespace {

json person(const EventState& s, const PlayerId& id) {
  const Player* p = s.find_player(id);
  return {{"id", id}, {"name", p ? p->name : id}, {"faction", p ? p->faction : ""}};
}

json people(const EventState& s, const std::vector<PlayerId>& ids) {
  json out = json::array();
  for (const PlayerId& id : ids) out.push_back(person(s, id));
  return out;
}

json entries_json(const EventState& s, const Award& a) {
  json out = json::array();
  for (const AwardEntry& e : a.entries) {
    json j = person(s, e.player);
    j["title"] = e.title;
    j["photo"] = e.photo.empty() ? json(nullptr) : json(e.photo);
    out.push_back(std::move(j));
  }
  return out;
}

// Who the ballot waits for: every participant who may vote (SR2017 "Prizes": "all participants in
// the event hold a blind vote"), but a dropped player has gone home: they count once they vote (a
// drop bars no one from voting), and are not waited for ("15 of 17 voted" with two gone).
bool awaited(const Player& p, const Ballot& b) {
  return eligible_for_awards(p) && (p.status != PlayerStatus::dropped || b.has_voted(p.id));
}

int voters(const EventState& s, const Ballot& b) {
  int n = 0;
  for (const Player& p : s.players) n += awaited(p, b);
  return n;
}

json ballot_json(const EventState& s, const Ballot& b, const AwardsAudience& who) {
  json j{{"number", b.number},
         {"open", b.open()},
         {"candidates", people(s, b.candidates)},
         {"votes", b.votes.size()},
         {"voters", voters(s, b)}};
  if (!who.player.empty()) j["voted"] = b.has_voted(who.player);
  if (who.eo && b.open()) {
    json waiting = json::array();
    for (const Player& p : s.players)
      if (awaited(p, b) && !b.has_voted(p.id)) waiting.push_back(p.name);
    j["waiting"] = waiting;
  }
  return j;
}

json award_json(const EventState& s, const Award& a, const AwardsAudience& who) {
  json j{{"key", a.key},
         {"name", a.name},
         {"category", a.category},
         {"method", to_string(a.method)},
         {"everyone", a.everyone},
         {"entries", entries_json(s, a)},
         {"ballots", a.ballots.size()},
         {"decided", a.winners.empty() ? "" : a.decided},
         {"revealed", a.revealed}};
  if (a.metric != AwardMetric::none) j["metric"] = to_string(a.metric);
  if (!a.ballots.empty()) j["ballot"] = ballot_json(s, a.ballots.back(), who);
  const bool show_winner = who.eo || a.revealed;
  j["winners"] = show_winner ? people(s, a.winners) : json::array();
  if (!show_winner) j["decided"] = a.winners.empty() ? "" : "hidden";
  if (!who.eo) return j;
  if (!a.ballots.empty() && a.ballots.back().tally) {
    const Ballot& b = a.ballots.back();
    json tally = json::array();
    for (const PlayerId& id : b.candidates) {
      json p = person(s, id);
      p["votes"] = b.tally->at(id);
      tally.push_back(std::move(p));
    }
    j["tally"] = tally;
    if (a.winners.empty()) j["tied"] = people(s, b.leaders());
  }
  if (a.method == AwardMethod::computed) {
    json scores = json::array();
    for (const AwardScore& sc : award_scores(s, a.metric)) {
      if (scores.size() == 10 || sc.value == 0) break;
      json p = person(s, sc.player);
      p["value"] = sc.value;
      scores.push_back(std::move(p));
    }
    j["scores"] = scores;
    if (a.winners.empty()) j["tied"] = people(s, award_leaders(s, a.metric));
  }
  return j;
}

}  // namespace

json awards_json(const EventState& state, const AwardsAudience& audience) {
  json list = json::array();
  for (const Award& a : state.awards) list.push_back(award_json(state, a, audience));
  return {{"awards", list}};
}

}  // namespace gauntlet::app
