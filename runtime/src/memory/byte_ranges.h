// A set of byte ranges of one buffer, kept sorted, disjoint and merged: which
// parts of a copy are stale (residency.h), which bytes a section of an
// array_view shows (section_ranges). The operations walk both sets once, so
// a set of n rows costs O(n) per operation; a section of more rows than
// max_section_ranges is taken whole from its first byte to its last, which
// moves more bytes but is never wrong.
#ifndef AMPVK_RUNTIME_MEMORY_BYTE_RANGES_H
#define AMPVK_RUNTIME_MEMORY_BYTE_RANGES_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include <ampvk/runtime.h>

namespace ampvk {
namespace rt {

struct byte_range {
  std::size_t begin;
  std::size_t end; // past the last byte; begin < end
};

class byte_ranges {
public:
  byte_ranges() = default;
  // [begin, end), or nothing when it is empty.
  byte_ranges(std::size_t begin, std::size_t end) { add(begin, end); }

  bool empty() const noexcept { return ranges_.empty(); }
  void clear() noexcept { ranges_.clear(); }
  const std::vector<byte_range> &ranges() const noexcept { return ranges_; }
  std::size_t bytes() const noexcept;
  bool operator==(const byte_ranges &o) const noexcept;

  // Becomes [begin, end), keeping its memory: no allocation once it held a range.
  void assign(std::size_t begin, std::size_t end) {
    ranges_.clear();
    add(begin, end);
  }
  // Whether every byte of [begin, end) is in the set, without making a set of it.
  bool covers(std::size_t begin, std::size_t end) const noexcept {
    if (begin >= end)
      return true;
    for (const byte_range &r : ranges_)
      if (r.begin <= begin && end <= r.end)
        return true;
    return false;
  }
  void add(std::size_t begin, std::size_t end);
  void add(const byte_ranges &o);
  void remove(const byte_ranges &o);
  byte_ranges intersection(const byte_ranges &o) const;
  bool intersects(const byte_ranges &o) const noexcept;

private:
  std::vector<byte_range> ranges_;
};

// A section with more rows than this is taken as one range.
constexpr std::size_t max_section_ranges = 65536;

// The bytes of a buffer of `bytes` bytes that section s shows. Throws
// runtime_exception for a section outside the buffer.
byte_ranges section_ranges(const section &s, std::size_t bytes);
// Whether section s shows every byte of a buffer of `bytes` bytes (a whole
// view), found without making its ranges.
bool section_is_whole(const section &s, std::size_t bytes) noexcept;

} // namespace rt
} // namespace ampvk

#endif
