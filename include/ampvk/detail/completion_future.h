// concurrency::completion_future: the end of an asynchronous operation
// (copy_async, synchronize_async, accelerator_view::create_marker).
//
// ampvk runs most asynchronous operations on a thread of their own
// (std::async(std::launch::async)). An operation whose work is already on
// the GPU and only needs finishing on the host (synchronize_async: wait for
// the download, copy it home) is finished by its first waiter instead:
// get() and wait() run the rest on the caller's thread, with no thread to
// start and no second wake-up; wait_for, wait_until, then() and the
// conversion to std::shared_future<void> hand it to a thread then, and the
// last copy's destruction finishes it if no one did. The operation's
// exception, if any, is rethrown by get(). Copies of a completion_future
// share one state; the callbacks given to then() run on their own threads
// once the operation has finished, and the last copy's destruction waits for
// them. to_task() is Windows-only (PPL tasks) and is left out.
#ifndef AMPVK_DETAIL_COMPLETION_FUTURE_H
#define AMPVK_DETAIL_COMPLETION_FUTURE_H

#include <ampvk/detail/namespace.h>

#include <ampvk/exceptions.h>

#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace Concurrency {

class completion_future;

namespace detail {
struct completion_state {
  explicit completion_state(std::shared_future<void> f) : done(std::move(f)) {}
  // An operation its first waiter finishes (run_when_waited).
  explicit completion_state(std::function<void()> work)
      : rest(std::move(work)), done(finished.get_future().share()) {}
  ~completion_state() {
    // Nobody waited: the operation is finished now, as the destruction of
    // std::async's future would wait for it; its exception has no one to go to.
    if (rest)
      std::call_once(started, [this] { finish(); });
    if (runner.valid())
      runner.wait();
    // Callbacks still running finish before the state goes (their futures'
    // destructors wait).
    std::lock_guard<std::mutex> lock(mutex);
    callbacks.clear();
  }
  // The rest of a deferred operation, on the caller's thread.
  void finish_here() {
    if (rest)
      std::call_once(started, [this] { finish(); });
  }
  // The rest of a deferred operation, on a thread of its own (for waiters that
  // must not block longer than they asked, and for callbacks).
  void finish_elsewhere() {
    if (rest)
      std::call_once(started,
                     [this] { runner = std::async(std::launch::async, [this] { finish(); }); });
  }
  void finish() {
    try {
      rest();
      finished.set_value();
    } catch (...) {
      finished.set_exception(std::current_exception());
    }
  }
  std::function<void()> rest;
  std::promise<void> finished;
  std::once_flag started;
  std::future<void> runner;
  std::shared_future<void> done;
  std::mutex mutex;
  std::vector<std::future<void>> callbacks;
};

template <typename Functor> struct run_after {
  std::shared_future<void> done;
  Functor func;
  void operator()() const {
    done.wait();
    func();
  }
};

// Runs f on its own thread; the future is ready when it returns.
template <typename F> completion_future run_async(F f);
// f is the rest of an operation the GPU is already doing: the first waiter
// runs it (completion_state).
template <typename F> completion_future run_when_waited(F f);
} // namespace detail

class completion_future {
public:
  completion_future() noexcept {}
  completion_future(const completion_future &) = default;
  completion_future(completion_future &&o) noexcept : _M_state(std::move(o._M_state)) {}
  completion_future &operator=(const completion_future &) = default;
  completion_future &operator=(completion_future &&o) noexcept {
    _M_state = std::move(o._M_state);
    return *this;
  }

  // Waits for the operation; rethrows its exception.
  void get() const { _M_finished_here().get(); }
  bool valid() const { return _M_state && _M_state->done.valid(); }
  void wait() const { _M_finished_here().wait(); }
  template <class Rep, class Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period> &rel_time) const {
    return _M_finished_elsewhere().wait_for(rel_time);
  }
  template <class Clock, class Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration> &abs_time) const {
    return _M_finished_elsewhere().wait_until(abs_time);
  }
  operator std::shared_future<void>() const {
    if (!_M_state)
      return std::shared_future<void>();
    _M_state->finish_elsewhere();
    return _M_state->done;
  }

  // func() runs on a thread of its own after the operation finishes.
  // Microsoft's to_task returns a PPL task of Windows' Concurrency Runtime.
  void to_task() const __attribute__((unavailable(
      "completion_future::to_task returns a task of the Parallel Patterns Library, which "
      "exists on Windows only; use then(), wait() or the std::shared_future<void> this "
      "converts to")));
  template <typename Functor> void then(const Functor &func) const {
    if (!valid())
      throw runtime_exception("ampvk: completion_future::then: this completion_future is "
                              "default-constructed or moved from (it has no operation)",
                              E_INVALIDARG_AMP);
    _M_state->finish_elsewhere();
    detail::run_after<Functor> task = {_M_state->done, func};
    std::lock_guard<std::mutex> lock(_M_state->mutex);
    _M_state->callbacks.push_back(std::async(std::launch::async, task));
  }

  explicit completion_future(std::shared_future<void> done)
      : _M_state(std::make_shared<detail::completion_state>(std::move(done))) {}

private:
  template <typename F> friend completion_future detail::run_when_waited(F f);

  const std::shared_future<void> &_M_done() const {
    if (!_M_state)
      throw std::future_error(std::future_errc::no_state);
    return _M_state->done;
  }
  const std::shared_future<void> &_M_finished_here() const {
    const std::shared_future<void> &done = _M_done();
    _M_state->finish_here();
    return done;
  }
  const std::shared_future<void> &_M_finished_elsewhere() const {
    const std::shared_future<void> &done = _M_done();
    _M_state->finish_elsewhere();
    return done;
  }

  std::shared_ptr<detail::completion_state> _M_state;
};

namespace detail {
template <typename F> completion_future run_async(F f) {
  return completion_future(std::async(std::launch::async, f).share());
}
template <typename F> completion_future run_when_waited(F f) {
  completion_future result;
  result._M_state = std::make_shared<completion_state>(std::function<void()>(f));
  return result;
}
} // namespace detail

} // namespace Concurrency

#endif
