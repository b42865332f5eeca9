#include "eventfile/journal_stream.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "eventfile/journal_entries.hpp"

namespace gauntlet {

namespace {

constexpr std::size_t kBatch = 1024;  // entries handed over at a time
constexpr std::size_t kQueued = 16;   // batches waiting at most: the reader stays a few MB ahead

// Batches of read entries, from the reading thread to the deciding one.
class EntryQueue {
 public:
  // Reader: waits for room; false when the decider wants no more entries.
  bool push(std::vector<JournalEntry>&& batch) {
    std::unique_lock lock(m_);
    room_.wait(lock, [&] { return q_.size() < kQueued || unwanted_; });
    if (unwanted_) return false;
    q_.push_back(std::move(batch));
    ready_.notify_one();
    return true;
  }
  // Reader: nothing more comes.
  void close() {
    std::lock_guard lock(m_);
    closed_ = true;
    ready_.notify_one();
  }
  // Decider: the next batch; nullopt once the reader closed and every batch was taken.
  std::optional<std::vector<JournalEntry>> pop() {
    std::unique_lock lock(m_);
    ready_.wait(lock, [&] { return !q_.empty() || closed_; });
    if (q_.empty()) return std::nullopt;
    std::vector<JournalEntry> batch = std::move(q_.front());
    q_.pop_front();
    room_.notify_one();
    return batch;
  }
  // Decider: no more entries wanted (the reader goes on to the end, to validate the text).
  void stop() {
    std::lock_guard lock(m_);
    unwanted_ = true;
    q_.clear();
    room_.notify_one();
  }

 private:
  std::mutex m_;
  std::condition_variable ready_, room_;
  std::deque<std::vector<JournalEntry>> q_;
  bool closed_ = false, unwanted_ = false;
};

// The walk's visitor, on the reading thread: the top-level members checked, the journal's entries
// read (the fast reader, else the general one) and handed over in batches.
class EntryReader final : public PrettyJsonVisitor {
 public:
  EntryReader(EntryQueue& queue, JournalKept kept)
      : queue_(queue), time_(kept == JournalKept::yes ? EntryTime::kept : EntryTime::skipped) {
    batch_.reserve(kBatch);
  }

  bool member(std::string_view key, const simdjson::dom::element* value) override {
    if (!top_.accept(key, value)) return false;
    if (key != "journal") {
      // Past the journal: every entry is handed over, the decider may answer while the rest of the
      // text is checked (PendingEventFile::replayed).
      if (journal_seen_) {
        flush();
        queue_.close();
      }
      return true;
    }
    journal_seen_ = true;
    if (!value) return true;  // read in pieces: its elements come through element()
    simdjson::dom::array entries;
    if (value->get_array().get(entries)) return false;
    for (simdjson::dom::element e : entries)
      if (!element(e)) return false;
    return true;
  }

  bool elements_of(std::string_view key) const override { return key == "journal"; }

  bool element(simdjson::dom::element e) override {
    const std::size_t i = count_++;
    if (read_error_) return true;  // the answer is that error: the rest is only validated
    auto entry = entry_from_dom(e, i, time_);
    if (!entry) return false;
    if (!*entry) {
      read_error_ = entry->error();
      return true;
    }
    if (!wanted_) return true;  // read for its errors only
    batch_.push_back(std::move(**entry));
    if (batch_.size() >= kBatch) flush();
    return true;
  }

  void flush() {
    if (!batch_.empty() && wanted_) wanted_ = queue_.push(std::move(batch_));
    batch_.clear();
    batch_.reserve(kBatch);
  }

  bool journal_seen() const { return journal_seen_; }
  const std::optional<Error>& read_error() const { return read_error_; }

 private:
  EntryQueue& queue_;
  const EntryTime time_;
  TopMembers top_;
  std::vector<JournalEntry> batch_;
  std::size_t count_ = 0;
  bool journal_seen_ = false;
  bool wanted_ = true;
  std::optional<Error> read_error_;
};

// The reading thread, stopped and joined however the decider leaves (a refusal, an exception).
class ReadingThread {
 public:
  ReadingThread(std::string_view text, EntryReader& reader, EntryQueue& queue, std::size_t piece)
      : queue_(queue), thread_([this, text, &reader, &queue, piece] {
          try {
            walked_ = walk_pretty_json(text, reader, piece);
            reader.flush();
          } catch (...) {  // out of memory: the caller reads the text whole, and meets it there
            walked_ = false;
          }
          queue.close();
        }) {}
  ReadingThread(const ReadingThread&) = delete;
  ReadingThread& operator=(const ReadingThread&) = delete;
  ~ReadingThread() {
    queue_.stop();
    if (thread_.joinable()) thread_.join();
  }
  // Waits for the walk's end: whether the whole text was valid and walked.
  bool walked() {
    thread_.join();
    return walked_;
  }

 private:
  EntryQueue& queue_;
  bool walked_ = false;
  std::thread thread_;
};

}  // namespace

// Everything the reading holds, in the order it is built and torn down in reverse: the reading
// thread, last, is stopped and joined first.
struct PendingEventFile::Reading {
  Reading(std::string_view text, JournalKept kept, std::size_t piece)
      : reader(queue, kept), decider(EntryNaming::file_index, kept), thread(text, reader, queue, piece) {}
  EntryQueue queue;
  EntryReader reader;
  Redecider decider;
  ReadingThread thread;
};

PendingEventFile::PendingEventFile(std::string_view text, JournalKept kept, std::size_t piece)
    : text_(text), kept_(kept), piece_(piece), reading_(std::make_unique<Reading>(text, kept, piece)) {}

PendingEventFile::~PendingEventFile() = default;

void PendingEventFile::drain() {
  Reading& r = *reading_;
  while (!drained_) {
    auto batch = r.queue.pop();
    if (!batch) {
      drained_ = true;
      break;
    }
    r.decider.take(std::move(*batch));
    if (r.decider.stopped()) r.queue.stop();
  }
}

const EventFile* PendingEventFile::replayed() {
  if (again_) return &*again_;
  drain();
  // The reader closed the queue once past the journal: what it wrote before, the pop that saw the
  // close sees too.
  const Reading& r = *reading_;
  if (r.decider.stopped() || r.reader.read_error() || !r.reader.journal_seen()) return nullptr;
  return &r.decider.so_far();
}

std::optional<Result<const EventFile*>> PendingEventFile::finish() {
  if (again_) return &*again_;
  drain();
  Reading& r = *reading_;
  if (!walked_) walked_ = r.thread.walked();
  if (!*walked_ || !r.reader.journal_seen()) return std::nullopt;
  if (r.reader.read_error()) return tl::unexpected(*r.reader.read_error());
  if (r.decider.needs_journal()) {  // an undo: its replay needs the entries before it (rare in large files)
    auto read = stream_event_file(text_, JournalKept::yes, piece_);
    if (!read) return std::nullopt;
    if (!*read) return tl::unexpected(read->error());
    again_ = std::move(**read);
    if (kept_ == JournalKept::no) again_->journal.clear();
    return &*again_;
  }
  if (r.decider.error()) return tl::unexpected(*r.decider.error());
  return &r.decider.so_far();
}

EventFile PendingEventFile::take() && {
  if (again_) return std::move(*again_);
  return *std::move(reading_->decider).finish();
}

std::optional<Result<EventFile>> stream_event_file(std::string_view text, JournalKept kept,
                                                   std::size_t piece) {
  PendingEventFile pending(text, kept, piece);
  const auto read = pending.finish();
  if (!read) return std::nullopt;
  if (!*read) return tl::unexpected(read->error());
  return std::move(pending).take();
}

}  // namespace gauntlet
