#version 450
// One Jacobi step of samples/mpi/mpi_heat.cpp's band (rows include the two
// halo rows) over the rows [first, first + count), as a Vulkan programmer
// would write it: the grid's edges and the band's outer columns are copied,
// the rest averaged.
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer Cur { float cur[]; };
layout(std430, binding = 1) writeonly buffer Next { float next[]; };
layout(push_constant) uniform Shape { int rows; int cols; int top; int grid_rows; int first; int count; };
void main() {
  int j = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
  if (y >= count || j >= cols)
    return;
  int i = first + y;
  int g = top + i - 1;
  int k = i * cols + j;
  if (g == 0 || g == grid_rows - 1 || j == 0 || j == cols - 1)
    next[k] = cur[k];
  else
    next[k] = 0.25 * (cur[k - cols] + cur[k + cols] + cur[k - 1] + cur[k + 1]);
}
