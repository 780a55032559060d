#version 450
// Inclusive scan of each 256-element tile (Hillis-Steele in shared memory).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { int src[]; };
layout(std430, binding = 1) writeonly buffer Out { int dst[]; };
shared int s[256];
void main() {
  uint l = gl_LocalInvocationID.x;
  s[l] = src[gl_GlobalInvocationID.x];
  barrier();
  for (uint off = 1; off < 256; off *= 2) {
    int v = l >= off ? s[l - off] : 0;
    barrier();
    s[l] += v;
    barrier();
  }
  dst[gl_GlobalInvocationID.x] = s[l];
}
