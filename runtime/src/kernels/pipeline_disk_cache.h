// The Vulkan pipeline cache on disk, so that a program's second run creates
// its pipelines from the driver's cached binaries instead of compiling them
// again (the first launch of a process costs tens of milliseconds otherwise).
//
// One file per device and driver, named after vendorID, deviceID,
// pipelineCacheUUID and driverVersion, in $AMPVK_PIPELINE_CACHE_DIR, else
// $XDG_CACHE_HOME/ampvk, else $HOME/.cache/ampvk; AMPVK_PIPELINE_CACHE=0 turns
// it off. A file is our header (magic, key, payload size and checksum) and the
// data vkGetPipelineCacheData returned. Anything that does not match exactly
// (another device or driver, truncated, corrupted) is ignored and replaced by
// the next save. Saves write a temporary file and rename it over the old one,
// so concurrent processes never see half a file: the last one wins.
// Failures (no home, a directory that cannot be written) only lose the cache.
#ifndef AMPVK_RUNTIME_KERNELS_PIPELINE_DISK_CACHE_H
#define AMPVK_RUNTIME_KERNELS_PIPELINE_DISK_CACHE_H

#include <string>
#include <vector>

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

// The file for this device, or "" when the cache is off or has no directory.
std::string pipeline_cache_file(const VkPhysicalDeviceProperties &device);

// The cache data stored for this device, or nothing when the file is missing
// or invalid.
std::vector<unsigned char> load_pipeline_cache(const std::string &file,
                                               const VkPhysicalDeviceProperties &device);

// Replaces the file with data (from vkGetPipelineCacheData); creates the
// directory if needed. Returns false when it could not.
bool save_pipeline_cache(const std::string &file, const VkPhysicalDeviceProperties &device,
                         const std::vector<unsigned char> &data) noexcept;

} // namespace rt
} // namespace ampvk

#endif
