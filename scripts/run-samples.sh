#!/usr/bin/env bash
# README command (a): set up, build, and run the seed samples and the ported
# matrix multiply on the default Vulkan device (AMPVK_DEVICE picks another),
# printing their output.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPVK_BUILD_DIR:-$root/build}
"$root/scripts/build.sh" -DAMPVK_BUILD_TESTS=OFF
for sample in tile_average sampling_example_2 sampling_example_4 tiling_description \
    matrix_multiply_ported sgemm image_blur; do
  echo "== $sample"
  "$build/samples/$sample"
done
