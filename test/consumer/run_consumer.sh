#!/usr/bin/env bash
# Builds matrix_multiply.cpp the way a user outside this tree would:
#   clang++-19 -std=c++17 $(pkg-config --cflags ampvk) app.cpp $(pkg-config --libs ampvk)
# with PKG_CONFIG_PATH=$1 (the build tree's or an install's pkgconfig folder),
# then runs it.
set -euo pipefail
export PKG_CONFIG_PATH=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
clang++-19 -std=c++17 $(pkg-config --cflags ampvk) "$here/matrix_multiply.cpp" \
  $(pkg-config --libs ampvk) -o "$out/matrix_multiply"
"$out/matrix_multiply"
