#!/usr/bin/env bash
# The .deb `cpack` makes: it holds the headers, the plugin, the runtime, the
# tools, ampvk.pc and the CMake package under /usr, and the tree it unpacks to
# is usable as is: a program built with its pkg-config line runs, and so does
# ampvk-info.  Usage: run_deb.sh <build dir> <work dir>
set -euo pipefail
build=$1 work=$2 here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >cpack.log) ||
  { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/ampvk_*.deb)
dpkg-deb -f "$deb" Package Depends | tee "$work/control"
grep -qx "Package: ampvk" "$work/control"
grep -q "^Depends: .*clang-19" "$work/control"
dpkg-deb -x "$deb" "$work/root"
for f in usr/include/amp.h usr/include/amp_math.h usr/include/amp_short_vectors.h \
         usr/lib/ampvk/libampvk-plugin.so usr/lib/ampvk/libampvk-plugin-clang19.so \
         usr/lib/pkgconfig/ampvk.pc \
         usr/lib/cmake/ampvk/ampvk-config.cmake usr/bin/ampvk-info; do
  [ -e "$work/root/$f" ] || { echo "missing in the package: /$f"; dpkg-deb -c "$deb"; exit 1; }
done
ls "$work"/root/usr/lib/libampvk.so.* >/dev/null
"$here/run_consumer.sh" "$work/root/usr/lib/pkgconfig" "$work/consumer"
"$work/root/usr/bin/ampvk-info" | grep -q "device_path"
echo "package ok: $(basename "$deb")"
