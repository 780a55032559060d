#version 450
// reduce_tile.comp with the C++ kernel's own types: int indices and an int
// stride halved by signed division, as `int stride ... stride /= 2` is in the
// C++ AMP source (the plain twin uses uint, as a GLSL programmer might).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { int src[]; };
layout(std430, binding = 1) writeonly buffer Out { int dst[]; };
shared int s[256];
void main() {
  int l = int(gl_LocalInvocationID.x);
  s[l] = src[gl_GlobalInvocationID.x];
  barrier();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
    barrier();
  }
  if (l == 0) dst[gl_WorkGroupID.x] = s[0];
}
