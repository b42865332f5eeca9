#include "app/history.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "app/clock.hpp"
#include "engine/engine.hpp"

namespace gauntlet::app {

namespace {

std::string at_table(const EventState& s, int round, int table) {
  std::string out = "round " + std::to_string(round) + ", table " + std::to_string(table);
  if (round >= 1 && round <= static_cast<int>(s.rounds.size()))
    if (const Table* t = s.rounds[static_cast<std::size_t>(round - 1)].find_table(table))
      out += " (" + s.label(t->players[0]) + " v " + s.label(t->players[1]) + ")";
  return out;
}

struct Describe {
  const EventState& s;
  std::string operator()(const CreateEvent& c) const { return "creation of " + c.config.name; }
  std::string operator()(const ConfigureEvent&) const { return "change to the event's setup"; }
  std::string operator()(const AddPlayer& c) const {
    return "registration of " + c.player.name + (c.player.id.empty() ? "" : " (" + c.player.id + ")");
  }
  std::string operator()(const EditPlayer& c) const { return "edit of " + s.label(c.id); }
  std::string operator()(const SetPlayerStatus& c) const {
    std::string out = std::string(to_string(c.status)) + ": " + s.label(c.id);
    if (c.after_round && c.status != PlayerStatus::checked_in && c.status != PlayerStatus::registered)
      out += *c.after_round == 0 ? " before round 1" : " after round " + std::to_string(*c.after_round);
    if (c.amended) out += " (round " + std::to_string(c.amended->round) + " re-paired)";
    return out;
  }
  std::string operator()(const SetList& c) const {
    return "list " + std::to_string(c.index) + " of " + s.label(c.id);
  }
  std::string operator()(const RemoveList& c) const {
    return "removal of list " + std::to_string(c.index) + " of " + s.label(c.id);
  }
  std::string operator()(const PairRound& c) const {
    return "pairings of round " + std::to_string(c.round) + (c.eo_override ? " (override)" : "");
  }
  std::string operator()(const RecordResult& c) const { return "result of " + at_table(s, c.round, c.table); }
  std::string operator()(const ReportResult& c) const {
    const char* what = c.recorded   ? "report (confirming the opponent's)"
                       : c.disputes ? "different report (a dispute)"
                                    : "report";
    return std::string(what) + " by " + s.label(c.reporter) + " of " + at_table(s, c.round, c.table);
  }
  std::string operator()(const ConfirmResult& c) const {
    return std::string(c.agree ? "confirmation" : "dispute") + " by " + s.label(c.by) + " of " +
           at_table(s, c.round, c.table);
  }
  std::string operator()(const CloseRound& c) const { return "closing of round " + std::to_string(c.round); }
  std::string operator()(const SetRounds& c) const {
    return "planned rounds set to " + std::to_string(c.rounds);
  }
  std::string operator()(const StartRound& c) const { return "start of round " + std::to_string(c.round); }
  std::string operator()(const ReviewLists& c) const {
    return std::string(c.approved ? "approval" : "review") + " of the lists of " + s.label(c.id) +
           (c.not_characters.empty() ? ""
                                     : " (no character: " + std::to_string(c.not_characters.size()) + ")");
  }
  std::string operator()(const PublishLists& c) const {
    return c.published ? "publication of the lists" : "lists hidden again";
  }
  std::string award(const std::string& key) const {
    const Award* a = s.find_award(key);
    return a ? a->name : key;
  }
  std::string operator()(const DefineAward& c) const {
    return c.remove ? "removal of the award " + award(c.key)
                    : "award " + c.name + (c.category.empty() ? "" : " (" + c.category + ")") + ", " +
                          to_string(c.method);
  }
  std::string operator()(const EnterAward& c) const {
    return std::string(c.withdraw ? "withdrawal of " : "entry of ") + s.label(c.player) + " for " +
           award(c.award);
  }
  std::string operator()(const OpenVote& c) const {
    return "vote " + std::to_string(c.ballot) + " opened for " + award(c.award) + " among " +
           std::to_string(c.candidates.size());
  }
  // Who voted is on record (one vote each); what they chose never is.
  std::string operator()(const CastVote& c) const { return "a sealed vote for " + award(c.award); }
  std::string operator()(const CloseVote& c) const {
    return "vote " + std::to_string(c.ballot) + " for " + award(c.award) + " counted" +
           (c.winners.empty() ? ": a tie" : ": " + s.label(c.winners.front()) + " wins");
  }
  std::string operator()(const DecideAward& c) const {
    return award(c.award) + " to " + s.label(c.winner) + " (" + c.how + ")";
  }
  std::string operator()(const RevealAwards& c) const {
    std::string out = c.revealed ? "announcement of " : "awards hidden again: ";
    for (std::size_t i = 0; i < c.awards.size(); ++i) out += (i ? ", " : "") + award(c.awards[i]);
    return out;
  }
  std::string operator()(const ClockAction& c) const {
    std::string out = std::string("clock: ") + to_string(c.action) + " at " + at_table(s, c.round, c.table);
    if (!c.reason.empty()) out += " (" + c.reason + ")";
    return out;
  }
};

// Who asked for the entry: a player's report or confirmation names them, everything else is the EO's.
std::string who_of(const EventState& s, const Command& c) {
  if (const auto* r = std::get_if<ReportResult>(&c)) return s.label(r->reporter);
  if (const auto* r = std::get_if<ConfirmResult>(&c)) return s.label(r->by);
  if (const auto* r = std::get_if<ClockAction>(&c)) return s.find_player(r->by) ? s.label(r->by) : r->by;
  if (const auto* r = std::get_if<CastVote>(&c)) return s.label(r->voter);
  if (const auto* r = std::get_if<CloseVote>(&c)) return r->ballot ? "ballot box" : "EO";
  return "EO";
}

EntryView view_of(const EventState& s, const JournalEntry& e) {
  return EntryView{e.seq, e.at, std::string(command_name(*e.command)), describe_command(s, *e.command),
                   who_of(s, *e.command)};
}

}  // namespace

std::string describe_command(const EventState& state, const Command& command) {
  return std::visit(Describe{state}, command);
}

Result<EntryView> undo_preview(std::span<const JournalEntry> journal, const EventState& state) {
  auto target = undo_target(journal);
  if (!target) {
    Error e = target.error();
    e.kind = ErrorKind::precondition;
    return tl::unexpected(std::move(e));
  }
  for (const JournalEntry& e : journal)
    if (e.seq == *target && e.command) return view_of(state, e);
  return fail(ErrorKind::not_found, "undo", "journal", "entry " + std::to_string(*target) + " is missing");
}

Result<Undone> undo(EventSession& session, std::optional<std::int64_t> expect) {
  GAUNTLET_TRY(EntryView what, undo_preview(session.journal(), session.state()));
  if (expect && *expect != what.seq)
    return fail(ErrorKind::conflict, "expect", "undo",
                "the latest change is now entry " + std::to_string(what.seq) + " (" + what.text +
                    "); look again before undoing");
  GAUNTLET_TRY(std::int64_t seq, session.undo(now_utc()));
  return Undone{std::move(what), seq};
}

std::vector<EntryView> recent_entries(std::span<const JournalEntry> journal, const EventState& state,
                                      std::size_t n) {
  // Neither the creation nor the clocks' taps: what the EO can undo (engine.hpp undoable_entries).
  const auto undoable = undoable_entries(journal);
  std::vector<EntryView> out;
  for (std::size_t i = undoable.size(); i > 0 && out.size() < n; --i)
    out.push_back(view_of(state, *undoable[i - 1]));
  return out;
}

Result<UndoneMany> undo_to(EventSession& session, std::int64_t to, std::int64_t expect) {
  GAUNTLET_TRY(EntryView latest, undo_preview(session.journal(), session.state()));
  if (expect != latest.seq)
    return fail(ErrorKind::conflict, "expect", "undo",
                "the latest change is now entry " + std::to_string(latest.seq) + " (" + latest.text +
                    ", by " + latest.who + "); look again before undoing");
  // Entries in effect are in seq order: those from `to` on are the last ones.
  const auto effective = undoable_entries(session.journal());
  const auto from = std::partition_point(effective.begin(), effective.end(),
                                         [&](const JournalEntry* e) { return e->seq < to; });
  const std::vector<EntryView> undid = recent_entries(
      session.journal(), session.state(), static_cast<std::size_t>(std::distance(from, effective.end())));
  if (undid.empty() || undid.back().seq != to)
    return fail(ErrorKind::not_found, "to", "undo",
                "entry " + std::to_string(to) +
                    " is not a change in effect (undone already, an undo, or the creation)");
  GAUNTLET_TRY(std::int64_t seq, session.undo_many(undid.size(), now_utc()));
  return UndoneMany{std::move(undid), seq};
}

}  // namespace gauntlet::app
