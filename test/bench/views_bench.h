// Two accelerator_views at once (views_bench.cpp): whether a created view's
// kernels run beside the default view's (docs/performance.md, "Launch costs").
#ifndef AMPVK_BENCH_VIEWS_BENCH_H
#define AMPVK_BENCH_VIEWS_BENCH_H

#include <amp.h>

// A kernel of `items` work items, each a dependent chain of `iterations`
// multiply-adds: its time alone, two of them on one view, and one on each of
// two views (the default and a created one), four rounds; then the result of
// each chain checked against the host's. Returns false on a wrong result.
bool bench_views(const concurrency::accelerator &acc, int items, int iterations);

#endif
