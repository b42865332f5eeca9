// Writes JSON text in the exact layout of nlohmann's dump(), without building a DOM (issue 16 point
// 1: for 10 000 players, building, dumping and freeing the DOM of an answer cost tens of ms).
//
//   std::string out;
//   JsonDumpWriter w(out, 2, nlohmann::json::error_handler_t::strict);
//   w.open('{');
//   w.int_field("round", 3);       // members in nlohmann's order: keys in byte order
//   w.key("bye");
//   w.null();
//   w.close('}');                  // out == nlohmann::json{{"round", 3}, {"bye", nullptr}}.dump(2)
//
// With indent >= 0, "[\n" / "{\n", one line per element or member at (depth * indent) spaces, ",\n"
// between them, the closing bracket on its own line at the container's depth, and ": " after keys;
// with indent < 0, no whitespace at all. Empty containers are "[]" / "{}" either way. Members must
// be written in nlohmann's order (its objects are std::map: keys in byte order). Strings other than
// plain printable ASCII, and floating-point numbers, are written by nlohmann itself, so escaping,
// UTF-8 checks (`handler`) and number format stay its own. Tests pin each user's text to the DOM's
// dump byte for byte (StandingsJsonText, ProposalJsonText).
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace gauntlet {

class JsonDumpWriter {
 public:
  JsonDumpWriter(std::string& out, int indent, nlohmann::json::error_handler_t handler)
      : out_(out), indent_(indent), handler_(handler) {}

  void open(char bracket) {
    out_ += bracket;
    empty_.push_back(true);
  }
  void close(char bracket) {
    const bool was_empty = empty_.back();
    empty_.pop_back();
    if (!was_empty) newline();
    out_ += bracket;
  }
  // Starts the next array element.
  void element() {
    if (!empty_.back()) out_ += ',';
    empty_.back() = false;
    newline();
  }
  // Starts the next object member; `name` is plain ASCII (our own keys).
  void key(std::string_view name) {
    element();
    out_ += '"';
    out_ += name;
    out_ += indent_ >= 0 ? "\": " : "\":";
  }

  void string(std::string_view s) {
    // nlohmann copies printable ASCII other than quote and backslash as is; the rest (escapes, UTF-8
    // checks, the handler's throw or U+FFFD) is left to nlohmann so it stays its own.
    const bool plain = std::all_of(s.begin(), s.end(),
                                   [](char c) { return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\'; });
    if (plain) {
      out_ += '"';
      out_ += s;
      out_ += '"';
    } else {
      out_ += nlohmann::json(std::string(s)).dump(-1, ' ', false, handler_);
    }
  }
  void integer(std::int64_t v) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, end);
  }
  void boolean(bool b) { out_ += b ? "true" : "false"; }
  void null() { out_ += "null"; }
  // An array of strings.
  template <typename Strings>
  void strings(const Strings& all) {
    open('[');
    for (const auto& s : all) {
      element();
      string(s);
    }
    close(']');
  }
  // A member in one call (separate names: an int would convert to bool and int64 alike).
  void int_field(std::string_view name, std::int64_t v) {
    key(name);
    integer(v);
  }
  void bool_field(std::string_view name, bool b) {
    key(name);
    boolean(b);
  }
  void string_field(std::string_view name, std::string_view v) {
    key(name);
    string(v);
  }
  // nlohmann's own float format, whatever it is (rare: a fractional SoS).
  void floating(double d) { out_ += nlohmann::json(d).dump(); }

 private:
  void newline() {
    if (indent_ < 0) return;
    out_ += '\n';
    out_.append(empty_.size() * static_cast<std::size_t>(indent_), ' ');
  }

  std::string& out_;
  int indent_;
  nlohmann::json::error_handler_t handler_;
  std::vector<bool> empty_;  // per open container: nothing written in it yet
};

}  // namespace gauntlet
