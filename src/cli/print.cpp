#include "cli/print.hpp"

#include <fmt/format.h>

#include "editions/edition.hpp"
#include "engine/engine.hpp"
#include "model/records.hpp"

namespace gauntlet::cli {

namespace {

std::string name_of(const EventState& s, const PlayerId& id) {
  const Player* p = s.find_player(id);
  return p ? p->name : id;
}

}  // namespace

std::string describe_event(const EventState& s) {
  const EventConfig& c = s.config;
  std::string out = fmt::format("{} — {} {} points", c.name, c.edition, c.points);
  if (!c.start_date.empty()) out += ", " + c.start_date;
  if (!c.venue.empty()) out += ", " + c.venue;
  out += "\n";
  std::string variants;
  for (const VariantChoice& v : c.variants)
    variants += (variants.empty() ? "" : ", ") + v.key + (v.value ? ":" + std::to_string(*v.value) : "");
  out += fmt::format("Variants: {}\n", variants.empty() ? "none (baseline)" : variants);
  if (!c.factions.empty()) {
    std::string added;
    for (const std::string& f : c.factions) added += (added.empty() ? "" : ", ") + f;
    out += fmt::format("Factions added by the EO: {}\n", added);
  }
  int active = 0;
  for (const Player& p : s.players)
    active += p.status != PlayerStatus::dropped && p.status != PlayerStatus::disqualified;
  out += fmt::format("Players: {} registered, {} still playing; lists: {}{}\n", s.players.size(), active,
                     c.lists, c.lists_required ? " required" : "");
  out += fmt::format("Rounds: {} played of {} planned{}\n", s.closed_rounds(), planned_rounds(s),
                     c.rounds ? " (set by the EO)" : " (from attendance)");
  if (s.cut) out += fmt::format("Cut to top {} after round {}\n", s.cut->top.size(), s.cut->after_round);
  if (event_finished(s)) out += "The event is over.\n";
  return out;
}

std::string describe_round(const EventState& s, int number) {
  if (number < 1 || number > static_cast<int>(s.rounds.size())) return "No such round.\n";
  const Round& r = s.rounds[number - 1];
  const auto records = player_records(s, number - 1);
  auto tp = [&](const PlayerId& id) {
    for (const PlayerRecord& rec : records)
      if (rec.id == id) return rec.tp;
    return 0;
  };
  const Scenario* sc = edition_of(s).find_scenario(r.scenario);
  std::string out =
      fmt::format("Round {} — {}{}\n", number, sc ? sc->name : r.scenario, r.closed ? " (closed)" : "");
  for (const Table& t : r.tables) {
    std::string line =
        fmt::format("  Table {:>3}  {:<24} ({} TP)  v  {:<24} ({} TP)", t.number, name_of(s, t.players[0]),
                    tp(t.players[0]), name_of(s, t.players[1]), tp(t.players[1]));
    if (t.results) {
      const auto& res = *t.results;
      line += fmt::format("   {} {}–{} CP {}–{} AP ({})",
                          res[0].outcome == Outcome::tie   ? "tie"
                          : res[0].outcome == Outcome::win ? "1–0"
                                                           : "0–1",
                          res[0].cp, res[1].cp, res[0].ap, res[1].ap, t.ending ? to_string(*t.ending) : "");
      if (t.concession_army)
        line += t.concession_army->list ? fmt::format(" — AP: half of list {} ({} points)",
                                                      *t.concession_army->list, t.concession_army->points)
                                        : fmt::format(" — AP: half the point size ({}): no list registered",
                                                      t.concession_army->points);
    }
    out += line + "\n";
  }
  if (r.bye) out += fmt::format("  Bye: {} ({} TP)\n", name_of(s, *r.bye), tp(*r.bye));
  return out;
}

std::string describe_players(const EventState& s) {
  std::string out;
  for (const Player& p : s.players) {
    std::string status = to_string(p.status);
    if (p.dropped_after) status += fmt::format(" after round {}", *p.dropped_after);
    if (p.joined_round > 1) status += fmt::format(", joined round {}", p.joined_round);
    out += fmt::format("{:>5}  {:<28} {:<26} {:<18} {} list(s)  {}\n", p.id, p.name, p.faction, p.club,
                       p.lists.size(), status);
  }
  return out;
}

}  // namespace gauntlet::cli
