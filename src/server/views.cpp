#include "server/views.hpp"

#include <algorithm>
#include <map>

#include "app/situation.hpp"
#include "app/table_clock.hpp"
#include "armylists/characters.hpp"
#include "engine/list_plays.hpp"
#include "model/json.hpp"
#include "model/records.hpp"
#include "model/rounds.hpp"
#include "standings/render.hpp"

namespace gauntlet::server {

using nlohmann::json;

namespace {

std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Made again at every journal change, so a cheap brotli level: 5 gives within 25 % of 11's bytes
// on a 256-player standings at ~1 ms instead of ~60 ms.
constexpr int kPerChangeBrotli = 5;

// A body already written as JSON text (as dump() would have written it).
std::shared_ptr<const CachedAnswer> cached_text(std::string text) {
  return std::make_shared<const CachedAnswer>(make_body(std::move(text)), json_answer(kPerChangeBrotli));
}

std::shared_ptr<const CachedAnswer> cached(const json& j) {
  return cached_text(dump(j));
}

json list_or_null(const GameResult& g) {
  return g.list ? json(*g.list) : json(nullptr);
}

json results_json(const std::array<GameResult, 2>& r, Ending ending,
                  const std::optional<ConcessionArmy>& army = std::nullopt) {
  json j{{"outcome", {to_string(r[0].outcome), to_string(r[1].outcome)}},
         {"cp", {r[0].cp, r[1].cp}},
         {"ap", {r[0].ap, r[1].ap}},
         {"list", {list_or_null(r[0]), list_or_null(r[1])}},
         {"victory", to_string(ending)}};
  // SR2017 "Sportsmanship": what the concession's army points were halved from.
  if (army) j["concession_army"] = concession_army_to_json(*army);
  // The army-points calculator's marks each side's AP was counted from (issue 13 point 4).
  if (!r[0].destroyed.empty() || !r[1].destroyed.empty())
    j["destroyed"] = {losses_to_json(r[0].destroyed), losses_to_json(r[1].destroyed)};
  return j;
}

json report_json(const PendingReport& p) {
  json j = results_json(p.results, p.ending);
  j["reporter"] = p.reporter;
  j["disputed"] = p.disputed;
  // The opponent's different report of the same game (issue 10 point 11): the EO sees both.
  if (p.counter) {
    json c = results_json(p.counter->results, p.counter->ending);
    c["reporter"] = p.counter->reporter;
    j["counter"] = c;
  }
  return j;
}

json player_ref(const EventState& s, const PlayerId& id) {
  const Player* p = s.find_player(id);
  // "lists": how many lists the player registered (not their contents), so a report of a
  // concession can ask which one was played.
  return {{"id", id},
          {"name", p ? p->name : id},
          {"faction", p ? p->faction : ""},
          {"lists", p ? p->lists.size() : 0}};
}

// TP each player had when `round` was paired (GameRecord::tp_before: the one definition).
std::map<PlayerId, int> tp_before(const EventState& s, int round) {
  std::map<PlayerId, int> tp;
  for (const PlayerRecord& r : player_records(s, round))
    for (const GameRecord& g : r.history)
      if (g.round == round) tp[r.id] = g.tp_before;
  return tp;
}

json round_header(const Snapshot& snap, const Round& r) {
  const EventState& s = *snap.state;
  json j{{"number", r.number},
         {"scenario", r.scenario},
         {"scenario_name", scenario_name(s, r.scenario)},
         {"closed", r.closed}};
  const auto i = static_cast<std::size_t>(r.number - 1);
  if (i < snap.round_started_at.size() && !snap.round_started_at[i].empty())
    j["started_at"] = snap.round_started_at[i];
  // The round's timing as the public sees it (no secret variable): GET /clocks has the live clocks.
  j["timing"] = app::round_clock_json(s, r, false);
  return j;
}

json summary_json(const Snapshot& snap) {
  const EventState& s = *snap.state;
  json j = snap.list_item;
  const json config = config_to_json(s.config);
  j["variants"] = config.value("variants", json::array());
  j["lists"] = s.config.lists;
  j["lists_published"] = s.lists_published;
  j["characters_restricted"] = characters_restricted(s);
  // SR2014 "[X] List(s) Required" / "Divide and Conquer [X]": every result names the list played.
  if (const ListQuota q = list_quota(s); q.per_list > 0)
    j["list_quota"] = {{"per_list", q.per_list}, {"rule", q.rule}};
  j["factions"] = s.config.factions;  // added by the EO to the edition's list
  j["rumble"] = is_rumble(s);         // SR2017 "Rumble": 30" x 30" tables, the Rumble scenarios only
  j["venue"] = s.config.venue;
  j["start_date"] = s.config.start_date;
  j["current_round"] = s.rounds.empty() ? json(nullptr) : round_header(snap, s.rounds.back());
  json players = json::array();
  for (const Player& p : s.players)
    players.push_back({{"id", p.id},
                       {"name", p.name},
                       {"faction", p.faction},
                       {"club", p.club},
                       {"status", to_string(p.status)}});
  j["players"] = players;
  return j;
}

std::vector<std::string> started_at(const EventSession& session) {
  std::vector<std::string> at;
  for (const JournalEntry* e : effective_entries(session.journal())) {
    if (!e->command || !std::holds_alternative<PairRound>(*e->command)) continue;
    const int round = std::get<PairRound>(*e->command).round;
    if (round < 1) continue;
    if (at.size() < static_cast<std::size_t>(round)) at.resize(static_cast<std::size_t>(round));
    at[static_cast<std::size_t>(round - 1)] = e->at;
  }
  return at;
}

}  // namespace

std::shared_ptr<const Snapshot> build_snapshot(const std::string& event_id, const EventSession& session) {
  auto snap = std::make_shared<Snapshot>();
  const EventState& s = session.state();
  snap->event_id = event_id;
  snap->seq = session.last_seq();
  if (!session.journal().empty()) {
    const JournalEntry& last = session.journal().back();
    snap->last_kind = last.command ? std::string(command_name(*last.command)) : "undo";
  }
  snap->state = std::make_shared<const EventState>(s);
  snap->standings = compute_standings(s);
  snap->round_started_at = started_at(session);
  snap->list_item = event_list_item(event_id, s);
  snap->summary = cached(summary_json(*snap));
  // Written straight from the rows, no DOM: the same bytes as cached(standings_to_json(...)), without
  // building and freeing a node per field at every journal change (issue 16 point 1).
  snap->standings_json =
      cached_text(standings_json_text(snap->standings, -1, json::error_handler_t::replace));
  if (auto p = pairings_view(*snap, 0)) snap->current_pairings = cached(*p);
  snap->past_pairings = std::make_shared<const PastPairings>(s.rounds.empty() ? 0 : s.rounds.size() - 1);
  return snap;
}

std::shared_ptr<const CachedAnswer> pairings_answer(const Snapshot& snap, int round) {
  const int rounds = static_cast<int>(snap.state->rounds.size());
  if (round == 0 || round == rounds) return snap.current_pairings;
  if (round < 1 || round > rounds) return nullptr;
  return snap.past_pairings->get(static_cast<std::size_t>(round),
                                 [&] { return cached(*pairings_view(snap, round)); });
}

json event_list_item(const std::string& event_id, const EventState& s) {
  return {{"id", event_id},
          {"name", s.config.name},
          {"edition", s.config.edition},
          {"points", s.config.points},
          {"rounds_played", s.closed_rounds()},
          {"planned_rounds", planned_rounds(s)},
          {"finished", event_finished(s)}};
}

std::optional<json> pairings_view(const Snapshot& snap, int round) {
  const EventState& s = *snap.state;
  if (round == 0) round = static_cast<int>(s.rounds.size());
  if (round < 1 || round > static_cast<int>(s.rounds.size())) return std::nullopt;
  const Round& r = s.rounds[static_cast<std::size_t>(round - 1)];
  const std::map<PlayerId, int> tp = tp_before(s, round);
  const auto tp_of = [&](const PlayerId& id) {
    const auto it = tp.find(id);
    return it == tp.end() ? 0 : it->second;
  };
  json tables = json::array();
  for (const Table& t : r.tables) {
    json players = json::array();
    for (const PlayerId& id : t.players) {
      json p = player_ref(s, id);
      p["tp"] = tp_of(id);
      players.push_back(p);
    }
    tables.push_back({{"table", t.number},
                      {"players", players},
                      {"result", t.results ? results_json(*t.results, t.ending.value_or(Ending::scenario),
                                                          t.concession_army)
                                           : json(nullptr)},
                      {"reported", t.report.has_value()},
                      {"disputed", t.report && t.report->disputed}});
  }
  json j = round_header(snap, r);
  j["round"] = r.number;
  j.erase("number");
  j["tables"] = tables;
  j["bye"] = nullptr;
  if (r.bye) {
    // What the bye scores, as the standings count it (SR2017 "Byes & Odd Number of Players").
    const ByeAward& award = edition_of(s).bye;
    j["bye"] = {{"id", *r.bye},
                {"name", player_ref(s, *r.bye)["name"]},
                {"award", {{"tp", award.tp}, {"cp", award.cp}, {"ap", award.army_points(s.config.points)}}}};
  }
  return j;
}

std::optional<json> player_view(const Snapshot& snap, const std::string& player_id) {
  const EventState& s = *snap.state;
  const Player* p = s.find_player(player_id);
  if (!p) return std::nullopt;
  json j{{"id", p->id},
         {"name", p->name},
         {"faction", p->faction},
         {"club", p->club},
         {"status", to_string(p->status)},
         {"lists", p->lists.size()},
         {"lists_open", lists_open(s, *p)},  // model/rounds.hpp: a late entry's stay open until their round
         {"tp", 0},
         {"rank", nullptr}};
  for (const StandingRow& row : snap.standings.rows)
    if (row.id == p->id) {
      j["tp"] = row.tp;
      j["rank"] = row.rank;
    }
  json history = json::array();
  json current = nullptr;
  for (const Round& r : s.rounds) {
    const Table* t = r.table_of(p->id);
    const bool bye = r.bye && *r.bye == p->id;
    if (!t && !bye) continue;
    const int side = t && t->players[1] == p->id ? 1 : 0;
    json entry{{"round", r.number},
               {"table", t ? json(t->number) : json(nullptr)},
               {"bye", bye},
               {"opponent", t ? player_ref(s, t->players[1 - side]) : json(nullptr)}};
    if (t && t->results) {
      const GameResult& g = (*t->results)[static_cast<std::size_t>(side)];
      entry["outcome"] = to_string(g.outcome);
      entry["cp"] = g.cp;
      entry["ap"] = g.ap;
      entry["list"] = list_or_null(g);
      entry["victory"] = to_string(t->ending.value_or(Ending::scenario));
      if (t->concession_army) entry["concession_army"] = concession_army_to_json(*t->concession_army);
    }
    if (&r == &s.rounds.back()) {
      current = entry;
      current.erase("outcome");
      current.erase("cp");
      current.erase("ap");
      current.erase("list");
      current.erase("victory");
      current.erase("concession_army");
      current["side"] = side;
      current["closed"] = r.closed;
      current["report"] = t && t->report ? report_json(*t->report) : json(nullptr);
      current["result"] = t && t->results ? results_json(*t->results, t->ending.value_or(Ending::scenario),
                                                         t->concession_army)
                                          : json(nullptr);
    }
    if (bye || (t && t->results)) history.push_back(entry);
  }
  j["current"] = current;
  j["history"] = history;
  const app::Situation where = app::situation_of(
      s, p->id, j["rank"].is_null() ? std::nullopt : std::optional<int>(j["rank"].get<int>()),
      static_cast<int>(snap.standings.rows.size()));
  j["situation"] = {{"state", where.state},
                    {"round", where.round ? json(*where.round) : json(nullptr)},
                    {"table", where.table ? json(*where.table) : json(nullptr)},
                    {"rank", where.rank ? json(*where.rank) : json(nullptr)},
                    {"text", where.text}};
  return j;
}

json admin_view(const Snapshot& snap) {
  const EventState& s = *snap.state;
  json j = json::parse(*snap.summary->identity());
  j["config"] = config_to_json(s.config);
  json players = json::array();
  for (const Player& p : s.players) {
    json lists = json::array();
    for (const ArmyList& l : p.lists) lists.push_back(list_to_json(l));
    // Issue 13 point 2: names in two lists for the EO to confirm or mark as no character, and the
    // EO's review (approval, marks, note).
    json clashes = json::array();
    for (const CharacterClash& k : character_clashes(p))
      clashes.push_back({{"name", k.name}, {"lists", k.lists}});
    json review = nullptr;
    if (p.review)
      review = {{"approved", p.review->approved},
                {"not_characters", p.review->not_characters},
                {"note", p.review->note}};
    players.push_back({{"id", p.id},
                       {"name", p.name},
                       {"faction", p.faction},
                       {"club", p.club},
                       {"contact", p.contact},
                       {"status", to_string(p.status)},
                       {"joined_round", p.joined_round},
                       {"lists", lists},
                       {"lists_open", lists_open(s, p)},
                       {"character_clashes", clashes},
                       {"review", review}});
  }
  j["players"] = players;
  json pending = json::array(), missing = json::array();
  if (!s.rounds.empty()) {
    const Round& r = s.rounds.back();
    for (const Table& t : r.tables) {
      json ids = {t.players[0], t.players[1]};
      if (t.report && !t.results) {
        json rep = report_json(*t.report);
        if (!t.report->note.empty()) rep["note"] = t.report->note;
        pending.push_back({{"round", r.number}, {"table", t.number}, {"players", ids}, {"report", rep}});
      }
      if (!t.results) missing.push_back({{"round", r.number}, {"table", t.number}, {"players", ids}});
    }
  }
  j["pending_reports"] = pending;
  j["missing_results"] = missing;
  json shortfalls = json::array();
  for (const ListShortfall& w : list_shortfalls(s))
    shortfalls.push_back({{"player", w.player}, {"text", w.text}});
  j["list_warnings"] = shortfalls;
  j["seq"] = snap.seq;
  return j;
}

json journal_view(const EventSession& session) {
  std::vector<std::int64_t> live;
  for (const JournalEntry* e : effective_entries(session.journal())) live.push_back(e->seq);
  json entries = json::array();
  for (const JournalEntry& e : session.journal()) {
    json j{{"seq", e.seq}, {"at", e.at}, {"effective", std::binary_search(live.begin(), live.end(), e.seq)}};
    if (e.undoes) j["undoes"] = *e.undoes;
    if (e.command) j["command"] = command_to_json(*e.command);
    entries.push_back(j);
  }
  return {{"entries", entries}};
}

}  // namespace gauntlet::server
