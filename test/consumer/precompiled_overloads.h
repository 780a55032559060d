// A header that CMake precompiles for restrict_overloads_pch.cpp
// (target_precompile_headers; test/lit/headers/include_and_pch.cpp reads it
// with -include and precompiles it too): CMake's generated cmake_pch.hxx includes it
// and every source of the target is compiled with `-include cmake_pch.hxx`
// and the precompiled header, so this is read before the source, before
// <amp.h> could be included by the source. Restriction overloads declared here
// must mean what they mean in an #include'd header.
#include <amp.h>

struct Scale {
  int by;
  int apply(int x) const restrict(cpu) { return x * by + 1; }
  int apply(int x) const restrict(amp) { return x * by + 2; }
};

inline int side() restrict(cpu) { return 10; }
inline int side() restrict(amp) { return 20; }

inline int both(int x) restrict(cpu, amp) { return Scale{3}.apply(x) + side(); }
