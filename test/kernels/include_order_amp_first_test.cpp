// A ported program that includes <amp.h> before <cstring>, says
// `using namespace concurrency;` and names index<N> unqualified: glibc's BSD
// index() must not make that ambiguous (include/ampvk/detail/hide_bsd_index.h).
#include <amp.h>
#include <cstring>

#define AMPVK_INCLUDE_ORDER_TEST AmpFirstUsesUnqualifiedIndex
#include "include_order_body.h"
