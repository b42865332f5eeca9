#include "armylists/characters.hpp"

#include <map>

#include "core/text.hpp"

namespace gauntlet {

std::string character_key(const std::string& name) {
  const auto first = name.find_first_not_of(" \t"), last = name.find_last_not_of(" \t");
  return first == std::string::npos ? "" : name_key(name.substr(first, last - first + 1));
}

std::vector<CharacterClash> character_clashes(const Player& p) {
  std::vector<CharacterClash> out;
  std::map<std::string, std::size_t> at;  // key -> index in out
  for (std::size_t l = 0; l < p.lists.size(); ++l)
    for (const ListEntry& e : p.lists[l].entries) {
      if (e.kind == EntryKind::leader) continue;
      const std::string k = character_key(e.name);
      auto [it, fresh] = at.emplace(k, out.size());
      if (fresh) out.push_back({e.name, {}});
      std::vector<int>& lists = out[it->second].lists;
      if (lists.empty() || lists.back() != static_cast<int>(l) + 1) lists.push_back(static_cast<int>(l) + 1);
    }
  std::erase_if(out, [](const CharacterClash& c) { return c.lists.size() < 2; });
  return out;
}

}  // namespace gauntlet
