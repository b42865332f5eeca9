#include "model/state.hpp"

#include <algorithm>
#include <cctype>

namespace gauntlet {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

const ListEntry* ArmyList::leader() const {
  for (const ListEntry& e : entries)
    if (e.kind == EntryKind::leader) return &e;
  return nullptr;
}

int ArmyList::total_cost() const {
  int sum = 0;
  for (const ListEntry& e : entries)
    if (e.kind != EntryKind::leader) sum += e.cost;
  return sum;
}

// SR2014/SR2017 "Army Construction": the caster's warjack/warbeast points widen the window
// (a 50-point Kaelyssa list with +7 jack points totals 55–57), so the window applies to
// the cost beyond those points.
int ArmyList::net_points() const {
  const ListEntry* l = leader();
  return total_cost() - (l ? l->cost : 0);
}

bool Player::active_in(int round) const {
  if (round < joined_round) return false;
  if (dropped_after && round > *dropped_after) return false;
  if (disqualified_after && round > *disqualified_after) return false;
  return true;
}

const Table* Round::table_of(const PlayerId& id) const {
  for (const Table& t : tables)
    if (t.players[0] == id || t.players[1] == id) return &t;
  return nullptr;
}

const Table* Round::find_table(int number) const {
  if (number >= 1 && static_cast<std::size_t>(number) <= tables.size() &&
      tables[static_cast<std::size_t>(number - 1)].number == number)
    return &tables[static_cast<std::size_t>(number - 1)];
  for (const Table& t : tables)
    if (t.number == number) return &t;
  return nullptr;
}

Table* Round::find_table(int number) {
  return const_cast<Table*>(static_cast<const Round&>(*this).find_table(number));
}

bool Round::complete() const {
  return std::all_of(tables.begin(), tables.end(), [](const Table& t) { return t.results.has_value(); });
}

bool EventConfig::has_variant(std::string_view key) const {
  return std::any_of(variants.begin(), variants.end(), [&](const VariantChoice& v) { return v.key == key; });
}

std::optional<int> EventConfig::variant_value(std::string_view key) const {
  for (const VariantChoice& v : variants)
    if (v.key == key) return v.value;
  return std::nullopt;
}

const Player* EventState::find_player(std::string_view id) const {
  if (id_index.size() == players.size()) {
    const auto at = id_index.find(id, players);
    return at ? &players[*at] : nullptr;
  }
  for (const Player& p : players)
    if (p.id == id) return &p;
  return nullptr;
}

Player* EventState::find_player(std::string_view id) {
  return const_cast<Player*>(static_cast<const EventState&>(*this).find_player(id));
}

const Award* EventState::find_award(std::string_view key) const {
  for (const Award& a : awards)
    if (a.key == key) return &a;
  return nullptr;
}

Award* EventState::find_award(std::string_view key) {
  for (Award& a : awards)
    if (a.key == key) return &a;
  return nullptr;
}

PlayerPositions::PlayerPositions(const EventState& state) : state_(state) {
  if (state.id_index.size() == state.players.size()) return;
  for (std::size_t i = 0; i < state.players.size(); ++i) own_.insert(state.players[i].id, i);
}

std::optional<std::size_t> PlayerPositions::find(std::string_view id) const {
  return index().find(id, state_.players);
}

void PlayerPositions::prefetch_ahead(const std::vector<Table>& tables, std::size_t k) const {
  if (k + kAhead >= tables.size()) return;
  for (const PlayerId& id : tables[k + kAhead].players) index().prefetch(id);
}

std::string EventState::label(std::string_view id) const {
  const Player* p = find_player(id);
  return p ? p->name + " (" + std::string(id) + ")" : std::string(id);
}

int EventState::closed_rounds() const {
  return static_cast<int>(
      std::count_if(rounds.begin(), rounds.end(), [](const Round& r) { return r.closed; }));
}

const char* to_string(PlayerStatus s) {
  switch (s) {
    case PlayerStatus::registered:
      return "registered";
    case PlayerStatus::checked_in:
      return "checked-in";
    case PlayerStatus::dropped:
      return "dropped";
    case PlayerStatus::disqualified:
      return "disqualified";
  }
  return "?";
}

const char* to_string(EntryKind k) {
  switch (k) {
    case EntryKind::leader:
      return "leader";
    case EntryKind::warjack:
      return "warjack";
    case EntryKind::warbeast:
      return "warbeast";
    case EntryKind::unit:
      return "unit";
    case EntryKind::solo:
      return "solo";
    case EntryKind::battle_engine:
      return "battle-engine";
    case EntryKind::attachment:
      return "attachment";
    case EntryKind::other:
      return "other";
  }
  return "?";
}

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::win:
      return "win";
    case Outcome::loss:
      return "loss";
    case Outcome::tie:
      return "tie";
  }
  return "?";
}

const char* to_string(Ending e) {
  switch (e) {
    case Ending::assassination:
      return "assassination";
    case Ending::scenario:
      return "scenario";
    case Ending::clock:
      return "clock";
    case Ending::tiebreaker:
      return "tiebreaker";
    case Ending::concession:
      return "concession";
    case Ending::tie:
      return "tie";
    case Ending::mangled_metal:
      return "mangled-metal";
  }
  return "?";
}

std::optional<PlayerStatus> parse_player_status(std::string_view s) {
  const std::string l = lower(s);
  if (l == "registered") return PlayerStatus::registered;
  if (l == "checked-in" || l == "checked_in" || l == "checkedin") return PlayerStatus::checked_in;
  if (l == "dropped") return PlayerStatus::dropped;
  if (l == "disqualified" || l == "dq") return PlayerStatus::disqualified;
  return std::nullopt;
}

std::optional<EntryKind> parse_entry_kind(std::string_view s) {
  const std::string l = lower(s);
  if (l == "leader" || l == "warcaster" || l == "warlock" || l == "caster" || l == "master")
    return EntryKind::leader;
  if (l == "warjack" || l == "jack" || l == "colossal") return EntryKind::warjack;
  if (l == "warbeast" || l == "beast" || l == "gargantuan") return EntryKind::warbeast;
  if (l == "unit") return EntryKind::unit;
  if (l == "solo") return EntryKind::solo;
  if (l == "battle-engine" || l == "battle_engine" || l == "battleengine" || l == "be")
    return EntryKind::battle_engine;
  if (l == "attachment" || l == "ua" || l == "wa") return EntryKind::attachment;
  if (l == "other") return EntryKind::other;
  return std::nullopt;
}

std::optional<Outcome> parse_outcome(std::string_view s) {
  // The names Gauntlet writes, as written, first: an event file re-reads 10^5 of them (issue 16).
  if (s == "win") return Outcome::win;
  if (s == "loss") return Outcome::loss;
  if (s == "tie") return Outcome::tie;
  const std::string l = lower(s);
  if (l == "win" || l == "w" || l == "won") return Outcome::win;
  if (l == "loss" || l == "l" || l == "lost" || l == "lose") return Outcome::loss;
  if (l == "tie" || l == "t" || l == "draw" || l == "d") return Outcome::tie;
  return std::nullopt;
}

std::optional<Ending> parse_ending(std::string_view s) {
  if (s == "scenario") return Ending::scenario;  // the names Gauntlet writes, as written, first
  if (s == "assassination") return Ending::assassination;
  if (s == "clock") return Ending::clock;
  const std::string l = lower(s);
  if (l == "assassination" || l == "caster kill" || l == "caster-kill") return Ending::assassination;
  if (l == "scenario") return Ending::scenario;
  if (l == "clock" || l == "deathclock" || l == "time") return Ending::clock;
  if (l == "tiebreaker" || l == "tiebreakers" || l == "dice-down" || l == "dice down")
    return Ending::tiebreaker;
  if (l == "concession" || l == "concede") return Ending::concession;
  if (l == "tie") return Ending::tie;
  if (l == "mangled-metal" || l == "mangled metal") return Ending::mangled_metal;
  return std::nullopt;
}

}  // namespace gauntlet
