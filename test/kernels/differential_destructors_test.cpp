// Destructors in kernels against the host, as C++17 (destructor_scenarios.h).
#define DTOR_SUITE Destructors
#include "destructor_scenarios.h"
