#version 450
// Textbook 16x16 tiled matrix multiply, C = A * B, n x n row-major.
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { int n; };
shared float la[16][16];
shared float lb[16][16];
void main() {
  int row = int(gl_LocalInvocationID.y), col = int(gl_LocalInvocationID.x);
  int gr = int(gl_GlobalInvocationID.y), gc = int(gl_GlobalInvocationID.x);
  precise float sum = 0.0;
  for (int k0 = 0; k0 < n; k0 += 16) {
    la[row][col] = a[gr * n + k0 + col];
    lb[row][col] = b[(k0 + row) * n + gc];
    barrier();
    for (int k = 0; k < 16; ++k)
      sum += la[row][k] * lb[k][col];
    barrier();
  }
  c[gr * n + gc] = sum;
}
