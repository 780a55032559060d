// Lists the Vulkan devices ampvk sees, marking the default one (the device
// AMPVK_DEVICE selects, else discrete > integrated > CPU).
#include <amp.h>
#include <iostream>
#include <string>

using namespace concurrency;

static std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

int main() {
  accelerator def;
  int i = 0;
  for (const accelerator &a : accelerator::get_all()) {
    std::cout << (a == def ? "* " : "  ") << i++ << ": " << narrow(a.description)
              << (a.is_emulated ? " (emulated)" : "") << ", " << a.dedicated_memory / 1024
              << " MiB, double precision: " << (a.supports_double_precision ? "yes" : "no")
              << ", path " << narrow(a.device_path) << "\n";
  }
  return 0;
}
