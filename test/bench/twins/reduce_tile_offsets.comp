#version 450
// reduce_tile.comp indexing as an array_view does: each access adds the view's
// offset, read from push constants (0 here, as ampvk's whole views): what of
// the gap to ampvk's kernel the offsets account for.
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { int src[]; };
layout(std430, binding = 1) writeonly buffer Out { int dst[]; };
layout(push_constant) uniform P { uint in_offset; uint out_offset; };
shared int s[256];
void main() {
  uint l = gl_LocalInvocationID.x;
  s[l] = src[in_offset + gl_GlobalInvocationID.x];
  barrier();
  for (uint stride = 128; stride > 0; stride /= 2) {
    if (l < stride) s[l] += s[l + stride];
    barrier();
  }
  if (l == 0) dst[out_offset + gl_WorkGroupID.x] = s[0];
}
