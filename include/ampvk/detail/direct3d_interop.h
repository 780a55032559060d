// concurrency::direct3d's interop with Direct3D 11 (Microsoft's <amp.h>):
// the members that hand out or take Direct3D objects exist on Windows only.
// ampvk runs on Vulkan, so each is declared here as unavailable: naming one
// is a compile-time error that says why, with or without the plugin, never
// Clang's "no member named". The members with a meaning on Vulkan are real:
// create_accelerator_view(accelerator&, bool, queuing_mode) and
// is_timeout_disabled (ampvk's views run kernels without a timeout of their
// own; the flag is the one the view was made with).
#ifndef AMPVK_DETAIL_DIRECT3D_INTEROP_H
#define AMPVK_DETAIL_DIRECT3D_INTEROP_H

#include <ampvk/detail/accelerator.h>
#include <ampvk/detail/array.h>

#define AMPVK_DIRECT3D_ONLY(what)                                                                 \
  __attribute__((unavailable(what " is interop with Direct3D 11, which exists on Windows "       \
                                  "only; ampvk runs on Vulkan (docs/features.md, "                \
                                  "'Direct3D interop')")))

namespace Concurrency {
namespace direct3d {

template <typename Unknown = void>
Unknown *get_device(const accelerator_view &)
    AMPVK_DIRECT3D_ONLY("concurrency::direct3d::get_device");

template <typename Unknown>
accelerator_view create_accelerator_view(Unknown *, queuing_mode = queuing_mode_automatic)
    AMPVK_DIRECT3D_ONLY("concurrency::direct3d::create_accelerator_view(IUnknown *)");

inline accelerator_view create_accelerator_view(accelerator &acc, bool disable_timeout,
                                                queuing_mode mode = queuing_mode_automatic) {
  accelerator_view view = acc.create_view(mode);
  view._M_set_timeout_disabled(disable_timeout);
  return view;
}

inline bool is_timeout_disabled(const accelerator_view &view) {
  return view._M_timeout_disabled();
}

template <typename Unknown = void, typename T, int N>
Unknown *get_buffer(const array<T, N> &) AMPVK_DIRECT3D_ONLY("concurrency::direct3d::get_buffer");

template <typename T, int N, typename Unknown>
array<T, N> make_array(const extent<N> &, const accelerator_view &, Unknown *)
    AMPVK_DIRECT3D_ONLY("concurrency::direct3d::make_array");

template <typename View = accelerator_view>
void d3d_access_lock(View &) AMPVK_DIRECT3D_ONLY("concurrency::direct3d::d3d_access_lock");
template <typename View = accelerator_view>
bool d3d_access_try_lock(View &)
    AMPVK_DIRECT3D_ONLY("concurrency::direct3d::d3d_access_try_lock");
template <typename View = accelerator_view>
void d3d_access_unlock(View &) AMPVK_DIRECT3D_ONLY("concurrency::direct3d::d3d_access_unlock");

struct adopt_d3d_access_lock_t {};
class scoped_d3d_access_lock {
public:
  template <typename View>
  explicit scoped_d3d_access_lock(View &)
      AMPVK_DIRECT3D_ONLY("concurrency::direct3d::scoped_d3d_access_lock");
  template <typename View>
  scoped_d3d_access_lock(View &, adopt_d3d_access_lock_t)
      AMPVK_DIRECT3D_ONLY("concurrency::direct3d::scoped_d3d_access_lock");
};

} // namespace direct3d
} // namespace Concurrency

// AMPVK_DIRECT3D_ONLY stays defined for <amp_graphics.h>'s interop functions.

#endif
