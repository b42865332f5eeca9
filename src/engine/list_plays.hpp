// How often each list must be played (issue 13 point 3): SR2014/SR2013 "[X] List(s) Required –
// Players must bring exactly X army lists and must play each army list at least once during the
// event." and "Divide and Conquer [X] – Each list must be played at least X times during the
// tournament." A result then names the list each player played, and one that leaves a player
// unable to play every list often enough in the rounds left is refused; the EO sees who can no
// longer meet the count. A breakdown of army points destroyed is checked against that list too.
//
//   if (auto q = list_quota(state); q.per_list > 0) ...          // 0: the event counts nothing
//   for (const ListShortfall& s : list_shortfalls(state)) eo_sees(s.text);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "model/commands.hpp"

namespace gauntlet {

struct ListQuota {
  int per_list = 0;  // games each list needs; 0 when neither variant is in play
  std::string rule;  // the variant(s) that set it, quoted from the edition data
};
ListQuota list_quota(const EventState& state);

struct ListShortfall {
  PlayerId player;
  std::string text;  // "Ada Brennan still needs list 2 twice: 1 round is left"
};
// Players who registered fewer lists than the event asks for (lists_missing), and players who can
// no longer play each list often enough in the planned rounds left.
std::vector<ListShortfall> list_shortfalls(const EventState& state);
// Whether `player` registered fewer lists than the event asks for ("[X] Lists Required", or the
// lists per player the EO set), once the EO keeps lists at all; never for a dropped or disqualified
// player. A warning, not a refusal: the EO decides (the player may still bring it to the table).
std::optional<ListShortfall> lists_missing(const EventState& state, const Player& player);

// Whether the same character (FA C) may not appear in two of a player's lists: SR2014/SR2013 at
// baseline unless "Characters Unrestricted", SR2017 with "Character Restrictions" (list_review.cpp).
bool characters_restricted(const EventState& state);

namespace detail {
// The lists a player may name as played: what they registered, at least the event's count.
int list_count(const EventState& s, const Player& p);
// Called by decide_result: `c.round` is resolved, the lists named are in range.
Result<void> check_lists_played(const EventState& s, const RecordResult& c, const std::string& field);
// A result's army-points breakdown (issue 13 point 4) is counted on the opponent's list played by
// the edition's method and must give the AP the result says.
Result<void> check_ap_breakdown(const EventState& s, const RecordResult& c, const std::string& field);
}  // namespace detail

}  // namespace gauntlet
