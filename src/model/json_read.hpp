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
// Fails when `j` is not an object or has a key outside `known` (catches typos like "ponts").
Result<void> check_keys(const nlohmann::json& j, std::initializer_list<std::string_view> known,
                        const std::string& where);
Result<void> check_keys(const nlohmann::json& j, std::span<const std::string_view> known,
                        const std::string& where);

}  // namespace gauntlet
