#include "memory/byte_ranges.h"

#include <algorithm>
#include <string>

namespace ampvk {
namespace rt {

std::size_t byte_ranges::bytes() const noexcept {
  std::size_t n = 0;
  for (const byte_range &r : ranges_)
    n += r.end - r.begin;
  return n;
}

bool byte_ranges::operator==(const byte_ranges &o) const noexcept {
  return std::equal(ranges_.begin(), ranges_.end(), o.ranges_.begin(), o.ranges_.end(),
                    [](const byte_range &a, const byte_range &b) {
                      return a.begin == b.begin && a.end == b.end;
                    });
}

void byte_ranges::add(std::size_t begin, std::size_t end) {
  if (begin >= end)
    return;
  // Appending in order (a section's rows) is the common case.
  if (ranges_.empty() || ranges_.back().end < begin) {
    ranges_.push_back({begin, end});
    return;
  }
  if (ranges_.back().begin <= begin) {
    ranges_.back().end = std::max(ranges_.back().end, end);
    return;
  }
  add(byte_ranges(begin, end));
}

void byte_ranges::add(const byte_ranges &o) {
  if (o.empty())
    return;
  std::vector<byte_range> out;
  out.reserve(ranges_.size() + o.ranges_.size());
  auto a = ranges_.cbegin(), b = o.ranges_.cbegin();
  while (a != ranges_.end() || b != o.ranges_.end()) {
    const byte_range next =
        b == o.ranges_.end() || (a != ranges_.end() && a->begin <= b->begin) ? *a++ : *b++;
    if (!out.empty() && out.back().end >= next.begin)
      out.back().end = std::max(out.back().end, next.end);
    else
      out.push_back(next);
  }
  ranges_ = std::move(out);
}

void byte_ranges::remove(const byte_ranges &o) {
  if (o.empty() || empty())
    return;
  std::vector<byte_range> out;
  auto b = o.ranges_.begin();
  for (byte_range r : ranges_) {
    while (b != o.ranges_.end() && b->end <= r.begin)
      ++b;
    for (auto c = b; c != o.ranges_.end() && c->begin < r.end; ++c) {
      if (c->begin > r.begin)
        out.push_back({r.begin, c->begin});
      r.begin = std::max(r.begin, c->end);
      if (r.begin >= r.end)
        break;
    }
    if (r.begin < r.end)
      out.push_back(r);
  }
  ranges_ = std::move(out);
}

byte_ranges byte_ranges::intersection(const byte_ranges &o) const {
  byte_ranges out;
  auto a = ranges_.cbegin(), b = o.ranges_.cbegin();
  while (a != ranges_.end() && b != o.ranges_.end()) {
    const std::size_t begin = std::max(a->begin, b->begin);
    const std::size_t end = std::min(a->end, b->end);
    if (begin < end)
      out.ranges_.push_back({begin, end});
    if (a->end < b->end)
      ++a;
    else
      ++b;
  }
  return out;
}

bool byte_ranges::intersects(const byte_ranges &o) const noexcept {
  auto a = ranges_.cbegin(), b = o.ranges_.cbegin();
  while (a != ranges_.end() && b != o.ranges_.end()) {
    if (std::max(a->begin, b->begin) < std::min(a->end, b->end))
      return true;
    if (a->end < b->end)
      ++a;
    else
      ++b;
  }
  return false;
}

namespace {

[[noreturn]] void outside(const section &s, std::size_t bytes) {
  throw concurrency::runtime_exception(
      "ampvk: a section of " + std::to_string(s.row_bytes) + "-byte rows at byte " +
          std::to_string(s.offset) + " lies outside its buffer of " + std::to_string(bytes) +
          " bytes",
      concurrency::E_INVALIDARG_AMP);
}

// s with its outer dimensions whose rows lie back to back folded into its
// rows (a whole row-major view becomes one row).
section dense_folded(const section &s) {
  section f = s;
  while (f.outer > 0 && f.pitch[f.outer - 1] == f.row_bytes) {
    f.row_bytes *= f.count[f.outer - 1];
    --f.outer;
  }
  return f;
}

} // namespace

bool section_is_whole(const section &s, std::size_t bytes) noexcept {
  const section f = dense_folded(s);
  return f.outer == 0 && f.offset == 0 && f.row_bytes == bytes;
}

byte_ranges section_ranges(const section &unfolded, std::size_t bytes) {
  const section s = dense_folded(unfolded);
  std::size_t rows = 1, last = s.offset;
  for (int d = 0; d < s.outer; ++d) {
    if (s.count[d] == 0)
      return {};
    rows *= s.count[d];
    last += (s.count[d] - 1) * s.pitch[d];
  }
  if (s.row_bytes == 0)
    return {};
  if (s.offset > bytes || last > bytes || s.row_bytes > bytes - last)
    outside(s, bytes);
  const std::size_t end = last + s.row_bytes;
  if (s.outer == 0 || rows > max_section_ranges)
    return byte_ranges(s.offset, end);
  byte_ranges out;
  // Outer dimensions slowest first, so rows come in increasing order.
  std::size_t index[max_section_outer] = {};
  for (std::size_t k = 0; k < rows; ++k) {
    std::size_t at = s.offset;
    for (int d = 0; d < s.outer; ++d)
      at += index[d] * s.pitch[d];
    out.add(at, at + s.row_bytes);
    for (int d = s.outer - 1; d >= 0; --d) {
      if (++index[d] < s.count[d])
        break;
      index[d] = 0;
    }
  }
  return out;
}

} // namespace rt
} // namespace ampvk
