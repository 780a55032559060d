// A program that is not Clang, built without LLVM: dlopens each argument in
// turn (global symbols, as Clang loads plugins), the way a compiler would load
// libampvk-plugin.so. The fake Clang libraries loaded before the shim make it
// look like one Clang or another. Prints "loaded" and exits 0 when every
// library loaded; the shim itself exits 1 when it refuses.
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!dlopen(argv[i], RTLD_NOW | RTLD_GLOBAL)) {
      fprintf(stderr, "shim_host: %s\n", dlerror());
      return 2;
    }
  printf("loaded\n");
  return 0;
}
