//===- TileBarriers.h - The weakest memory semantics wait() allows --------===//
//
// tile_barrier::wait() (and wait_with_all_memory_fence(), documented the same)
// orders tile_static and global memory among the work-items of a tile. Its
// global part (UniformMemory | ImageMemory) costs a device-scope memory fence
// on GPUs that made tiled kernels 0.23-0.59x their GLSL twins (issue 11),
// and most kernels do not need it: it matters only when one work-item's
// access to a storage buffer before the barrier and another's access to the
// same buffer after it may conflict (one of them writes).
//
// The emitter writes these barriers with memory scope Device and all memory
// semantics, which is correct as it stands. This pass, run on the optimized
// module, gives each of them Workgroup memory scope (a barrier orders memory
// for the tile's work-items only) and drops the global part where no
// conflicting pair of storage-buffer accesses can be on either side of it.
// Explicit forms (wait_with_global_memory_fence, wait_with_tile_static_memory_fence)
// are emitted at Workgroup scope with their own semantics and left alone, as
// are the memory fences (OpMemoryBarrier).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_TILEBARRIERS_H
#define AMPVK_PLUGIN_SPIRV_TILEBARRIERS_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Rewrites every OpControlBarrier whose memory scope is Device as above. A
// module the pass cannot follow (several functions, images, a malformed
// stream) keeps its barriers as they are. Returns how many it rewrote.
unsigned finishTileBarriers(SpirvModule &M);

} // namespace ampvk

#endif
