# cmake -DSHIM=<libampvk-plugin.so> -DPLUGIN=<real plugin> -P check_digest.cmake
# The shim must carry the real plugin's SHA-256 (plugin/shim/CMakeLists.txt):
# compiler caches hash the shim, and a stale digest would let them reuse
# objects compiled by an older plugin.
file(SHA256 "${PLUGIN}" digest)
file(STRINGS "${SHIM}" found REGEX "^[0-9a-f]+$" LENGTH_MINIMUM 64 LENGTH_MAXIMUM 64)
if(NOT found STREQUAL digest)
  message(FATAL_ERROR "the shim ${SHIM} carries '${found}', the plugin's SHA-256 is ${digest}")
endif()
