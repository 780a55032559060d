//===- AliasedVariant.h - A kernel's variants for aliased and distinct views ===//
//
// SPIR-V lets a compiler assume that two storage buffers never overlap, and
// that a NonWritable buffer never changes. Two array_views of the same data
// break both. A kernel with two or more bindings that writes one therefore
// also ships a variant whose storage buffers are decorated Aliased and carry
// no NonWritable; the runtime picks it when two bindings of a launch are the
// same buffer (kernel_image.h).
//
// Both variants come from one optimization: SPIRV-Tools optimizes the aliased
// form (no pass of it reads Aliased, and without NonWritable it moves no load
// of a view's buffer), which is correct for distinct views too; the variant
// for distinct views then only gets its decorations back. Optimizing each
// variant on its own cost a second run of every pass on a large kernel for
// nothing a driver's compiler does not do itself from the decorations.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_ALIASEDVARIANT_H
#define AMPVK_PLUGIN_SPIRV_ALIASEDVARIANT_H

#include <cstdint>
#include <set>
#include <vector>

namespace ampvk {

// The bindings below NumViews whose variable is decorated NonWritable.
std::set<std::uint32_t> nonWritableBindings(const std::vector<std::uint32_t> &Words,
                                            std::uint32_t NumViews);

// Words with every variable bound to a descriptor binding below NumViews
// decorated Aliased instead of NonWritable; a capture buffer bound after the
// views is only read and never aliases them, so it keeps NonWritable. Expects
// a module as the emitter writes it: each such variable has an OpDecorate
// Binding, in the annotation section.
std::vector<std::uint32_t> makeAliasedVariant(const std::vector<std::uint32_t> &Words,
                                              std::uint32_t NumViews);

// The inverse for a module made by makeAliasedVariant (and optimized since):
// the views' variables lose Aliased, and those bound to NonWritable get it
// back; a binding with several variables (a view reinterpreted in the kernel
// as another element type) keeps Aliased, its variables overlapping in every
// launch.
std::vector<std::uint32_t> makeDistinctVariant(const std::vector<std::uint32_t> &AliasedWords,
                                               std::uint32_t NumViews,
                                               const std::set<std::uint32_t> &NonWritable);

} // namespace ampvk

#endif
