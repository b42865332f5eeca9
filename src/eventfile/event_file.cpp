#include "eventfile/event_file.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <span>

#include "eventfile/journal_entries.hpp"
#include "eventfile/journal_stream.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"

namespace gauntlet {

using nlohmann::json;

namespace {

// Runs one command through the engine, keeping the resolved form for the journal.
Result<void> run(EventFile& f, Command command, const std::string& where, std::string at = "") {
  auto resolved = decide(f.state, std::move(command));
  if (!resolved) {
    Error e = resolved.error();
    e.field = where + (e.field.empty() ? "" : ": " + e.field);
    return tl::unexpected(std::move(e));
  }
  apply(f.state, *resolved);
  const auto seq = static_cast<std::int64_t>(f.journal.size()) + 1;
  JournalEntry entry;
  entry.seq = seq;
  entry.at = std::move(at);
  entry.command = std::move(*resolved);
  f.journal.push_back(std::move(entry));
  return {};
}

}  // namespace

namespace {

Result<EventFile> from_journal(const json& entries) {
  if (!entries.is_array()) return fail("journal", "event file", "must be an array");
  std::vector<JournalEntry> raw;
  raw.reserve(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    GAUNTLET_TRY(JournalEntry entry, entry_from_json(entries[i], i));
    raw.push_back(std::move(entry));
  }
  return redecide_journal(std::move(raw));
}

Result<std::vector<json>> array_at(const json& j, const std::string& key, const std::string& where) {
  if (!j.contains(key)) return std::vector<json>{};
  if (!j[key].is_array()) return fail(json_path(where, key), "event file", "must be an array");
  return j[key].get<std::vector<json>>();
}

// A state-shaped file (other tools) names no commands: from_state() rebuilds them with the steps below.

Result<std::vector<Player>> players_from_state(const json& j) {
  GAUNTLET_TRY(std::vector<json> players_json, array_at(j, "players", ""));
  std::vector<Player> players;
  for (std::size_t i = 0; i < players_json.size(); ++i) {
    const std::string w = "players[" + std::to_string(i) + "]";
    GAUNTLET_TRY(Player p, player_from_json(players_json[i], w));
    if (p.id.empty()) return fail(w + ".id", "event file", "is required");
    players.push_back(std::move(p));
  }
  return players;
}

// The file's "cut", read the way a close-round command reads it.
Result<std::optional<Cut>> cut_from_state(const json& j) {
  if (!j.contains("cut")) return std::optional<Cut>{};
  GAUNTLET_TRY(Command close,
               command_from_json(json{{"type", "close-round"}, {"round", 0}, {"cut", j["cut"]}}, ""));
  return std::get<CloseRound>(close).cut;
}

// One round of the file: its pairing, and a result for every table that has one.
struct RoundInFile {
  PairRound pair;
  std::vector<std::pair<RecordResult, std::string>> results;  // with the table's path, for errors
  std::vector<char> victory_guessed;                          // per result: the file named no victory
};

// A played table's two results, in the order of its "players".
Result<RecordResult> table_result(const json& results_json, std::string victory, const Table& table,
                                  int round, const std::string& tw) {
  if (!results_json.is_array() || results_json.size() != 2)
    return fail(tw + ".results", "event file", "must be two results, in the order of \"players\"");
  RecordResult rec;
  rec.round = round;
  rec.table = table.number;
  for (int side = 0; side < 2; ++side) {
    GAUNTLET_TRY(rec.results[side],
                 result_from_json(results_json[side], tw + ".results[" + std::to_string(side) + "]"));
    if (victory.empty()) {
      GAUNTLET_TRY(victory, read_string(results_json[side], "victory",
                                        tw + ".results[" + std::to_string(side) + "]", ""));
    }
  }
  if (victory.empty()) {
    // No victory condition given (other tools): a tie, or a win decided on the table.
    victory = rec.results[0].outcome == Outcome::tie ? "tie" : "tiebreaker";
  }
  auto ending = parse_ending(victory);
  if (!ending)
    return fail(tw + ".victory", "results",
                "'" + victory + "' is not assassination/scenario/clock/tiebreaker/concession/tie");
  rec.ending = *ending;
  return rec;
}

// One entry of a round's "tables": {"bye": id}, or a table with its results once played.
Result<void> read_table_entry(json tj, int round, const std::string& tw, RoundInFile& out) {
  if (tj.is_object() && tj.contains("bye")) {
    GAUNTLET_CHECK(check_keys(tj, {"bye"}, tw));
    GAUNTLET_TRY(std::string bye, read_string(tj, "bye", tw));
    if (out.pair.bye)
      return fail(tw + ".bye", "SR2017 \"Byes & Odd Number of Players\"", "one bye per round");
    out.pair.bye = bye;
    return {};
  }
  if (!tj.is_object()) return fail(tw, "event file", "must be an object");
  json results_json = tj.contains("results") ? tj["results"] : json();
  GAUNTLET_TRY(std::string ending, read_string(tj, "ending", tw, ""));
  GAUNTLET_TRY(std::string victory, read_string(tj, "victory", tw, ending));
  tj.erase("results");
  tj.erase("victory");
  tj.erase("ending");
  tj.erase("report");           // an unconfirmed player report is history only the journal keeps
  tj.erase("concession_army");  // derived: the result is scored again from its list played
  GAUNTLET_TRY(Table table, table_from_json(tj, tw));
  if (table.number == 0) table.number = static_cast<int>(out.pair.tables.size()) + 1;
  out.pair.tables.push_back(table);
  if (results_json.is_null()) return {};
  const bool guessed = victory.empty() && !results_json.is_null() && results_json.is_array() &&
                       std::none_of(results_json.begin(), results_json.end(),
                                    [](const json& r) { return r.is_object() && r.contains("victory"); });
  GAUNTLET_TRY(RecordResult rec, table_result(results_json, std::move(victory), table, round, tw));
  out.results.emplace_back(rec, tw);
  out.victory_guessed.push_back(guessed ? 1 : 0);
  return {};
}

Result<RoundInFile> read_round(const json& rj, int number, const std::string& w) {
  GAUNTLET_CHECK(check_keys(rj, {"number", "scenario", "tables", "closed", "round_minutes_adjust"}, w));
  GAUNTLET_TRY(int given, read_int(rj, "number", w, number));
  if (given != number) return fail(w + ".number", "event file", "rounds must be numbered 1, 2, 3… in order");
  RoundInFile out;
  out.pair.round = number;
  GAUNTLET_TRY(out.pair.scenario, read_string(rj, "scenario", w, ""));
  GAUNTLET_TRY(std::vector<json> tables, array_at(rj, "tables", w));
  for (std::size_t t = 0; t < tables.size(); ++t)
    GAUNTLET_CHECK(read_table_entry(tables[t], number, w + ".tables[" + std::to_string(t) + "]", out));
  return out;
}

// Runs the file's players and rounds through the engine, one command at a time, into `f_`.
class StateReplay {
 public:
  StateReplay(EventFile f, std::vector<Player> players, int last_round, std::optional<Cut> file_cut)
      : f_(std::move(f)),
        players_(std::move(players)),
        last_round_(last_round),
        file_cut_(std::move(file_cut)) {}

  Result<EventFile> rounds(const std::vector<json>& rounds_json) {
    GAUNTLET_CHECK(register_joining(1, false));
    GAUNTLET_CHECK(withdraw_after(0));
    for (std::size_t r = 0; r < rounds_json.size(); ++r)
      GAUNTLET_CHECK(
          replay_round(rounds_json[r], static_cast<int>(r) + 1, "rounds[" + std::to_string(r) + "]"));
    // Registered after the last round was paired: they join the next one.
    GAUNTLET_CHECK(register_joining(last_round_ + 1, true));
    GAUNTLET_CHECK(disqualify_dropped());
    GAUNTLET_CHECK(restore_checkins());
    return std::move(f_);
  }

  // The file's final "checked-in" statuses, set once every round is replayed.
  Result<void> restore_checkins() {
    for (std::size_t i = 0; i < players_.size(); ++i) {
      const Player& p = players_[i];
      const Player* now = f_.state.find_player(p.id);
      if (p.status == PlayerStatus::checked_in && now && now->status == PlayerStatus::registered)
        GAUNTLET_CHECK(run(f_, SetPlayerStatus{p.id, PlayerStatus::checked_in, std::nullopt},
                           "players[" + std::to_string(i) + "]"));
    }
    return {};
  }

 private:
  // Late entries for this round were registered around the previous round's close.
  Result<void> replay_round(const json& rj, int number, const std::string& w) {
    GAUNTLET_TRY(RoundInFile in_file, read_round(rj, number, w));
    GAUNTLET_CHECK(run(f_, in_file.pair, w));
    for (std::size_t i = 0; i < in_file.results.size(); ++i) {
      auto& [result, where] = in_file.results[i];
      // A win the file gives no victory condition for (another tool's file) is taken as decided by
      // the tiebreakers, unless its CP and AP say the tiebreakers give the game to the other
      // player: then it was won on the table some other way, taken as an assassination (a clock
      // where the event has no assassination victory).
      if (in_file.victory_guessed[i] && result.ending == Ending::tiebreaker &&
          !check_tiebreaker_result(f_.state, result.results, where))
        result.ending =
            f_.state.config.has_variant("no-assassination") ? Ending::clock : Ending::assassination;
      GAUNTLET_CHECK(run(f_, result, where));
    }
    GAUNTLET_TRY(bool closed, read_bool(rj, "closed", w, f_.state.rounds.back().complete()));
    if (!closed) return withdraw_after(number);
    return close(number, w);
  }

  // Whether this round's drops and the next round's late entries came before or after the
  // close decides who can make a Cut to Top X; the state-shaped file does not say, so take the
  // first order the file's own "cut" is consistent with (the engine checks it is the
  // standings' top X).
  Result<void> close(int number, const std::string& w) {
    const std::optional<Cut> cut = file_cut_ && file_cut_->after_round == number ? file_cut_ : std::nullopt;
    const bool cut_possible = !f_.state.cut && f_.state.config.has_variant("cut-to-top");
    const EventFile before_close = f_;
    const std::set<std::size_t> registered_before = registered_;
    std::optional<Error> refused;
    for (int order = 0; order < (cut_possible ? 4 : 1); ++order) {
      const bool drops_first = order < 2, late_first = order % 2 == 1;
      f_ = before_close;
      registered_ = registered_before;
      if (drops_first) GAUNTLET_CHECK(withdraw_after(number));
      if (late_first) GAUNTLET_CHECK(register_joining(number + 1, false));
      if (auto closed_ok = run(f_, CloseRound{number, cut}, w); !closed_ok) {
        refused = closed_ok.error();
        continue;
      }
      refused.reset();
      if (!drops_first) GAUNTLET_CHECK(withdraw_after(number));
      if (!late_first) GAUNTLET_CHECK(register_joining(number + 1, false));
      if (!cut_possible || f_.state.cut == cut)
        break;  // this order reproduces the file's cut (or its absence)
      refused = Error{w, "cut to top",
                      cut ? "the file's cut cannot be reproduced from its rounds"
                          : "closing this round makes a cut the file does not have"};
    }
    if (refused) return tl::unexpected(*refused);
    return {};
  }

  // Drops and disqualifications take effect after the round they name (0 = before round 1);
  // a player who dropped and was later disqualified keeps both.
  Result<void> withdraw(const Player& p, std::size_t i, int round) {
    const std::string w = "players[" + std::to_string(i) + "]";
    if (p.dropped_after && *p.dropped_after == round)
      GAUNTLET_CHECK(run(f_, SetPlayerStatus{p.id, PlayerStatus::dropped, round}, w));
    // A player who dropped first is disqualified at the end: the file does not say when, and a
    // disqualification (unlike a drop) changes who can still win (SR2017 "Sportsmanship").
    if (p.status == PlayerStatus::disqualified && p.disqualified_after.value_or(last_round_) == round &&
        !(p.dropped_after && *p.dropped_after <= round))
      GAUNTLET_CHECK(run(f_, SetPlayerStatus{p.id, PlayerStatus::disqualified, round}, w));
    return {};
  }

  Result<void> withdraw_after(int round) {
    for (std::size_t i = 0; i < players_.size(); ++i)
      if (players_[i].joined_round <= round) GAUNTLET_CHECK(withdraw(players_[i], i, round));
    return {};
  }

  Result<void> disqualify_dropped() {
    for (std::size_t i = 0; i < players_.size(); ++i) {
      const Player& p = players_[i];
      const int after = p.disqualified_after.value_or(last_round_);
      if (p.status == PlayerStatus::disqualified && p.dropped_after && *p.dropped_after <= after)
        GAUNTLET_CHECK(run(f_, SetPlayerStatus{p.id, PlayerStatus::disqualified, after},
                           "players[" + std::to_string(i) + "]"));
    }
    return {};
  }

  // Late entries are registered just before the round they join (after the last round: at the
  // end); `rest` registers everyone who joins before `round` and is not registered yet.
  Result<void> register_joining(int round, bool rest) {
    for (std::size_t i = 0; i < players_.size(); ++i) {
      const Player& p = players_[i];
      if (rest ? p.joined_round < round : p.joined_round != round) continue;
      if (!registered_.insert(i).second) continue;
      Player reg = p;
      // Registered, not checked in: a state-shaped file gives final statuses only, so check-in must
      // not decide round 1 here (its tables say who played; issue 10 point 1); restore_checkins().
      reg.status = PlayerStatus::registered;
      GAUNTLET_CHECK(run(f_, AddPlayer{reg}, "players[" + std::to_string(i) + "]"));
      // Withdrawn before ever playing (after a round before the one they joined).
      for (int r = 0; r < std::min(p.joined_round, last_round_ + 1); ++r) GAUNTLET_CHECK(withdraw(p, i, r));
    }
    return {};
  }

  EventFile f_;
  const std::vector<Player> players_;  // the file's "players", final status included
  const int last_round_;
  const std::optional<Cut> file_cut_;
  std::set<std::size_t> registered_;  // indices in players_
};

// A state-shaped file (other tools): rebuild the commands that produce it.
Result<EventFile> from_state(const json& j) {
  EventFile f;
  if (!j.contains("event")) return fail("event", "event file", "is required");
  GAUNTLET_TRY(EventConfig config, config_from_json(j["event"], "event"));
  GAUNTLET_CHECK(run(f, CreateEvent{config}, "event"));
  GAUNTLET_TRY(std::vector<Player> players, players_from_state(j));
  GAUNTLET_TRY(std::vector<json> rounds_json, array_at(j, "rounds", ""));
  GAUNTLET_TRY(std::optional<Cut> file_cut, cut_from_state(j));
  StateReplay replay(std::move(f), std::move(players), static_cast<int>(rounds_json.size()),
                     std::move(file_cut));
  return replay.rounds(rounds_json);
}

}  // namespace

Result<EventFile> read_event_file(const json& j) {
  GAUNTLET_CHECK(check_keys(j, kTopKeys, ""));
  GAUNTLET_TRY(int version, read_int(j, "gauntlet", "", kEventFileVersion));
  if (version != kEventFileVersion)
    return fail("gauntlet", "event file",
                "version " + std::to_string(version) + " is not supported (this build reads 1)");
  if (j.contains("journal")) return from_journal(j["journal"]);
  return from_state(j);
}

namespace {

// A file Gauntlet wrote (with its "journal") read with simdjson (issue 16 point 1: a 100 000-player
// file is hundreds of megabytes), each entry by the fast reader or, when that cannot, by the
// general one. nullopt: not such a file, or one with anything unusual at the top (invalid JSON,
// an unknown or repeated key, another version): the general path reads it and words any error.
// `text` is parsed where it lies: the kEventFilePadding bytes after it are readable.
// The entries come back read but not yet replayed: the parser's memory is released first.
std::optional<Result<std::vector<JournalEntry>>> read_journal_fast(std::string_view text) {
  static_assert(kEventFilePadding >= simdjson::SIMDJSON_PADDING);
  simdjson::dom::parser parser;
  simdjson::dom::object top;
  if (parser.parse(text.data(), text.size(), false).get_object().get(top)) return std::nullopt;
  std::optional<simdjson::dom::array> journal;
  TopMembers members;
  for (auto field : top) {
    if (!members.accept(field.key, &field.value)) return std::nullopt;
    if (field.key == "journal" && field.value.get_array().get(journal.emplace())) return std::nullopt;
  }
  if (!journal) return std::nullopt;
  std::vector<JournalEntry> raw;
  raw.reserve(journal->size());
  for (simdjson::dom::element e : *journal) {
    auto entry = entry_from_dom(e, raw.size());
    if (!entry) return std::nullopt;
    if (!*entry) return Result<std::vector<JournalEntry>>(tl::unexpected(entry->error()));
    raw.push_back(std::move(**entry));
  }
  return raw;
}

Result<EventFile> parse_general(std::string_view text) {
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) {
    // Re-parse with exceptions to get the byte position of the fault.
    try {
      const json again = json::parse(text.begin(), text.end());
      (void)again;
    } catch (const json::parse_error& e) {
      const auto upto = text.substr(0, std::min<std::size_t>(e.byte, text.size()));
      const auto line = std::count(upto.begin(), upto.end(), '\n') + 1;
      return fail("line " + std::to_string(line), "JSON", "not valid JSON: " + std::string(e.what()));
    }
    return fail("(file)", "JSON", "not valid JSON");
  }
  return read_event_file(j);
}

Result<EventFile> parse_in_place(std::string_view text, JournalKept kept) {
  if (text.size() >= kLargeEventFile)
    if (auto streamed = stream_event_file(text, kept)) return std::move(*streamed);
  if (auto fast = read_journal_fast(text)) {
    if (!*fast) return tl::unexpected(fast->error());
    return redecide_journal(std::move(**fast));
  }
  return parse_general(text);
}

}  // namespace

Result<EventFile> parse_event_file_in_place(std::string_view text) {
  return parse_in_place(text, JournalKept::yes);
}

Result<EventState> read_event_state_in_place(std::string_view text) {
  GAUNTLET_TRY(EventFile f, parse_in_place(text, JournalKept::no));
  return std::move(f.state);
}

EventStateReading::EventStateReading(std::string_view text) : text_(text) {
  if (text.size() >= kLargeEventFile) pending_ = std::make_unique<PendingEventFile>(text, JournalKept::no);
}

EventStateReading::EventStateReading(EventStateReading&&) noexcept = default;
EventStateReading::~EventStateReading() = default;

Result<const EventState*> EventStateReading::state() {
  if (!settled_ && pending_)
    if (const EventFile* f = pending_->replayed()) return &f->state;
  settle();
  if (streamed_) return &streamed_->state;
  if (!*whole_) return tl::unexpected(whole_->error());
  return &(*whole_)->state;
}

Result<void> EventStateReading::checked() {
  settle();
  if (!streamed_ && !*whole_) return tl::unexpected(whole_->error());
  return {};
}

// The final answer: the streamed file, left where state() found it, or the text read whole.
void EventStateReading::settle() {
  if (settled_) return;
  settled_ = true;
  if (pending_) {
    if (const auto read = pending_->finish()) {
      if (*read)
        streamed_ = **read;
      else
        whole_ = tl::unexpected(read->error());
      return;
    }
    pending_.reset();
  }
  whole_ = parse_in_place(text_, JournalKept::no);
}

Result<EventFile> parse_event_file(std::string&& text) {
  // Room for simdjson's padding, so the fast reader parses the text in place: a copy of a
  // 100 000-player file is 300 MB (issue 16 point 1).
  text.reserve(text.size() + kEventFilePadding);
  return parse_event_file_in_place(text);
}

Result<EventFile> parse_event_file(std::string_view text) {
  std::string copy;
  copy.reserve(text.size() + kEventFilePadding);
  copy.assign(text);
  return parse_event_file(std::move(copy));
}

json write_event_file(const EventState& state, std::span<const JournalEntry> journal) {
  json players = json::array();
  for (const Player& p : state.players) {
    json pj = command_to_json(AddPlayer{p})["player"];
    players.push_back(pj);
  }
  json rounds = json::array();
  for (const Round& r : state.rounds) {
    json tables =
        command_to_json(PairRound{r.number, r.tables, std::nullopt, "", 0, {}, std::nullopt})["tables"];
    if (r.bye) tables.push_back({{"bye", *r.bye}});
    json rj{{"number", r.number}, {"scenario", r.scenario}, {"tables", tables}, {"closed", r.closed}};
    if (r.round_minutes_adjust) rj["round_minutes_adjust"] = r.round_minutes_adjust;
    rounds.push_back(rj);
  }
  json history = json::array();
  for (const JournalEntry& e : journal) {
    json ej{{"seq", e.seq}, {"at", e.at}};
    if (e.undoes) ej["undoes"] = *e.undoes;
    if (e.command) ej["command"] = command_to_json(*e.command);
    history.push_back(ej);
  }
  json out{{"gauntlet", kEventFileVersion},
           {"event", config_to_json(state.config)},
           {"planned_rounds", planned_rounds(state)},
           {"finished", event_finished(state)},
           {"players", players},
           {"rounds", rounds}};
  if (state.cut) out["cut"] = command_to_json(CloseRound{state.cut->after_round, state.cut})["cut"];
  out["journal"] = history;
  return out;
}

}  // namespace gauntlet
