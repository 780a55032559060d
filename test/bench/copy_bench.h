// concurrency::copy between arrays (copy_bench.cpp), against what the device's
// copy engine does by hand in the same run.
#ifndef AMPVK_BENCH_COPY_BENCH_H
#define AMPVK_BENCH_COPY_BENCH_H

#include <string>

// Rows for `mib` MiB:
//   - copy(array, array) on the default accelerator, wall-clock until the
//     queue is idle, against one vkCmdCopyBuffer timed on the GPU;
//   - copy(host, array) until a kernel could use the data, and
//     copy(array, host), against one vkCmdCopyBuffer from or to host-visible
//     memory (GPU time);
//   - copy between the first two accelerators (two devices, or the replicas
//     AMPVK_DEVICE_REPLICAS=2 makes of one), wall-clock until a kernel on the
//     destination could use the data, against the device's own round trip
//     through host memory (device -> host-visible -> device, GPU time), and
//     against the same data moved by hand through a host vector
//     (copy(array, iterator), copy(iterator, array)).
// Every destination is compared with its source.
void bench_copies(const std::string &device_name, int mib, int reps);

#endif
