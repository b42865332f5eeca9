// The state of one event: what replaying its journal produces.
//
// Plain data, no behaviour beyond small lookups; every change goes through a Command
// (event/commands.hpp) validated by decide() and applied by apply() (event/engine.hpp).
//
//   const Player* p = state.find_player("p7");
//   for (const Round& r : state.rounds) for (const Table& t : r.tables) ...
#pragma once

#include <array>
#include <boost/unordered/unordered_flat_map.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/awards.hpp"
#include "model/boxed.hpp"
#include "model/clock.hpp"
#include "model/id_index.hpp"

namespace gauntlet {

using PlayerId = std::string;  // "p1", "p2", ... assigned in registration order

enum class PlayerStatus { registered, checked_in, dropped, disqualified };

// warcaster / warlock / Leader is `leader`; for a leader, `cost` is the warjack/warbeast
// (battlegroup) points it grants, which widen the list's point window.
enum class EntryKind { leader, warjack, warbeast, unit, solo, battle_engine, attachment, other };

struct ListEntry {
  std::string name;
  int cost = 0;
  EntryKind kind = EntryKind::other;
  int models = 1;
  bool operator==(const ListEntry&) const = default;
};

struct ArmyList {
  std::vector<ListEntry> entries;
  // SR2014/SR2013 "Specialists" and "Reinforcements": optional sections listed beside the main list,
  // each within the edition's table for the point size; not part of the starting army.
  std::vector<ListEntry> specialists;
  std::vector<ListEntry> reinforcements;
  const ListEntry* leader() const;
  // Points spent beyond the leader's battlegroup points: sum of costs minus the leader's bonus.
  // This is what the edition's point window is checked against.
  int net_points() const;
  int total_cost() const;  // plain sum of the non-leader entries (the army's starting value)
  bool operator==(const ArmyList&) const = default;
};

// The EO's review of a player's lists (issue 13 point 2): what the program cannot check (Field
// Allowance, theme rules) approved by the EO, and names in two lists the EO marked as no character
// (FA C). Cleared when a list is set or removed.
struct ListReview {
  bool approved = false;
  std::vector<std::string> not_characters;
  std::string note;
  bool operator==(const ListReview&) const = default;
};

struct Player {
  PlayerId id;
  std::string name;
  std::string faction;
  std::string club;     // optional club or team
  std::string contact;  // never shown on public pages
  PlayerStatus status = PlayerStatus::registered;
  std::optional<int> dropped_after;       // last round the player was part of
  std::optional<int> disqualified_after;  // set with status disqualified
  int joined_round = 1;                   // late entries join a later round with 0 TP
  std::vector<ArmyList> lists;
  std::optional<ListReview> review;  // set only by a ReviewLists command
  bool operator==(const Player&) const = default;

  // Can be paired in `round` (not dropped/disqualified before it, already joined).
  bool active_in(int round) const;
};

enum class Outcome { win, loss, tie };
// How a game ended. mangled_metal: SR2014 "Mangled Metal" ("a player wins a game when all enemy
// warjacks and warbeasts are destroyed or removed from play"), only in events with that variant.
enum class Ending { assassination, scenario, clock, tiebreaker, concession, tie, mangled_metal };

// One entry of the opponent's list played, as the reporter marked it on the army-points calculator
// (issue 13 point 4; armylists/army_points.hpp counts it by the edition's method).
struct Loss {
  int entry = 0;       // 0-based index in the list's entries
  int models = 0;      // models destroyed or removed from play, of the entry's starting number
  bool inert = false;  // a warjack left inert / a warbeast left wild (SR2017 ignores it, SR2014 counts it)
  int again = 0;       // earlier times it was destroyed and returned to play: each scores the card again
  bool operator==(const Loss&) const = default;
};

struct GameResult {
  Outcome outcome = Outcome::tie;
  int cp = 0;
  int ap = 0;               // army points destroyed (of the opponent's army)
  std::optional<int> list;  // 1-based list played
  // The calculator's marks that gave `ap`, kept with the result; empty when the number was typed.
  std::vector<Loss> destroyed;
  bool operator==(const GameResult&) const = default;
};

// What a concession's army points were computed from (SR2017 "Sportsmanship": "half the total
// value of the opponent's starting army, rounded up"): the conceding player's list played, or,
// when the player registered no list, the event's point size, which the result then says.
struct ConcessionArmy {
  int points = 0;           // the starting army's value the award halves
  std::optional<int> list;  // 1-based list played; nullopt = the event's point size
  bool operator==(const ConcessionArmy&) const = default;
};

// The opponent's own, different report of the same game (issue 10 point 11): kept beside the
// first one so the EO sees both.
struct CounterReport {
  PlayerId reporter;
  std::array<GameResult, 2> results;  // in the order of the table's players
  Ending ending = Ending::scenario;
  bool operator==(const CounterReport&) const = default;
};

// A result reported by one of the table's players, awaiting the opponent's confirmation.
struct PendingReport {
  PlayerId reporter;
  std::array<GameResult, 2> results;  // in the order of the table's players
  Ending ending = Ending::scenario;
  bool disputed = false;                 // the opponent disputed it: the EO decides
  std::string note;                      // the opponent's reason, shown to the EO
  std::optional<CounterReport> counter;  // the opponent reported a different result
  bool operator==(const PendingReport&) const = default;
};

struct Table {
  int number = 0;
  std::array<PlayerId, 2> players;
  std::optional<std::array<GameResult, 2>> results;  // in the order of `players`
  std::optional<Ending> ending;
  std::optional<ConcessionArmy> concession_army;  // set with a concession (SR2017/SR2023 award)
  // Boxed (model/boxed.hpp): on the heap, absent at nearly every table of a large event.
  Boxed<PendingReport> report;  // players' report not yet confirmed
  Boxed<TableClock> clock;      // the table's clock, once a player starts it
  bool operator==(const Table&) const = default;
};

struct Round {
  int number = 0;
  std::string scenario;  // scenario key; empty when not (yet) announced
  std::vector<Table> tables;
  std::optional<PlayerId> bye;
  int round_minutes_adjust = 0;  // SR2014 variable round length (secret from players)
  // When the EO started the round (ms since the epoch): "Upon notification by the EO, the first
  // player starts his clock" (SR2017 "Deathclock"); classic timing counts the round from it.
  std::optional<std::int64_t> started_ms;
  bool closed = false;
  bool operator==(const Round&) const = default;

  const Table* table_of(const PlayerId& id) const;
  // The table with this number; nullptr when the round has none. Tables are numbered 1..n in
  // order, so the table at number-1 is looked at first.
  const Table* find_table(int number) const;
  Table* find_table(int number);
  bool complete() const;  // every table has a result
};

struct VariantChoice {
  std::string key;           // "cut-to-top"
  std::optional<int> value;  // 4
  bool operator==(const VariantChoice&) const = default;
};

struct EventConfig {
  std::string name;
  std::string start_date;  // ISO 8601 date, optional
  std::string end_date;
  std::string venue;
  std::string edition;  // "SR2017"
  int points = 0;
  std::vector<VariantChoice> variants;
  int lists = 1;                           // lists each player brings (2nd optional unless required)
  bool lists_required = false;             // "[X] Lists Required"
  std::optional<int> rounds;               // EO override of the planned round count
  std::vector<std::string> scenario_plan;  // fixed order; empty = roll at random
  std::vector<std::string> factions;       // armies the EO adds to the edition's list (SR2023: Orgoth, ...)
  std::uint64_t seed = 0;                  // all randomness derives from it (core/rng.hpp)
  bool operator==(const EventConfig&) const = default;

  bool has_variant(std::string_view key) const;
  std::optional<int> variant_value(std::string_view key) const;
};

// Recorded when Cut to Top X triggers (SR2017 "Cut to Top [X]").
struct Cut {
  int after_round = 0;
  std::vector<PlayerId> top;           // the top X, in standing order at the cut
  std::vector<PlayerId> frozen_order;  // everyone else, in standing order at the cut
  bool operator==(const Cut&) const = default;
};

struct EventState {
  bool created = false;
  EventConfig config;
  std::vector<Player> players;
  std::vector<Round> rounds;
  std::optional<Cut> cut;
  bool lists_published = false;  // the EO showed every list to the public (PublishLists)
  std::vector<Award> awards;     // in the order the EO defined them (model/awards.hpp)
  // Derived index kept by apply(): name_key(name) -> id, so a registration's duplicate check is one
  // lookup, not a scan of every name (issue 10 point 15; core/text.hpp says how names compare).
  // Hashed, not ordered: nothing reads it in order, and 100 000 registrations each searched a tree.
  // Open addressing (Boost's flat map): no node per name, one probe a lookup (issue 16).
  boost::unordered_flat_map<std::string, PlayerId> name_index;
  // Derived index kept by apply(): id -> position in `players`, so every lookup by id is one
  // search, not a scan (issue 16: an import of 100 000 players re-decides every entry).
  IdIndex id_index;
  bool operator==(const EventState&) const = default;

  // By id: one search of id_index; a state built by hand (not by apply) has no index and is
  // scanned instead.
  const Player* find_player(std::string_view id) const;
  Player* find_player(std::string_view id);
  // "Ada (p1)": how messages name a player the way the EO knows them; the bare id when unknown.
  std::string label(std::string_view id) const;
  const Award* find_award(std::string_view key) const;
  Award* find_award(std::string_view key);
  bool started() const { return !rounds.empty(); }
  const Round* current_round() const { return rounds.empty() ? nullptr : &rounds.back(); }
  int closed_rounds() const;
};

// Where each player stands in state.players, by id: the state's id_index when apply() kept it,
// else (a state built by hand, with no index) an index made once here, so a loop over every
// table stays linear either way (issue 16). `state` must outlive it and not change meanwhile.
//   const PlayerPositions at(state);
//   if (const auto i = at.find(t.players[0])) ++games[*i];
class PlayerPositions {
 public:
  explicit PlayerPositions(const EventState& state);
  std::optional<std::size_t> find(std::string_view id) const;
  // IdIndex::prefetch: a loop over `tables` calls it at each table for the one kAhead further on.
  void prefetch_ahead(const std::vector<Table>& tables, std::size_t k) const;
  static constexpr std::size_t kAhead = 8;

 private:
  // The state's own index when apply() kept it, else the one made here.
  const IdIndex& index() const { return own_.empty() ? state_.id_index : own_; }
  const EventState& state_;
  IdIndex own_;
};

const char* to_string(PlayerStatus s);
const char* to_string(EntryKind k);
const char* to_string(Outcome o);
const char* to_string(Ending e);
std::optional<PlayerStatus> parse_player_status(std::string_view s);
std::optional<EntryKind> parse_entry_kind(std::string_view s);  // accepts warcaster/warlock/caster too
std::optional<Outcome> parse_outcome(std::string_view s);       // win/loss/tie, w/l/t
std::optional<Ending> parse_ending(std::string_view s);

}  // namespace gauntlet
