#version 450
// scan_tile.comp with the C++ kernel's own types: int indices and an int
// offset doubled by signed multiplication, as `int off ... off *= 2` is in the
// C++ AMP source (the plain twin uses uint, as a GLSL programmer might).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { int src[]; };
layout(std430, binding = 1) writeonly buffer Out { int dst[]; };
shared int s[256];
void main() {
  int l = int(gl_LocalInvocationID.x);
  s[l] = src[gl_GlobalInvocationID.x];
  barrier();
  for (int off = 1; off < 256; off *= 2) {
    int v = l >= off ? s[l - off] : 0;
    barrier();
    s[l] += v;
    barrier();
  }
  dst[gl_GlobalInvocationID.x] = s[l];
}
