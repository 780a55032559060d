// The C++ AMP exception hierarchy, in namespace Concurrency (alias concurrency).
// The runtime throws these; <amp.h> includes them.
#ifndef AMPVK_EXCEPTIONS_H
#define AMPVK_EXCEPTIONS_H

#include <ampvk/detail/namespace.h>

#include <exception>
#include <string>

namespace Concurrency {

// Microsoft's API carries an HRESULT; these are the values its runtime used.
typedef long HRESULT;
constexpr HRESULT E_FAIL_AMP = static_cast<HRESULT>(0x80004005L);
constexpr HRESULT E_INVALIDARG_AMP = static_cast<HRESULT>(0x80070057L);
constexpr HRESULT E_OUTOFMEMORY_AMP = static_cast<HRESULT>(0x8007000EL);
constexpr HRESULT E_NOTIMPL_AMP = static_cast<HRESULT>(0x80004001L);
constexpr HRESULT DXGI_ERROR_DEVICE_REMOVED_AMP = static_cast<HRESULT>(0x887A0005L);

class runtime_exception : public std::exception {
public:
  runtime_exception(const char *message, HRESULT error) noexcept
      : message_(message), error_(error) {}
  explicit runtime_exception(HRESULT error) noexcept : error_(error) {}
  runtime_exception(const std::string &message, HRESULT error)
      : message_(message), error_(error) {}
  const char *what() const noexcept override { return message_.c_str(); }
  HRESULT get_error_code() const noexcept { return error_; }

private:
  std::string message_;
  HRESULT error_;
};

class out_of_memory : public runtime_exception {
public:
  explicit out_of_memory(const char *message) noexcept
      : runtime_exception(message, E_OUTOFMEMORY_AMP) {}
  explicit out_of_memory(const std::string &message)
      : runtime_exception(message, E_OUTOFMEMORY_AMP) {}
  out_of_memory() noexcept : runtime_exception(E_OUTOFMEMORY_AMP) {}
};

class invalid_compute_domain : public runtime_exception {
public:
  explicit invalid_compute_domain(const char *message) noexcept
      : runtime_exception(message, E_INVALIDARG_AMP) {}
  explicit invalid_compute_domain(const std::string &message)
      : runtime_exception(message, E_INVALIDARG_AMP) {}
  invalid_compute_domain() noexcept : runtime_exception(E_INVALIDARG_AMP) {}
};

class unsupported_feature : public runtime_exception {
public:
  explicit unsupported_feature(const char *message) noexcept
      : runtime_exception(message, E_NOTIMPL_AMP) {}
  explicit unsupported_feature(const std::string &message)
      : runtime_exception(message, E_NOTIMPL_AMP) {}
  unsupported_feature() noexcept : runtime_exception(E_NOTIMPL_AMP) {}
};

class accelerator_view_removed : public runtime_exception {
public:
  accelerator_view_removed(const char *message, HRESULT reason) noexcept
      : runtime_exception(message, DXGI_ERROR_DEVICE_REMOVED_AMP), reason_(reason) {}
  accelerator_view_removed(const std::string &message, HRESULT reason)
      : runtime_exception(message, DXGI_ERROR_DEVICE_REMOVED_AMP), reason_(reason) {}
  explicit accelerator_view_removed(HRESULT reason) noexcept
      : runtime_exception(DXGI_ERROR_DEVICE_REMOVED_AMP), reason_(reason) {}
  HRESULT get_view_removed_reason() const noexcept { return reason_; }

private:
  HRESULT reason_;
};

} // namespace Concurrency

namespace ampvk {

// Checked mode (docs/user-guide.md): the first access of a launch outside its
// array or array_view, thrown at the next synchronization after the launch.
// The message names the source file and line, the view, the index and the
// extent.
class out_of_bounds : public Concurrency::runtime_exception {
public:
  explicit out_of_bounds(const std::string &message)
      : runtime_exception(message, Concurrency::E_INVALIDARG_AMP) {}
};

// Checked mode with AMPVK_CHECK=races or all (docs/user-guide.md): the first
// tile_static race of a launch, two threads of one tile touching the same
// tile_static scalar between two barriers, one of them with a plain write.
// Thrown at the next synchronization after the launch; the message names
// both accesses (file:line:col, read, write or atomic), the variable, the
// tile and the two threads' local indices.
class tile_static_race : public Concurrency::runtime_exception {
public:
  explicit tile_static_race(const std::string &message)
      : runtime_exception(message, Concurrency::E_FAIL_AMP) {}
};

} // namespace ampvk

#endif
