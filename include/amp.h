// <amp.h> for ampvk: C++ AMP (namespace concurrency) on Vulkan.
//
// Compile with $(pkg-config --cflags ampvk): it adds the ampvk plugin, which
// checks restrict(amp) code and compiles every parallel_for_each kernel to
// SPIR-V, and -fdeclspec for the properties (av.extent, t_idx.tile_extent).
//
// This header deliberately includes no C string headers: glibc's <strings.h>
// declares a global function index() that would clash with concurrency::index
// after `using namespace concurrency;`.
#ifndef AMPVK_AMP_H
#define AMPVK_AMP_H

#include <ampvk/detail/keywords.h>
#include <ampvk/exceptions.h>
#include <ampvk/detail/index.h>
#include <ampvk/detail/extent.h>
#include <ampvk/detail/tiled_index.h>
#include <ampvk/detail/accelerator.h>
#include <ampvk/detail/array_view.h>
#include <ampvk/detail/array.h>
#include <ampvk/detail/parallel_for_each.h>

namespace Concurrency = concurrency;

#endif
