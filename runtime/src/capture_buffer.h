// The capture block of a kernel whose captures do not fit in push constants
// (kernel_image.h) lives in a host-visible storage buffer. Each frame owns one
// and reuses it for every launch it records: a frame is recorded again only
// after its fence signaled, so a launch in flight never sees its bytes
// overwritten by a later one, and launches allocate nothing once the frames
// have buffers large enough.
#ifndef AMPVK_RUNTIME_CAPTURE_BUFFER_H
#define AMPVK_RUNTIME_CAPTURE_BUFFER_H

#include <cstdint>

namespace ampvk {
namespace rt {

class device;
struct frame;

// The frame's mapped capture memory, at least `bytes` long. Device mutex held;
// the frame is recording.
unsigned char *capture_memory(device &d, frame &f, std::uint32_t bytes);

} // namespace rt
} // namespace ampvk

#endif
