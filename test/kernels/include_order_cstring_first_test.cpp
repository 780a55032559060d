// A ported program that includes <cstring> before <amp.h>, says
// `using namespace concurrency;` and names index<N> unqualified: glibc's BSD
// index() must not make that ambiguous (include/ampvk/detail/hide_bsd_index.h).
#include <cstring>
#include <amp.h>

#define AMPVK_INCLUDE_ORDER_TEST CstringFirstUsesUnqualifiedIndex
#include "include_order_body.h"
