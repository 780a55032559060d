// The caller's pages of an array_view of host data, imported for the device's
// copy commands (VK_EXT_external_memory_host) once the view has shown that it
// moves large data again and again: its downloads then go straight from the
// device copy into the caller's memory, and its large uploads straight out of
// it (execution/buffer_transfers.cpp), with no host copy through staging
// memory, which on a discrete GPU moves less than the PCIe link
// (docs/performance.md, "Copies").
//
// Importing (pinning) the pages costs about three times a copy of them
// through staging memory, which a view moved once never earns back. So a
// view's pages are imported once it has moved three times its size through
// staging memory (the ski-rental rule: whatever the number of transfers that
// follow, at most about twice the cost of the better choice made in
// hindsight), and kept with its device copy: they go when the view moves to
// another device or its buffer is destroyed, both only once the GPU is done
// with them. C++ AMP requires the data source to outlive its views, so the
// pages stay the caller's as long as the import.
//
// Only views of at least 8 MiB, on devices that import host memory and do not
// map views (discrete GPUs); AMPVK_DEBUG_NO_HOST_IMPORT=1 turns it off with the
// other imports. Where the driver refuses the pages (read-only memory, for
// one), the view keeps staging memory for good.
#ifndef AMPVK_RUNTIME_MEMORY_VIEW_PAGES_H
#define AMPVK_RUNTIME_MEMORY_VIEW_PAGES_H

#include <cstddef>

namespace ampvk {
namespace rt {

class buffer;
struct imported_range;

// Smaller views are copied through staging memory in a few milliseconds at
// most, which an import (a driver allocation per view) does not beat; so are
// smaller uploads of a view that has its pages, inside the launch's batch,
// which then need not wait for the GPU.
constexpr std::size_t view_pages_min_bytes = std::size_t(8) << 20;

// b's imported pages when it is such a view and has earned them (imported now
// if it just has); null otherwise. Device mutex held; b's device copy
// allocated.
const imported_range *view_pages(buffer &b);
// A transfer of `bytes` of b that its pages would have served went through
// staging memory.
void note_staged(buffer &b, std::size_t bytes) noexcept;
// Drops b's pages, and what it earned towards them: with its device copy (it
// moves to another device, is evicted at exit or destroyed), and when its last
// view goes (the caller may free the memory then). No copy into them is in
// flight (each is waited for), except on a lost device, where one that timed
// out may still run: there they stay imported, the caller's pages pinned,
// until the device's teardown at exit (device::pages_of_lost_views). Device
// mutex held.
void drop_view_pages(buffer &b) noexcept;

} // namespace rt
} // namespace ampvk

#endif
