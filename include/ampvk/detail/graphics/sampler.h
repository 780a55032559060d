// concurrency::graphics::sampler and its modes. A sampler is captured by
// value; the runtime reads its filter, address mode and border colour (the
// object starts with an ampvk::sampler_object's words) and binds a Vulkan
// sampler made for them. One filter for minification, magnification and
// mipmaps, one address mode for every axis, as C++ AMP has.
#ifndef AMPVK_DETAIL_GRAPHICS_SAMPLER_H
#define AMPVK_DETAIL_GRAPHICS_SAMPLER_H

#include <ampvk/detail/namespace.h>
#include <ampvk/exceptions.h>
#include <ampvk/kernel_image.h>

#include <amp_short_vectors.h>

namespace Concurrency {
namespace graphics {

enum filter_mode { filter_point = 0, filter_linear = 0x15, filter_unknown = 0xFFFFFFFF };
enum address_mode {
  address_wrap = 1,
  address_mirror = 2,
  address_clamp = 3,
  address_border = 4,
  address_unknown = 0xFFFFFFFF
};

class AMPVK_CLASS("sampler") sampler {
public:
  sampler() restrict(cpu) { _M_set(filter_linear, address_clamp, float_4(0.0f)); }
  sampler(filter_mode _Filter_mode) restrict(cpu) {
    _M_set(_Filter_mode, address_clamp, float_4(0.0f));
  }
  sampler(address_mode _Address_mode, float_4 _Border_color = float_4(0.0f)) restrict(cpu) {
    _M_set(filter_linear, _Address_mode, _Border_color);
  }
  sampler(filter_mode _Filter_mode, address_mode _Address_mode,
          float_4 _Border_color = float_4(0.0f)) restrict(cpu) {
    _M_set(_Filter_mode, _Address_mode, _Border_color);
  }
  sampler(const sampler &) restrict(cpu, amp) = default;
  sampler(sampler &&) restrict(cpu, amp) = default;
  sampler &operator=(const sampler &) restrict(cpu, amp) = default;
  sampler &operator=(sampler &&) restrict(cpu, amp) = default;

  __declspec(property(get = get_filter_mode))::Concurrency::graphics::filter_mode filter_mode;
  __declspec(property(get = get_address_mode))::Concurrency::graphics::address_mode address_mode;
  __declspec(property(get = get_border_color)) float_4 border_color;
  ::Concurrency::graphics::filter_mode get_filter_mode() const restrict(cpu, amp) {
    return static_cast< ::Concurrency::graphics::filter_mode>(_M_filter);
  }
  ::Concurrency::graphics::address_mode get_address_mode() const restrict(cpu, amp) {
    return static_cast< ::Concurrency::graphics::address_mode>(_M_address);
  }
  float_4 get_border_color() const restrict(cpu, amp) {
    return float_4(_M_border[0], _M_border[1], _M_border[2], _M_border[3]);
  }

  // ampvk::sampler_object's layout.
  unsigned int _M_filter;
  unsigned int _M_address;
  float _M_border[4];

private:
  void _M_set(::Concurrency::graphics::filter_mode f, ::Concurrency::graphics::address_mode a,
              float_4 border) restrict(cpu) {
    if ((f != filter_point && f != filter_linear) || a < address_wrap || a > address_border)
      throw runtime_exception("Invalid sampler configuration", E_INVALIDARG_AMP);
    _M_filter = static_cast<unsigned int>(f);
    _M_address = static_cast<unsigned int>(a);
    _M_border[0] = border.x;
    _M_border[1] = border.y;
    _M_border[2] = border.z;
    _M_border[3] = border.w;
  }
};

static_assert(sizeof(sampler) == sizeof(::ampvk::sampler_object),
              "sampler starts with ampvk::sampler_object's words");

} // namespace graphics
} // namespace Concurrency

#endif
