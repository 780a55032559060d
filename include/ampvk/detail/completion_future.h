// concurrency::completion_future: the end of an asynchronous operation
// (copy_async, synchronize_async, accelerator_view::create_marker).
//
// ampvk runs each asynchronous operation at once on one of the runtime's
// threads (rt::run_async_task: a waiting one, or a new one when all are busy;
// std::async's thread per operation cost its caller a thread start each
// time); the operation ends whether or not anyone waits for it, and its
// exception, if any, is rethrown by get(). Copies of a completion_future
// share one state; the callbacks given to then() run on the runtime's threads
// as well once the operation has finished, and the last copy's destruction
// waits for them. to_task() is Windows-only (PPL tasks) and is left out.
#ifndef AMPVK_DETAIL_COMPLETION_FUTURE_H
#define AMPVK_DETAIL_COMPLETION_FUTURE_H

#include <ampvk/detail/namespace.h>

#include <ampvk/exceptions.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace ampvk {
namespace rt {
void run_async_task(void (*task)(void *), void *context); // runtime.h
} // namespace rt
} // namespace ampvk

namespace Concurrency {

class completion_future;

namespace detail {
struct completion_state {
  explicit completion_state(std::shared_future<void> f) : done(std::move(f)) {}
  ~completion_state() {
    // An operation of run_async that nobody waited for ends before its last
    // completion_future goes, as a std::async future's would: unless the
    // future was handed out as a std::shared_future, which may outlive it
    // and is not waited for here.
    if (wait_at_end && !handed_out.load())
      done.wait();
    // Callbacks still running finish before the state goes.
    std::lock_guard<std::mutex> lock(mutex);
    for (const std::shared_future<void> &callback : callbacks)
      callback.wait();
  }
  std::shared_future<void> done;
  bool wait_at_end = false;
  std::atomic<bool> handed_out{false};
  std::mutex mutex;
  std::vector<std::shared_future<void>> callbacks;
};

template <typename Functor> struct run_after {
  std::shared_future<void> done;
  Functor func;
  void operator()() const {
    done.wait();
    func();
  }
};

// Runs f on a thread of the runtime's; the future is ready when it returns.
template <typename F> completion_future run_async(F f);
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
  void get() const { _M_done().get(); }
  bool valid() const { return _M_state && _M_state->done.valid(); }
  void wait() const { _M_done().wait(); }
  template <class Rep, class Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period> &rel_time) const {
    return _M_done().wait_for(rel_time);
  }
  template <class Clock, class Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration> &abs_time) const {
    return _M_done().wait_until(abs_time);
  }
  operator std::shared_future<void>() const {
    if (!_M_state)
      return std::shared_future<void>();
    _M_state->handed_out = true;
    return _M_state->done;
  }

  // func() runs on one of the runtime's threads after the operation finishes
  // (an exception it throws is dropped).
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
    detail::run_after<Functor> task = {_M_state->done, func};
    std::shared_future<void> callback = detail::run_async(task);
    std::lock_guard<std::mutex> lock(_M_state->mutex);
    _M_state->callbacks.push_back(std::move(callback));
  }

  explicit completion_future(std::shared_future<void> done)
      : _M_state(std::make_shared<detail::completion_state>(std::move(done))) {}

private:
  template <typename F> friend completion_future detail::run_async(F f);
  void _M_wait_at_end() { _M_state->wait_at_end = true; }
  const std::shared_future<void> &_M_done() const {
    if (!_M_state)
      throw std::future_error(std::future_errc::no_state);
    return _M_state->done;
  }

  std::shared_ptr<detail::completion_state> _M_state;
};

namespace detail {
// One operation and the promise its future waits on; run() deletes it.
template <typename F> struct async_call {
  F func;
  std::promise<void> done;
  static void run(void *self) {
    std::unique_ptr<async_call> call(static_cast<async_call *>(self));
    try {
      call->func();
      call->done.set_value();
    } catch (...) {
      call->done.set_exception(std::current_exception());
    }
  }
};

template <typename F> completion_future run_async(F f) {
  std::unique_ptr<async_call<F>> call(new async_call<F>{std::move(f), std::promise<void>()});
  completion_future result(call->done.get_future().share());
  ampvk::rt::run_async_task(&async_call<F>::run, call.get());
  call.release(); // run() owns it now
  result._M_wait_at_end();
  return result;
}
} // namespace detail

} // namespace Concurrency

#endif
