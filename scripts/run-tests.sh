#!/usr/bin/env bash
# README command (b): set up, build, and run the whole test suite (CTest:
# lit compiler tests, runtime tests, kernel tests, sample outputs), with the
# Khronos validation layer on for everything that touches Vulkan.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPVK_BUILD_DIR:-$root/build}
"$root/scripts/build.sh" -DAMPVK_BUILD_TESTS=ON
ctest --test-dir "$build" --output-on-failure -j2
