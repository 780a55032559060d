#include "memory/view_pages.h"

#include <memory>
#include <new>

#include "device.h"
#include "memory/buffer.h"
#include "memory/host_import.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {
namespace {

// Bytes moved through staging memory, in units of the view's size, after
// which its pages are imported: about what importing them costs.
constexpr std::uint64_t staged_sizes_before_import = 3;

} // namespace

const imported_range *view_pages(buffer &b) {
  if (b.pages)
    return b.pages.get();
  device &d = b.owner();
  void *host = b.host.load(std::memory_order_relaxed);
  if (!b.wrapped || !host || b.pages_refused || b.bytes < view_pages_min_bytes ||
      !d.physical().imports_host_memory ||
      b.staged_bytes < staged_sizes_before_import * b.bytes)
    return nullptr;
  auto pages = std::make_unique<imported_range>();
  if (!import_host_range(d, host, b.bytes, *pages)) {
    b.pages_refused = true;
    return nullptr;
  }
  ++debug_counters().view_page_imports;
  b.pages = std::move(pages);
  return b.pages.get();
}

void note_staged(buffer &b, std::size_t bytes) noexcept {
  if (b.wrapped && !b.pages)
    b.staged_bytes += bytes;
}

void drop_view_pages(buffer &b) noexcept {
  b.staged_bytes = 0;
  b.pages_refused = false; // another device may take them
  if (b.pages && b.owner().lost())
    try {
      b.owner().pages_of_lost_views.push_back(std::move(b.pages));
    } catch (const std::bad_alloc &) {
      static_cast<void>(b.pages.release()); // left to the operating system
    }
  b.pages.reset();
}

} // namespace rt
} // namespace ampvk
