// Copies of bytes between host memory and mapped device or staging memory,
// spread over several threads when they are large. One thread's memcpy moves
// 5-7 GB/s into or out of the staging memory of an H100's host, where the
// device's own copy from host-visible memory moves about 50 GB/s: a staged
// `copy` of 256 MiB took 43-55 ms, nearly all of it in memcpy; on the 16
// threads of that host, 6.5-8.0 ms (docs/performance.md, "Copies"). A copy of
// at least host_copy_parallel_bytes is cut into parts of at least
// host_copy_part_bytes, each copied by one of the runtime's threads
// (execution/async_tasks.h) or the caller, who waits for all of them.
//
//   AMPVK_HOST_COPY_THREADS=N  at most N threads per copy, the caller's included
//                              (default: one per processor, at most 16; 1: one
//                              memcpy)
#ifndef AMPVK_RUNTIME_MEMORY_HOST_COPY_H
#define AMPVK_RUNTIME_MEMORY_HOST_COPY_H

#include <cstddef>

namespace ampvk {
namespace rt {

constexpr std::size_t host_copy_parallel_bytes = std::size_t(8) << 20;
constexpr std::size_t host_copy_part_bytes = std::size_t(2) << 20;

// From this many threads on, a bulk copy through staging memory outruns one
// straight from the caller's pages imported for it (buffer_transfers.cpp):
// pinning 256 MiB costs about three times the device's copy. On the H100's
// host, 256 MiB each way: imported 0.16-0.23x of the device's own copy,
// staged 0.09-0.12x on one thread, 0.31-0.43x on four, 0.66-0.80x on sixteen.
constexpr unsigned host_copy_outruns_import = 4;

// memcpy(dst, src, bytes), on host_copy_threads(bytes) threads. The ranges
// must not overlap. Never throws: a part whose thread cannot start is copied
// by the caller.
void copy_host_bytes(void *dst, const void *src, std::size_t bytes) noexcept;

// The same on at most `threads` threads, the caller's included (tests); all
// copies together hand at most AMPVK_HOST_COPY_THREADS' limit minus one parts
// to the runtime's threads at once, the callers copy the rest.
void copy_host_bytes_on(void *dst, const void *src, std::size_t bytes,
                        unsigned threads) noexcept;

// How many threads a copy of `bytes` uses: 1 below host_copy_parallel_bytes,
// else AMPVK_HOST_COPY_THREADS' limit, at most one per host_copy_part_bytes.
unsigned host_copy_threads(std::size_t bytes) noexcept;

} // namespace rt
} // namespace ampvk

#endif
