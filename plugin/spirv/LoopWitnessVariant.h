//===- LoopWitnessVariant.h - A kernel's modules with and without the witness ===//
//
// The loop witness (emit/LoopWitness.cpp) catches loops a driver cuts short;
// only lavapipe does, and elsewhere its code must cost nothing. The emitter
// puts every witness access behind one boolean specialization constant
// (kernel_image.h, loop_witness_spec_id), but leaving the switch to the
// driver is not enough: on NVIDIA's driver (580) a module optimized with the
// witness still in it stays slow with the switch off, even folded to a
// constant at pipeline creation, because SPIRV-Tools' passes shaped its
// loops around the volatile witness accesses. On an H100 a tile reduction
// took 343 us against 81 us without the witness, a tile scan 580 against
// 106, the tiled matmul 457 against 274.5 (docs/performance.md, "Checked
// mode and the loop witness").
//
// So a kernel with a witness ships two variants, each optimized on its own
// (kernel_image.h, witness_spirv_words). In the one every device runs, the
// switch becomes the constant false before SPIRV-Tools' passes, which then
// remove the dead witness before they shape anything. The one a device that
// cuts loops runs keeps the specialization constant, set true by the runtime:
// a branch on it is opaque to SPIRV-Tools, and that keeps each way out of a
// loop a block of its own. With the constant true, SPIRV-Tools merged the
// only break of a `while (true)` loop into the loop's merge block, where the
// driver's cut lands too: the cut ran the break's store and went unnoticed
// (test/kernels/loop_limit_test.cpp, shape 3).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_LOOPWITNESSVARIANT_H
#define AMPVK_PLUGIN_SPIRV_LOOPWITNESSVARIANT_H

#include <cstdint>
#include <vector>

namespace ampvk {

// Words with the loop witness's specialization constant replaced by the
// constant On (its SpecId decoration dropped): false for the variant without
// the witness. Words without one come back unchanged.
std::vector<std::uint32_t> fixLoopWitness(const std::vector<std::uint32_t> &Words, bool On);

} // namespace ampvk

#endif
