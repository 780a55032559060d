// Microsoft's headers declare `namespace Concurrency` and make `concurrency`
// an alias of it, so programs may reopen `namespace Concurrency { ... }` to add
// their own helpers; ampvk does the same. Every header that opens the
// namespace includes this first (an alias may be declared again).
#ifndef AMPVK_DETAIL_NAMESPACE_H
#define AMPVK_DETAIL_NAMESPACE_H

// The nested namespaces of Microsoft's C++ AMP, so that a program's
// `using namespace concurrency::fast_math;` compiles under either spelling.
namespace Concurrency {
namespace fast_math {}
namespace precise_math {}
namespace direct3d {}
namespace graphics {
namespace direct3d {}
} // namespace graphics
} // namespace Concurrency
namespace concurrency = Concurrency;

#endif
