#version 450
// The band back from `next` into `cur` (samples/mpi/mpi_heat.cpp's second kernel).
layout(local_size_x = 256) in;
layout(std430, binding = 0) writeonly buffer Cur { float cur[]; };
layout(std430, binding = 1) readonly buffer Next { float next[]; };
layout(push_constant) uniform Size { uint n; };
void main() {
  uint k = gl_GlobalInvocationID.x;
  if (k < n)
    cur[k] = next[k];
}
