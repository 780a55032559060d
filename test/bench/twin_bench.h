// The benchmark kernels against their GLSL twins (twin_bench.cpp).
#ifndef AMPVK_BENCH_TWIN_BENCH_H
#define AMPVK_BENCH_TWIN_BENCH_H

#include <amp.h>

#include <string>

// Prints one row per kernel: ampvk time, twin time, ratio, rate. The twins'
// SPIR-V is read from twin_dir; `device_name` picks the same device. With
// `only` set (`ampvk_bench twins copy,saxpy`), just the rows named by the
// first words of their kernels.
void bench_twins(const concurrency::accelerator_view &av, const std::string &device_name,
                 bool small, const std::string &twin_dir, const std::string &only = "");

// samples/mpi/mpi_heat.cpp's iteration for a middle rank (a band of `own`
// rows of `cols` floats: the two edge rows computed and started home
// (synchronize_async), the interior computed meanwhile, the edge rows back
// as halo rows after `exchange_us`, what the MPI exchange takes) in ampvk
// and written by hand (twins/heat_step.comp), wall-clock time per
// iteration, and the two results compared exactly; also the band stepped
// alone, without exchange, and with `depth` > 1 halos that deep exchanged
// every `depth` iterations (ampvk only; the result compared with the
// one-row exchange's). `iterations` must be a multiple of depth.
void bench_halo(const concurrency::accelerator_view &av, const std::string &device_name,
                const std::string &twin_dir, int own, int cols, int iterations,
                double exchange_us, int depth = 1);

#endif
