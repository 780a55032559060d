// concurrency::accelerator (a Vulkan device) and accelerator_view (a queue).
#ifndef AMPVK_DETAIL_ACCELERATOR_H
#define AMPVK_DETAIL_ACCELERATOR_H

#include <ampvk/detail/namespace.h>

#include <ampvk/runtime.h>

#include <string>
#include <vector>

namespace Concurrency {

enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

class accelerator;

class accelerator_view {
public:
  accelerator_view(const accelerator_view &) = default;
  accelerator_view &operator=(const accelerator_view &) = default;

  accelerator get_accelerator() const;
  __declspec(property(get = get_accelerator)) accelerator accelerator;

  bool get_is_debug() const { return false; }
  __declspec(property(get = get_is_debug)) bool is_debug;
  unsigned int get_version() const { return ampvk::rt::info(_M_device()).version; }
  __declspec(property(get = get_version)) unsigned int version;
  queuing_mode get_queuing_mode() const { return queuing_mode_automatic; }
  __declspec(property(get = get_queuing_mode)) queuing_mode queuing_mode;

  // Blocks until every kernel and copy submitted to this view has finished.
  void wait() const { ampvk::rt::wait(_M_queue); }
  // Submissions are never batched up, so there is nothing to flush.
  void flush() const {}

  bool operator==(const accelerator_view &o) const { return _M_queue == o._M_queue; }
  bool operator!=(const accelerator_view &o) const { return !(*this == o); }

  explicit accelerator_view(ampvk::rt::queue *q) : _M_queue(q) {}
  ampvk::rt::queue *_M_native() const { return _M_queue; }

private:
  ampvk::rt::device *_M_device() const { return ampvk::rt::queue_device(_M_queue); }
  ampvk::rt::queue *_M_queue;
};

namespace detail {
// accelerator's device paths. Static members of a class template may be
// defined in a header before C++17's inline variables (C++11/14 code).
template <typename = void> struct accelerator_paths {
  static const wchar_t default_accelerator[];
  static const wchar_t cpu_accelerator[];
  static const wchar_t direct3d_warp[];
  static const wchar_t direct3d_ref[];
};
template <typename T> const wchar_t accelerator_paths<T>::default_accelerator[] = L"default";
template <typename T> const wchar_t accelerator_paths<T>::cpu_accelerator[] = L"cpu";
template <typename T> const wchar_t accelerator_paths<T>::direct3d_warp[] = L"direct3d\\warp";
template <typename T> const wchar_t accelerator_paths<T>::direct3d_ref[] = L"direct3d\\ref";
} // namespace detail

class accelerator : public detail::accelerator_paths<> {
public:

  // The default device: AMPVK_DEVICE if set, else discrete > integrated > CPU.
  accelerator() : _M_dev(ampvk::rt::default_device()) {}
  explicit accelerator(const std::wstring &path) : _M_dev(nullptr) {
    if (path == default_accelerator) {
      _M_dev = ampvk::rt::default_device();
      return;
    }
    // Direct3D's reference and WARP devices are software rasterizers that
    // programs pick for debugging or where there is no GPU: the Vulkan
    // counterpart is a CPU driver (Mesa's lavapipe).
    bool software = path == direct3d_ref || path == direct3d_warp;
    for (ampvk::rt::device *d : ampvk::rt::devices())
      if (software ? ampvk::rt::info(d).is_emulated && !_M_dev
                   : ampvk::rt::info(d).device_path == path)
        _M_dev = d;
    if (!_M_dev && software)
      throw runtime_exception(
          "ampvk: accelerator::direct3d_ref and direct3d_warp are Direct3D's software "
          "devices; ampvk uses a CPU Vulkan driver for them and none is installed (on "
          "Debian: apt-get install mesa-vulkan-drivers for lavapipe)",
          E_INVALIDARG_AMP);
    if (!_M_dev)
      throw runtime_exception(
          "ampvk: no accelerator has this device_path; list them with "
          "accelerator::get_all()",
          E_INVALIDARG_AMP);
  }
  explicit accelerator(ampvk::rt::device *d) : _M_dev(d) {}

  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all;
    for (ampvk::rt::device *d : ampvk::rt::devices())
      all.push_back(accelerator(d));
    return all;
  }

  std::wstring get_description() const { return _M_info().description; }
  __declspec(property(get = get_description)) std::wstring description;
  std::wstring get_device_path() const { return _M_info().device_path; }
  __declspec(property(get = get_device_path)) std::wstring device_path;
  size_t get_dedicated_memory() const { return _M_info().dedicated_memory_kb; }
  __declspec(property(get = get_dedicated_memory)) size_t dedicated_memory;
  unsigned int get_version() const { return _M_info().version; }
  __declspec(property(get = get_version)) unsigned int version;
  bool get_is_emulated() const { return _M_info().is_emulated; }
  __declspec(property(get = get_is_emulated)) bool is_emulated;
  bool get_has_display() const { return _M_info().has_display; }
  __declspec(property(get = get_has_display)) bool has_display;
  bool get_is_debug() const { return false; }
  __declspec(property(get = get_is_debug)) bool is_debug;
  bool get_supports_double_precision() const {
    return _M_info().supports_double_precision;
  }
  __declspec(property(get = get_supports_double_precision)) bool
      supports_double_precision;
  bool get_supports_limited_double_precision() const {
    return _M_info().supports_limited_double_precision;
  }
  __declspec(property(get = get_supports_limited_double_precision)) bool
      supports_limited_double_precision;
  bool get_supports_cpu_shared_memory() const {
    return _M_info().supports_cpu_shared_memory;
  }
  __declspec(property(get = get_supports_cpu_shared_memory)) bool
      supports_cpu_shared_memory;

  accelerator_view get_default_view() const {
    return accelerator_view(ampvk::rt::default_queue(_M_dev));
  }
  __declspec(property(get = get_default_view)) accelerator_view default_view;

  bool operator==(const accelerator &o) const { return _M_dev == o._M_dev; }
  bool operator!=(const accelerator &o) const { return !(*this == o); }

  ampvk::rt::device *_M_native() const { return _M_dev; }

private:
  const ampvk::rt::device_info &_M_info() const { return ampvk::rt::info(_M_dev); }
  ampvk::rt::device *_M_dev;
};

inline accelerator accelerator_view::get_accelerator() const {
  return ::concurrency::accelerator(_M_device());
}

} // namespace Concurrency

#endif
