// What a checkpoint stores of each struct: every field, in declaration order (private to
// src/checkpoint; cereal stays out of the model's headers).
//
// Each serialize() takes the fields through a structured binding, which must name exactly as many
// fields as the struct has: a field added to a struct without being added here is a compile error,
// never a checkpoint that silently drops it (issue 16 point 2). The binding takes fields by position,
// so the archive always sees declaration order; the names are for the reader, listed in that order.
// Enums are saved as their underlying value (cereal's enum support); std::optional, std::variant,
// std::array, std::map and std::vector through cereal's own types.
#pragma once

#include <algorithm>
#include <cereal/types/array.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/unordered_map.hpp>
#include <cereal/types/variant.hpp>
#include <cereal/types/vector.hpp>

#include "engine/engine.hpp"
#include "model/commands.hpp"
#include "model/state.hpp"

// serialize(archive, value) for struct T with fields named ... (found by cereal through ADL).
#define GAUNTLET_FIELDS(T, ...)                                  \
  template <class Archive>                                       \
  void serialize(Archive& gauntlet_archive, T& gauntlet_value) { \
    auto& [__VA_ARGS__] = gauntlet_value;                        \
    gauntlet_archive(__VA_ARGS__);                               \
  }

namespace cereal {

// model/state.hpp's name_index (Boost's flat map): its size, then each name and id, as cereal
// lays out an unordered map; read back into an empty map. In cereal's namespace: argument-dependent
// lookup would not look in gauntlet's for a Boost type. Saved in the keys' order, not the table's:
// the same names make the same bytes however the map grew (an exported file's checkpoint is the
// same after an import and an export again).
template <class Archive, class K, class V>
void save(Archive& archive, const boost::unordered_flat_map<K, V>& map) {
  std::vector<const typename boost::unordered_flat_map<K, V>::value_type*> items;
  items.reserve(map.size());
  for (const auto& item : map) items.push_back(&item);
  std::sort(items.begin(), items.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
  archive(cereal::make_size_tag(static_cast<cereal::size_type>(items.size())));
  for (const auto* item : items) archive(cereal::make_map_item(item->first, item->second));
}

template <class Archive, class K, class V>
void load(Archive& archive, boost::unordered_flat_map<K, V>& map) {
  cereal::size_type size = 0;
  archive(cereal::make_size_tag(size));
  map.clear();
  // Room at once (no rehash per doubling), for what the blob can hold — each entry is at least two
  // 8-byte lengths — not for what a corrupt size claims.
  map.reserve(std::min(static_cast<std::size_t>(size), archive.remaining() / 16));
  for (cereal::size_type i = 0; i < size; ++i) {
    K k;
    V v;
    archive(cereal::make_map_item(k, v));
    map.emplace(std::move(k), std::move(v));
  }
}

}  // namespace cereal

namespace gauntlet {

// model/boxed.hpp: laid out like cereal's std::optional (a "nullopt" bool, then the value).
template <class Archive, class T>
void save(Archive& archive, const Boxed<T>& boxed) {
  archive(!boxed.has_value());
  if (boxed) archive(*boxed);
}

template <class Archive, class T>
void load(Archive& archive, Boxed<T>& boxed) {
  bool empty = true;
  archive(empty);
  if (empty) {
    boxed.reset();
  } else {
    archive(boxed.emplace());
  }
}

// model/id_index.hpp: its slots as they are (same slots, same lookups), checked when read.
template <class Archive>
void save(Archive& archive, const IdIndex& index) {
  archive(index.slots(), static_cast<std::uint64_t>(index.size()));
}

template <class Archive>
void load(Archive& archive, IdIndex& index) {
  std::vector<std::uint64_t> slots;
  std::uint64_t size = 0;
  archive(slots, size);
  auto read = IdIndex::from_slots(std::move(slots), static_cast<std::size_t>(size));
  if (!read) throw cereal::Exception("id_index: not a table IdIndex makes");
  index = std::move(*read);
}

// model/state.hpp
GAUNTLET_FIELDS(ListEntry, name, cost, kind, models)
GAUNTLET_FIELDS(ArmyList, entries, specialists, reinforcements)
GAUNTLET_FIELDS(ListReview, approved, not_characters, note)
GAUNTLET_FIELDS(Player, id, name, faction, club, contact, status, dropped_after, disqualified_after,
                joined_round, lists, review)
GAUNTLET_FIELDS(Loss, entry, models, inert, again)
GAUNTLET_FIELDS(GameResult, outcome, cp, ap, list, destroyed)
GAUNTLET_FIELDS(ConcessionArmy, points, list)
GAUNTLET_FIELDS(CounterReport, reporter, results, ending)
GAUNTLET_FIELDS(PendingReport, reporter, results, ending, disputed, note, counter)
GAUNTLET_FIELDS(Table, number, players, results, ending, concession_army, report, clock)
GAUNTLET_FIELDS(Round, number, scenario, tables, bye, round_minutes_adjust, started_ms, closed)
GAUNTLET_FIELDS(VariantChoice, key, value)
GAUNTLET_FIELDS(EventConfig, name, start_date, end_date, venue, edition, points, variants, lists,
                lists_required, rounds, scenario_plan, factions, seed)
GAUNTLET_FIELDS(Cut, after_round, top, frozen_order)
// name_index and id_index are derived by apply(), but stored too: a state decoded must equal the
// state replayed, indexes included.
GAUNTLET_FIELDS(EventState, created, config, players, rounds, cut, lists_published, awards, name_index,
                id_index)

// The same fields but the rounds, which encode_state writes apart, one piece a round, so that two
// cores can decode them (issue 16 point 1). The binding names every field as above: one added to
// EventState is a compile error here too.
template <class Archive, class State>
void fields_but_rounds(Archive& archive, State& state) {
  auto& [created, config, players, rounds, cut, lists_published, awards, name_index, id_index] = state;
  (void)rounds;
  archive(created, config, players, cut, lists_published, awards, name_index, id_index);
}

// model/clock.hpp
GAUNTLET_FIELDS(ClockSetup, classic, player_ms, turn_ms, deployment_taps)
GAUNTLET_FIELDS(ClockNote, at_ms, by, what, reason)
GAUNTLET_FIELDS(TableClock, setup, remaining_ms, since_ms, started_ms, turn, running, taps, turn_used_ms,
                paused, paused_at_ms, paused_total_ms, added_total_ms, short_turns, extensions_used, flagged,
                flag_ms, time_up_tie, playing_on, time_up_ms, notes)

// model/awards.hpp
GAUNTLET_FIELDS(AwardEntry, player, title, photo)
GAUNTLET_FIELDS(SealedVote, voter, sealed)
GAUNTLET_FIELDS(Ballot, number, candidates, votes, tally)
GAUNTLET_FIELDS(Award, key, name, category, method, metric, everyone, entries, ballots, winners, decided,
                revealed)

// model/commands.hpp: every alternative of Command.
GAUNTLET_FIELDS(CreateEvent, config)
GAUNTLET_FIELDS(ConfigureEvent, config)
GAUNTLET_FIELDS(AddPlayer, player)
GAUNTLET_FIELDS(EditPlayer, id, name, faction, club, contact)
GAUNTLET_FIELDS(PairingOverride, reason, broken)
GAUNTLET_FIELDS(PairRound, round, tables, bye, scenario, round_minutes_adjust, explain, eo_override, left_out)
GAUNTLET_FIELDS(SetPlayerStatus, id, status, after_round, amended)
GAUNTLET_FIELDS(SetList, id, index, list)
GAUNTLET_FIELDS(RemoveList, id, index)
GAUNTLET_FIELDS(RecordResult, round, table, results, ending, concession_army)
GAUNTLET_FIELDS(ReportResult, round, table, reporter, results, ending, recorded, disputes)
GAUNTLET_FIELDS(ConfirmResult, round, table, by, agree, note, recorded)
GAUNTLET_FIELDS(CloseRound, round, cut)
GAUNTLET_FIELDS(SetRounds, rounds)
GAUNTLET_FIELDS(StartRound, round, at_ms)
GAUNTLET_FIELDS(ClockAction, round, table, action, by, at_ms, seat, delta_ms, reason, scenario_win, notes)
GAUNTLET_FIELDS(ReviewLists, id, approved, not_characters, note)
GAUNTLET_FIELDS(PublishLists, published)
GAUNTLET_FIELDS(DefineAward, key, name, category, method, metric, everyone, remove)
GAUNTLET_FIELDS(EnterAward, award, player, title, photo, withdraw)
GAUNTLET_FIELDS(OpenVote, award, ballot, candidates)
GAUNTLET_FIELDS(CastVote, award, voter, sealed, ballot)
GAUNTLET_FIELDS(CloseVote, award, tally, ballot, winners)
GAUNTLET_FIELDS(DecideAward, award, winner, how)
GAUNTLET_FIELDS(RevealAwards, award, revealed, awards)

// engine/engine.hpp
GAUNTLET_FIELDS(JournalEntry, seq, at, command, undoes)

}  // namespace gauntlet

#undef GAUNTLET_FIELDS
