// A raw-Vulkan harness for the benchmarks' hand-written GLSL twins (compiled
// by glslang at build time): device-local buffers, one compute pipeline per
// shader, dispatches timed by GPU timestamps. Nothing of ampvk is used, so a
// twin is what a Vulkan programmer would write by hand.
#ifndef AMPVK_BENCH_TWIN_HARNESS_H
#define AMPVK_BENCH_TWIN_HARNESS_H

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace twin {

// Busy for `us` microseconds: a stand-in for a host step whose time was
// measured elsewhere (an MPI exchange), which a sleep would overshoot.
inline void spin_for(double us) {
  if (us <= 0)
    return;
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double, std::micro>(us);
  while (std::chrono::steady_clock::now() < until) {
  }
}

class Harness {
public:
  // Opens the physical device whose name is `device_name` (the accelerator
  // ampvk uses), or the first one when none has that name.
  explicit Harness(const std::string &device_name);
  ~Harness();
  bool ok() const;
  std::string error() const;

  // A device-local storage buffer holding `bytes` of `data` (zeros if null).
  int buffer(const void *data, std::size_t bytes);
  void read(int buffer, void *out, std::size_t bytes);
  void fill_zero(int buffer);

  // Seconds per dispatch of the shader at `spv_path` over `groups`, by GPU
  // timestamps around each of `reps` dispatches recorded back to back (a
  // compute -> compute memory barrier between them, as dependent launches
  // need), as ampvk's profiler times its launches; negative when it could
  // not run (error() says why).
  double run(const std::string &spv_path, const std::vector<int> &bindings, const void *push,
             std::uint32_t push_size, const std::uint32_t groups[3], int reps);

  // Seconds per vkCmdCopyBuffer of `bytes` from buffer `from` to `to`, timed
  // as run() times dispatches (a transfer -> transfer barrier between them).
  double copy_buffer(int from, int to, std::size_t bytes, int reps);
  // Seconds per round trip through host memory: `bytes` of buffer `from`
  // into a host-visible buffer, then from it into `to` (two vkCmdCopyBuffer,
  // a barrier between), timed as copy_buffer: what the device's copy engine
  // achieves between its memory and the host's in both directions.
  double through_host(int from, int to, std::size_t bytes, int reps);
  // Seconds per vkCmdCopyBuffer of `bytes` between buffer `device_buffer` and
  // a host-visible buffer, to the device (`to_device`) or from it, timed as
  // copy_buffer: the transfer rate the device reaches over its bus.
  double host_copy(int device_buffer, bool to_device, std::size_t bytes, int reps);

  // Wall-clock seconds per iteration of samples/mpi/mpi_heat.cpp's middle
  // rank written by hand: a band of `rows` rows (with its two halo rows) of
  // `cols` floats in `a`, stepped into `b` and back (the step shader, push
  // constants rows, cols, top, grid_rows and the rows computed, first and
  // count). Each iteration: one command buffer with the two halo rows up from
  // host-visible memory, the two edge rows computed and copied down, with a
  // fence; a second with the interior rows, submitted at once; the first
  // fence waited for, `exchange_us` spent (what the neighbours'
  // MPI_Sendrecv takes) and the edge rows moved into the halo rows on the
  // host. After `iterations` (one more first, untimed), `a` holds the result.
  double halo_iterations(const std::string &step_spv, int a, int b, int rows, int cols, int top,
                         int grid_rows, int iterations, double exchange_us);

  // The Vulkan objects (twin_harness.cpp), named there by its helpers.
  struct State;

private:
  std::unique_ptr<State> s;
};

} // namespace twin

#endif
