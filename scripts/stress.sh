#!/usr/bin/env bash
# The load test for as long as asked (nightly-style; CI runs 3 s as
# runtime.stress_short): many threads on several accelerator_views of two
# accelerators, mixed launches, copies and host accesses, every result
# checked, with the validation layer on. Runs the plain memory paths, then the
# discrete-GPU (staging) paths, each for the whole duration.
#
#   scripts/stress.sh [seconds=300] [threads=16] [views per accelerator=4]
#
# AMPVK_BUILD_DIR picks the build (default build/; scripts/sanitizers.sh
# builds build-tsan/ and build-asan/). Exit status: 0 when both runs passed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPVK_BUILD_DIR:-$root/build}
seconds=${1:-300}
threads=${2:-16}
views=${3:-4}
stress=$build/test/runtime/ampvk_stress
if [[ ! -x $stress ]]; then
  echo "stress.sh: $stress not built (cmake --build $build --target ampvk_stress)" >&2
  exit 2
fi
export AMPVK_VALIDATION=${AMPVK_VALIDATION:-1} AMPVK_DEVICE_REPLICAS=${AMPVK_DEVICE_REPLICAS:-2}
echo "== mapped memory, $seconds s"
"$stress" "$seconds" "$threads" "$views"
echo "== staging transfers and descriptor pools, $seconds s"
AMPVK_DEBUG_FORCE_STAGING=1 AMPVK_DEBUG_NO_PUSH_DESCRIPTOR=1 "$stress" "$seconds" "$threads" "$views"
