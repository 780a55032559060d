#version 450
// out = transpose(in), rows x cols row-major in, through a 16x16 shared tile.
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer In { float src[]; };
layout(std430, binding = 1) writeonly buffer Out { float dst[]; };
layout(push_constant) uniform P { int rows; int cols; };
shared float t[16][17];
void main() {
  int ly = int(gl_LocalInvocationID.y), lx = int(gl_LocalInvocationID.x);
  int by = int(gl_WorkGroupID.y) * 16, bx = int(gl_WorkGroupID.x) * 16;
  t[ly][lx] = src[(by + ly) * cols + bx + lx];
  barrier();
  dst[(bx + ly) * rows + by + lx] = t[lx][ly];
}
