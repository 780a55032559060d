#include "kernels/pipeline_disk_cache.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vulkan/env.h"

namespace ampvk {
namespace rt {
namespace {

constexpr char file_magic[8] = {'A', 'M', 'P', 'V', 'K', 'P', 'C', '1'};

// Everything that must match before the driver sees a byte of the payload.
struct file_header {
  char magic[8];
  std::uint32_t vendor_id;
  std::uint32_t device_id;
  std::uint32_t driver_version;
  std::uint8_t cache_uuid[VK_UUID_SIZE];
  std::uint32_t reserved;
  std::uint64_t payload_size;
  std::uint64_t payload_checksum;
};

std::uint64_t fnv1a(const unsigned char *data, std::size_t size) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < size; ++i)
    h = (h ^ data[i]) * 0x100000001b3ull;
  return h;
}

file_header header_for(const VkPhysicalDeviceProperties &device) noexcept {
  file_header h;
  std::memset(&h, 0, sizeof h);
  std::memcpy(h.magic, file_magic, sizeof h.magic);
  h.vendor_id = device.vendorID;
  h.device_id = device.deviceID;
  h.driver_version = device.driverVersion;
  std::memcpy(h.cache_uuid, device.pipelineCacheUUID, VK_UUID_SIZE);
  return h;
}

std::string cache_directory() {
  if (const char *dir = env_value("AMPVK_PIPELINE_CACHE_DIR"))
    return dir;
  if (const char *xdg = env_value("XDG_CACHE_HOME"))
    return std::string(xdg) + "/ampvk";
  if (const char *home = env_value("HOME"))
    return std::string(home) + "/.cache/ampvk";
  return std::string();
}

// mkdir -p; an existing directory is fine.
bool make_directories(const std::string &dir) {
  for (std::size_t pos = 1; pos <= dir.size(); ++pos) {
    if (pos != dir.size() && dir[pos] != '/')
      continue;
    std::string prefix = dir.substr(0, pos);
    if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
      return false;
  }
  struct stat st;
  return ::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool write_all(int fd, const void *data, std::size_t size) {
  const char *p = static_cast<const char *>(data);
  while (size) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// The payload's own header (VkPipelineCacheHeaderVersionOne) must name this
// device too: the driver would reject it anyway, but not every driver is
// careful with data it did not write.
bool payload_matches(const std::vector<unsigned char> &payload,
                     const VkPhysicalDeviceProperties &device) {
  VkPipelineCacheHeaderVersionOne vk;
  if (payload.size() < sizeof vk)
    return false;
  std::memcpy(&vk, payload.data(), sizeof vk);
  return vk.headerSize >= sizeof vk && vk.headerSize <= payload.size() &&
         vk.headerVersion == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
         vk.vendorID == device.vendorID && vk.deviceID == device.deviceID &&
         std::memcmp(vk.pipelineCacheUUID, device.pipelineCacheUUID, VK_UUID_SIZE) == 0;
}

} // namespace

std::string pipeline_cache_file(const VkPhysicalDeviceProperties &device) {
  const char *enabled = env_value("AMPVK_PIPELINE_CACHE");
  if (enabled && std::strcmp(enabled, "0") == 0)
    return std::string();
  std::string dir = cache_directory();
  if (dir.empty())
    return dir;
  char name[128];
  std::snprintf(name, sizeof name, "/pipelines-%08x-%08x-%08x-", device.vendorID, device.deviceID,
                device.driverVersion);
  std::string file = dir + name;
  for (std::uint8_t byte : device.pipelineCacheUUID) {
    char hex[3];
    std::snprintf(hex, sizeof hex, "%02x", byte);
    file += hex;
  }
  return file + ".bin";
}

std::vector<unsigned char> load_pipeline_cache(const std::string &file,
                                               const VkPhysicalDeviceProperties &device) {
  std::vector<unsigned char> none;
  if (file.empty())
    return none;
  std::FILE *in = std::fopen(file.c_str(), "rb");
  if (!in)
    return none;
  file_header h;
  const file_header expected = header_for(device);
  std::vector<unsigned char> payload;
  bool ok = std::fread(&h, sizeof h, 1, in) == 1 &&
            std::memcmp(&h, &expected, offsetof(file_header, payload_size)) == 0 &&
            h.payload_size > 0 && h.payload_size <= (std::uint64_t(1) << 30);
  if (ok) {
    payload.resize(static_cast<std::size_t>(h.payload_size));
    ok = std::fread(payload.data(), 1, payload.size(), in) == payload.size() &&
         std::fgetc(in) == EOF && fnv1a(payload.data(), payload.size()) == h.payload_checksum &&
         payload_matches(payload, device);
  }
  std::fclose(in);
  return ok ? payload : none;
}

bool save_pipeline_cache(const std::string &file, const VkPhysicalDeviceProperties &device,
                         const std::vector<unsigned char> &data) noexcept {
  try {
    if (file.empty() || data.empty())
      return false;
    const std::string dir = file.substr(0, file.rfind('/'));
    if (!make_directories(dir))
      return false;
    // Unique per process and per save: concurrent writers never share a file.
    static std::atomic<unsigned> counter{0};
    const std::string temp = file + ".tmp." + std::to_string(::getpid()) + "." +
                             std::to_string(counter.fetch_add(1));
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
      return false;
    file_header h = header_for(device);
    h.payload_size = data.size();
    h.payload_checksum = fnv1a(data.data(), data.size());
    bool ok = write_all(fd, &h, sizeof h) && write_all(fd, data.data(), data.size());
    ok = (::close(fd) == 0) && ok;
    if (ok && ::rename(temp.c_str(), file.c_str()) == 0)
      return true;
    ::unlink(temp.c_str());
    return false;
  } catch (...) {
    return false; // out of memory building names: only the cache is lost
  }
}

} // namespace rt
} // namespace ampvk
