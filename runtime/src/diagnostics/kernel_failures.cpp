// The first kernel failure waiting to be thrown (kernel_failures.h).
#include "diagnostics/kernel_failures.h"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <utility>

#include <ampvk/exceptions.h>

namespace ampvk {
namespace rt {
namespace {

// Taken after device and report mutexes, never before.
std::mutex failure_mutex;
kernel_failure_kind failure_kind = kernel_failure_kind::out_of_bounds;
std::string failure_message;
// Set under the mutex; read without it so that a synchronization point with
// nothing to throw takes no lock.
std::atomic<bool> failure_waiting{false};

} // namespace

void note_kernel_failure(kernel_failure_kind kind, std::string message) noexcept {
  std::lock_guard<std::mutex> lock(failure_mutex);
  if (failure_waiting.load(std::memory_order_relaxed))
    return;
  failure_kind = kind;
  failure_message = std::move(message);
  failure_waiting.store(true, std::memory_order_release);
}

bool kernel_failure_waiting() noexcept { return failure_waiting.load(std::memory_order_acquire); }

void throw_kernel_failure() {
  if (!failure_waiting.load(std::memory_order_acquire))
    return;
  kernel_failure_kind kind;
  std::string message;
  {
    std::lock_guard<std::mutex> lock(failure_mutex);
    if (!failure_waiting.load(std::memory_order_relaxed))
      return; // another thread threw it meanwhile
    kind = failure_kind;
    message.swap(failure_message);
    failure_waiting.store(false, std::memory_order_relaxed);
  }
  if (kind == kernel_failure_kind::out_of_bounds)
    throw out_of_bounds(message);
  if (kind == kernel_failure_kind::tile_static_race)
    throw tile_static_race(message);
  throw concurrency::runtime_exception(message, concurrency::E_FAIL_AMP);
}

void print_kernel_failure_left() noexcept {
  std::lock_guard<std::mutex> lock(failure_mutex);
  if (!failure_waiting.exchange(false, std::memory_order_relaxed))
    return;
  std::fprintf(stderr, "%s\n", failure_message.c_str());
  failure_message.clear();
}

} // namespace rt
} // namespace ampvk
