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

#endif
