#version 450
// samples/sgemm_kernels.h's sgemm::fastest written by hand (the twins row
// "sgemm"): C = alpha A B + beta C, 128x128 of C per tile of 16x16 threads,
// 8x8 outputs per thread position (strips of four rows and four columns at a
// stride of 16; a warp's 32 threads take a block of 4 x 8 positions), A and B
// slices of depth 8 in two shared buffers of vec4 (A transposed), the next
// slice's global loads issued before the current slice is computed, two
// slices a round (the last round loading slice 0 again). No `precise`: the
// driver may fuse a*b+c, as fp-contract=fast lets it.
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { vec4 b4[]; };
layout(std430, binding = 2) buffer C { vec4 c4[]; };
layout(push_constant) uniform P { int n; float alpha; float beta; };
shared vec4 as_[2][8][32];
shared vec4 bs_[2][8][32];
// One slice's multiply-adds, from shared buffer BUF (written out twice in
// the loop, as the C++ template's two calls of compute are).
#define COMPUTE(BUF)                                                               \
  for (int k = 0; k < 8; ++k) {                                                    \
    const vec4 a0 = as_[BUF][k][cy], a1 = as_[BUF][k][cy + 16];                    \
    const vec4 b0 = bs_[BUF][k][cx], b1 = bs_[BUF][k][cx + 16];                    \
    const float av[8] = float[8](a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w);  \
    const float bv[8] = float[8](b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w);  \
    for (int i = 0; i < 8; ++i)                                                    \
      for (int j = 0; j < 8; ++j)                                                  \
        acc[i][j] += av[i] * bv[j];                                                \
  }

void main() {
  const int ty = int(gl_LocalInvocationID.y), tx = int(gl_LocalInvocationID.x);
  const int tid = ty * 16 + tx;
  const int warp = tid / 32, lane = tid % 32;
  const int cy = warp / 2 * 4 + lane / 8, cx = warp % 2 * 8 + lane % 8;
  const int row0 = int(gl_WorkGroupID.y) * 128, col0 = int(gl_WorkGroupID.x) * 128;
  const int K = n, N4 = n / 4;
  float acc[8][8];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      acc[i][j] = 0.0;
  // This thread's slot of each slice: A rows ma..ma+3 at depth ka, B row kb, vec4 nb.
  const int ka = tid % 8, ma = 4 * (tid / 8);
  const int kb = tid / 32, nb = tid % 32;
  int at = (row0 + ma) * K + ka;
  vec4 ra = vec4(a[at], a[at + K], a[at + 2 * K], a[at + 3 * K]);
  vec4 rb = b4[kb * N4 + col0 / 4 + nb];
  as_[0][ka][ma / 4] = ra;
  bs_[0][kb][nb] = rb;
  barrier();
  const int slices = K / 8;
  for (int s = 0; s < slices; s += 2) {
    int k0 = (s + 1) * 8;
    at = (row0 + ma) * K + k0 + ka;
    ra = vec4(a[at], a[at + K], a[at + 2 * K], a[at + 3 * K]);
    rb = b4[(k0 + kb) * N4 + col0 / 4 + nb];
    COMPUTE(0)
    as_[1][ka][ma / 4] = ra;
    bs_[1][kb][nb] = rb;
    barrier();
    k0 = s + 2 < slices ? (s + 2) * 8 : 0;
    at = (row0 + ma) * K + k0 + ka;
    ra = vec4(a[at], a[at + K], a[at + 2 * K], a[at + 3 * K]);
    rb = b4[(k0 + kb) * N4 + col0 / 4 + nb];
    COMPUTE(1)
    as_[0][ka][ma / 4] = ra;
    bs_[0][kb][nb] = rb;
    barrier();
  }
  for (int i = 0; i < 2; ++i)
    for (int c = 0; c < 4; ++c) {
      const int row = row0 + 4 * (cy + i * 16) + c;
      for (int j = 0; j < 2; ++j) {
        const int o = row * N4 + col0 / 4 + cx + j * 16;
        vec4 v = alpha * vec4(acc[4 * i + c][4 * j], acc[4 * i + c][4 * j + 1],
                              acc[4 * i + c][4 * j + 2], acc[4 * i + c][4 * j + 3]);
        if (beta != 0.0)
          v += beta * c4[o];
        c4[o] = v;
      }
    }
}
