// The capture block of a kernel whose captures do not fit in push constants
// (kernel_image.h) lives in a host-visible storage buffer. Each frame owns one;
// the launches of a batch take consecutive blocks of it, and the next batch
// recorded in the frame starts over: a frame is recorded again only after its
// fence signaled, so a launch in flight never sees its bytes overwritten by a
// later one, and launches allocate nothing once the frames have buffers large
// enough.
#ifndef AMPVK_RUNTIME_EXECUTION_CAPTURE_BUFFER_H
#define AMPVK_RUNTIME_EXECUTION_CAPTURE_BUFFER_H

#include <cstdint>

namespace ampvk {
namespace rt {

class device;
struct frame;

// Whether the batch f can still take a block of `bytes` (a batch that took
// none can always: its buffer is then replaced if too small).
bool capture_room(const device &d, const frame &f, std::uint32_t bytes) noexcept;
// The launch's block of the frame's mapped capture memory, `bytes` long; its
// offset in the buffer is left in f.capture_offset. Device mutex held; the
// frame is recording and capture_room said yes.
unsigned char *capture_memory(device &d, frame &f, std::uint32_t bytes);

} // namespace rt
} // namespace ampvk

#endif
