#include "execution/foreign_array_views.h"

#include <algorithm>
#include <mutex>

#include <ampvk/runtime.h>

#include "device.h"
#include "memory/buffer.h"
#include "memory/residency.h"

namespace ampvk {
namespace rt {

foreign_array_views::~foreign_array_views() {
  for (const auto &s : stand_ins_)
    buffer_release(s.view);
}

void foreign_array_views::stand_in(device &d, std::vector<bound_buffer> &bound) {
  for (auto &bb : bound) {
    if (bb.array_reference || bb.b->moves_with_kernels() || &bb.b->owner() == &d)
      continue; // a captured array must be on d: launch's bring_to_device says so
    auto it = std::find_if(stand_ins_.begin(), stand_ins_.end(),
                           [&](const stand_in_for &s) { return s.array == bb.b; });
    if (it == stand_ins_.end()) {
      buffer &array = *bb.b;
      bool writes = false;
      for (const auto &other : bound)
        if (other.b == &array)
          writes |= (other.access & binding_writes) != 0;
      void *host = nullptr;
      {
        auto lock = lock_owner(array);
        array.owner().check_not_lost();
        // Written: the host copy becomes the only current one, so the array's
        // device copy is refreshed from it at its next use there.
        if (writes)
          residency::host_write(array, lock);
        else
          residency::host_read(array, lock);
        host = array.host_pointer();
      }
      buffer *view = buffer_wrap_host(&d, host, array.bytes);
      stand_ins_.push_back({&array, view, writes});
      it = stand_ins_.end() - 1;
    }
    bb.b = it->view;
  }
}

void foreign_array_views::copy_back() {
  for (const auto &s : stand_ins_)
    if (s.written)
      buffer_synchronize(s.view);
}

} // namespace rt
} // namespace ampvk
