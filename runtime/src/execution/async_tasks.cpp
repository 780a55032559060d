#include "execution/async_tasks.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include <unistd.h>

#include <ampvk/runtime.h>

#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {
namespace {

class async_threads {
public:
  void run(void (*task)(void *), void *context) {
    std::unique_lock<std::mutex> lock(mutex_);
    // A process forked from the one that made the threads has none of them
    // (only their count): the task runs on the caller's thread.
    if (draining_ || ::getpid() != pid_) {
      lock.unlock();
      task(context);
      return;
    }
    // A new thread when the waiting ones are all spoken for; if it cannot
    // start, the task is not queued and the caller gets the error, as from
    // std::async.
    if (tasks_.size() >= idle_) {
      std::thread([this] { work(); }).detach();
      ++debug_counters().async_threads_started;
    }
    tasks_.emplace_back(task, context);
    ready_.notify_one();
  }

  void drain() noexcept {
    std::unique_lock<std::mutex> lock(mutex_);
    draining_ = true;
    idle_changed_.wait(lock, [this] { return tasks_.empty() && busy_ == 0; });
  }

private:
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      ++idle_;
      idle_changed_.notify_all();
      ready_.wait(lock, [this] { return !tasks_.empty(); });
      --idle_;
      std::pair<void (*)(void *), void *> next = tasks_.front();
      tasks_.pop_front();
      ++busy_;
      lock.unlock();
      next.first(next.second); // run_async's trampoline catches everything
      lock.lock();
      --busy_;
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_, idle_changed_;
  std::deque<std::pair<void (*)(void *), void *>> tasks_;
  std::size_t idle_ = 0, busy_ = 0;
  bool draining_ = false;
  const pid_t pid_ = ::getpid();
};

// Never destroyed: its idle threads wait on it until the process ends.
async_threads &threads() {
  static async_threads *t = new async_threads;
  return *t;
}

} // namespace

void run_async_task(void (*task)(void *), void *context) { threads().run(task, context); }

void drain_async_tasks() noexcept { threads().drain(); }

} // namespace rt
} // namespace ampvk
