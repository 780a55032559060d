// ampvk-info: lists the accelerators a C++ AMP program sees on this machine
// (the Vulkan devices, then cpu_accelerator) with every documented property,
// marking the default one. `ampvk-info --help` says how to pick another.
#include <amp.h>

#include <cstring>
#include <iostream>
#include <string>

using namespace concurrency;

namespace {

std::string narrow(const std::wstring &w) {
  std::string s;
  for (wchar_t c : w)
    s += c < 128 ? static_cast<char>(c) : '?';
  return s;
}

const char *yesNo(bool b) { return b ? "yes" : "no"; }

const char *accessTypeName(access_type t) {
  switch (t) {
  case access_type_none:
    return "access_type_none";
  case access_type_read:
    return "access_type_read";
  case access_type_write:
    return "access_type_write";
  case access_type_read_write:
    return "access_type_read_write";
  case access_type_auto:
    break;
  }
  return "access_type_auto";
}

void print(const accelerator &a, int number, bool isDefault) {
  unsigned version = a.version;
  std::cout << (isDefault ? "* " : "  ") << number << ": " << narrow(a.description) << "\n"
            << "    device_path                        " << narrow(a.device_path) << "\n"
            << "    version                            " << (version >> 16) << "."
            << (version & 0xffff) << "\n"
            << "    dedicated_memory                   " << a.dedicated_memory << " KiB\n"
            << "    is_emulated                        " << yesNo(a.is_emulated) << "\n"
            << "    has_display                        " << yesNo(a.has_display) << "\n"
            << "    is_debug                           " << yesNo(a.is_debug) << "\n"
            << "    supports_double_precision          " << yesNo(a.supports_double_precision)
            << "\n"
            << "    supports_limited_double_precision  "
            << yesNo(a.supports_limited_double_precision) << "\n"
            << "    supports_cpu_shared_memory         " << yesNo(a.supports_cpu_shared_memory)
            << "\n"
            << "    default_cpu_access_type            "
            << accessTypeName(a.default_cpu_access_type) << "\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1) {
    bool help = std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0;
    (help ? std::cout : std::cerr)
        << "usage: ampvk-info\n"
           "Lists the accelerators C++ AMP programs built with ampvk see here, with their\n"
           "properties; '*' marks the default one. AMPVK_DEVICE=<number or part of the\n"
           "description> picks another default; docs/user-guide.md has the details.\n";
    return help ? 0 : 2;
  }
  try {
    accelerator byDefault;
    int number = 0;
    for (const accelerator &a : accelerator::get_all())
      print(a, number++, a == byDefault);
  } catch (const runtime_exception &e) {
    std::cerr << "ampvk-info: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
