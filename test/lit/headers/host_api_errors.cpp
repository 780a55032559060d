// RUN: %ampxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// What Microsoft's <amp.h> rejects at compile time, ampvk's rejects too
// (and what exists on Windows only says so):
// copies into an array_view<const T> or a const array, and assigning to the
// accelerator_view an array is on (a copy, which would change nothing).
#include <amp.h>
#include <vector>
using namespace concurrency;

void copies(std::vector<int> &data) {
  array_view<int, 1> v(8, data);
  array_view<const int, 1> cv(8, data);
  const array<int, 1> carr(8);
  array<int, 1> arr(8);
  copy(v, cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  copy(arr, cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  copy(v, carr); // expected-error@*:* {{concurrency::copy: the destination is a const array, which cannot be written}}
  copy(data.begin(), data.end(), cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  copy(data.begin(), cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  arr.get_accelerator_view() = accelerator().default_view; // expected-error {{no viable overloaded '='}}
  arr.accelerator_view = accelerator().default_view; // expected-error {{no setter defined for property 'accelerator_view'}}
}

// Direct3D 11 interop and PPL tasks exist on Windows only: each names why.
void windowsOnly(array<int, 1> &a, accelerator_view v, completion_future f) {
  (void)direct3d::get_device(v); // expected-error {{'get_device<void>' is unavailable: concurrency::direct3d::get_device is interop with Direct3D 11, which exists on Windows only; ampvk runs on Vulkan}} expected-note@ampvk/detail/direct3d_interop.h:* {{marked unavailable here}}
  (void)direct3d::get_buffer(a); // expected-error {{'get_buffer<void, int, 1>' is unavailable: concurrency::direct3d::get_buffer is interop with Direct3D 11}} expected-note@ampvk/detail/direct3d_interop.h:* {{marked unavailable here}}
  direct3d::d3d_access_lock(v); // expected-error {{is unavailable: concurrency::direct3d::d3d_access_lock is interop with Direct3D 11}} expected-note@ampvk/detail/direct3d_interop.h:* {{marked unavailable here}}
  (void)f.to_task(); // expected-error {{'to_task' is unavailable: completion_future::to_task returns a task of the Parallel Patterns Library, which exists on Windows only; use then(), wait() or the std::shared_future<void> this converts to}} expected-note@ampvk/detail/completion_future.h:* {{marked unavailable here}}
}
