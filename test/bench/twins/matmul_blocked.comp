#version 450
// Register-blocked matrix multiply: 16x16 work-items, each computing a 4x4
// block of C from 64x16 panels of A and B in shared memory (64x64 per tile).
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { int n; };
shared float la[64][16];
shared float lb[16][64];
void main() {
  int ty = int(gl_LocalInvocationID.y), tx = int(gl_LocalInvocationID.x);
  int row0 = int(gl_WorkGroupID.y) * 64, col0 = int(gl_WorkGroupID.x) * 64;
  precise float acc[4][4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) acc[i][j] = 0.0;
  for (int k0 = 0; k0 < n; k0 += 16) {
    for (int r = 0; r < 4; ++r) {
      la[ty + 16 * r][tx] = a[(row0 + ty + 16 * r) * n + k0 + tx];
      lb[ty][tx + 16 * r] = b[(k0 + ty) * n + col0 + tx + 16 * r];
    }
    barrier();
    for (int k = 0; k < 16; ++k)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
          acc[i][j] += la[ty + 16 * i][k] * lb[k][tx + 16 * j];
    barrier();
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      c[(row0 + ty + 16 * i) * n + col0 + tx + 16 * j] = acc[i][j];
}
