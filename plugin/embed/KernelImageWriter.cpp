//===- KernelImageWriter.cpp ----------------------------------------------===//
#include "KernelImageWriter.h"

#include "ampvk/kernel_image_codec.h"

using namespace ampvk;

std::string ampvk::writeKernelImage(const KernelRequest &Req, const CompiledKernel &K,
                                    const std::vector<std::uint32_t> &AliasedSpirv) {
  // The encoder writes magic, version and the counts.
  kernel_image_parts Parts;
  kernel_image_header &H = Parts.header;
  for (int I = 0; I < 3; ++I)
    H.local_size[I] = K.LocalSize[I];
  H.rank = static_cast<std::uint32_t>(Req.Rank);
  H.tiled = Req.Tiled ? 1 : 0;
  H.push_size = K.Captures.PushSize;
  H.closure_size = K.Captures.ClosureSize;
  H.tile_static_bytes = K.TileStaticBytes;
  for (unsigned I = 0; I < K.Captures.Bindings.size(); ++I) {
    const CaptureBinding &CB = K.Captures.Bindings[I];
    kernel_binding KB{};
    KB.kind = CB.Kind;
    KB.host_offset = CB.HostOffset;
    KB.binding = I;
    KB.image_offset = CB.ImageOffset;
    KB.object_size = CB.ObjectSize;
    KB.access = CB.Access;
    Parts.bindings.push_back(KB);
  }
  Parts.spirv = K.Spirv;
  Parts.aliased_spirv = AliasedSpirv;
  return encode_kernel_image(Parts);
}
