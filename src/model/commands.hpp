// Every state change is one of these commands.
//
// A command arrives from an adapter (CLI, event file import, server) possibly incomplete: no
// player id yet, no scenario chosen, scores not yet adjusted for a bye or concession.
// decide() (event/engine.hpp) validates it against the current state and returns it *resolved*
// (ids assigned, scenario rolled from the seed, concession scored, cut decided); the resolved
// command is what the journal stores and what apply() replays, so replay never re-derives a
// random or rule-based choice.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/state.hpp"

namespace gauntlet {

struct CreateEvent {
  EventConfig config;
  bool operator==(const CreateEvent&) const = default;
};

// Event setup edits; allowed until round 1 is paired (points and edition then re-check lists).
struct ConfigureEvent {
  EventConfig config;  // the whole new configuration (the seed cannot change)
  bool operator==(const ConfigureEvent&) const = default;
};

struct AddPlayer {
  Player player;  // id empty -> assigned; joined_round set by decide() for late entries
  bool operator==(const AddPlayer&) const = default;
};

struct EditPlayer {
  PlayerId id;
  std::optional<std::string> name, faction, club, contact;
  bool operator==(const EditPlayer&) const = default;
};

// Publishes the pairings of a round (manual or from a Pairer). Tables are numbered 1..n.
// The EO publishes a pairing that breaks a hard rule (a rematch, a second pair-down, a second bye)
// on purpose: the reason and the rules broken are journaled with the round (issue 9: one policy for
// hand-made pairings in every face).
struct PairingOverride {
  std::string reason;               // what the EO typed, e.g. "brothers asked not to meet"
  std::vector<std::string> broken;  // the findings' sentences at the time of publishing
  bool operator==(const PairingOverride&) const = default;
};

struct PairRound {
  int round = 0;              // 0 -> next round
  std::vector<Table> tables;  // results empty
  std::optional<PlayerId> bye;
  std::string scenario;              // empty -> the event's plan, else rolled from the seed
  int round_minutes_adjust = 0;      // resolved: SR2014 variable round length
  std::vector<std::string> explain;  // the pairer's reasons, kept for the record
  std::optional<PairingOverride> eo_override =
      std::nullopt;  // set only when a hard rule is broken on purpose
  // Resolved for round 1 (model/rounds.hpp checkin_decides): registered players not checked in,
  // left out of round 1; they join round 2 with 0 TP (joined_round 2) if they check in later.
  std::vector<PlayerId> left_out = {};
  bool operator==(const PairRound&) const = default;
};

// Check-in, drop, disqualify and reinstate.
struct SetPlayerStatus {
  PlayerId id;
  PlayerStatus status = PlayerStatus::registered;
  std::optional<int> after_round;  // drop/disqualify: last round played; resolved by decide()
  // Dropping a player who is paired in the open round but has no result yet: the round's new
  // pairing without them (the orphan given the bye, or the rest re-paired — the EO's choice).
  // Tables with a result or a report must stay as they are.
  std::optional<PairRound> amended = std::nullopt;
  bool operator==(const SetPlayerStatus&) const = default;
};

// Adds (index = count + 1) or replaces an army list. Lists are fixed once the event begins.
struct SetList {
  PlayerId id;
  int index = 1;  // 1-based
  ArmyList list;
  bool operator==(const SetList&) const = default;
};

struct RemoveList {
  PlayerId id;
  int index = 1;
  bool operator==(const RemoveList&) const = default;
};

struct RecordResult {
  int round = 0;  // 0 -> current round
  int table = 0;
  std::array<GameResult, 2> results;  // in the order the table lists its players
  Ending ending = Ending::scenario;
  // Resolved by decide() for a concession scored on the opponent's army (never taken from input).
  std::optional<ConcessionArmy> concession_army;
  bool operator==(const RecordResult&) const = default;
};

// A player reports the result of their own table (server: player logged in with their PIN).
// It becomes the result only when the opponent confirms; the EO's RecordResult is final.
// Two players at one table may both report (issue 10 point 11): resolved by decide(), the
// opponent's report of the same result confirms it (`recorded`), a different one disputes it
// (`disputes`: both reports are kept for the EO); the reporter's own second report replaces theirs.
struct ReportResult {
  int round = 0;  // 0 -> current round
  int table = 0;
  PlayerId reporter;
  std::array<GameResult, 2> results;  // in the order the table lists its players
  Ending ending = Ending::scenario;
  std::optional<RecordResult> recorded = std::nullopt;  // resolved: the opponent's matching report
  bool disputes = false;                                // resolved: the opponent's different report
  bool operator==(const ReportResult&) const = default;
};

// The opponent of the reporter agrees or disputes; a dispute goes to the EO.
struct ConfirmResult {
  int round = 0;
  int table = 0;
  PlayerId by;
  bool agree = true;
  std::string note;  // reason for a dispute
  // Resolved by decide() when agreeing: the report as scored by the engine.
  std::optional<RecordResult> recorded;
  bool operator==(const ConfirmResult&) const = default;
};

struct CloseRound {
  int round = 0;           // 0 -> current round
  std::optional<Cut> cut;  // resolved: Cut to Top X triggered by this round
  bool operator==(const CloseRound&) const = default;
};

// Changes the planned number of rounds once round 1 is paired (issue 10 point 7; before that the
// event's setup holds it): a venue running late ends the event early ("end the event now" = the
// rounds paired so far), or a close event gets one more. The event finishes when round `rounds`
// closes (SR2017 "Number of Rounds").
struct SetRounds {
  int rounds = 0;
  bool operator==(const SetRounds&) const = default;
};

// The EO starts a published round: its clocks may start and the round's time counts from `at_ms`
// (issue 11: separately from publishing the pairings, so players find their tables first).
struct StartRound {
  int round = 0;  // 0 -> current round
  std::int64_t at_ms = 0;
  bool operator==(const StartRound&) const = default;
};

enum class ClockActionKind { start, pass, switch_over, pause, resume, adjust, extension, flag, time_up };

// One action on a table's clock (model/clock.hpp), with the time it happened. Players start, pass,
// switch and take extensions at their own table; a judge (the EO or a judge login) pauses,
// resumes and adjusts, each with a reason; `flag` and `time_up` are recorded by the server when a
// clock runs out or the round's expected end arrives (anyone may ask: decide() checks the times).
struct ClockAction {
  int round = 0;  // 0 -> current round
  int table = 0;
  ClockActionKind action = ClockActionKind::pass;
  std::string by;             // a player id, "EO", "judge:<name>" or "server"; set by the use case
  std::int64_t at_ms = 0;     // when it happened (server time); a phone that was offline sends its own
  int seat = -1;              // start: who goes first; adjust: whose clock (0/1 in the table's order)
  std::int64_t delta_ms = 0;  // adjust: time added (negative: removed)
  std::string reason;         // pause, resume and adjust: why (shown to the EO and the players)
  bool scenario_win = false;  // pass: both players verified a scenario victory (no minimum turn)
  std::vector<std::string> notes = {};  // resolved: what decide() did beyond the action itself
  bool operator==(const ClockAction&) const = default;
};

// The EO's review of a player's lists (issue 13 point 2): approves what the program cannot check
// (Field Allowance, theme rules) and marks the names in two lists that are no character (FA C).
// With the edition's character rule in play, an approval needs every name in two lists marked.
struct ReviewLists {
  PlayerId id;
  bool approved = true;
  std::vector<std::string> not_characters;
  std::string note;
  bool operator==(const ReviewLists&) const = default;
};

// Shows every player's lists to the public, or hides them again (issue 13 point 2: "the public can
// once the EO publishes them"); only once the lists are locked (round 1 paired).
struct PublishLists {
  bool published = true;
  bool operator==(const PublishLists&) const = default;
};

// Awards (model/awards.hpp, SR2017 "Prizes"). The EO defines an award, redefines it until it is
// put to a vote or decided, or removes it (`remove`).
struct DefineAward {
  std::string key;  // empty -> resolved from the name
  std::string name;
  std::string category;
  AwardMethod method = AwardMethod::choice;
  AwardMetric metric = AwardMetric::none;
  bool everyone = false;  // every participant is an entry (Best Sport)
  bool remove = false;
  bool operator==(const DefineAward&) const = default;
};

// A player's entry (their own, from their phone) or one the EO adds; `withdraw` takes it back.
// Entries close when the award's first vote opens.
struct EnterAward {
  std::string award;
  PlayerId player;
  std::string title;
  std::string photo;  // hex SHA-256 of an uploaded image, or empty
  bool withdraw = false;
  bool operator==(const EnterAward&) const = default;
};

// Opens a ballot: the first among the entries, a later one among the tied entries only.
struct OpenVote {
  std::string award;
  int ballot = 0;                      // resolved
  std::vector<PlayerId> candidates{};  // resolved
  bool operator==(const OpenVote&) const = default;
};

// One participant's secret vote, sealed by the ballot box (server/ballots.hpp) before it gets here.
struct CastVote {
  std::string award;
  PlayerId voter;
  std::string sealed;
  int ballot = 0;  // resolved: the open ballot
  bool operator==(const CastVote&) const = default;
};

// Closes the open ballot with the ballot box's count of the sealed votes.
struct CloseVote {
  std::string award;
  std::map<PlayerId, int> tally;
  int ballot = 0;                   // resolved
  std::vector<PlayerId> winners{};  // resolved: the one leader, or empty on a tie
  bool operator==(const CloseVote&) const = default;
};

// The EO's choice: the winner of a `choice` award, the tie-break of a vote or of a computed award.
// A computed award with no winner named takes its one leader (resolved).
struct DecideAward {
  std::string award;
  PlayerId winner;
  std::string how = {};  // resolved: "EO", "EO broke the tie", "results"
  bool operator==(const DecideAward&) const = default;
};

// Shows decided awards to the players and the public (or hides them again); `award` empty: all.
struct RevealAwards {
  std::string award;
  bool revealed = true;
  std::vector<std::string> awards{};  // resolved: the awards it changes
  bool operator==(const RevealAwards&) const = default;
};

using Command = std::variant<CreateEvent, ConfigureEvent, AddPlayer, EditPlayer, SetPlayerStatus, SetList,
                             RemoveList, PairRound, RecordResult, ReportResult, ConfirmResult, CloseRound,
                             SetRounds, StartRound, ClockAction, ReviewLists, PublishLists, DefineAward,
                             EnterAward, OpenVote, CastVote, CloseVote, DecideAward, RevealAwards>;

// Clock actions are not undone by the EO's undo (a judge adjusts the time instead); every other
// command is (engine/engine.hpp undo_target).
inline bool is_clock_command(const Command& c) {
  return std::holds_alternative<ClockAction>(c);
}

// Award commands are not undone by the EO's undo either: a vote cannot be taken back once its key
// is gone, and an award has its own corrections (redefine, withdraw, decide again, hide).
bool is_award_command(const Command& c);

const char* to_string(ClockActionKind k);  // "start", "pass", "switch", ..., "time-up"
std::optional<ClockActionKind> parse_clock_action(std::string_view s);

// The journal's name for a command ("add-player", ...).
std::string_view command_name(const Command& c);

}  // namespace gauntlet
