#include "engine/engine.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/text.hpp"
#include "engine/clock_flow.hpp"
#include "engine/validate.hpp"

namespace gauntlet {

Result<Command> decide(const EventState& state, Command command) {
  using namespace detail;
  if (!state.created && !std::holds_alternative<CreateEvent>(command))
    return fail("event", "journal", "create the event first");
  struct Decide {
    const EventState& s;
    Result<Command> operator()(CreateEvent c) const { return decide_create(s, std::move(c)); }
    Result<Command> operator()(ConfigureEvent c) const { return decide_configure(s, std::move(c)); }
    Result<Command> operator()(AddPlayer c) const { return decide_add_player(s, std::move(c)); }
    Result<Command> operator()(EditPlayer c) const { return decide_edit_player(s, std::move(c)); }
    Result<Command> operator()(SetPlayerStatus c) const { return decide_status(s, std::move(c)); }
    Result<Command> operator()(SetList c) const { return decide_set_list(s, std::move(c)); }
    Result<Command> operator()(RemoveList c) const { return decide_remove_list(s, std::move(c)); }
    Result<Command> operator()(PairRound c) const { return decide_pair(s, std::move(c)); }
    Result<Command> operator()(RecordResult c) const { return decide_result(s, std::move(c)); }
    Result<Command> operator()(CloseRound c) const { return decide_close(s, std::move(c)); }
    Result<Command> operator()(ReportResult c) const { return decide_report(s, std::move(c)); }
    Result<Command> operator()(ConfirmResult c) const { return decide_confirm(s, std::move(c)); }
    Result<Command> operator()(SetRounds c) const { return decide_set_rounds(s, c); }
    Result<Command> operator()(StartRound c) const { return decide_start_round(s, c); }
    Result<Command> operator()(ClockAction c) const { return decide_clock(s, std::move(c)); }
    Result<Command> operator()(ReviewLists c) const { return decide_review_lists(s, std::move(c)); }
    Result<Command> operator()(PublishLists c) const { return decide_publish_lists(s, c); }
    Result<Command> operator()(DefineAward c) const { return decide_define_award(s, std::move(c)); }
    Result<Command> operator()(EnterAward c) const { return decide_enter_award(s, std::move(c)); }
    Result<Command> operator()(OpenVote c) const { return decide_open_vote(s, std::move(c)); }
    Result<Command> operator()(CastVote c) const { return decide_cast_vote(s, std::move(c)); }
    Result<Command> operator()(CloseVote c) const { return decide_close_vote(s, std::move(c)); }
    Result<Command> operator()(DecideAward c) const { return decide_decide_award(s, std::move(c)); }
    Result<Command> operator()(RevealAwards c) const { return decide_reveal_awards(s, std::move(c)); }
  };
  return std::visit(Decide{state}, std::move(command));
}

namespace {

struct Apply {
  EventState& s;
  void operator()(const CreateEvent& c) const {
    s = EventState{};
    s.created = true;
    s.config = c.config;
  }
  void operator()(const ConfigureEvent& c) const { s.config = c.config; }
  void operator()(const AddPlayer& c) const { add(Player(c.player)); }
  void operator()(AddPlayer&& c) const { add(std::move(c.player)); }  // a replay's 10^5 players, not copied
  void add(Player&& p) const {
    s.id_index.insert(p.id, s.players.size());
    s.name_index[name_key(p.name)] = p.id;
    s.players.push_back(std::move(p));
  }
  void operator()(const EditPlayer& c) const {
    Player& p = *s.find_player(c.id);
    if (c.name) {
      s.name_index.erase(name_key(p.name));
      p.name = *c.name;
      s.name_index[name_key(p.name)] = p.id;
    }
    if (c.faction) p.faction = *c.faction;
    if (c.club) p.club = *c.club;
    if (c.contact) p.contact = *c.contact;
  }
  void operator()(const SetPlayerStatus& c) const {
    if (c.amended) {
      // Re-published round: keep the results and reports of the tables that stay.
      Round& r = s.rounds[c.amended->round - 1];
      std::vector<Table> tables = c.amended->tables;
      for (Table& n : tables)
        for (const Table& t : r.tables)
          if (t.number == n.number && t.players == n.players) n = t;
      r.tables = std::move(tables);
      r.bye = c.amended->bye;
    }
    Player& p = *s.find_player(c.id);
    p.status = c.status;
    if (c.status == PlayerStatus::dropped) {
      p.dropped_after = c.after_round;
    } else if (c.status == PlayerStatus::disqualified) {
      p.disqualified_after = c.after_round;
    } else {
      p.dropped_after.reset();  // reinstated before missing a round (see decide_status)
    }
  }
  void operator()(const SetList& c) const {
    Player& p = *s.find_player(c.id);
    if (c.index > static_cast<int>(p.lists.size()))
      p.lists.push_back(c.list);
    else
      p.lists[c.index - 1] = c.list;
    p.review.reset();  // the lists the EO reviewed have changed
  }
  void operator()(const RemoveList& c) const {
    Player& p = *s.find_player(c.id);
    p.lists.erase(p.lists.begin() + (c.index - 1));
    p.review.reset();
  }
  void operator()(const ReviewLists& c) const {
    s.find_player(c.id)->review = ListReview{c.approved, c.not_characters, c.note};
  }
  void operator()(const PublishLists& c) const { s.lists_published = c.published; }
  void operator()(const PairRound& c) const { publish(c, c.tables); }
  void operator()(PairRound&& c) const { publish(c, std::move(c.tables)); }
  void publish(const PairRound& c, std::vector<Table> tables) const {
    Round r;
    r.number = c.round;
    r.scenario = c.scenario;
    r.tables = std::move(tables);
    r.bye = c.bye;
    r.round_minutes_adjust = c.round_minutes_adjust;
    s.rounds.push_back(std::move(r));
    for (const PlayerId& id : c.left_out) s.find_player(id)->joined_round = c.round + 1;
  }
  Table& table(int round, int number) const {
    if (Table* t = s.rounds[round - 1].find_table(number)) return *t;
    throw std::logic_error("apply: no such table (command was not decided)");
  }
  void operator()(const RecordResult& c) const {
    Table& t = table(c.round, c.table);
    t.results = c.results;
    t.ending = c.ending;
    t.concession_army = c.concession_army;
    t.report.reset();  // the EO's word (or a confirmed report) is final
  }
  void operator()(const ReportResult& c) const {
    if (c.recorded) return (*this)(*c.recorded);
    Boxed<PendingReport>& report = table(c.round, c.table).report;
    if (c.disputes) {
      report->disputed = true;
      report->counter = CounterReport{c.reporter, c.results, c.ending};
      return;
    }
    report = PendingReport{c.reporter, c.results, c.ending, false, "", std::nullopt};
  }
  void operator()(const ConfirmResult& c) const {
    if (c.recorded) return (*this)(*c.recorded);
    PendingReport& r = *table(c.round, c.table).report;
    r.disputed = true;
    r.note = c.note;
  }
  void operator()(const SetRounds& c) const { s.config.rounds = c.rounds; }
  void operator()(const StartRound& c) const { detail::apply_start_round(s, c); }
  void operator()(const ClockAction& c) const { detail::apply_clock(s, c); }
  // Award commands are never undone (commands.hpp is_award_command), so their award exists on replay.
  void operator()(const DefineAward& c) const { detail::apply_award(s, c); }
  void operator()(const EnterAward& c) const { detail::apply_award(s, c); }
  void operator()(const OpenVote& c) const { detail::apply_award(s, c); }
  void operator()(const CastVote& c) const { detail::apply_award(s, c); }
  void operator()(const CloseVote& c) const { detail::apply_award(s, c); }
  void operator()(const DecideAward& c) const { detail::apply_award(s, c); }
  void operator()(const RevealAwards& c) const { detail::apply_award(s, c); }
  void operator()(const CloseRound& c) const {
    s.rounds[c.round - 1].closed = true;
    if (c.cut) s.cut = c.cut;
  }
};

}  // namespace

void apply_command(EventState& state, const Command& resolved) {
  std::visit(Apply{state}, resolved);
}

void apply_command(EventState& state, Command&& resolved) {
  std::visit(Apply{state}, std::move(resolved));
}

std::vector<const JournalEntry*> effective_entries(std::span<const JournalEntry> journal) {
  std::set<std::int64_t> undone;
  for (const JournalEntry& e : journal)
    if (e.undoes) undone.insert(*e.undoes);
  std::vector<const JournalEntry*> out;
  for (const JournalEntry& e : journal)
    if (!e.undoes && e.command && !undone.count(e.seq)) out.push_back(&e);
  return out;
}

EventState replay(std::span<const JournalEntry> journal) {
  EventState state;
  for (const JournalEntry* e : effective_entries(journal)) apply_command(state, *e->command);
  return state;
}

Result<std::int64_t> undo_target(std::span<const JournalEntry> journal) {
  const auto effective = undoable_entries(journal);
  if (effective.empty()) return fail("undo", "journal", "nothing to undo");
  return effective.back()->seq;
}

std::vector<const JournalEntry*> undoable_entries(std::span<const JournalEntry> journal) {
  auto out = effective_entries(journal);
  if (!out.empty()) out.erase(out.begin());  // the creation
  std::erase_if(out, [](const JournalEntry* e) {
    return is_clock_command(*e->command) || is_award_command(*e->command);
  });
  return out;
}

}  // namespace gauntlet
