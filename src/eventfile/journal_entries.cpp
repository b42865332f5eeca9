#include "eventfile/journal_entries.hpp"

#include <algorithm>

#include "eventfile/event_file.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"

namespace gauntlet {

using nlohmann::json;

bool TopMembers::accept(std::string_view key, const simdjson::dom::element* value) {
  const auto known = std::find(kTopKeys.begin(), kTopKeys.end(), key);
  if (known == kTopKeys.end()) return false;
  bool& once = seen_[static_cast<std::size_t>(known - kTopKeys.begin())];
  if (once) return false;
  once = true;
  if (key != "gauntlet") return true;
  std::int64_t version = 0;
  return value && !value->get_int64().get(version) && version == kEventFileVersion;
}

Result<JournalEntry> entry_from_json(const json& e, std::size_t i) {
  const std::string w = "journal[" + std::to_string(i) + "]";
  if (!e.is_object()) return fail(w, "event file", "must be an object");
  JournalEntry entry;
  entry.seq = static_cast<std::int64_t>(i) + 1;
  GAUNTLET_TRY(entry.at, read_string(e, "at", w, ""));
  GAUNTLET_TRY(std::optional<int> undoes, read_optional_int(e, "undoes", w));
  if (undoes) {
    if (*undoes < 1 || *undoes >= entry.seq)
      return fail(w + ".undoes", "journal", "must name an earlier entry");
    entry.undoes = *undoes;
  } else {
    const auto command = e.find("command");
    GAUNTLET_TRY(entry.command, command_from_json(command != e.end() ? *command : e, w));
  }
  return entry;
}

std::optional<Result<JournalEntry>> entry_from_dom(simdjson::dom::element e, std::size_t i, EntryTime time) {
  if (auto fast = fast_journal_entry(e, static_cast<std::int64_t>(i) + 1, time)) return std::move(*fast);
  const json one = json::parse(simdjson::minify(e), nullptr, false);
  if (one.is_discarded()) return std::nullopt;
  auto entry = entry_from_json(one, i);
  if (entry && time == EntryTime::skipped) entry->at.clear();
  return entry;
}

}  // namespace gauntlet
