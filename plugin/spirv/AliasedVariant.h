//===- AliasedVariant.h - The variant of a kernel for aliased views -------===//
//
// SPIR-V lets a compiler assume that two storage buffers never overlap, and
// that a NonWritable buffer never changes. Two array_views of the same data
// break both. A kernel with two or more bindings that writes one therefore
// also ships a variant whose storage buffers are decorated Aliased and carry
// no NonWritable; the runtime picks it when two bindings of a launch are the
// same buffer (kernel_image.h). The variant is made from the emitted module,
// before SPIRV-Tools optimizes either, so the kernel is emitted once.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_ALIASEDVARIANT_H
#define AMPVK_PLUGIN_SPIRV_ALIASEDVARIANT_H

#include <cstdint>
#include <vector>

namespace ampvk {

// Words with every variable bound to a descriptor binding below NumViews
// decorated Aliased instead of NonWritable; a capture buffer bound after the
// views is only read and never aliases them, so it keeps NonWritable. Expects
// a module as the emitter writes it: each such variable has an OpDecorate
// Binding, in the annotation section.
std::vector<std::uint32_t> makeAliasedVariant(const std::vector<std::uint32_t> &Words,
                                              std::uint32_t NumViews);

} // namespace ampvk

#endif
