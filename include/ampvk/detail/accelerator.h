// concurrency::accelerator (a Vulkan device) and accelerator_view (a queue).
#ifndef AMPVK_DETAIL_ACCELERATOR_H
#define AMPVK_DETAIL_ACCELERATOR_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/completion_future.h>
#include <ampvk/runtime.h>

#include <string>
#include <vector>

namespace Concurrency {

enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

// Which CPU accesses an array's memory is meant for (ampvk can always copy, so
// host access works with any of them; see array::data()).
enum access_type {
  access_type_none = 0,
  access_type_read = 1,
  access_type_write = 2,
  access_type_read_write = access_type_read | access_type_write,
  access_type_auto = 4
};

class accelerator;

namespace detail {
// The CPU accelerator (accelerator::cpu_accelerator) has no Vulkan device:
// ampvk represents it, and its view, by a null device and queue.
inline const ampvk::rt::device_info &cpu_accelerator_info() {
  static ampvk::rt::device_info info = [] {
    ampvk::rt::device_info i;
    i.description = L"CPU accelerator";
    i.device_path = L"cpu";
    i.is_emulated = true;
    i.supports_cpu_shared_memory = true;
    return i;
  }();
  return info;
}
inline const ampvk::rt::device_info &device_info_of(ampvk::rt::device *d) {
  return d ? ampvk::rt::info(d) : cpu_accelerator_info();
}
} // namespace detail

class accelerator_view {
public:
  // A view made by create_view lasts while a copy of it (or an array made on
  // it) does.
  accelerator_view(const accelerator_view &o)
      : _M_queue(o._M_queue), _M_mode(o._M_mode), _M_auto(o._M_auto),
        _M_no_timeout(o._M_no_timeout) {
    ampvk::rt::queue_retain(_M_queue);
  }
  accelerator_view &operator=(const accelerator_view &o) {
    ampvk::rt::queue_retain(o._M_queue);
    ampvk::rt::queue_release(_M_queue);
    _M_queue = o._M_queue;
    _M_mode = o._M_mode;
    _M_auto = o._M_auto;
    _M_no_timeout = o._M_no_timeout;
    return *this;
  }
  ~accelerator_view() { ampvk::rt::queue_release(_M_queue); }

  accelerator get_accelerator() const;
  __declspec(property(get = get_accelerator)) accelerator accelerator;

  bool get_is_debug() const { return false; }
  __declspec(property(get = get_is_debug)) bool is_debug;
  unsigned int get_version() const { return detail::device_info_of(_M_device()).version; }
  __declspec(property(get = get_version)) unsigned int version;
  ::Concurrency::queuing_mode get_queuing_mode() const { return _M_mode; }
  __declspec(property(get = get_queuing_mode))::Concurrency::queuing_mode queuing_mode;
  // The view of accelerator::get_auto_selection_view.
  bool get_is_auto_selection() const { return _M_auto; }
  __declspec(property(get = get_is_auto_selection)) bool is_auto_selection;

  // Submits what this view has batched up and blocks until every kernel and
  // copy sent to it has finished.
  void wait() const {
    if (_M_queue)
      ampvk::rt::wait(_M_queue);
  }
  // queuing_mode_automatic batches launches until a synchronization point;
  // flush submits them now, without waiting.
  void flush() const {
    if (_M_queue)
      ampvk::rt::flush(_M_queue);
  }
  // Ready once every kernel and copy submitted to this view so far has finished.
  completion_future create_marker() const {
    accelerator_view self = *this;
    return detail::run_async([self] {
      if (self._M_queue)
        ampvk::rt::wait(self._M_queue);
    });
  }

  // Copies of one view compare equal; views made by separate create_view
  // calls do not.
  bool operator==(const accelerator_view &o) const { return _M_queue == o._M_queue; }
  bool operator!=(const accelerator_view &o) const { return !(*this == o); }

  // A null queue is the CPU accelerator's view. Takes a handle of its own.
  explicit accelerator_view(ampvk::rt::queue *q)
      : _M_queue(q), _M_mode(q && ampvk::rt::queue_immediate(q) ? queuing_mode_immediate
                                                                  : queuing_mode_automatic) {
    ampvk::rt::queue_retain(q);
  }
  // The CPU accelerator's view (q null) reports the queuing mode it was made
  // with: it has no queue of its own to ask.
  accelerator_view(ampvk::rt::queue *q, ::Concurrency::queuing_mode cpu_mode)
      : accelerator_view(q) {
    if (!q)
      _M_mode = cpu_mode;
  }
  ampvk::rt::queue *_M_native() const { return _M_queue; }
  bool _M_is_cpu() const { return !_M_queue; }
  // Kernels launched on the auto-selection view go where the runtime picks,
  // as those launched without a view do.
  bool _M_is_auto_selection() const { return _M_auto; }
  accelerator_view _M_as_auto_selection() const {
    accelerator_view v = *this;
    v._M_auto = true;
    return v;
  }
  // direct3d::create_accelerator_view(accelerator&, bool, queuing_mode).
  bool _M_timeout_disabled() const { return _M_no_timeout; }
  void _M_set_timeout_disabled(bool disabled) { _M_no_timeout = disabled; }
  ampvk::rt::device *_M_device() const {
    return _M_queue ? ampvk::rt::queue_device(_M_queue) : nullptr;
  }

private:
  ampvk::rt::queue *_M_queue;
  ::Concurrency::queuing_mode _M_mode;
  bool _M_auto = false;
  bool _M_no_timeout = false;
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
    if (path == cpu_accelerator)
      return; // the CPU accelerator: no Vulkan device
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

  // Every Vulkan device, then the CPU accelerator (as Microsoft's list ends).
  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all;
    for (ampvk::rt::device *d : ampvk::rt::devices())
      all.push_back(accelerator(d));
    all.push_back(accelerator(static_cast<ampvk::rt::device *>(nullptr)));
    return all;
  }

  // Makes the accelerator at path the default. False when the default has
  // already been used (by accelerator(), an array or a kernel without an
  // accelerator_view, ...), even when it is that one: "only succeeds if the
  // runtime selected default accelerator has not already been used".
  static bool set_default(const std::wstring &path) {
    accelerator a(path);
    if (!a._M_dev)
      throw runtime_exception("ampvk: accelerator::set_default: the CPU accelerator cannot "
                              "be the default (it cannot run kernels)",
                              E_INVALIDARG_AMP);
    return ampvk::rt::set_default_device(a._M_dev);
  }

  // A new view of this accelerator with its own batch of commands and its own
  // fences (wait() waits for its own work), submitted to the device's one
  // Vulkan queue, as the default view's are. The view lasts while a copy of it
  // or an array made on it does; then its work is waited for and its Vulkan
  // objects are freed.
  accelerator_view create_view(queuing_mode qmode = queuing_mode_automatic) const {
    if (!_M_dev) // the CPU accelerator's one view, in the mode asked for
      return accelerator_view(nullptr, qmode);
    ampvk::rt::queue *q = ampvk::rt::create_queue(_M_dev, qmode == queuing_mode_immediate);
    accelerator_view view(q);
    ampvk::rt::queue_release(q); // create_queue's handle: view holds its own
    return view;
  }

  access_type get_default_cpu_access_type() const {
    return _M_dev ? static_cast<access_type>(ampvk::rt::default_cpu_access(_M_dev))
                  : access_type_read_write;
  }
  __declspec(property(get = get_default_cpu_access_type)) access_type default_cpu_access_type;
  // False once the default has been set, or used for an array, before.
  bool set_default_cpu_access_type(access_type type) {
    if (!_M_dev)
      return false;
    return ampvk::rt::set_default_cpu_access(_M_dev, static_cast<int>(type));
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

  // A view whose kernels run on the accelerator the runtime picks for them
  // (where their arrays live, else the default accelerator); for every other
  // purpose the default accelerator's default view.
  static accelerator_view get_auto_selection_view() {
    return accelerator().get_default_view()._M_as_auto_selection();
  }
  accelerator_view get_default_view() const {
    return accelerator_view(_M_dev ? ampvk::rt::default_queue(_M_dev) : nullptr);
  }
  __declspec(property(get = get_default_view)) accelerator_view default_view;

  bool operator==(const accelerator &o) const { return _M_dev == o._M_dev; }
  bool operator!=(const accelerator &o) const { return !(*this == o); }

  ampvk::rt::device *_M_native() const { return _M_dev; }

private:
  const ampvk::rt::device_info &_M_info() const { return detail::device_info_of(_M_dev); }
  ampvk::rt::device *_M_dev;
};

inline accelerator accelerator_view::get_accelerator() const {
  return ::concurrency::accelerator(_M_device());
}

} // namespace Concurrency

#endif
