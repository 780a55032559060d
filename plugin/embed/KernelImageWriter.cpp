//===- KernelImageWriter.cpp ----------------------------------------------===//
#include "KernelImageWriter.h"

#include "ampvk/kernel_image.h"

#include <cstring>

using namespace ampvk;

std::string ampvk::writeKernelImage(const Kernel &K, const KernelCode &Code) {
  const std::vector<std::uint32_t> &AliasedSpirv = Code.AliasedSpirv;
  kernel_image_header H{};
  H.magic = kernel_image_magic;
  H.version = kernel_image_version;
  for (int I = 0; I < 3; ++I)
    H.local_size[I] = Code.LocalSize[I];
  H.rank = static_cast<std::uint32_t>(K.Rank);
  H.tiled = K.Tiled ? 1 : 0;
  H.push_size = Code.Captures.PushSize;
  H.closure_size = Code.Captures.ClosureSize;
  H.num_bindings = static_cast<std::uint32_t>(Code.Captures.Bindings.size());
  H.spirv_words = static_cast<std::uint32_t>(Code.Spirv.size());
  H.tile_static_bytes = Code.TileStaticBytes;
  H.aliased_spirv_words = static_cast<std::uint32_t>(AliasedSpirv.size());

  std::string Out;
  Out.append(reinterpret_cast<const char *>(&H), sizeof(H));
  for (unsigned I = 0; I < Code.Captures.Bindings.size(); ++I) {
    const CaptureBinding &CB = Code.Captures.Bindings[I];
    kernel_binding KB{};
    KB.kind = CB.Kind;
    KB.host_offset = CB.HostOffset;
    KB.binding = I;
    KB.image_offset = CB.ImageOffset;
    KB.object_size = CB.ObjectSize;
    KB.access = CB.Access;
    Out.append(reinterpret_cast<const char *>(&KB), sizeof(KB));
  }
  Out.append(reinterpret_cast<const char *>(Code.Spirv.data()), Code.Spirv.size() * 4);
  Out.append(reinterpret_cast<const char *>(AliasedSpirv.data()), AliasedSpirv.size() * 4);
  return Out;
}
