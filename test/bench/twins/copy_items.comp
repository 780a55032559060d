#version 450
// A copy of four floats per invocation, a workgroup width apart, tested once
// when all four lie inside: the shape of ampvk's item loop for small bodies
// (plugin/emit/ItemLoop.cpp).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { float src[]; };
layout(std430, binding = 1) writeonly buffer Out { float dst[]; };
layout(push_constant) uniform P { uint n; };
void main() {
  uint first = gl_WorkGroupID.x * 1024u + gl_LocalInvocationID.x;
  if (first + 768u < n) {
    for (uint k = 0u; k < 4u; ++k)
      dst[first + k * 256u] = src[first + k * 256u];
  } else {
    for (uint k = 0u; k < 4u; ++k) {
      uint i = first + k * 256u;
      if (i < n) dst[i] = src[i];
    }
  }
}
