#include "model/json_read.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <set>
#include <utility>

#include "core/text.hpp"

namespace gauntlet {

namespace {

// The longest value a person types into each field, in code points: what a pairing card, a slip
// and a phone's line hold, and what a judge writes for a ruling. Any other string is capped at
// kMaxStringCodePoints; "text" (a pasted list, at most 16 KiB, armylists/import.hpp) and "csv"
// (registrations, bounded by the body) are checked by their readers.
constexpr std::array<std::pair<std::string_view, std::size_t>, 10> kTextLimits{{
    {"club", 60},
    {"category", 100},
    {"title", 100},
    {"venue", 100},
    {"contact", 200},
    {"note", 500},
    {"reason", 500},
    {"text", std::numeric_limits<std::size_t>::max()},
    {"csv", std::numeric_limits<std::size_t>::max()},
    {"inventory", std::numeric_limits<std::size_t>::max()},
}};

std::size_t text_limit(std::string_view key) {
  for (const auto& [name, limit] : kTextLimits)
    if (name == key) return limit;
  return kMaxStringCodePoints;
}

// Thrown out of the parser's callback at the first repeated key.
struct RepeatedKey {
  std::string path;
};

std::string joined(const std::vector<std::string>& keys) {
  std::string path;
  for (const std::string& k : keys)
    if (!k.empty()) path = json_path(path, k);
  return path;
}

// Every key and string of `j`, checked and composed in place; `key` is the innermost object key.
Result<void> check_strings(nlohmann::json& j, const std::string& path, std::string_view key) {
  if (j.is_string()) {
    GAUNTLET_TRY(std::string composed, typed_text(j.get_ref<const std::string&>(), path));
    if (const std::size_t n = code_points(composed), limit = text_limit(key); n > limit)
      return fail(path, "text",
                  "is " + std::to_string(n) + " characters long; it holds at most " + std::to_string(limit));
    j = std::move(composed);
    return {};
  }
  if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i)
      GAUNTLET_CHECK(check_strings(j[i], path + "[" + std::to_string(i) + "]", key));
    return {};
  }
  if (!j.is_object()) return {};
  nlohmann::json rebuilt = nlohmann::json::object();
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string at = json_path(path, it.key());
    GAUNTLET_TRY(std::string name, typed_text(it.key(), at));
    if (code_points(name) > kMaxStringCodePoints) return fail(at, "JSON", "is too long a key");
    GAUNTLET_CHECK(check_strings(it.value(), json_path(path, name), name));
    // The parser saw distinct keys; composed, two may be one ("e\u0301" and "\u00e9" are both "é").
    if (rebuilt.contains(name)) return fail(json_path(path, name), "JSON", "appears twice in one object");
    rebuilt[name] = std::move(it.value());
  }
  j = std::move(rebuilt);
  return {};
}

}  // namespace

Result<nlohmann::json> read_json_text(std::string_view text, const std::string& what) {
  using nlohmann::json;
  // One set of keys per object being read, with the key now being read; arrays push an empty
  // level so that objects inside them get their own set.
  std::vector<std::set<std::string>> seen;
  std::vector<std::string> keys;
  const json::parser_callback_t watch = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        seen.emplace_back();
        keys.emplace_back();
        break;
      case json::parse_event_t::key: {
        const std::string& key = parsed.get_ref<const std::string&>();
        if (!seen.empty() && !seen.back().insert(key).second) {
          keys.back() = key;
          throw RepeatedKey{joined(keys)};
        }
        if (!keys.empty()) keys.back() = key;
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!seen.empty()) seen.pop_back();
        if (!keys.empty()) keys.pop_back();
        break;
      case json::parse_event_t::value:
        break;
    }
    return true;
  };
  json j;
  try {
    j = json::parse(text.begin(), text.end(), watch);
  } catch (const RepeatedKey& r) {
    return fail(r.path.empty() ? what : r.path, "JSON", "appears twice in one object; send each key once");
  } catch (const json::parse_error& e) {
    return fail(what, "JSON", "is not valid JSON (at byte " + std::to_string(e.byte) + ")");
  } catch (const json::exception&) {
    // The parser's other refusal: a number beyond a double (out_of_range 406, "1e9951").
    return fail(what, "JSON", "holds a number too large to read");
  }
  if (auto checked = check_strings(j, "", ""); !checked) {
    Error e = std::move(checked).error();
    if (e.field.empty()) e.field = what;  // the text itself, or a key that is the empty string
    return tl::unexpected(std::move(e));
  }
  return j;
}

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
  if (it == j.end()) return fallback;
  // null is not false: {"published": null} must not unpublish the lists.
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
