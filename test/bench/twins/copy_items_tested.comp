#version 450
// A copy of four floats per invocation, a workgroup width apart, each item
// behind its own range test: ampvk's item loop before the untested loop
// (plugin/emit/ItemLoop.cpp), read against copy_items.comp.
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { float src[]; };
layout(std430, binding = 1) writeonly buffer Out { float dst[]; };
layout(push_constant) uniform P { uint n; };
void main() {
  uint first = gl_WorkGroupID.x * 1024u + gl_LocalInvocationID.x;
  for (uint k = 0u; k < 4u; ++k) {
    uint i = first + k * 256u;
    if (i < n) dst[i] = src[i];
  }
}
