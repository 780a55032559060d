#version 450
// Twin of bench "copy": out[i] = in[i], one element per invocation, as the
// ampvk kernel is launched (256-wide workgroups, the bounds check).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { float src[]; };
layout(std430, binding = 1) writeonly buffer Out { float dst[]; };
layout(push_constant) uniform P { uint n; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < n) dst[i] = src[i];
}
