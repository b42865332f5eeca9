// The EO's review of a player's lists and the lists' publication (issue 13 point 2).
#include <algorithm>

#include "armylists/characters.hpp"
#include "engine/list_plays.hpp"
#include "engine/validate.hpp"
#include "model/rounds.hpp"

namespace gauntlet::detail {
namespace {

bool same(const std::string& a, const std::string& b) {
  return character_key(a) == character_key(b);
}

bool marked(const ReviewLists& c, const std::string& name) {
  return std::any_of(c.not_characters.begin(), c.not_characters.end(),
                     [&](const std::string& n) { return same(n, name); });
}

}  // namespace

Result<Command> decide_review_lists(const EventState& s, ReviewLists c) {
  GAUNTLET_TRY(const Player* p, require_player(s, c.id, "id"));
  const Edition& e = edition_of(s);
  if (p->lists.empty()) return fail("id", "army lists", p->name + " has no list to review");
  const std::vector<CharacterClash> clashes = character_clashes(*p);
  for (std::size_t i = 0; i < c.not_characters.size(); ++i) {
    std::string& n = c.not_characters[i];
    const auto clash = std::find_if(clashes.begin(), clashes.end(),
                                    [&](const CharacterClash& k) { return same(k.name, n); });
    if (clash == clashes.end())
      return fail("not_characters[" + std::to_string(i) + "]", "army lists",
                  "'" + n + "' is not in two of " + p->name + "'s lists: nothing to mark");
    n = clash->name;  // as the list spells it
  }
  if (c.approved && characters_restricted(s)) {
    std::string open;
    for (const CharacterClash& k : clashes)
      if (!marked(c, k.name)) open += (open.empty() ? "" : ", ") + k.name;
    if (!open.empty())
      return fail("not_characters", e.characters.rule,
                  "in more than one of " + p->name + "'s lists: " + open +
                      ". Mark each that is no character (FA C), or have the player change a list");
  }
  return c;
}

Result<Command> decide_publish_lists(const EventState& s, PublishLists c) {
  if (c.published && !s.started())
    return fail(ErrorKind::precondition, "published", edition_of(s).id + " \"Army Lists\"",
                "lists are published once they lock, when round 1 is paired");
  return c;
}

}  // namespace gauntlet::detail

namespace gauntlet {

bool characters_restricted(const EventState& s) {
  if (s.config.has_variant("characters-unrestricted")) return false;
  return edition_of(s).characters.restricted || s.config.has_variant("characters-restricted");
}

}  // namespace gauntlet
