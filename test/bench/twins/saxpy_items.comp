#version 450
// Saxpy with four elements per invocation, a workgroup width apart, tested
// once when all four lie inside: the shape of ampvk's item loop for small
// bodies (plugin/emit/ItemLoop.cpp), what bench "saxpy" is read against
// beside the device's copy rate.
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) buffer Y { float y[]; };
layout(push_constant) uniform P { uint n; float a; };
void main() {
  uint first = gl_WorkGroupID.x * 1024u + gl_LocalInvocationID.x;
  if (first + 768u < n) {
    for (uint k = 0u; k < 4u; ++k) {
      uint i = first + k * 256u;
      precise float r = a * x[i] + y[i];
      y[i] = r;
    }
  } else {
    for (uint k = 0u; k < 4u; ++k) {
      uint i = first + k * 256u;
      if (i < n) { precise float r = a * x[i] + y[i]; y[i] = r; }
    }
  }
}
