// Group commit (issue 15 point 4): many threads' requests to one sequencer, run in groups. While
// one group runs (decided, committed with one fsync, applied), requests that arrive wait; the next
// caller to lead takes every request waiting and runs them as one group. Each caller gets its own
// answer, and only once its group's run has returned (for a journal, after the commit).
//
//   GroupCommit<Command, Result<std::int64_t>> group;
//   Result<std::int64_t> seq = group.submit(command, [&](std::vector<Command>& commands) {
//     return session.execute_each(std::move(commands), now);  // one answer per command, in order
//   });
//
// `run` is called by one thread at a time (the group's leader), so it needs no lock of its own for
// what only it touches. An exception it throws is thrown to every caller of that group: a failed
// commit acknowledges none of them. A request with no one else waiting runs alone at once.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gauntlet {

template <class Request, class Answer>
class GroupCommit {
 public:
  using Run = std::function<std::vector<Answer>(std::vector<Request>&)>;

  Answer submit(Request request, const Run& run) {
    Waiter me{std::move(request), std::nullopt, nullptr, false};
    std::unique_lock lock(mutex_);
    queue_.push_back(&me);
    changed_.wait(lock, [&] { return me.done || !leading_; });
    if (!me.done) lead(lock, run);  // takes `me` with the rest of the queue
    if (me.error) std::rethrow_exception(me.error);
    return std::move(*me.answer);
  }

  // Groups run so far, and requests waiting for the next one (for tests and statistics).
  std::int64_t groups() const {
    std::lock_guard lock(mutex_);
    return groups_;
  }
  std::size_t waiting() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
  }

 private:
  struct Waiter {
    Request request;
    std::optional<Answer> answer;
    std::exception_ptr error;
    bool done = false;
  };

  void lead(std::unique_lock<std::mutex>& lock, const Run& run) {
    leading_ = true;
    const std::vector<Waiter*> group = std::exchange(queue_, {});
    lock.unlock();
    std::vector<Request> requests;
    requests.reserve(group.size());
    for (Waiter* w : group) requests.push_back(std::move(w->request));
    std::vector<Answer> answers;
    std::exception_ptr error;
    try {
      answers = run(requests);
      if (answers.size() != group.size()) throw std::logic_error("GroupCommit: one answer per request");
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (error)
        group[i]->error = error;
      else
        group[i]->answer.emplace(std::move(answers[i]));
      group[i]->done = true;
    }
    leading_ = false;
    ++groups_;
    changed_.notify_all();  // the group's callers return; one of those still waiting leads next
  }

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Waiter*> queue_;  // callers' requests, on their own stacks until they are answered
  bool leading_ = false;
  std::int64_t groups_ = 0;
};

}  // namespace gauntlet
