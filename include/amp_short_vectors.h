// <amp_short_vectors.h> for ampvk: the scalar types norm and unorm and the
// short vector types of namespace Concurrency::graphics (int_2 ... double_4,
// norm_2 ... unorm_4), usable on the host and in restrict(amp) code, as
// Microsoft documents them:
//
//  - norm holds a float clamped to [-1, 1], unorm one clamped to [0, 1]; every
//    construction and every operator's result is clamped again.
//  - A vector of N components has the size of N scalars (float_4 is 16 bytes)
//    and can be an array_view or tile_static element.
//  - Components are properties (v.x, v.y, v.z, v.w and r, g, b, a), functions
//    (get_x, set_x, ref_x) and swizzles of distinct components (v.xy, v.zyx,
//    v.bgra = ..., get_xy, set_xy).
//  - Operators work component by component: + - * / and ++ -- and the compound
//    assignments for all; unary - for int, float, double and norm; % ~ & | ^
//    << >> for int and uint; == and != compare whole vectors.
//  - Conversions between families are explicit and convert each component as
//    static_cast does (to norm and unorm: with clamping).
//
// The vector classes are generated (scripts/gen_short_vectors.py); this file
// holds norm, unorm and the traits templates.
#ifndef AMPVK_AMP_SHORT_VECTORS_H
#define AMPVK_AMP_SHORT_VECTORS_H

#include <ampvk/detail/keywords.h>

namespace Concurrency {
namespace graphics {

typedef unsigned int uint;

class unorm;

// A float in [-1, 1].
class norm {
  friend class unorm;

public:
  norm() restrict(cpu, amp) : _Value(0.0f) {}
  explicit norm(float _V) restrict(cpu, amp) { _Set(_V); }
  explicit norm(unsigned int _V) restrict(cpu, amp) { _Set(static_cast<float>(_V)); }
  explicit norm(int _V) restrict(cpu, amp) { _Set(static_cast<float>(_V)); }
  explicit norm(double _V) restrict(cpu, amp) { _Set(static_cast<float>(_V)); }
  inline norm(const unorm &_Other) restrict(cpu, amp);

  operator float() const restrict(cpu, amp) { return _Value; }

  norm &operator+=(const norm &_Other) restrict(cpu, amp) {
    _Set(_Value + _Other._Value);
    return *this;
  }
  norm &operator-=(const norm &_Other) restrict(cpu, amp) {
    _Set(_Value - _Other._Value);
    return *this;
  }
  norm &operator*=(const norm &_Other) restrict(cpu, amp) {
    _Set(_Value * _Other._Value);
    return *this;
  }
  norm &operator/=(const norm &_Other) restrict(cpu, amp) {
    _Set(_Value / _Other._Value);
    return *this;
  }
  norm &operator++() restrict(cpu, amp) {
    _Set(_Value + 1.0f);
    return *this;
  }
  norm operator++(int) restrict(cpu, amp) {
    norm _Result = *this;
    ++*this;
    return _Result;
  }
  norm &operator--() restrict(cpu, amp) {
    _Set(_Value - 1.0f);
    return *this;
  }
  norm operator--(int) restrict(cpu, amp) {
    norm _Result = *this;
    --*this;
    return _Result;
  }
  norm operator-() const restrict(cpu, amp) {
    norm _Result;
    _Result._Value = -_Value;
    return _Result;
  }

private:
  // Written so that a NaN stays NaN, on the host and on the device.
  void _Set(float _V) restrict(cpu, amp) {
    _V = _V < -1.0f ? -1.0f : _V;
    _Value = _V > 1.0f ? 1.0f : _V;
  }

  float _Value;
};

// A float in [0, 1].
class unorm {
  friend class norm;

public:
  unorm() restrict(cpu, amp) : _Value(0.0f) {}
  explicit unorm(float _V) restrict(cpu, amp) { _Set(_V); }
  explicit unorm(unsigned int _V) restrict(cpu, amp) { _Set(static_cast<float>(_V)); }
  explicit unorm(int _V) restrict(cpu, amp) { _Set(static_cast<float>(_V)); }
  explicit unorm(double _V) restrict(cpu, amp) { _Set(static_cast<float>(_V)); }
  explicit unorm(const norm &_Other) restrict(cpu, amp) { _Set(_Other._Value); }

  operator float() const restrict(cpu, amp) { return _Value; }

  unorm &operator+=(const unorm &_Other) restrict(cpu, amp) {
    _Set(_Value + _Other._Value);
    return *this;
  }
  unorm &operator-=(const unorm &_Other) restrict(cpu, amp) {
    _Set(_Value - _Other._Value);
    return *this;
  }
  unorm &operator*=(const unorm &_Other) restrict(cpu, amp) {
    _Set(_Value * _Other._Value);
    return *this;
  }
  unorm &operator/=(const unorm &_Other) restrict(cpu, amp) {
    _Set(_Value / _Other._Value);
    return *this;
  }
  unorm &operator++() restrict(cpu, amp) {
    _Set(_Value + 1.0f);
    return *this;
  }
  unorm operator++(int) restrict(cpu, amp) {
    unorm _Result = *this;
    ++*this;
    return _Result;
  }
  unorm &operator--() restrict(cpu, amp) {
    _Set(_Value - 1.0f);
    return *this;
  }
  unorm operator--(int) restrict(cpu, amp) {
    unorm _Result = *this;
    --*this;
    return _Result;
  }

private:
  void _Set(float _V) restrict(cpu, amp) {
    _V = _V < 0.0f ? 0.0f : _V;
    _Value = _V > 1.0f ? 1.0f : _V;
  }

  float _Value;
};

// A unorm is always a valid norm.
inline norm::norm(const unorm &_Other) restrict(cpu, amp) : _Value(_Other._Value) {}

inline unorm operator+(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return unorm(float(_Lhs) + float(_Rhs));
}
inline unorm operator-(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return unorm(float(_Lhs) - float(_Rhs));
}
inline unorm operator*(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return unorm(float(_Lhs) * float(_Rhs));
}
inline unorm operator/(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return unorm(float(_Lhs) / float(_Rhs));
}
inline bool operator==(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) == float(_Rhs);
}
inline bool operator!=(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) != float(_Rhs);
}
inline bool operator>(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) > float(_Rhs);
}
inline bool operator<(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) < float(_Rhs);
}
inline bool operator>=(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) >= float(_Rhs);
}
inline bool operator<=(const unorm &_Lhs, const unorm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) <= float(_Rhs);
}

inline norm operator+(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return norm(float(_Lhs) + float(_Rhs));
}
inline norm operator-(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return norm(float(_Lhs) - float(_Rhs));
}
inline norm operator*(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return norm(float(_Lhs) * float(_Rhs));
}
inline norm operator/(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return norm(float(_Lhs) / float(_Rhs));
}
inline bool operator==(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) == float(_Rhs);
}
inline bool operator!=(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) != float(_Rhs);
}
inline bool operator>(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) > float(_Rhs);
}
inline bool operator<(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) < float(_Rhs);
}
inline bool operator>=(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) >= float(_Rhs);
}
inline bool operator<=(const norm &_Lhs, const norm &_Rhs) restrict(cpu, amp) {
  return float(_Lhs) <= float(_Rhs);
}

#define UNORM_ZERO ((::Concurrency::graphics::unorm)0.0f)
#define UNORM_MIN ((::Concurrency::graphics::unorm)0.0f)
#define UNORM_MAX ((::Concurrency::graphics::unorm)1.0f)
#define NORM_ZERO ((::Concurrency::graphics::norm)0.0f)
#define NORM_MIN ((::Concurrency::graphics::norm)-1.0f)
#define NORM_MAX ((::Concurrency::graphics::norm)1.0f)

typedef unsigned int uint_1;
typedef int int_1;
typedef float float_1;
typedef double double_1;
typedef norm norm_1;
typedef unorm unorm_1;

// short_vector<T, N>::type is the vector of N T's (T itself for N = 1), and
// short_vector_traits<V> gives a vector's (or scalar's) value_type and size.
// Other arguments are an error when the type is used.
template <typename _Scalar_type, int _Size> struct short_vector {
  short_vector() {
    static_assert(sizeof(_Scalar_type) == 0,
                  "short_vector is not supported for this scalar type and length");
  }
};
template <typename _Type> struct short_vector_traits {
  short_vector_traits() {
    static_assert(sizeof(_Type) == 0,
                  "short_vector_traits is not supported for this type");
  }
};

} // namespace graphics
} // namespace Concurrency

#include <ampvk/detail/short_vector_types.h>

namespace Concurrency {
namespace graphics {
// HLSL's names for the short vectors, as Microsoft's header has them.
namespace direct3d {
typedef uint_2 uint2;
typedef uint_3 uint3;
typedef uint_4 uint4;
typedef int_2 int2;
typedef int_3 int3;
typedef int_4 int4;
typedef float_2 float2;
typedef float_3 float3;
typedef float_4 float4;
typedef double_2 double2;
typedef double_3 double3;
typedef double_4 double4;
typedef norm_2 norm2;
typedef norm_3 norm3;
typedef norm_4 norm4;
typedef unorm_2 unorm2;
typedef unorm_3 unorm3;
typedef unorm_4 unorm4;
} // namespace direct3d
} // namespace graphics
} // namespace Concurrency

#endif
