// A kernel's boolean specialization constants (checked mode, the loop
// witness, a folded grid, views at their origin) made plain constants before
// the module reaches the driver. Measured on an NVIDIA H100 (driver
// 580.159.04): with the loop witness behind a false specialization constant,
// a tile reduction ran at 343 us against 81 us without the witness in the
// module, a tile scan at 580 us against 106, a tiled matmul at 457 against
// 275; the driver did not optimize the loops as if the dead code were gone.
// With the switch a constant in the module it is dead code to every
// compiler. Integer specialization constants (workgroup size, items per
// thread, the race shadow's length) stay specialization constants.
#ifndef AMPVK_RUNTIME_SPIRV_SWITCHES_H
#define AMPVK_RUNTIME_SPIRV_SWITCHES_H

#include <cstdint>
#include <functional>
#include <vector>

namespace ampvk {
namespace rt {

// Rewrites each OpSpecConstantTrue/False with a SpecId into OpConstantTrue/
// False of value(spec_id, its default), dropping its SpecId decoration.
// Returns how many were rewritten.
unsigned fold_bool_spec_constants(std::vector<std::uint32_t> &words,
                                  const std::function<bool(std::uint32_t, bool)> &value);

} // namespace rt
} // namespace ampvk

#endif
