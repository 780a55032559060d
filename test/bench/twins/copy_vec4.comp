#version 450
// The device's practical copy rate, for bench "copy" and "saxpy" to be read
// against (issue 11): a vec4 per invocation in 256-wide workgroups, the
// fastest plain copy shader on the H100 (about CUDA's rate).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { vec4 src[]; };
layout(std430, binding = 1) writeonly buffer Out { vec4 dst[]; };
layout(push_constant) uniform P { uint n4; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < n4) dst[i] = src[i];
}
