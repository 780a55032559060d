// AMPVK_LOG (profiler.h): one stderr line per launch and per transfer, e.g.
//   ampvk: launch main.cpp:12:30 main: extent 1024, untiled, view 0 of DEVICE
//   ampvk: launch main.cpp:20:5 main: extent 64x64, tile 16x16, view 0 of DEVICE
//   ampvk: transfer host->device 4096 bytes, upload before kernel, view 0 of DEVICE
//   ampvk: pipeline main.cpp:12:30 main: created in 0.75 ms on DEVICE; compute
//          shader: Register Count 32, Shared Memory Size 0 ... (the driver's
//          statistics, where it reports them)
// where DEVICE is e.g. "llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan device 0)".
#include <cstdio>
#include <string>

#include "diagnostics/profiler_state.h"

namespace ampvk {
namespace rt {
namespace {

std::string dims(const int *values, int n) {
  std::string text;
  for (int i = 0; i < n; ++i)
    text += (i ? "x" : "") + std::to_string(values[i]);
  return text;
}

} // namespace

void log_launch(const std::string &view, const profiled_kernel &k, const kernel_image &image,
                int rank, const int *extent) {
  std::string shape = "extent " + dims(extent, rank);
  if (image.header.tiled) {
    // local_size is x, y, z: C++ AMP's last dimension first.
    const int r = static_cast<int>(image.header.rank);
    int tile[3] = {1, 1, 1};
    for (int d = 0; d < r && d < 3; ++d)
      tile[d] = static_cast<int>(image.header.local_size[r - 1 - d]);
    shape += ", tile " + dims(tile, r);
  } else {
    shape += ", untiled";
  }
  std::fprintf(stderr, "ampvk: launch %s: %s, %s\n", kernel_label(k).c_str(), shape.c_str(),
               view.c_str());
}

void log_pipeline(const std::string &device, const profiled_kernel &k, double ms,
                  const std::string &statistics) {
  char took[32];
  std::snprintf(took, sizeof took, "%.2f ms", ms);
  std::fprintf(stderr, "ampvk: pipeline %s: created in %s on %s%s%s\n", kernel_label(k).c_str(),
               took, device.c_str(), statistics.empty() ? "" : "; ", statistics.c_str());
}

void log_transfer(const std::string &view, transfer_direction d, std::uint64_t bytes,
                  const char *reason) {
  std::fprintf(stderr, "ampvk: transfer %s %llu bytes, %s, %s\n", direction_name(d),
               static_cast<unsigned long long>(bytes), reason, view.c_str());
}

} // namespace rt
} // namespace ampvk
