#!/usr/bin/env bash
# Configures and builds ampvk into ${AMPVK_BUILD_DIR:-build} with clang++-19.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPVK_BUILD_DIR:-$root/build}
"$root/scripts/setup-debian.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE:-RelWithDebInfo} "$@"
cmake --build "$build"
