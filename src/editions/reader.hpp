// The strict JSON reader the edition data files share (parse.cpp, parse_tabletop.cpp): every key
// required unless read with optional(), unknown keys rejected, errors naming the key path.
// Internal to src/editions.
#pragma once

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "editions/edition.hpp"

namespace gauntlet::edition_reader {

using nlohmann::json;

// Internal only: thrown deep inside the reader and turned into an Error by parse_edition(), so the
// dozens of checks below stay one line each instead of threading a Result through every helper.
struct Invalid {
  std::string path;
  std::string message;
};

[[noreturn]] inline void invalid(std::string path, std::string message) {
  throw Invalid{std::move(path), std::move(message)};
}

inline std::string key_path(const std::string& base, std::string_view key) {
  return base.empty() ? std::string(key) : base + "." + std::string(key);
}
inline std::string index_path(const std::string& base, std::size_t i) {
  return base + "[" + std::to_string(i) + "]";
}
inline std::string map_path(const std::string& base, const std::string& key) {
  return base + "[\"" + key + "\"]";
}

// A JSON object whose keys must all be consumed: finish() rejects anything not read.
class Object {
 public:
  Object(const json& j, std::string path) : j_(j), path_(std::move(path)) {
    if (!j_.is_object()) invalid(path_.empty() ? "(top level)" : path_, "must be an object");
  }
  const json& at(std::string_view key) {
    seen_.emplace(key);
    auto it = j_.find(key);
    if (it == j_.end()) invalid(key_path(path_, key), "is required");
    return *it;
  }
  const json* optional(std::string_view key) {
    seen_.emplace(key);
    auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }
  std::string path(std::string_view key) const { return key_path(path_, key); }
  void finish() const {
    for (const auto& item : j_.items())
      if (!seen_.count(item.key())) invalid(key_path(path_, item.key()), "is not a known key");
  }

 private:
  const json& j_;
  std::string path_;
  std::set<std::string, std::less<>> seen_;
};

inline int read_int(const json& v, const std::string& path, int min) {
  const char* what = min > 0 ? "must be a positive integer" : "must be a non-negative integer";
  if (!v.is_number_integer()) invalid(path, what);
  auto n = v.get<long long>();
  if (n < min || n > 1'000'000) invalid(path, what);
  return static_cast<int>(n);
}

inline bool read_bool(const json& v, const std::string& path) {
  if (!v.is_boolean()) invalid(path, "must be true or false");
  return v.get<bool>();
}

inline std::string read_string(const json& v, const std::string& path, bool allow_empty = false) {
  if (!v.is_string() || (!allow_empty && v.get_ref<const std::string&>().empty()))
    invalid(path, allow_empty ? "must be a string" : "must be a non-empty string");
  return v.get<std::string>();
}

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Keys and scenario ids are kebab-case so they can be typed on a command line.
inline std::string read_key(const json& v, const std::string& path) {
  std::string s = read_string(v, path);
  bool ok = s.front() != '-' && s.back() != '-';
  for (char c : s) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  if (!ok) invalid(path, "must be kebab-case (a-z, 0-9, '-')");
  return s;
}

inline std::vector<std::string> read_strings(const json& v, const std::string& path, bool unique) {
  if (!v.is_array() || v.empty()) invalid(path, "must be a non-empty array of strings");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::string s = read_string(v[i], index_path(path, i));
    if (unique && std::find(out.begin(), out.end(), s) != out.end())
      invalid(index_path(path, i), "duplicate '" + s + "'");
    out.push_back(std::move(s));
  }
  return out;
}

// The "table" and "terrain" sections (parse_tabletop.cpp).
void read_table_and_terrain(Object& o, Edition& e);

}  // namespace gauntlet::edition_reader
