// libampvk-plugin.so, the file users pass to -fplugin=: a shim with no LLVM or
// Clang link dependency. The real plugin (libampvk-plugin-clangN.so, next to
// this file) needs the symbols of the Clang it was built for; loaded into
// another Clang it fails in the dynamic loader ("undefined symbol") or, worse,
// runs against the wrong class layouts. So this constructor first makes sure
// the process is Clang AMPVK_CLANG_MAJOR, by the Clang and LLVM libraries it
// has loaded, and otherwise explains in one line and exits with status 1.
// Then it loads the real plugin, whose static initializer registers "ampvk" in
// Clang's plugin registry, exactly as if Clang had loaded it itself.
//
// Only the C library here: this file must load into any process.
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef AMPVK_CLANG_MAJOR
#error "AMPVK_CLANG_MAJOR (the Clang major version of the real plugin) must be defined"
#endif
#ifndef AMPVK_REAL_PLUGIN
#error "AMPVK_REAL_PLUGIN (the real plugin's file name) must be defined"
#endif

namespace {

// The first Clang or LLVM library of the process: libclang-cpp.so.N[.M]
// (Clang's library), libLLVM.so.N[.M] (LLVM 18 and later) or libLLVM-N.so[.M]
// (before). Its major version is the Clang's.
struct clang_library {
  char name[128] = "";
  int major = -1;
};

// The major version in `name` right after `prefix`, or -1.
int major_after(const char *name, const char *prefix) {
  const size_t n = strlen(prefix);
  if (strncmp(name, prefix, n) != 0)
    return -1;
  char *end = nullptr;
  long major = strtol(name + n, &end, 10);
  if (end == name + n || major < 0 || major > 1000)
    return -1;
  return static_cast<int>(major);
}

int library_major(const char *base) {
  int major = major_after(base, "libclang-cpp.so.");
  if (major < 0)
    major = major_after(base, "libLLVM.so.");
  if (major < 0)
    major = major_after(base, "libLLVM-");
  return major;
}

int find_clang_library(struct dl_phdr_info *info, size_t, void *data) {
  auto *found = static_cast<clang_library *>(data);
  const char *path = info->dlpi_name;
  if (!path || !*path)
    return 0;
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  const int major = library_major(base);
  if (major < 0)
    return 0;
  snprintf(found->name, sizeof found->name, "%s", base);
  found->major = major;
  return 1; // stop at the first
}

const char *loading_program(char *buffer, size_t size) {
  ssize_t n = readlink("/proc/self/exe", buffer, size - 1);
  if (n <= 0)
    return "an unknown program";
  buffer[n] = '\0';
  return buffer;
}

[[noreturn]] void give_up() {
  fflush(stderr);
  // exit, not _exit: Clang's own exit handlers still remove its temporary files.
  exit(1);
}

void refuse(const char *what_was_found) {
  char exe[PATH_MAX];
  fprintf(stderr,
          "ampvk: this plugin needs clang++-%d (Clang %d.x); it was loaded by %s (%s); use "
          "clang++-%d or the ampvk-clang++ wrapper\n",
          AMPVK_CLANG_MAJOR, AMPVK_CLANG_MAJOR, loading_program(exe, sizeof exe), what_was_found,
          AMPVK_CLANG_MAJOR);
  give_up();
}

void load_real_plugin() {
  Dl_info self;
  if (!dladdr(reinterpret_cast<void *>(&load_real_plugin), &self) || !self.dli_fname) {
    fprintf(stderr, "ampvk: cannot find the folder of the ampvk plugin (dladdr failed)\n");
    give_up();
  }
  char path[PATH_MAX];
  const char *slash = strrchr(self.dli_fname, '/');
  const int dir = slash ? static_cast<int>(slash - self.dli_fname + 1) : 0;
  if (snprintf(path, sizeof path, "%.*s%s", dir, self.dli_fname, AMPVK_REAL_PLUGIN) >=
      static_cast<int>(sizeof path)) {
    fprintf(stderr, "ampvk: the path of the ampvk plugin is too long: %s\n", self.dli_fname);
    give_up();
  }
  // As Clang loads plugins (global symbols), but every symbol resolved now:
  // a missing one is reported here, not as a crash in the middle of a compile.
  if (!dlopen(path, RTLD_NOW | RTLD_GLOBAL)) {
    const char *why = dlerror();
    fprintf(stderr, "ampvk: cannot load the plugin %s: %s\n", path, why ? why : "unknown error");
    give_up();
  }
}

__attribute__((constructor)) void check_compiler_then_load_plugin() {
  clang_library found;
  dl_iterate_phdr(find_clang_library, &found);
  if (found.major < 0)
    refuse("no Clang or LLVM library in the process");
  if (found.major != AMPVK_CLANG_MAJOR) {
    char what[192];
    snprintf(what, sizeof what, "%s: Clang %d", found.name, found.major);
    refuse(what);
  }
  load_real_plugin();
}

} // namespace
