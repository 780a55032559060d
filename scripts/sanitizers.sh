#!/usr/bin/env bash
# Builds the runtime and its tests under ThreadSanitizer (build-tsan/) and
# AddressSanitizer + LeakSanitizer (build-asan/), and runs the load test and
# the fault tests in each. The sanitizers instrument host code only: the
# runtime, the tests and GoogleTest's main; kernels are SPIR-V run by the
# Vulkan driver (which is not instrumented, so TSan cannot see its threads'
# accesses to mapped memory; the runtime orders those by fences).
#
#   scripts/sanitizers.sh [seconds=5] [tsan|asan ...]
#
# The validation layer stays off here (its own threads and allocations are
# uninstrumented and make noise); the plain suite runs with it.
#
# Mesa 22.3's lavapipe leaks 128 bytes in every process that opens it, inside
# the driver, which the Vulkan loader unloads before LeakSanitizer reports, so
# no suppression can name it. Leak reports therefore go to files instead of
# failing the process, and this script fails on any leak with a frame in a
# module still loaded (ours among them), printing the driver's as ignored.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-5}
shift || true
kinds=("$@")
[[ ${#kinds[@]} -gt 0 ]] || kinds=(tsan asan)
# The runtime-only build needs no plugin, so any compiler will do: g++ by
# default, whose libtsan and libasan come with it (clang++-19's sanitizer
# runtimes are a separate package, libclang-rt-19-dev). CXX=clang++-19 where
# that is installed.
compiler=${CXX:-g++}
status=0
for kind in "${kinds[@]}"; do
  case $kind in
    tsan) flags="-fsanitize=thread" ;;
    asan) flags="-fsanitize=address -fno-omit-frame-pointer" ;;
    *) echo "sanitizers.sh: unknown kind $kind (tsan or asan)" >&2; exit 2 ;;
  esac
  build=$root/build-$kind
  rm -f "$build/CMakeCache.txt"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$compiler" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMPVK_RUNTIME_ONLY=ON \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$flags" >/dev/null
  cmake --build "$build" --target ampvk_stress ampvk_fault_tests
  export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/scripts/tsan.supp ${TSAN_OPTIONS:-}"
  export ASAN_OPTIONS="detect_leaks=1 ${ASAN_OPTIONS:-}"
  leaks=$build/leaks
  rm -rf "$leaks" && mkdir -p "$leaks"
  export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp exitcode=0 log_path=$leaks/report ${LSAN_OPTIONS:-}"
  echo "== $kind: stress, $seconds s"
  if ! AMPVK_DEVICE_REPLICAS=2 "$build/test/runtime/ampvk_stress" "$seconds" 8 3; then status=1; fi
  if ! AMPVK_DEVICE_REPLICAS=2 AMPVK_DEBUG_FORCE_STAGING=1 \
      "$build/test/runtime/ampvk_stress" "$seconds" 8 3; then status=1; fi
  echo "== $kind: faults and view moves"
  if ! AMPVK_DEVICE_REPLICAS=2 "$build/test/runtime/ampvk_fault_tests" \
      --gtest_filter='KernelTimeout.HostWait*:ViewMove.*:FaultSweep.*'; then status=1; fi
  # Each leak report is a block from "Direct leak" or "Indirect leak" to the
  # next blank line; a frame "in function" is in a module still loaded.
  for report in "$leaks"/report.*; do
    [[ -e $report ]] || continue
    if awk '/^(Direct|Indirect) leak/ {block=1; real=0; next}
            block && /^$/ {if (real) found=1; block=0}
            block && / in / && !/__interceptor_|libsanitizer/ {real=1}
            END {if (block && real) found=1; exit !found}' "$report"; then
      echo "== $kind: leak in $report:"; cat "$report"; status=1
    else
      echo "== $kind: $(basename "$report"): only leaks inside an unloaded module (the driver), ignored"
    fi
  done
done
exit $status
