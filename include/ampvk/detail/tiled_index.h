// concurrency::tile_barrier, concurrency::tiled_index and the memory fences.
// The plugin builds the kernel's tiled_index from the SPIR-V invocation ids
// (see plugin/emit/KernelEntry.cpp); the barrier functions are intrinsics.
#ifndef AMPVK_DETAIL_TILED_INDEX_H
#define AMPVK_DETAIL_TILED_INDEX_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/extent.h>

namespace Concurrency {

template <int D0, int D1, int D2> class tiled_index;

class tile_barrier {
public:
  tile_barrier(const tile_barrier &) = default;

  // Waits for every thread of the tile; fences global and tile_static memory.
  void wait() const restrict(amp) AMPVK_INTRINSIC("barrier.all") {}
  void wait_with_all_memory_fence() const restrict(amp) AMPVK_INTRINSIC("barrier.all") {}
  void wait_with_global_memory_fence() const restrict(amp)
      AMPVK_INTRINSIC("barrier.global") {}
  void wait_with_tile_static_memory_fence() const restrict(amp)
      AMPVK_INTRINSIC("barrier.tile_static") {}

private:
  template <int, int, int> friend class tiled_index;
  tile_barrier() = default;
};

inline void all_memory_fence(const tile_barrier &) restrict(amp)
    AMPVK_INTRINSIC("fence.all") {}
inline void global_memory_fence(const tile_barrier &) restrict(amp)
    AMPVK_INTRINSIC("fence.global") {}
inline void tile_static_memory_fence(const tile_barrier &) restrict(amp)
    AMPVK_INTRINSIC("fence.tile_static") {}

template <int D0, int D1 = 0, int D2 = 0>
class AMPVK_CLASS("tiled_index") tiled_index {
public:
  static const int rank = detail::tile_rank<D0, D1, D2>::value;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;

  // The field names and order are part of the plugin's contract.
  const index<rank> global;
  const index<rank> local;
  const index<rank> tile;
  const index<rank> tile_origin;
  const tile_barrier barrier;

  tiled_index(const index<rank> &g, const index<rank> &l, const index<rank> &t,
              const index<rank> &o, const tile_barrier &b) restrict(cpu, amp)
      : global(g), local(l), tile(t), tile_origin(o), barrier(b) {}
  tiled_index(const tiled_index &) = default;

  operator const index<rank>() const restrict(cpu, amp) { return global; }

  extent<rank> get_tile_extent() const restrict(cpu, amp) {
    int dims[3] = {D0, D1, D2};
    return extent<rank>(dims);
  }
  __declspec(property(get = get_tile_extent)) extent<rank> tile_extent;
};

} // namespace Concurrency

#endif
