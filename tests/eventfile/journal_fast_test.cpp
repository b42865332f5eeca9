// The fast reader of journal entries (issue 16 point 1) reads exactly what the general reader
// reads, or declines: every entry of thousands of random events, read both ways, and the shapes it
// must leave to the general reader (which words the errors).
#include "eventfile/journal_fast.hpp"

#include <functional>

#include "eventfile/event_file.hpp"
#include "model/json.hpp"
#include "support/plain_event.hpp"
#include "support/property.hpp"
#include "support/random_event.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using nlohmann::json;

constexpr int kFastEvents = 300;

std::optional<JournalEntry> fast(const json& entry, std::int64_t seq = 1) {
  simdjson::dom::parser parser;
  const simdjson::padded_string text(entry.dump());
  simdjson::dom::element e;
  EXPECT_FALSE(parser.parse(text).get(e));
  return fast_journal_entry(e, seq);
}

// A record-result entry as Gauntlet writes it.
json result_entry() {
  return json::parse(R"({"seq": 7, "at": "2026-11-26T10:00:00Z", "command": {"type": "record-result",
    "round": 1, "table": 3, "victory": "scenario", "results": [
      {"outcome": "win", "cp": 5, "ap": 40, "list": 1}, {"outcome": "loss", "cp": 1, "ap": 12}]}})");
}

TEST(FastJournal, ReadsEveryEntryItTakesExactlyAsTheGeneralReader_Property) {
  int taken = 0, declined = 0;
  const auto events = static_cast<std::uint64_t>(property_cases(kFastEvents));
  for (std::uint64_t seed = 1; seed <= events; ++seed) {
    RandomEvent ev(seed);
    for (int i = 0; i < 40 + static_cast<int>(seed % 120); ++i) ev.step();
    const json file = write_event_file(ev.state(), ev.journal());
    for (std::size_t i = 0; i < file["journal"].size(); ++i) {
      const json& entry = file["journal"][i];
      const auto seq = static_cast<std::int64_t>(i) + 1;
      const auto got = fast(entry, seq);
      if (!got) {
        ++declined;
        continue;
      }
      ++taken;
      ASSERT_TRUE(entry.contains("command")) << "seed " << seed << " entry " << seq;
      auto general = command_from_json(entry["command"], "journal");
      ASSERT_TRUE(general) << general.error().describe();
      EXPECT_EQ(got->seq, seq);
      EXPECT_EQ(got->at, entry.value("at", ""));
      EXPECT_FALSE(got->undoes);
      ASSERT_TRUE(got->command);
      EXPECT_EQ(*got->command, *general) << "seed " << seed << " entry " << seq << ": " << entry.dump();
    }
  }
  // Random events are mostly the rarer commands (reports, clocks, lists, awards, undos), which it
  // leaves alone; it must still have read thousands of entries for the comparison to mean much.
  EXPECT_GT(taken, 5000);
  EXPECT_GT(declined, 0);
}

// A large event's journal is registrations, pairings, results and closes: the fast reader reads
// all of it but the event's creation (what makes a 100 000-player file fast to read).
TEST(FastJournal, ReadsEveryEntryOfAnEventOfRegistrationsPairingsAndResults) {
  EventConfig config;
  config.name = "Fast Open";
  config.edition = "SR2017";
  config.points = 75;
  config.seed = 3;
  const PlainEvent e = plain_event(config, 41, 3, 5);
  const json file = write_event_file(e.state, e.journal);
  int declined = 0;
  for (std::size_t i = 0; i < file["journal"].size(); ++i)
    declined += fast(file["journal"][i], static_cast<std::int64_t>(i) + 1) ? 0 : 1;
  EXPECT_EQ(declined, 1);  // the create-event
  const auto back = parse_event_file(file.dump(2));
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(back->state, e.state);
}

TEST(FastJournal, WholeFilesReadTheSameBothWays_Property) {
  const auto events = static_cast<std::uint64_t>(property_cases(kFastEvents));
  for (std::uint64_t seed = 1; seed <= events; ++seed) {
    RandomEvent ev(seed);
    for (int i = 0; i < 40 + static_cast<int>(seed % 120); ++i) ev.step();
    const std::string text = write_event_file(ev.state(), ev.journal()).dump(2);
    const auto fast_path = parse_event_file(text);  // simdjson, entry by entry
    const auto general = read_event_file(json::parse(text));
    ASSERT_TRUE(fast_path) << "seed " << seed << ": " << fast_path.error().describe();
    ASSERT_TRUE(general) << "seed " << seed << ": " << general.error().describe();
    ASSERT_EQ(fast_path->state, general->state) << "seed " << seed;
    ASSERT_EQ(fast_path->journal.size(), general->journal.size()) << "seed " << seed;
    for (std::size_t i = 0; i < general->journal.size(); ++i) {
      EXPECT_EQ(fast_path->journal[i].seq, general->journal[i].seq);
      EXPECT_EQ(fast_path->journal[i].at, general->journal[i].at);
      EXPECT_EQ(fast_path->journal[i].undoes, general->journal[i].undoes);
      EXPECT_EQ(fast_path->journal[i].command, general->journal[i].command)
          << "seed " << seed << " entry " << i;
    }
  }
}

TEST(FastJournal, TakesTheShapeGauntletWrites) {
  const auto e = fast(result_entry(), 7);
  ASSERT_TRUE(e);
  const auto& r = std::get<RecordResult>(*e->command);
  EXPECT_EQ(r.table, 3);
  EXPECT_EQ(r.results[0].list, 1);
  EXPECT_EQ(r.results[1].list, std::nullopt);
  EXPECT_EQ(r.ending, Ending::scenario);
}

// Each of these the general reader reads differently or refuses with its own words.
TEST(FastJournal, LeavesEveryIrregularShapeToTheGeneralReader) {
  const std::vector<std::pair<std::string, std::function<void(json&)>>> cases = {
      {"unknown key", [](json& j) { j["command"]["note"] = "x"; }},
      {"unknown key in a result", [](json& j) { j["command"]["results"][0]["victory"] = "scenario"; }},
      {"null at", [](json& j) { j["at"] = nullptr; }},
      {"null list", [](json& j) { j["command"]["results"][0]["list"] = nullptr; }},
      {"float cp", [](json& j) { j["command"]["results"][0]["cp"] = 5.0; }},
      {"cp out of int range", [](json& j) { j["command"]["results"][0]["cp"] = 1LL << 40; }},
      {"cp as text", [](json& j) { j["command"]["results"][0]["cp"] = "5"; }},
      {"three results", [](json& j) { j["command"]["results"].push_back(j["command"]["results"][0]); }},
      {"unknown outcome", [](json& j) { j["command"]["results"][0]["outcome"] = "victory"; }},
      {"unknown ending", [](json& j) { j["command"]["victory"] = "knockout"; }},
      {"no table", [](json& j) { j["command"].erase("table"); }},
      {"an undo",
       [](json& j) {
         j = json{{"seq", 8}, {"undoes", 7}};
       }},
      {"no command object", [](json& j) { j = j["command"]; }},
      {"army-points marks",
       [](json& j) {
         j["command"]["results"][0]["destroyed"] = json::array({{{"entry", 0}, {"models", 1}}});
       }},
      {"another command",
       [](json& j) {
         j["command"] = {{"type", "set-rounds"}, {"rounds", 5}};
       }},
  };
  for (const auto& [name, change] : cases) {
    json j = result_entry();
    change(j);
    EXPECT_FALSE(fast(j)) << name;
  }
}

// simdjson keeps both values of a repeated key; nlohmann (the general reader) keeps the last.
TEST(FastJournal, LeavesARepeatedKeyToTheGeneralReader) {
  const std::string text = R"({"at": "a", "at": "b", "command": {"type": "close-round", "round": 1}})";
  simdjson::dom::parser parser;
  const simdjson::padded_string padded(text);
  simdjson::dom::element e;
  ASSERT_FALSE(parser.parse(padded).get(e));
  EXPECT_FALSE(fast_journal_entry(e, 1));
  const auto file = parse_event_file(R"({"gauntlet": 1, "journal": [)" + text + "]}");
  ASSERT_FALSE(file);  // the general reader's refusal: the journal must start with the event's creation
  EXPECT_NE(file.error().describe().find("journal[0]"), std::string::npos) << file.error().describe();
}

}  // namespace
}  // namespace gauntlet
