// Checked reads from nlohmann::json that fail with the offending key's full path.
//
//   auto name = read_string(j, "name", "event");          // Result<std::string>; "event.name: is required"
//   auto cp = read_int(j, "cp", "results[0]", 0);          // optional with default
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace gauntlet {

inline std::string json_path(const std::string& where, const std::string& key) {
  return where.empty() ? key : where + "." + key;
}

Result<std::string> read_string(const nlohmann::json& j, const std::string& key, const std::string& where,
                                std::optional<std::string> fallback = std::nullopt);
Result<int> read_int(const nlohmann::json& j, const std::string& key, const std::string& where,
                     std::optional<int> fallback = std::nullopt);
Result<std::int64_t> read_int64(const nlohmann::json& j, const std::string& key, const std::string& where,
                                std::optional<std::int64_t> fallback = std::nullopt);
Result<std::optional<int>> read_optional_int(const nlohmann::json& j, const std::string& key,
                                             const std::string& where);
Result<bool> read_bool(const nlohmann::json& j, const std::string& key, const std::string& where,
                       bool fallback);
// An optional array of strings (absent: empty).
Result<std::vector<std::string>> read_strings(const nlohmann::json& j, const std::string& key,
                                              const std::string& where);
// JSON text from outside (an API body, a file given to the CLI), read as strictly as the journal
// will keep it: valid JSON; no key twice in one object ({"id":"p3","id":"p4"} would edit whichever
// the parser kept); every key and string value typed text (core/text.hpp `typed_text`: composed,
// no control or invisible format character), stored composed; no string longer than its field
// allows (kTextLimits: a club, a note, a reason, a category ... each capped, any other string at
// kMaxStringCodePoints, long pastes, "text" and "csv", bounded by their own readers). Errors name
// the key path ("player.club") and the rule ("JSON" or "text"); `what` names the whole text
// ("body", the file's flag).
//   auto body = read_json_text(req.body(), "body");   // Result<nlohmann::json>
Result<nlohmann::json> read_json_text(std::string_view text, const std::string& what);
inline constexpr std::size_t kMaxStringCodePoints = 1000;

// Fails when `j` is not an object or has a key outside `known` (catches typos like "ponts").
Result<void> check_keys(const nlohmann::json& j, std::initializer_list<std::string_view> known,
                        const std::string& where);
Result<void> check_keys(const nlohmann::json& j, std::span<const std::string_view> known,
                        const std::string& where);

}  // namespace gauntlet
