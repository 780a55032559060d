// The samples and the kernel tests are correct C++ AMP: they compile with
// -Wall -Wextra without any ampvk warning (or error: the compile would fail).
// RUN: %ampxx -Wall -Wextra %S/../../../samples/tile_average.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra %S/../../../samples/sampling_example.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra -DSAMPLESIZE=4 %S/../../../samples/sampling_example.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra %S/../../../samples/tiling_description.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra %S/../../../samples/list_accelerators.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra %S/../../kernels/non_tiled_test.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra %S/../../kernels/tiled_test.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra %S/../../kernels/switch_test.cpp 2>&1 | not grep -F "[ampvk -W"
// RUN: %ampxx -Wall -Wextra %S/../../kernels/coherence_test.cpp 2>&1 | not grep -F "[ampvk -W"
