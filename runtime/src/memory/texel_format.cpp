#include "memory/texel_format.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace ampvk {
namespace rt {
namespace {

// The formats of one scalar type and width, by component count (1, 2, 4).
struct format_row {
  texel_scalar scalar;
  unsigned bits;
  VkFormat formats[3];
  const char *names[3];
};

#define AMPVK_FORMAT_ROW(scalar, bits, one, two, four)                                          \
  {texel_scalar::scalar, bits, {VK_FORMAT_##one, VK_FORMAT_##two, VK_FORMAT_##four}, {#one, #two, #four}}

const format_row format_table[] = {
    AMPVK_FORMAT_ROW(int32, 8, R8_SINT, R8G8_SINT, R8G8B8A8_SINT),
    AMPVK_FORMAT_ROW(int32, 16, R16_SINT, R16G16_SINT, R16G16B16A16_SINT),
    AMPVK_FORMAT_ROW(int32, 32, R32_SINT, R32G32_SINT, R32G32B32A32_SINT),
    AMPVK_FORMAT_ROW(uint32, 8, R8_UINT, R8G8_UINT, R8G8B8A8_UINT),
    AMPVK_FORMAT_ROW(uint32, 16, R16_UINT, R16G16_UINT, R16G16B16A16_UINT),
    AMPVK_FORMAT_ROW(uint32, 32, R32_UINT, R32G32_UINT, R32G32B32A32_UINT),
    AMPVK_FORMAT_ROW(float32, 16, R16_SFLOAT, R16G16_SFLOAT, R16G16B16A16_SFLOAT),
    AMPVK_FORMAT_ROW(float32, 32, R32_SFLOAT, R32G32_SFLOAT, R32G32B32A32_SFLOAT),
    AMPVK_FORMAT_ROW(norm, 8, R8_SNORM, R8G8_SNORM, R8G8B8A8_SNORM),
    AMPVK_FORMAT_ROW(norm, 16, R16_SNORM, R16G16_SNORM, R16G16B16A16_SNORM),
    AMPVK_FORMAT_ROW(unorm, 8, R8_UNORM, R8G8_UNORM, R8G8B8A8_UNORM),
    AMPVK_FORMAT_ROW(unorm, 16, R16_UNORM, R16G16_UNORM, R16G16B16A16_UNORM),
    // A double is two 32-bit words, as in Direct3D; double_4 does not exist.
    AMPVK_FORMAT_ROW(float64, 64, R32G32_UINT, R32G32B32A32_UINT, UNDEFINED),
};
#undef AMPVK_FORMAT_ROW

const format_row *row_of(const texel_format &f, int &column) {
  column = f.components == 1 ? 0 : f.components == 2 ? 1 : f.components == 4 ? 2 : -1;
  if (column < 0)
    return nullptr;
  for (const format_row &r : format_table)
    if (r.scalar == f.scalar && r.bits == f.bits && r.formats[column] != VK_FORMAT_UNDEFINED)
      return &r;
  return nullptr;
}

const char *scalar_name(texel_scalar s) {
  switch (s) {
  case texel_scalar::int32: return "int";
  case texel_scalar::uint32: return "uint";
  case texel_scalar::float32: return "float";
  case texel_scalar::norm: return "norm";
  case texel_scalar::unorm: return "unorm";
  case texel_scalar::float64: return "double";
  }
  return "?";
}

// IEEE half precision, round to nearest even (as Vulkan converts to R16_SFLOAT).
std::uint16_t to_half(float value) {
  std::uint32_t x;
  std::memcpy(&x, &value, 4);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t mag = x & 0x7FFFFFFFu;
  if (mag >= 0x7F800000u) // inf or NaN
    return static_cast<std::uint16_t>(sign | 0x7C00u | (mag > 0x7F800000u ? 0x200u : 0));
  if (mag >= 0x477FF000u) // rounds past the largest half: inf
    return static_cast<std::uint16_t>(sign | 0x7C00u);
  if (mag < 0x38800000u) { // below the smallest normal half: subnormal or zero
    if (mag < 0x33000000u)
      return static_cast<std::uint16_t>(sign);
    const std::uint32_t mant = (mag & 0x7FFFFFu) | 0x800000u;
    const int shift = 126 - static_cast<int>(mag >> 23) + 13 + 1;
    std::uint32_t h = mant >> shift;
    const std::uint32_t rest = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (h & 1)))
      ++h;
    return static_cast<std::uint16_t>(sign | h);
  }
  std::uint32_t h = ((mag - 0x38000000u) >> 13);
  const std::uint32_t rest = mag & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1)))
    ++h;
  return static_cast<std::uint16_t>(sign | h);
}

float from_half(std::uint16_t h) {
  const std::uint32_t sign = (h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1Fu, mant = h & 0x3FFu;
  float out;
  if (exp == 0) {
    out = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -out : out;
  }
  std::uint32_t x = exp == 31 ? sign | 0x7F800000u | (mant << 13)
                              : sign | ((exp + 112) << 23) | (mant << 13);
  std::memcpy(&out, &x, 4);
  return out;
}

template <class T> void put(unsigned char *p, T v) { std::memcpy(p, &v, sizeof v); }
template <class T> T get(const unsigned char *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Vulkan's float -> normalized conversions: clamp, scale, round to nearest.
std::uint32_t to_unorm(float f, unsigned bits) {
  const float max = static_cast<float>((1u << bits) - 1);
  f = std::isnan(f) ? 0.0f : std::fmin(std::fmax(f, 0.0f), 1.0f);
  return static_cast<std::uint32_t>(std::nearbyint(f * max));
}
std::int32_t to_snorm(float f, unsigned bits) {
  const float max = static_cast<float>((1u << (bits - 1)) - 1);
  f = std::isnan(f) ? 0.0f : std::fmin(std::fmax(f, -1.0f), 1.0f);
  return static_cast<std::int32_t>(std::nearbyint(f * max));
}

} // namespace

VkFormat vk_format(const texel_format &f) {
  int column;
  const format_row *r = row_of(f, column);
  return r ? r->formats[column] : VK_FORMAT_UNDEFINED;
}

std::string texel_format_name(const texel_format &f) {
  int column;
  const format_row *r = row_of(f, column);
  return r ? r->names[column] : std::string();
}

std::string describe(const texel_format &f) {
  std::string type = scalar_name(f.scalar);
  if (f.components > 1)
    type += "_" + std::to_string(f.components);
  return type + " with " + std::to_string(f.bits) + " bits per scalar element";
}

void check_texel_format(const texel_format &f) {
  if (vk_format(f) == VK_FORMAT_UNDEFINED)
    throw concurrency::runtime_exception(
        "ampvk: a texture of " + describe(f) +
            " is not allowed: C++ AMP allows 8, 16 or 32 bits for int and unsigned int, 16 or 32 "
            "for float, 8 or 16 for norm and unorm, 64 for double and double_2",
        concurrency::E_INVALIDARG_AMP);
}

std::size_t texel_bytes(const texel_format &f) { return f.components * f.bits / 8; }

void texels_pack(const texel_format &f, const void *values, void *texels, std::size_t count) {
  const auto *in = static_cast<const unsigned char *>(values);
  auto *out = static_cast<unsigned char *>(texels);
  const std::size_t n = count * f.components;
  if (f.bits == 32 || f.scalar == texel_scalar::float64) {
    std::memcpy(out, in, n * (f.bits / 8)); // the value types' own bytes
    return;
  }
  for (std::size_t i = 0; i < n; ++i, in += 4) {
    std::uint32_t bitsv = 0;
    switch (f.scalar) {
    case texel_scalar::int32:
    case texel_scalar::uint32:
      bitsv = get<std::uint32_t>(in); // the low bits, as Direct3D truncates
      break;
    case texel_scalar::float32:
      bitsv = to_half(get<float>(in));
      break;
    case texel_scalar::norm:
      bitsv = static_cast<std::uint32_t>(to_snorm(get<float>(in), f.bits));
      break;
    case texel_scalar::unorm:
      bitsv = to_unorm(get<float>(in), f.bits);
      break;
    case texel_scalar::float64:
      break;
    }
    if (f.bits == 8)
      out[i] = static_cast<unsigned char>(bitsv);
    else
      put<std::uint16_t>(out + 2 * i, static_cast<std::uint16_t>(bitsv));
  }
}

void texels_unpack(const texel_format &f, const void *texels, void *values, std::size_t count) {
  const auto *in = static_cast<const unsigned char *>(texels);
  auto *out = static_cast<unsigned char *>(values);
  const std::size_t n = count * f.components;
  if (f.bits == 32 || f.scalar == texel_scalar::float64) {
    std::memcpy(out, in, n * (f.bits / 8));
    return;
  }
  for (std::size_t i = 0; i < n; ++i, out += 4) {
    const std::uint32_t raw = f.bits == 8 ? in[i] : get<std::uint16_t>(in + 2 * i);
    const std::int32_t sraw = f.bits == 8 ? static_cast<std::int8_t>(raw)
                                          : static_cast<std::int16_t>(raw);
    const float scale_u = static_cast<float>((1u << f.bits) - 1);
    const float scale_s = static_cast<float>((1u << (f.bits - 1)) - 1);
    switch (f.scalar) {
    case texel_scalar::int32:
      put<std::int32_t>(out, sraw);
      break;
    case texel_scalar::uint32:
      put<std::uint32_t>(out, raw);
      break;
    case texel_scalar::float32:
      put<float>(out, from_half(static_cast<std::uint16_t>(raw)));
      break;
    case texel_scalar::norm:
      put<float>(out, std::fmax(static_cast<float>(sraw) / scale_s, -1.0f));
      break;
    case texel_scalar::unorm:
      put<float>(out, static_cast<float>(raw) / scale_u);
      break;
    case texel_scalar::float64:
      break;
    }
  }
}

} // namespace rt
} // namespace ampvk
