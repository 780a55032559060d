#version 450
// Tree reduction of each 256-element tile into out[tile].
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { int src[]; };
layout(std430, binding = 1) writeonly buffer Out { int dst[]; };
shared int s[256];
void main() {
  uint l = gl_LocalInvocationID.x;
  s[l] = src[gl_GlobalInvocationID.x];
  barrier();
  for (uint stride = 128; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
    barrier();
  }
  if (l == 0) dst[gl_WorkGroupID.x] = s[0];
}
