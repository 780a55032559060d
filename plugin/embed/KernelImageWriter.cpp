//===- KernelImageWriter.cpp ----------------------------------------------===//
#include "KernelImageWriter.h"

#include "ampvk/kernel_image_codec.h"

using namespace ampvk;

std::string ampvk::writeKernelImage(const Kernel &K, const KernelCode &Code,
                                    const KernelSource &Source) {
  // The encoder writes magic, version and the counts.
  kernel_image_parts Parts;
  kernel_image_header &H = Parts.header;
  for (int I = 0; I < 3; ++I)
    H.local_size[I] = Code.LocalSize[I];
  H.rank = static_cast<std::uint32_t>(K.Rank);
  H.tiled = K.Tiled ? 1 : 0;
  H.item_loop = Code.SeveralItemsPerThread ? 1 : 0;
  // The emitter rejected blocks past MaxCaptureBlockBytes: these fit.
  auto Block = static_cast<std::uint32_t>(Code.Captures.BlockSize);
  H.push_size = Code.Captures.inBuffer() ? 0 : Block;
  H.capture_buffer_size = Code.Captures.inBuffer() ? Block : 0;
  H.closure_size = static_cast<std::uint32_t>(Code.Captures.ClosureSize);
  H.tile_static_bytes = Code.TileStaticBytes;
  // Entry I of each table is descriptor binding I of its set.
  auto Table = [](llvm::ArrayRef<CaptureBinding> Bindings, std::vector<kernel_binding> &Out) {
    for (unsigned I = 0; I < Bindings.size(); ++I) {
      const CaptureBinding &CB = Bindings[I];
      const bool View = CB.Kind == static_cast<std::uint32_t>(binding_kind::array_view) &&
                        CB.Rank > 0 && CB.ElementSize > 0;
      Out.push_back({CB.Kind, CB.HostOffset, I, CB.ImageOffset, CB.ObjectSize, CB.Access,
                     View ? static_cast<std::uint32_t>(CB.Rank) : 0u,
                     View ? CB.ElementSize : 0u});
    }
  };
  Table(Code.Captures.Bindings, Parts.bindings);
  Table(Code.Captures.ImageBindings, Parts.image_bindings);
  Parts.spirv = Code.Spirv;
  Parts.aliased_spirv = Code.AliasedSpirv;
  Parts.witness_spirv = Code.WitnessSpirv;
  Parts.witness_aliased_spirv = Code.WitnessAliasedSpirv;
  H.source_line = Source.Line;
  H.source_column = Source.Column;
  Parts.source_file = Source.File;
  Parts.source_function = Source.Function;
  Parts.check_sites = Code.CheckSites;
  Parts.print_sites = Code.PrintSites;
  H.race_slots = Code.RaceSlots;
  return encode_kernel_image(Parts);
}
