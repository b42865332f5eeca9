// Fuzz target: the event file reader (eventfile/event_file.hpp), fed any bytes as a file's text,
// through both parse_event_file overloads (a copy of a string_view, a moved std::string).
// A bug is: a crash, a leak or a sanitizer report; an exception out of the reader (it returns its
// errors as values); the two overloads, or the fast reader (simdjson, for Gauntlet's own files) and
// the general one (read_event_file on nlohmann's parse), disagreeing about a text; a text that is
// not JSON being read; or a file that reads but does not survive its own export: write_event_file
// then parse_event_file must give the same state and journal, and exporting that the same text; the
// reader in pieces (journal_stream.hpp) reading a text otherwise than whole; the state alone
// (read_event_state_in_place) differing from the whole file's.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "eventfile/event_file.hpp"
#include "eventfile/journal_stream.hpp"
#include "fuzz_check.hpp"

using namespace gauntlet;
using fuzz::fuzz_require;

namespace {

bool same(const Result<EventFile>& a, const Result<EventFile>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return a.error().describe() == b.error().describe() && a.error().kind == b.error().kind;
  return a->state == b->state && fuzz::same_journal(a->journal, b->journal);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<EventFile> viewed = parse_event_file(text);
  fuzz::show(viewed);
  const Result<EventFile> moved = parse_event_file(std::string(text));
  fuzz_require(same(viewed, moved), "parse_event_file(string_view) and (string&&) disagree");
  // The reader of large files (in pieces, on two threads), tried on every text with tiny pieces:
  // it declines, or reads what reading the text whole reads.
  if (const auto streamed = stream_event_file(text, JournalKept::yes, 64))
    fuzz_require(same(viewed, *streamed), "the reader in pieces and reading whole disagree");
  std::string padded(text);
  padded.reserve(padded.size() + kEventFilePadding);
  const Result<EventState> state = read_event_state_in_place(padded);
  fuzz_require(state.has_value() == viewed.has_value() &&
                   (state ? *state == viewed->state : state.error().describe() == viewed.error().describe()),
               "read_event_state_in_place and parse_event_file disagree");

  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    fuzz_require(!viewed, "a text that is not JSON was read as an event file");
    return 0;
  }
  fuzz_require(same(viewed, read_event_file(j)), "the fast reader and the general reader disagree");
  if (!viewed) return 0;

  const std::string out = write_event_file(viewed->state, viewed->journal).dump();
  const Result<EventFile> back = parse_event_file(out);
  fuzz_require(back.has_value(), "an event file read does not read back after export");
  fuzz_require(back->state == viewed->state, "export then parse changes the state");
  fuzz_require(fuzz::same_journal(back->journal, viewed->journal), "export then parse changes the journal");
  fuzz_require(write_event_file(back->state, back->journal).dump() == out, "a second export differs");
  return 0;
}
