// A large event file read on two cores (eventfile/journal_stream.hpp, issue 16 point 1): the state,
// the journal and every error are those of reading the file whole; anything it does not read, it
// declines (nullopt), so the caller reads the file whole and words the error.
#include "eventfile/journal_stream.hpp"

#include <gtest/gtest.h>

#include "eventfile/event_file.hpp"
#include "support/journal_equal.hpp"
#include "support/plain_event.hpp"
#include "support/property.hpp"
#include "support/random_event.hpp"

namespace gauntlet {
namespace {

using nlohmann::json;
using namespace testing;

void expect_same(const Result<EventFile>& streamed, const Result<EventFile>& whole,
                 const std::string& where) {
  ASSERT_EQ(streamed.has_value(), whole.has_value())
      << where << ": " << (streamed ? whole.error().describe() : streamed.error().describe());
  if (!whole) {
    EXPECT_EQ(streamed.error().describe(), whole.error().describe()) << where;
    EXPECT_EQ(streamed.error().kind, whole.error().kind) << where;
    return;
  }
  EXPECT_EQ(streamed->state, whole->state) << where;
  EXPECT_TRUE(same_journal(streamed->journal, whole->journal)) << where;
}

std::string random_file(std::uint64_t seed) {
  RandomEvent ev(seed);
  for (int i = 0; i < 40 + static_cast<int>(seed % 160); ++i) ev.step();
  return write_event_file(ev.state(), ev.journal()).dump(2);
}

// Random events with every command, undos among them, read in pieces of 64 bytes to 64 KB: with
// the journal kept, or the state alone (an undo then reads the file again, keeping the journal).
TEST(JournalStream, ReadsEveryFileAsReadingItWhole_Property) {
  const auto events = static_cast<std::uint64_t>(property_cases(150));
  for (std::uint64_t seed = 1; seed <= events; ++seed) {
    const std::string text = random_file(seed);
    const Result<EventFile> whole = parse_event_file(text);
    ASSERT_TRUE(whole) << "seed " << seed << ": " << whole.error().describe();
    const std::size_t piece = std::size_t{64} << (seed % 11);
    const auto kept = stream_event_file(text, JournalKept::yes, piece);
    ASSERT_TRUE(kept) << "seed " << seed << " declined";
    expect_same(*kept, whole, "seed " + std::to_string(seed));
    const auto state_only = stream_event_file(text, JournalKept::no, piece);
    ASSERT_TRUE(state_only && *state_only) << "seed " << seed;
    EXPECT_EQ((*state_only)->state, whole->state) << "seed " << seed;
    EXPECT_TRUE((*state_only)->journal.empty());
    const auto read = read_event_state_in_place(text);
    ASSERT_TRUE(read);
    EXPECT_EQ(*read, whole->state);
  }
}

// An event of registrations, pairings, results and closes, as large events are.
json plain_file(int players, int rounds) {
  const PlainEvent e = plain_event(config(), players, rounds, 11);
  return write_event_file(e.state, e.journal);
}

TEST(JournalStream, ReadsALargeEventInPieces) {
  const std::string text = plain_file(301, 4).dump(2);
  for (JournalKept kept : {JournalKept::yes, JournalKept::no}) {
    const auto streamed = stream_event_file(text, kept, 4096);
    ASSERT_TRUE(streamed && *streamed);
    EXPECT_EQ((*streamed)->state, parse_event_file(text)->state);
  }
}

std::size_t first_of(const json& file, const std::string& type) {
  for (std::size_t i = 0; i < file["journal"].size(); ++i)
    if (file["journal"][i].contains("command") && file["journal"][i]["command"]["type"] == type) return i;
  return file["journal"].size();
}

// The engine refuses an entry: the same refusal, naming the same entry.
TEST(JournalStream, ARefusalIsTheOneReadingWholeGives) {
  json file = plain_file(40, 2);
  const std::size_t i = first_of(file, "record-result") + 7;
  ASSERT_LT(i, file["journal"].size());
  for (json& result : file["journal"][i]["command"]["results"]) result["outcome"] = "win";  // two winners
  const std::string text = file.dump(2);
  const auto streamed = stream_event_file(text, JournalKept::no, 64);
  ASSERT_TRUE(streamed);
  ASSERT_FALSE(*streamed);
  expect_same(*streamed, parse_event_file(text), "two winners");
  EXPECT_NE(streamed->error().field.find("journal[" + std::to_string(i) + "]"), std::string::npos);
}

// Every entry was read before the first was decided: an entry that does not read, even after one
// the engine refuses, is the error.
TEST(JournalStream, AnEntryThatDoesNotReadComesBeforeAnEarlierRefusal) {
  json file = plain_file(40, 2);
  const std::size_t i = first_of(file, "record-result");
  ASSERT_LT(i + 3, file["journal"].size());
  for (json& result : file["journal"][i]["command"]["results"]) result["outcome"] = "win";
  file["journal"].back() = {{"at", ""}, {"command", {{"type", "record-result"}, {"round", "two"}}}};
  const std::string text = file.dump(2);
  const auto streamed = stream_event_file(text, JournalKept::yes, 128);
  ASSERT_TRUE(streamed);
  ASSERT_FALSE(*streamed);
  expect_same(*streamed, parse_event_file(text), "read error after a refusal");
  EXPECT_NE(streamed->error().field.find("journal[" + std::to_string(file["journal"].size() - 1) + "]"),
            std::string::npos)
      << streamed->error().describe();
}

// Declined: the caller reads the file whole, which words the error (or reads another tool's file).
TEST(JournalStream, DeclinesWhatItDoesNotRead) {
  const std::string text = random_file(7);
  const json file = json::parse(text);
  json unknown = file;
  unknown["zz"] = 1;
  json no_journal = file;
  no_journal.erase("journal");
  json version = file;
  version["gauntlet"] = 2;
  for (const auto& [what, other] : std::vector<std::pair<std::string, std::string>>{
           {"invalid JSON at the end", text.substr(0, text.size() - 3)},
           {"a comma too many near the end", text.substr(0, text.rfind('}')) + ",}"},
           {"an unknown key", unknown.dump(2)},
           {"no journal", no_journal.dump(2)},
           {"another version", version.dump(2)},
           {"minified", file.dump()},
       }) {
    EXPECT_FALSE(stream_event_file(other, JournalKept::yes, 64)) << what;
    const auto whole = parse_event_file(other);
    const auto state = read_event_state_in_place(other);
    ASSERT_EQ(state.has_value(), whole.has_value()) << what;
    if (!whole) {
      EXPECT_EQ(state.error().describe(), whole.error().describe()) << what;
    }
  }
}

}  // namespace
}  // namespace gauntlet
