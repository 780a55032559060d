// A kernel on one accelerator may use an array_view whose data is an array on
// another (C++ AMP copies the data implicitly). Arrays never leave their
// accelerator -- their data() pointers and mappings stay valid -- so for such a
// launch the view's data goes through the array's host copy: a temporary view
// of that host memory on the kernel's device stands in for the array, and once
// the kernel is done its results are copied back into the host copy, which
// the array then holds as its only current data.
#ifndef AMPVK_RUNTIME_EXECUTION_FOREIGN_ARRAY_VIEWS_H
#define AMPVK_RUNTIME_EXECUTION_FOREIGN_ARRAY_VIEWS_H

#include <vector>

#include "kernels/kernel_arguments.h"

namespace ampvk {
namespace rt {

class device;

class foreign_array_views {
public:
  foreign_array_views() = default;
  foreign_array_views(const foreign_array_views &) = delete;
  foreign_array_views &operator=(const foreign_array_views &) = delete;
  // Drops the stand-ins; after a failed launch the arrays keep their data.
  ~foreign_array_views();

  // Replaces, in bound, every buffer of an array on another device than d
  // that the kernel uses through an array_view by a stand-in on d. Call with
  // no device mutex held.
  void stand_in(device &d, std::vector<bound_buffer> &bound);
  // After the launch is recorded, with no device mutex held: waits for the
  // kernel and copies what it wrote back to the arrays' host copies.
  void copy_back();

private:
  struct stand_in_for {
    buffer *array;
    buffer *view; // wraps the array's host copy, on the kernel's device
    bool written;
  };
  std::vector<stand_in_for> stand_ins_;
};

} // namespace rt
} // namespace ampvk

#endif
