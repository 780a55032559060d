// RUN: %ampxx -Xclang -verify %s
// Tile limits (the seeds' parallel_for_each page): the product of the tile
// extents is at most 1024, and in 3-D the first extent is at most 64. They are
// static_asserts in tiled_extent's constructors (include/ampvk/detail/extent.h),
// so the message comes from <amp.h> with the user's line in the notes.
#include <amp.h>
using namespace concurrency;

void too_many_threads(array_view<int, 2> v) {
  // expected-error@ampvk/detail/extent.h:* {{the product of the tile extents must not exceed 1024}}
  // expected-note@ampvk/detail/extent.h:* {{in instantiation of member function 'Concurrency::tiled_extent<64, 32>::tiled_extent' requested here}}
  // expected-note@ampvk/detail/extent.h:* {{expression evaluates to '2048 <= 1024'}}
  parallel_for_each(v.extent.tile<64, 32>(), // expected-note {{in instantiation of function template specialization 'Concurrency::extent<2>::tile<64, 32>' requested here}}
                    [=](tiled_index<64, 32> t) restrict(amp) { v[t] = 1; });
  // Legal: exactly 1024 threads.
  parallel_for_each(v.extent.tile<32, 32>(), [=](tiled_index<32, 32> t) restrict(amp) { v[t] = 1; });
}

void first_extent_of_3d_tile(array_view<int, 3> v) {
  // expected-error@ampvk/detail/extent.h:* {{the first extent of a 3-D tile must not exceed 64}}
  // expected-note@ampvk/detail/extent.h:* {{in instantiation of member function 'Concurrency::tiled_extent<128, 2, 2>::tiled_extent' requested here}}
  parallel_for_each(v.extent.tile<128, 2, 2>(), // expected-note {{in instantiation of function template specialization 'Concurrency::extent<3>::tile<128, 2, 2>' requested here}}
                    [=](tiled_index<128, 2, 2> t) restrict(amp) { v[t] = 1; });
  // Legal: 64 in the first dimension; 128 is fine in the others.
  parallel_for_each(v.extent.tile<64, 2, 2>(), [=](tiled_index<64, 2, 2> t) restrict(amp) { v[t] = 1; });
  parallel_for_each(v.extent.tile<2, 2, 128>(), [=](tiled_index<2, 2, 128> t) restrict(amp) { v[t] = 1; });
}

void one_dimension(array_view<int, 1> v) {
  extent<1> e(4096);
  tiled_extent<2048> big(e); // expected-error@ampvk/detail/extent.h:* {{the product of the tile extents must not exceed 1024}} expected-note {{in instantiation of member function 'Concurrency::tiled_extent<2048>::tiled_extent' requested here}}
  // expected-note@ampvk/detail/extent.h:* {{expression evaluates to '2048 <= 1024'}}
  tiled_extent<1024> fine(e);
  tiled_extent<0> empty; // expected-error@ampvk/detail/extent.h:* {{tile extents must be positive}} expected-note {{in instantiation of member function 'Concurrency::tiled_extent<0>::tiled_extent' requested here}}
}
