#include "cli/context.hpp"

#include <malloc.h>
#include <sys/mman.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/file_bytes.hpp"
#include "core/edit_distance.hpp"
#include "eventfile/file_checkpoint.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::cli {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The heap of a process that reads one event file of `file_size` bytes and exits (issue 16 point 1;
// the server never comes here). Reading touches about four times the file in fresh memory (parser,
// entries, state), one 4 KB page fault at a time otherwise:
// - the heap grows in large steps and keeps what is freed, never trimmed (mallopt(3): a threshold
//   of -1 "disables trimming completely"), so the JSON parser's memory is reused by the replay
//   after it (a quarter fewer page faults at 10 000 players);
// - the heap is reserved now and the kernel asked to back it with transparent huge pages (a no-op
//   where they are off); freed at once, the block stays in the heap for what follows. Sixteen times
//   the file, because simdjson sizes its buffers for the worst case (about 14 bytes of address
//   space per byte of JSON, only partly touched): with three times, its buffers and everything
//   after them landed beyond the reservation, in 4 KB pages (10 000 players: 13 500 page faults,
//   now under 1 000; 100 000 players: 125 000, now 1 100). Address space only: what is touched
//   is what the parser and the replay use. Were the block refused, nothing is reserved.
void prepare_heap_for_file(std::size_t file_size) {
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, -1);  // "disables trimming completely" (mallopt(3))
  mallopt(M_TOP_PAD, 64 << 20);
  constexpr std::uintptr_t kHuge = 2 << 20;
  const std::size_t bytes = 16 * file_size;
  if (bytes < 4 * kHuge) return;
  void* block = std::malloc(bytes);
  if (!block) return;
  const auto from = (reinterpret_cast<std::uintptr_t>(block) + kHuge - 1) & ~(kHuge - 1);
  const auto to = (reinterpret_cast<std::uintptr_t>(block) + bytes) & ~(kHuge - 1);
  if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
  std::free(block);
}

// The file's text, the heap prepared for reading it first.
std::string_view text_for_reading(const FileBytes& bytes) {
  prepare_heap_for_file(bytes.text().size());
  return bytes.text();
}

}  // namespace

void reject(const Error& e) {
  throw UsageError(e);
}

std::string cli_hint(const Error& e) {
  // The engine's refusal of an unknown faction speaks to every face ("the event's Added factions");
  // the command line also says its own way to add one.
  const std::string marker = "' is not a faction of this event";
  const auto end = e.message.find(marker);
  const auto start = e.message.find('\'');
  if (end == std::string::npos || start == std::string::npos || start >= end) return "";
  return fmt::format(" (CLI: gauntlet event set --add-faction \"{}\")",
                     e.message.substr(start + 1, end - start - 1));
}

int exit_status(const Error& e) {
  return e.kind == ErrorKind::storage || e.kind == ErrorKind::unavailable ? 1 : 2;
}

Store open_store(const Options& o) {
  return Store::open(o.db);
}

EventSession open_session(Store& store, const Options& o) {
  if (!o.event_id.empty()) {
    if (!store.has_event(o.event_id))
      reject(Error{"--event-id", "", "no event '" + o.event_id + "' in " + sqldb::printable(o.db),
                   ErrorKind::not_found});
    return EventSession::open(store, o.event_id);
  }
  const auto events = store.events();
  if (events.empty())
    reject(Error{"--db", "",
                 sqldb::printable(o.db) +
                     " holds no event yet: start one with `gauntlet event new` or `gauntlet demo`"});
  return EventSession::open(store, events.back().id);
}

PlayerId resolve_player(const EventState& state, const std::string& ref, const std::string& field) {
  const std::string want = lower(ref);
  for (const Player& p : state.players)
    if (lower(p.id) == want || lower(p.name) == want) return p.id;
  std::vector<const Player*> partial;
  for (const Player& p : state.players)
    if (!want.empty() && lower(p.name).find(want) != std::string::npos) partial.push_back(&p);
  if (partial.size() == 1) return partial.front()->id;
  std::string msg;
  if (partial.size() > 1) {
    msg = "'" + ref + "' matches several players:";
    for (const Player* p : partial) msg += " " + p->name + " (" + p->id + ")";
    reject(Error{field, "", msg});
  }
  // Typos: suggest the nearest names.
  std::vector<std::pair<std::size_t, const Player*>> near;
  for (const Player& p : state.players) near.emplace_back(edit_distance(want, lower(p.name)), &p);
  std::sort(near.begin(), near.end(), [](auto& a, auto& b) { return a.first < b.first; });
  msg = "no player '" + ref + "'";
  if (!near.empty() && near.front().first <= std::max<std::size_t>(3, want.size() / 3))
    msg += "; did you mean " + near.front().second->name + " (" + near.front().second->id + ")?";
  reject(Error{field, "registration", msg});
}

EventFile load_event_file(const std::string& path, const std::string& field) {
  const FileBytes bytes = FileBytes::read(path, field, kEventFilePadding);
  prepare_heap_for_file(bytes.text().size());
  return unwrap(parse_event_file_in_place(bytes.text()));
}

EventFileState::EventFileState(const std::string& path, const std::string& field)
    : bytes_(FileBytes::read(path, field, kEventFilePadding)),
      checkpointed_(state_from_checkpoint(text_for_reading(bytes_))) {
  if (checkpointed_) {
    state_ = &*checkpointed_;
    return;
  }
  reading_.emplace(bytes_.text());
  state_ = unwrap(reading_->state());
}

void EventFileState::check() {
  if (reading_) unwrap(reading_->checked());
}

EventState load_event_state(const std::string& path, const std::string& field) {
  const FileBytes bytes = FileBytes::read(path, field, kEventFilePadding);
  if (std::optional<EventState> state = state_from_checkpoint(text_for_reading(bytes)))
    return std::move(*state);
  return unwrap(read_event_state_in_place(bytes.text()));
}

std::vector<std::shared_ptr<void>>& kept_to_exit() {
  static auto* kept = new std::vector<std::shared_ptr<void>>();  // never freed, on purpose
  return *kept;
}

std::string read_file(const std::string& path, const std::string& field) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) reject(Error{field, "", "cannot read '" + path + "'"});
  // One read of the file's size: a 100 000-player event file is hundreds of megabytes, which a
  // stream copy through a stringstream grows (and copies) piecemeal.
  const std::streamoff size = in.tellg();
  std::string text;
  if (size < 0) {  // not a regular file (a pipe, /dev/stdin): copy it as a stream
    std::ifstream again(path, std::ios::binary);
    std::ostringstream ss;
    ss << again.rdbuf();
    return ss.str();
  }
  if (size > 0) {
    text.resize(static_cast<std::size_t>(size));
    in.seekg(0);
    in.read(text.data(), size);
    text.resize(static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) reject(Error{field, "", "cannot read '" + path + "'"});
  return text;
}

std::string read_file_or_stdin(const std::string& path, const std::string& field) {
  if (!path.empty() && path != "-") return read_file(path, field);
  std::ostringstream ss;
  ss << std::cin.rdbuf();
  return ss.str();
}

void write_file(const std::string& path, const std::string& text, const std::string& field) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f.flush()) throw ErrorException(Error{field, "", "cannot write " + tmp, ErrorKind::storage});
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw ErrorException(Error{field, "", "cannot write " + path, ErrorKind::storage});
}

}  // namespace gauntlet::cli
