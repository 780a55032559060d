#!/usr/bin/env bash
# ampvk-clang++ checks the compiler before the plugin is loaded: g++, a Clang
# of another version and a missing compiler each get the one-line explanation
# (exactly), and Clang 19 compiles, links and runs a program.
# usage: check_clang_wrapper.sh WRAPPER WORKDIR
set -uo pipefail
wrapper=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
failed=0

expect_refusal() { # AMPVK_CXX, expected stderr
  local out status
  out=$(AMPVK_CXX=$1 "$wrapper" -std=c++17 -c "$here/../consumer/matrix_multiply.cpp" -o "$work/x.o" 2>&1)
  status=$?
  if [ $status -ne 1 ] || [ "$out" != "$2" ]; then
    echo "FAIL with AMPVK_CXX=$1: status $status, output:"
    echo "$out"
    echo "expected:"
    echo "$2"
    failed=1
  fi
}

gxx_version=$(g++ --version | head -n 1)
expect_refusal g++ "ampvk-clang++: g++ is \"$gxx_version\", but ampvk's plugin is built for Clang 19: use clang++-19 (Debian: apt-get install clang-19) or set AMPVK_CXX to a Clang 19 compiler"

# A Clang of another version, as Debian's clang-18 prints it.
printf '#!/bin/sh\necho "Debian clang version 18.1.8 (11)"\necho "Target: x86_64-pc-linux-gnu"\n' > "$work/clang++-18"
chmod +x "$work/clang++-18"
expect_refusal "$work/clang++-18" "ampvk-clang++: $work/clang++-18 is \"Debian clang version 18.1.8 (11)\", but ampvk's plugin is built for Clang 19: use clang++-19 (Debian: apt-get install clang-19) or set AMPVK_CXX to a Clang 19 compiler"

expect_refusal "$work/no-such-clang++" "ampvk-clang++: cannot run $work/no-such-clang++: ampvk needs Clang 19 (its plugin is built for Clang 19); install clang-19 or set AMPVK_CXX to a Clang 19 compiler"

# The right compiler: compile, link separately, run.
if ! "$wrapper" -std=c++17 -c "$here/../consumer/matrix_multiply.cpp" -o "$work/mm.o" ||
   ! "$wrapper" "$work/mm.o" -o "$work/mm" || ! "$work/mm"; then
  echo "FAIL: ampvk-clang++ with clang++-19 did not build and run matrix_multiply.cpp"
  failed=1
fi
exit $failed
