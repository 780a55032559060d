// The seed pages' examples. The programs the samples build are compiled here
// with every ampvk warning an error, so they get no diagnostic at all; the
// page-only variants below must not either, except the "Do not do this" race.
// RUN: %ampxx -fplugin-arg-ampvk-Werror -Wall -Wextra %S/../../../samples/tile_average.cpp
// RUN: %ampxx -fplugin-arg-ampvk-Werror -Wall -Wextra -DSAMPLESIZE=2 %S/../../../samples/sampling_example.cpp
// RUN: %ampxx -fplugin-arg-ampvk-Werror -Wall -Wextra -DSAMPLESIZE=4 %S/../../../samples/sampling_example.cpp
// RUN: %ampxx -fplugin-arg-ampvk-Werror -Wall -Wextra %S/../../../samples/tiling_description.cpp
// RUN: %ampxx -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

#define SAMPLESIZE 2

// "Using Tiles": SamplingExample with wait_with_tile_static_memory_fence.
void SamplingWithFence(array_view<float, 2> matrix, array<float, 2> &averages) {
  parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=, &averages](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp) {
                      tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
                      tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];
                      t_idx.barrier.wait_with_tile_static_memory_fence();
                      if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
                        for (int trow = 0; trow < SAMPLESIZE; trow++) {
                          for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                            averages(t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
                          }
                        }
                        averages(t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
                      }
                    });
}

// "Using Tiles", race conditions: "Do not do this."
void RaceConditions(array_view<float, 2> matrix, array<float, 2> &averages) {
  parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=, &averages](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp) {
                      // Do not do this.
                      tile_static float total; // expected-note 2 {{'total' declared here}}
                      total += matrix[t_idx]; // expected-warning {{data race: every thread of the tile updates tile_static variable 'total' here at the same time}} expected-warning {{tile_static variable 'total' is read here before any thread of the tile has written it}}
                      t_idx.barrier.wait();
                      averages(t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
                    });
  // The page's second "Do not do this" is correct but does not scale (one
  // thread at a time adds to the total): no race, no warning.
  parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp) {
                      tile_static float total;
                      if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
                        total = matrix[t_idx];
                      }
                      t_idx.barrier.wait();
                      if (t_idx.local[0] == 0 && t_idx.local[1] == 1) {
                        total += matrix[t_idx];
                      }
                      t_idx.barrier.wait();
                    });
}
