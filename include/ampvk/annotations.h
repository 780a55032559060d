// The contract between ampvk's headers and the ampvk plugin: every annotation
// <amp.h> leaves in the AST for the plugin, spelled once. keywords.h builds
// the user-facing macros from these spellings and the plugin reads them back
// through the same names (plugin/attrs/AmpAttributes.cpp), then checks once
// per compilation that the headers it sees speak this contract
// (plugin/attrs/LibraryContract.cpp): a header from another ampvk version is
// one clear "header/plugin mismatch" error, never wrong code.
//
// Plain macros, so that C++11 code and the preprocessor (for the annotate
// strings) can use them.
#ifndef AMPVK_ANNOTATIONS_H
#define AMPVK_ANNOTATIONS_H

// Bump with any change below or in a layout fact the plugin relies on (an
// array or array_view starts with its runtime buffer pointer, an array_view
// has its int `_M_offset` next; index<N> keeps its components in
// `int _M_base[N]`; textures and their views start with a texture_object's
// members, samplers with a sampler_object's).
#define AMPVK_CONTRACT_VERSION 4

// The annotate() strings. Those with a trailing ':' carry an argument.
// Public: they reach user code through restrict(...) and tile_static.
#define AMPVK_SPELLING_RESTRICT "amp.restrict:"      // + "cpu", "amp", "cpu,amp"
#define AMPVK_SPELLING_TILE_STATIC "amp.tile_static"
// Private to ampvk's headers; user code that spells them gets an error.
#define AMPVK_SPELLING_INTRINSIC "amp.intrinsic:"    // + an AMPVK_INTRINSIC_NAMES name
#define AMPVK_SPELLING_CLASS "amp.class:"            // + an AMPVK_CLASS_NAMES name
#define AMPVK_SPELLING_KERNEL_IMAGE "amp.kernel_image"
#define AMPVK_SPELLING_CONTRACT "amp.contract:"      // + AMPVK_CONTRACT_VERSION
#define AMPVK_SPELLING_NOT_YET "amp.not_yet:"        // + the API's name, for messages

// X(Enumerator, "spelling", IsPrivate): the annotations, for the plugin's enum.
#define AMPVK_ANNOTATIONS(X)                                                   \
  X(Restrict, AMPVK_SPELLING_RESTRICT, false)                                  \
  X(TileStatic, AMPVK_SPELLING_TILE_STATIC, false)                             \
  X(Intrinsic, AMPVK_SPELLING_INTRINSIC, true)                                 \
  X(Class, AMPVK_SPELLING_CLASS, true)                                         \
  X(KernelImage, AMPVK_SPELLING_KERNEL_IMAGE, true)                            \
  X(Contract, AMPVK_SPELLING_CONTRACT, true)                                   \
  X(NotYet, AMPVK_SPELLING_NOT_YET, true)

// X(Enumerator, "name"): library functions whose device meaning the plugin
// supplies (their bodies are the host implementation).
#define AMPVK_INTRINSIC_NAMES(X)                                               \
  X(BarrierAll, "barrier.all")                                                 \
  X(BarrierGlobal, "barrier.global")                                           \
  X(BarrierTileStatic, "barrier.tile_static")                                  \
  X(FenceAll, "fence.all")                                                     \
  X(FenceGlobal, "fence.global")                                               \
  X(FenceTileStatic, "fence.tile_static")                                      \
  X(BufferElement, "buffer.element")                                           \
  X(BoundsCheck, "bounds.check")                                              \
  X(BoundsRow, "bounds.row")                                                   \
  X(ArrayViewCopy, "array_view.copy")                                          \
  X(ArrayViewDestroy, "array_view.destroy")                                    \
  X(ArrayViewShare, "array_view.share")                                        \
  X(ArrayViewElementsAt, "array_view.elements_at")                             \
  X(ViewOrigin, "view.origin")                                                 \
  X(HostOnly, "host.only")                                                     \
  X(DebugPrintf, "debug.printf")                                               \
  X(DebugErrorf, "debug.errorf")                                               \
  X(DebugAbort, "debug.abort")                                                 \
  X(AtomicExchange, "atomic.exchange")                                         \
  X(AtomicCompareExchange, "atomic.compare_exchange")                          \
  X(AtomicAdd, "atomic.add")                                                   \
  X(AtomicSub, "atomic.sub")                                                   \
  X(AtomicMax, "atomic.max")                                                   \
  X(AtomicMin, "atomic.min")                                                   \
  X(AtomicAnd, "atomic.and")                                                   \
  X(AtomicOr, "atomic.or")                                                     \
  X(AtomicXor, "atomic.xor")                                                   \
  X(AtomicInc, "atomic.inc")                                                   \
  X(AtomicDec, "atomic.dec")                                                   \
  X(D3dCountBits, "direct3d.countbits")                                        \
  X(D3dReverseBits, "direct3d.reversebits")                                    \
  X(D3dFirstBitHigh, "direct3d.firstbithigh")                                  \
  X(D3dFirstBitLow, "direct3d.firstbitlow")                                    \
  X(MathDevice, "math.device")                                                 \
  X(MathGlsl, "math.glsl")                                                     \
  X(MathSpirv, "math.spirv")                                                   \
  X(TextureLoad, "texture.load")                                               \
  X(TextureStore, "texture.store")                                             \
  X(TextureSample, "texture.sample")                                           \
  X(TextureGather, "texture.gather")

// X(Enumerator, "name"): library classes the plugin treats specially.
#define AMPVK_CLASS_NAMES(X)                                                   \
  X(ArrayView, "array_view")                                                   \
  X(Array, "array")                                                            \
  X(TiledIndex, "tiled_index")                                                 \
  X(Texture, "texture")                                                        \
  X(TextureView, "texture_view")                                               \
  X(WriteonlyTextureView, "writeonly_texture_view")                            \
  X(Sampler, "sampler")

#define AMPVK_STRINGIZE_VALUE(x) AMPVK_STRINGIZE(x)
#define AMPVK_STRINGIZE(x) #x

#endif
