#version 450
// 256-bin histogram with global atomics, one element per invocation.
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { uint src[]; };
layout(std430, binding = 1) buffer Bins { int bins[]; };
layout(push_constant) uniform P { uint n; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < n) atomicAdd(bins[src[i] & 255u], 1);
}
