// RUN: %ampxx -Xclang -verify %s
// The same 25-deep nest as deep_nest_uniform_barrier.cpp with one early break
// that only some threads take, 12 levels down: the threads that left no
// longer run the loops around it, n differs between threads from then on, and
// the conditions on n make every later trip thread-dependent. The barrier in
// the helper is an error at its line (Microsoft's C3561), however deep the
// nest; the note names the first condition found to depend on the thread.
#include <amp.h>
using namespace concurrency;

int step(const tiled_index<64> &t, int n) restrict(amp) {
  t.barrier.wait(); // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile; every thread of a tile must reach the same barriers}}
  return n % 2 + 1;
}

void deep(array_view<int, 1> av, int m) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    int n = m;
    for (int v0 = 0; v0 < m; ++v0) {
      if (v0 == n + 3) break; // expected-note {{this condition depends on the thread's position in the tile}}
      int v1 = 0;
      do {
        ++v1;
        if (v1 > n + 4) break;
        int v2 = 0;
        while (v2 < m) {
          ++v2;
          if (v2 == n + 5) continue;
          if (n + 3 > 0) {
            switch (n % 3) {
            case 0:
              n += 1;
              break;
            default: {
              for (int v5 = 0; v5 < m; ++v5) {
                if (v5 == n + 3) break;
                int v6 = 0;
                do {
                  ++v6;
                  if (v6 > n + 4) break;
                  int v7 = 0;
                  while (v7 < m) {
                    ++v7;
                    if (v7 == n + 5) continue;
                    if (n + 8 > 0) {
                      switch (n % 3) {
                      case 0:
                        n += 1;
                        break;
                      default: {
                        for (int v10 = 0; v10 < m; ++v10) {
                          if (v10 == n + 3) break;
                          int v11 = 0;
                          do {
                            ++v11;
                            if (v11 > n + 4) break;
                            int v12 = 0;
                            while (v12 < m) {
                              ++v12;
                              if (v12 == n + 5) continue;
                              if (t.local[0] == 12) break; // DIVERGE
                              if (n + 13 > 0) {
                                switch (n % 3) {
                                case 0:
                                  n += 1;
                                  break;
                                default: {
                                  for (int v15 = 0; v15 < m; ++v15) {
                                    if (v15 == n + 3) break;
                                    int v16 = 0;
                                    do {
                                      ++v16;
                                      if (v16 > n + 4) break;
                                      int v17 = 0;
                                      while (v17 < m) {
                                        ++v17;
                                        if (v17 == n + 5) continue;
                                        if (n + 18 > 0) {
                                          switch (n % 3) {
                                          case 0:
                                            n += 1;
                                            break;
                                          default: {
                                            for (int v20 = 0; v20 < m; ++v20) {
                                              if (v20 == n + 3) break;
                                              int v21 = 0;
                                              do {
                                                ++v21;
                                                if (v21 > n + 4) break;
                                                int v22 = 0;
                                                while (v22 < m) {
                                                  ++v22;
                                                  if (v22 == n + 5) continue;
                                                  if (n + 23 > 0) {
                                                    switch (n % 3) {
                                                    case 0:
                                                      n += 1;
                                                      break;
                                                    default: {
                                                      s[t.local[0]] = n;
                                                      n += step(t, n); // expected-note {{'step' is called here}}
                                                      n += s[(n + 1) % 64] % 2; // the same place for every thread, after the barrier
                                                      break;
                                                    }
                                                    }
                                                  }
                                                }
                                              } while (v21 < m);
                                            }
                                            break;
                                          }
                                          }
                                        }
                                      }
                                    } while (v16 < m);
                                  }
                                  break;
                                }
                                }
                              }
                            }
                          } while (v11 < m);
                        }
                        break;
                      }
                      }
                    }
                  }
                } while (v6 < m);
              }
              break;
            }
            }
          }
        }
      } while (v1 < m);
    }
    av[t.global] = n;
  });
}
