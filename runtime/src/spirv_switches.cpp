// Boolean specialization constants made constants (spirv_switches.h).
#include "spirv_switches.h"

#include <unordered_map>

namespace ampvk {
namespace rt {
namespace {
constexpr std::uint32_t header_words = 5;
constexpr std::uint32_t op_constant_true = 41;
constexpr std::uint32_t op_constant_false = 42;
constexpr std::uint32_t op_spec_constant_true = 48;
constexpr std::uint32_t op_spec_constant_false = 49;
constexpr std::uint32_t op_decorate = 71;
constexpr std::uint32_t decoration_spec_id = 1;
} // namespace

unsigned fold_bool_spec_constants(std::vector<std::uint32_t> &words,
                                  const std::function<bool(std::uint32_t, bool)> &value) {
  if (words.size() < header_words)
    return 0;
  // Ids with a SpecId, and where each decoration is.
  std::unordered_map<std::uint32_t, std::uint32_t> spec_ids;
  std::unordered_map<std::uint32_t, std::size_t> decoration_at;
  for (std::size_t at = header_words; at < words.size();) {
    const std::uint32_t count = words[at] >> 16, op = words[at] & 0xffff;
    if (!count || at + count > words.size())
      return 0; // malformed: leave it to the driver's validation
    if (op == op_decorate && count == 4 && words[at + 2] == decoration_spec_id) {
      spec_ids[words[at + 1]] = words[at + 3];
      decoration_at[words[at + 1]] = at;
    }
    at += count;
  }
  std::vector<bool> drop(words.size(), false);
  unsigned folded = 0;
  for (std::size_t at = header_words; at < words.size();) {
    const std::uint32_t count = words[at] >> 16, op = words[at] & 0xffff;
    if ((op == op_spec_constant_true || op == op_spec_constant_false) && count == 3) {
      auto id = spec_ids.find(words[at + 2]);
      if (id != spec_ids.end()) {
        const bool v = value(id->second, op == op_spec_constant_true);
        words[at] = (3u << 16) | (v ? op_constant_true : op_constant_false);
        drop[decoration_at[words[at + 2]]] = true;
        ++folded;
      }
    }
    at += count;
  }
  if (!folded)
    return 0;
  std::vector<std::uint32_t> out(words.begin(), words.begin() + header_words);
  out.reserve(words.size());
  for (std::size_t at = header_words; at < words.size();) {
    const std::uint32_t count = words[at] >> 16;
    if (!drop[at])
      out.insert(out.end(), words.begin() + at, words.begin() + at + count);
    at += count;
  }
  words.swap(out);
  return folded;
}

} // namespace rt
} // namespace ampvk
