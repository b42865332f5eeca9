#include "model/json_read.hpp"

#include <algorithm>
#include <limits>

namespace gauntlet {

Result<std::string> read_string(const nlohmann::json& j, const std::string& key, const std::string& where,
                                std::optional<std::string> fallback) {
  const std::string path = json_path(where, key);
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (fallback) return *fallback;
    return fail(path, "event file", "is required");
  }
  if (!it->is_string()) return fail(path, "event file", "must be a string");
  return it->get<std::string>();
}

Result<int> read_int(const nlohmann::json& j, const std::string& key, const std::string& where,
                     std::optional<int> fallback) {
  const std::string path = json_path(where, key);
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (fallback) return *fallback;
    return fail(path, "event file", "is required");
  }
  if (it->is_number_integer()) {
    const auto v = it->get<std::int64_t>();
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
      return fail(path, "event file", "is out of range");
    return static_cast<int>(v);
  }
  if (it->is_number_float()) return fail(path, "event file", "must be a whole number (points are integers)");
  return fail(path, "event file", "must be a number");
}

Result<std::int64_t> read_int64(const nlohmann::json& j, const std::string& key, const std::string& where,
                                std::optional<std::int64_t> fallback) {
  const std::string path = json_path(where, key);
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (fallback) return *fallback;
    return fail(path, "event file", "is required");
  }
  if (it->is_number_integer()) return it->get<std::int64_t>();
  return fail(path, "event file", "must be a whole number");
}

Result<std::optional<int>> read_optional_int(const nlohmann::json& j, const std::string& key,
                                             const std::string& where) {
  if (!j.contains(key) || j.at(key).is_null()) return std::optional<int>{};
  auto v = read_int(j, key, where);
  if (!v) return tl::unexpected(v.error());
  return std::optional<int>{*v};
}

Result<bool> read_bool(const nlohmann::json& j, const std::string& key, const std::string& where,
                       bool fallback) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) return fail(json_path(where, key), "event file", "must be true or false");
  return it->get<bool>();
}

Result<void> check_keys(const nlohmann::json& j, std::initializer_list<std::string_view> known,
                        const std::string& where) {
  return check_keys(j, std::span<const std::string_view>(known.begin(), known.size()), where);
}

Result<void> check_keys(const nlohmann::json& j, std::span<const std::string_view> known,
                        const std::string& where) {
  if (!j.is_object())
    return fail(where.empty() ? "(top level)" : where, "event file", "must be a JSON object");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find(known.begin(), known.end(), it.key()) == known.end())
      return fail(json_path(where, it.key()), "event file", "unknown key");
  return {};
}

Result<std::vector<std::string>> read_strings(const nlohmann::json& j, const std::string& key,
                                              const std::string& w) {
  using nlohmann::json;
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  const json& a = j.at(key);
  if (!a.is_array()) return fail(json_path(w, key), "event file", "must be an array of strings");
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string())
      return fail(json_path(w, key + "[" + std::to_string(i) + "]"), "event file", "must be a string");
    out.push_back(a[i].get<std::string>());
  }
  return out;
}

}  // namespace gauntlet
