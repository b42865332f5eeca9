// An exported file's checkpoint (eventfile/file_checkpoint.hpp, issue 16 point 1; docs/event-file.md
// "checkpoint"): a large export ends with the state its journal replays to, which is used only when
// the file is unchanged since and this build wrote it; otherwise the file is read as any other, and
// every reader ignores the member.
#include "eventfile/file_checkpoint.hpp"

#include <gtest/gtest.h>

#include "eventfile/event_file.hpp"
#include "eventfile/journal_stream.hpp"
#include "support/event_fixtures.hpp"
#include "support/plain_event.hpp"

namespace gauntlet {
namespace {

using nlohmann::json;
using namespace testing;

// An event large enough for a checkpoint (about 1.2 MB), made once for the suite.
const PlainEvent& large_event() {
  static const PlainEvent e = plain_event(config(), 420, 5, 3);
  return e;
}

const std::string& large_text() {
  static const std::string text = event_file_text(large_event().state, large_event().journal);
  return text;
}

// `text` with its first `from` replaced by `to`.
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(FileCheckpoint, ALargeExportEndsWithTheStateItsJournalReplaysTo) {
  const std::string& text = large_text();
  ASSERT_GE(text.size(), kLargeEventFile);
  const json file = json::parse(text);
  ASSERT_TRUE(file.contains("checkpoint"));
  EXPECT_EQ(file["checkpoint"]["xxh3"].get<std::string>().size(), 32u);
  // The file as before, then the member (EXPECT_TRUE: a diff of two megabytes is no help).
  const std::size_t member = text.rfind(",\n  \"checkpoint\": {\n    \"state\": \"");
  ASSERT_NE(member, std::string::npos);
  EXPECT_TRUE(text.substr(0, member) + "\n}\n" ==
              write_event_file(large_event().state, large_event().journal).dump(2) + "\n");
  const std::optional<EventState> state = state_from_checkpoint(text);
  ASSERT_TRUE(state);
  EXPECT_EQ(*state, large_event().state);
  const Result<EventFile> read = parse_event_file(text);  // the journal re-decided
  ASSERT_TRUE(read) << read.error().describe();
  EXPECT_EQ(*state, read->state);
}

// The same state makes the same bytes, whichever way it was made: an import exported again is
// the file imported (the name index is saved in its keys' order, not its table's).
TEST(FileCheckpoint, TheSameStateIsTheSameBytes) {
  const std::optional<EventState> decoded = state_from_checkpoint(large_text());
  ASSERT_TRUE(decoded);
  EXPECT_TRUE(event_file_text(*decoded, large_event().journal) == large_text());
  const Result<EventFile> replayed = parse_event_file(large_text());
  ASSERT_TRUE(replayed) << replayed.error().describe();
  EXPECT_TRUE(event_file_text(replayed->state, replayed->journal) == large_text());
}

TEST(FileCheckpoint, ASmallEventIsWrittenWithoutOne) {
  const PlainEvent e = plain_event(config(), 12, 2, 3);
  const std::string text = event_file_text(e.state, e.journal);
  EXPECT_TRUE(text == write_event_file(e.state, e.journal).dump(2) + "\n");
  EXPECT_FALSE(state_from_checkpoint(text));
}

TEST(FileCheckpoint, AFileWithoutAJournalHasNone) {
  const std::string text = event_file_text(large_event().state, {});
  EXPECT_FALSE(json::parse(text).contains("checkpoint"));
}

// Any edit of the JSON, even one the readers accept, sets the checkpoint aside: the journal is the
// truth, and what it replays to is the answer.
TEST(FileCheckpoint, AnEditOfTheJsonSetsItAside) {
  const std::string renamed = edited(large_text(), "\"Player 7\"", "\"Player 7b\"");
  EXPECT_FALSE(state_from_checkpoint(renamed));
  const Result<EventFile> read = parse_event_file(renamed);
  ASSERT_TRUE(read) << read.error().describe();
  EXPECT_EQ(read->state.players[6].name, "Player 7b");
  EXPECT_FALSE(state_from_checkpoint(edited(large_text(), "\"gauntlet\": 1", "\"gauntlet\":  1")));
}

TEST(FileCheckpoint, AnotherBuildsIsSetAside) {
  const std::string text = event_file_text(large_event().state, large_event().journal, "another/64/le");
  EXPECT_FALSE(state_from_checkpoint(text));
  const Result<EventFile> read = parse_event_file(text);
  ASSERT_TRUE(read) << read.error().describe();
  EXPECT_EQ(read->state, large_event().state);
}

TEST(FileCheckpoint, ADamagedOrMovedOneIsSetAside) {
  const std::string& text = large_text();
  const std::string digest = json::parse(text)["checkpoint"]["xxh3"];
  std::string other_digest = digest;
  other_digest[0] = other_digest[0] == '0' ? '1' : '0';
  EXPECT_FALSE(state_from_checkpoint(edited(text, digest, other_digest))) << "a digest of other bytes";
  EXPECT_FALSE(state_from_checkpoint(edited(text, "\"xxh3\"", "\"xxh4\"")));
  const std::size_t state_at = text.find("\"state\": \"") + 100;
  std::string flipped = text;
  flipped[state_at] = flipped[state_at] == 'A' ? 'B' : 'A';  // still base64: the blob's CRC refuses it
  EXPECT_FALSE(state_from_checkpoint(flipped));
  std::string not_base64 = text;
  not_base64[state_at] = '*';
  EXPECT_FALSE(state_from_checkpoint(not_base64));
  EXPECT_FALSE(state_from_checkpoint(std::string_view(text).substr(0, text.size() - 3)));
  // Printed another way (a tool that re-wrote the JSON): the same state from the journal.
  const std::string compact = json::parse(text).dump();
  EXPECT_FALSE(state_from_checkpoint(compact));
  const Result<EventFile> read = parse_event_file(compact);
  ASSERT_TRUE(read) << read.error().describe();
  EXPECT_EQ(read->state, large_event().state);
}

// The member's long line is read in pieces like the rest (not the whole file at once), and its
// value is never checked: any value reads.
TEST(FileCheckpoint, EveryReaderIgnoresItsValue) {
  const auto streamed = stream_event_file(large_text(), JournalKept::no, 4096);
  ASSERT_TRUE(streamed && *streamed);
  EXPECT_EQ((*streamed)->state, large_event().state);
  const PlainEvent e = plain_event(config(), 12, 2, 3);
  for (const json& value : {json(5), json("x"), json::object(), json{{"state", "AAAA"}, {"xxh3", "00"}}}) {
    json file = write_event_file(e.state, e.journal);
    file["checkpoint"] = value;
    for (const std::string& text : {file.dump(2), file.dump()}) {
      const Result<EventFile> read = parse_event_file(text);
      ASSERT_TRUE(read) << value.dump() << ": " << read.error().describe();
      EXPECT_EQ(read->state, e.state);
    }
    file.erase("journal");  // a state-shaped file (another tool's) may carry one too
    EXPECT_TRUE(parse_event_file(file.dump(2))) << value.dump();
  }
}

TEST(FileCheckpoint, TheDigestIsOfPiecesThenOfTheirDigests) {
  const std::string a(kDigestPiece + 5, 'a');
  EXPECT_NE(checkpoint_digest(a), checkpoint_digest(a.substr(1)));
  EXPECT_EQ(checkpoint_digest(a), checkpoint_digest(std::string(a)));
  EXPECT_EQ(checkpoint_digest("").size(), 32u);
}

}  // namespace
}  // namespace gauntlet
