// Reading a JSON text in pieces (eventfile/pretty_json.hpp, issue 16 point 1): for texts printed
// by dump(2) the walk sees what nlohmann reads, whatever the piece size; it never calls a text
// valid that nlohmann refuses; and it declines, rather than misreads, texts printed otherwise.
#include "eventfile/pretty_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "support/property.hpp"

namespace gauntlet {
namespace {

using nlohmann::json;
using testing::property_cases;

// What the walk showed: each top-level member (its value when parsed with its neighbours, or
// "large"), and the elements of the wanted array one by one.
struct Recorder final : PrettyJsonVisitor {
  std::string wanted = "list";
  json members = json::object();
  std::vector<std::string> order;
  json elements = json::array();
  int stop_after = -1;  // elements taken before saying stop (-1: never)

  bool member(std::string_view key, const simdjson::dom::element* value) override {
    order.emplace_back(key);
    members[std::string(key)] = value ? json::parse(simdjson::minify(*value)) : json("large");
    return true;
  }
  bool elements_of(std::string_view key) const override { return key == wanted; }
  bool element(simdjson::dom::element e) override {
    if (stop_after >= 0 && static_cast<int>(elements.size()) >= stop_after) return false;
    elements.push_back(json::parse(simdjson::minify(e)));
    return true;
  }
};

std::string random_string(Rng& rng) {
  static const std::vector<std::string> parts = {"a",  "Ada", " ",  ",",          "\n",     "\"",
                                                 "\\", "}",   "]",  "{",          "[",      ":",
                                                 "é",  "漢",  "\t", "  \"k\": [", "\n    {"};
  std::string s;
  const auto n = rng.below(6);
  for (std::uint64_t i = 0; i < n; ++i) s += parts[rng.below(parts.size())];
  return s;
}

json random_value(Rng& rng, int depth) {
  switch (depth > 3 ? rng.below(4) : rng.below(7)) {
    case 0:
      return static_cast<std::int64_t>(rng.below(2000)) - 1000;
    case 1:
      return random_string(rng);
    case 2:
      return rng.below(2) == 0;
    case 3:
      return nullptr;
    case 4: {
      json a = json::array();
      const auto n = rng.below(8);
      for (std::uint64_t i = 0; i < n; ++i) a.push_back(random_value(rng, depth + 1));
      return a;
    }
    default: {
      json o = json::object();
      const auto n = rng.below(6);
      for (std::uint64_t i = 0; i < n; ++i)
        o[random_string(rng) + std::to_string(i)] = random_value(rng, depth + 1);
      return o;
    }
  }
}

// A top-level object like an event file's: small members, a wanted array of entries (some larger
// than a piece), other arrays of objects, an object holding a large array.
json random_document(Rng& rng) {
  json doc = json::object();
  const auto members = 1 + rng.below(6);
  for (std::uint64_t m = 0; m < members; ++m)
    doc["m" + std::to_string(m) + random_string(rng)] = random_value(rng, 1);
  json list = json::array();
  const auto n = rng.below(60);
  for (std::uint64_t i = 0; i < n; ++i) {
    json entry = {{"seq", i + 1}, {"at", random_string(rng)}, {"command", random_value(rng, 2)}};
    if (rng.below(10) == 0) {  // a pair-round: one entry of many tables
      json tables = json::array();
      for (int t = 0; t < 40; ++t) tables.push_back({{"table", t + 1}, {"players", {"p1", "p2"}}});
      entry["command"] = {{"type", "pair-round"}, {"tables", tables}};
    }
    list.push_back(entry);
  }
  if (rng.below(8) != 0) doc["list"] = list;
  json rounds = json::array();
  for (std::uint64_t r = 0; r < rng.below(4); ++r) {
    json tables = json::array();
    for (std::uint64_t t = 0; t < rng.below(50); ++t)
      tables.push_back({{"table", t + 1}, {"players", {"p1", "p2"}}});
    rounds.push_back({{"number", r + 1}, {"tables", tables}, {"closed", true}});
  }
  doc["rounds"] = rounds;
  return doc;
}

// The walk's view must be nlohmann's: every member, in order, with its value, and the wanted array
// element by element.
void expect_read_as_nlohmann(const json& doc, const Recorder& r, const std::string& where) {
  std::vector<std::string> keys;
  for (const auto& [k, v] : doc.items()) keys.push_back(k);
  ASSERT_EQ(r.order, keys) << where;
  for (const auto& [k, v] : doc.items()) {
    if (r.members[k] != "large" || v == "large") {
      EXPECT_EQ(r.members[k], v) << where << " member " << k;
    } else if (k == "list") {
      EXPECT_EQ(r.elements, v) << where;
    }
  }
  if (doc.contains("list") && r.members["list"] != "large") {
    EXPECT_TRUE(r.elements.empty()) << where;
  }
}

TEST(PrettyJson, ReadsEveryTextDumpTwoPrintsAsNlohmannDoes_Property) {
  const auto cases = static_cast<std::uint64_t>(property_cases(250));
  int pieced = 0;
  for (std::uint64_t seed = 1; seed <= cases; ++seed) {
    Rng rng(seed);
    const json doc = random_document(rng);
    const std::string text = doc.dump(2) + (seed % 2 ? "\n" : "");
    for (std::size_t piece : {64, 150, 1000, 1 << 20}) {
      Recorder r;
      const std::string where = "seed " + std::to_string(seed) + " piece " + std::to_string(piece);
      ASSERT_TRUE(walk_pretty_json(text, r, piece)) << where << "\n" << text;
      expect_read_as_nlohmann(doc, r, where);
      pieced += r.members.contains("list") && r.members["list"] == "large";
    }
  }
  EXPECT_GT(pieced, 100);  // the wanted array was read in pieces, not only with its neighbours
}

// Any byte deleted, doubled or changed (the structure's own bytes most of all): whatever the walk
// calls valid, nlohmann reads, and reads the same.
TEST(PrettyJson, NeverCallsValidWhatNlohmannRefuses_Property) {
  const auto cases = static_cast<std::uint64_t>(property_cases(400));
  int refused = 0, accepted = 0;
  const std::string structural = "{}[],:\" \n\\0";
  for (std::uint64_t seed = 1; seed <= cases; ++seed) {
    Rng rng(seed * 7919);
    std::string text = random_document(rng).dump(2);
    if (text.empty()) continue;
    for (int k = 0; k < 1 + static_cast<int>(seed % 3); ++k) {
      const std::size_t at = rng.below(text.size());
      switch (rng.below(3)) {
        case 0:
          text.erase(at, 1);
          break;
        case 1:
          text.insert(at, 1, text[at]);
          break;
        default:
          text[at] = structural[rng.below(structural.size())];
      }
    }
    Recorder r;
    const bool walked = walk_pretty_json(text, r, 64 + seed % 200);
    const json parsed = json::parse(text, nullptr, false);
    if (!walked) {
      ++refused;
      continue;
    }
    ++accepted;
    ASSERT_FALSE(parsed.is_discarded()) << "seed " << seed << "\n" << text;
    if (r.order.size() == parsed.size())  // else a key the change repeated: nlohmann keeps the last
      expect_read_as_nlohmann(parsed, r, "seed " + std::to_string(seed));
  }
  EXPECT_GT(refused, static_cast<int>(cases) / 2);
  EXPECT_GT(accepted, 0);  // a space doubled, or a value changed, is still the same printing
}

// Printed otherwise, a text longer than a piece is declined (a shorter one is one piece, parsed
// whole); so is anything after the top-level object, and an empty object over two lines.
TEST(PrettyJson, DeclinesTextsPrintedOtherwise) {
  const json doc = {{"list", {{{"a", 1}}, {{"b", 2}}}}, {"x", {1, 2, 3}}};
  Recorder r;
  EXPECT_TRUE(walk_pretty_json(doc.dump(2), r, 64));
  for (const std::string& other :
       {doc.dump(), doc.dump(4), " " + doc.dump(2), doc.dump(2) + "x", doc.dump(2) + "{}",
        std::string("[1, 2]"), std::string("{\n}"), std::string("")}) {
    Recorder again;
    EXPECT_FALSE(walk_pretty_json(other, again, 64)) << other;
  }
}

// A lone surrogate, an integer beyond 64 bits, invalid UTF-8: simdjson, piece by piece, refuses
// what nlohmann refuses, or declines what it reads otherwise; never reads it.
TEST(PrettyJson, RefusesWhatTheParserRefusesInsideAPiece) {
  for (const std::string& bad : {std::string("\"\\ud800\""), std::string("123456789012345678901234567890"),
                                 std::string("\"\xff\""), std::string("01"), std::string("[1,]")}) {
    std::string text = "{\n  \"list\": [\n    1,\n    " + bad + "\n  ],\n  \"z\": 1\n}";
    Recorder r;
    EXPECT_FALSE(walk_pretty_json(text, r, 64)) << bad;
  }
}

TEST(PrettyJson, ElementsLargerThanAPieceArriveWhole) {
  json list = json::array();
  for (int i = 0; i < 5; ++i) {
    json tables = json::array();
    for (int t = 0; t < 30 * (i + 1); ++t) tables.push_back({{"table", t}, {"players", {"p1", "p2"}}});
    list.push_back({{"command", {{"tables", tables}}}, {"seq", i}});
  }
  const json doc = {{"a", 1}, {"list", list}, {"z", {{"deep", list}}}};
  Recorder r;
  ASSERT_TRUE(walk_pretty_json(doc.dump(2), r, 64));
  EXPECT_EQ(r.elements, list);
  EXPECT_EQ(r.members["z"], "large");
}

// A scalar on a line longer than a piece — an exported file's checkpoint, a base64 string of
// megabytes (eventfile/file_checkpoint.hpp) — is that line, parsed as one piece, wherever it is.
TEST(PrettyJson, ScalarsLargerThanAPieceAreTheirLine) {
  const std::string longer(5000, 'Q');
  const json doc = {{"a", longer},
                    {"list", {1, 2}},
                    {"m", {{"state", longer}, {"xxh3", "00ff"}}},
                    {"n", {longer, 3, longer}},
                    {"z", 12345678901234}};
  Recorder r;
  ASSERT_TRUE(walk_pretty_json(doc.dump(2), r, 64));
  EXPECT_EQ(r.members["a"], longer);
  EXPECT_EQ(r.members["m"], "large");
  EXPECT_EQ(r.members["z"], 12345678901234);
  std::string broken = doc.dump(2);
  broken[broken.find(longer) + 100] = '\n';  // a raw newline inside the string
  Recorder again;
  EXPECT_FALSE(walk_pretty_json(broken, again, 64));
}

TEST(PrettyJson, StopsWhenTheVisitorSaysSo) {
  json list = json::array();
  for (int i = 0; i < 100; ++i) list.push_back({{"seq", i}});
  Recorder r;
  r.stop_after = 10;
  EXPECT_FALSE(walk_pretty_json(json{{"list", list}}.dump(2), r, 64));
  EXPECT_EQ(r.elements.size(), 10u);
}

}  // namespace
}  // namespace gauntlet
