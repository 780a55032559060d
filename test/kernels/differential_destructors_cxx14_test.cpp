// Destructors in kernels against the host, as C++14: copies from temporaries
// are elidable constructor calls there, elided on both sides
// (destructor_scenarios.h; CMakeLists.txt compiles this file as C++14).
#define DTOR_SUITE DestructorsCxx14
#include "destructor_scenarios.h"
