// Pointers in kernels as C++ AMP allows them (issue: the whole restrict(amp)
// language, part 1): assignment and reassignment, ++/--/+=/-=, ?: between
// pointers, comparisons and differences, nullptr and pointers as bool,
// declarations without an initializer, pointers passed to and returned from
// functions (STL-style loops), into local arrays, tile_static arrays and
// array_view elements. The same restrict(cpu, amp) functions run on the host
// and in kernels, and the results must agree.
#include <amp.h>

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;

namespace {

int *largest(int *first, int *last) restrict(cpu, amp) {
  int *best = first;
  for (int *p = first; p != last; ++p)
    if (*p > *best)
      best = p;
  return best;
}

const int *findValue(const int *first, const int *last, int v) restrict(cpu, amp) {
  while (first != last && *first != v)
    ++first;
  return first;
}

void copyBackwards(const int *first, const int *last, int *out) restrict(cpu, amp) {
  while (last != first)
    *out++ = *--last;
}

int sumStrided(const int *p, int n, int stride) restrict(cpu, amp) {
  int s = 0;
  const int *end = p + n * stride;
  while (p < end) {
    s += *p;
    p += stride;
  }
  return s;
}

// Moving a parameter moves the callee's copy only.
int advanceAndRead(int *p) restrict(cpu, amp) {
  p += 2;
  return *p;
}

// The pointer starts null and is given elements of one array in a loop.
int argmaxValue(const int *values, int n) restrict(cpu, amp) {
  int copy[16];
  for (int k = 0; k < 16; ++k)
    copy[k] = values[k % n];
  int *best = nullptr;
  for (int k = 0; k < 16; ++k)
    if (!best || copy[k] > *best)
      best = &copy[k];
  return best ? static_cast<int>(best - copy) * 1000 + *best : -1;
}

int everyShape(int seed) restrict(cpu, amp) {
  int local[8];
  for (int i = 0; i < 8; ++i)
    local[i] = (seed * (i + 3)) % 17 - 5;
  int *m = largest(local, local + 8);
  const int at = static_cast<int>(m - local);
  int *q = nullptr;
  int count = 0;
  if (!q)
    count += 1;
  q = &local[2];
  if (q)
    count += 10;
  int *r; // no initializer
  r = seed % 2 ? &local[1] : &local[5];
  int *e = local + 7;
  *e-- = 100;
  *e = *r + *q;
  const bool ordered = q < r, same = (r == local + 1) || (r == &local[5]);
  int back = 0;
  for (int *p = local + 7; p >= local; --p)
    back = back * 3 + (*p & 7);
  int reversed[8];
  copyBackwards(local, local + 8, reversed);
  const int *found = findValue(reversed, reversed + 8, 100);
  const int foundAt = static_cast<int>(found - reversed);
  int *p = local;
  const int moved = advanceAndRead(p) - *p; // p itself stays at local[0]
  const int argmax = argmaxValue(local, 8);
  return argmax + *m * 1000 + at * 100 + count + (ordered ? 7 : 0) + (same ? 13 : 0) +
         sumStrided(local, 4, 2) + back + reversed[3] * 5 + foundAt * 11 + moved;
}

} // namespace

TEST(Pointers, LocalArraysEveryShape) {
  const int n = 2000;
  std::vector<int> out(n);
  array_view<int, 1> o(n, out);
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i] = everyShape(i[0] - 700); });
  o.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], everyShape(i - 700)) << i;
}

// &av(i, 0) points into the view's whole buffer: the row's elements are
// reached by arithmetic, read and written.
TEST(Pointers, IntoArrayViewElements) {
  const int rows = 96, cols = 24;
  std::vector<int> data(rows * cols), out(rows);
  for (int i = 0; i < rows * cols; ++i)
    data[i] = (i * 7919) % 1000 - 500;
  std::vector<int> ref = data;
  array_view<int, 2> d(rows, cols, data);
  array_view<int, 1> o(rows, out);
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
    int *row = &d(i[0], 0);
    int *m = largest(row, row + cols);
    *m += 1;
    o[i] = static_cast<int>(m - row) * 10000 + *m + row[cols - 1];
  });
  o.synchronize();
  d.synchronize();
  for (int r = 0; r < rows; ++r) {
    int *row = &ref[r * cols];
    int *m = largest(row, row + cols);
    *m += 1;
    EXPECT_EQ(out[r], static_cast<int>(m - row) * 10000 + *m + row[cols - 1]) << r;
  }
  EXPECT_EQ(data, ref);
}

TEST(Pointers, IntoTileStaticArrays) {
  const int n = 128 * 8;
  std::vector<int> in(n), out(n / 128);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 2654435761u) % 9973;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> o(n / 128, out);
  parallel_for_each(extent<1>(n).tile<128>(), [=](tiled_index<128> t) restrict(amp) {
    tile_static int shared[128];
    shared[t.local[0]] = a[t.global];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int *m = largest(shared, shared + 128);
      o[t.tile] = static_cast<int>(m - shared) * 100000 + *m;
    }
  });
  o.synchronize();
  for (int tile = 0; tile < n / 128; ++tile) {
    int *m = largest(&in[tile * 128], &in[tile * 128] + 128);
    EXPECT_EQ(out[tile], static_cast<int>(m - &in[tile * 128]) * 100000 + *m) << tile;
  }
}

// array_view::data() and array::data() in kernels (restrict(cpu, amp) in
// Microsoft's <amp.h>): pointers into the buffer, moved and compared.
TEST(Pointers, DataOfViewsAndArraysInKernels) {
  const int n = 1024;
  std::vector<int> values(n);
  for (int i = 0; i < n; ++i)
    values[i] = (i * 37) % 101 - 50;
  array<int, 1> arr(n, values.begin());
  std::vector<int> host = values;
  array_view<int, 1> view(n, host);
  array_view<int, 1> section = view.section(256, 512);
  std::vector<int> out(n / 64);
  array_view<int, 1> o(n / 64, out);
  parallel_for_each(o.extent, [=, &arr](index<1> i) restrict(amp) {
    const int *a = arr.data() + 64 * i[0];
    int *s = section.data();
    const int *best = largest(const_cast<int *>(a), const_cast<int *>(a) + 64);
    s[i[0]] = -s[i[0]]; // section element i, i.e. view element 256 + i
    o[i] = *best + static_cast<int>(best - a) * 1000;
  });
  o.synchronize();
  view.synchronize();
  for (int k = 0; k < n / 64; ++k) {
    const int *a = &values[64 * k];
    const int *best = largest(const_cast<int *>(a), const_cast<int *>(a) + 64);
    EXPECT_EQ(out[k], *best + static_cast<int>(best - a) * 1000) << k;
  }
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(host[i], i >= 256 && i < 256 + n / 64 ? -values[i] : values[i]) << i;
}

// array_view<T, N>(extent, T*) in a kernel (restrict(cpu, amp) in
// Microsoft's <amp.h>): a view made over a pointer into an array_view's or
// array's buffer shares it; reads see the source, writes are seen through it.
TEST(Pointers, ViewsMadeOverPointersInKernels) {
  const int blocks = 32, side = 8;
  std::vector<int> values(blocks * side * side);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<int>((i * 29) % 97) - 40;
  std::vector<int> host = values;
  array_view<int, 1> flat(static_cast<int>(host.size()), host);
  array<int, 1> arr(static_cast<int>(values.size()), values.begin());
  array_view<const int, 1> section = flat.section(side * side, (blocks - 1) * side * side);
  std::vector<int> out(blocks * 4);
  array_view<int, 2> o(blocks, 4, out);
  parallel_for_each(extent<1>(blocks), [=, &arr](index<1> b) restrict(amp) {
    const int k = b[0];
    // A block of the flat view seen as a side x side matrix.
    array_view<int, 2> m(extent<2>(side, side), flat.data() + k * side * side);
    int trace = 0;
    for (int r = 0; r < side; ++r)
      trace += m(r, r);
    // The int-extent forms, over &av[i] and over an array's data().
    array_view<int, 2> rows(side, side, &flat[k * side * side]);
    array_view<int, 1> last(side, arr.data() + k * side * side + (side - 1) * side);
    int lastSum = 0;
    for (int c = 0; c < side; ++c)
      lastSum += last[c];
    // A view over a section's data starts at the section's first element.
    int before = 0;
    if (k + 1 < blocks) {
      array_view<const int, 1> next(side, section.data() + k * side * side);
      before = next[side - 1];
    }
    o(k, 0) = trace;
    o(k, 1) = lastSum;
    o(k, 2) = before;
    o(k, 3) = rows(1, 2);
    rows(side - 1, 0) = trace; // written through the flat view's buffer
  });
  o.synchronize();
  flat.synchronize();
  for (int k = 0; k < blocks; ++k) {
    const int *m = &values[k * side * side];
    int trace = 0, lastSum = 0;
    for (int r = 0; r < side; ++r)
      trace += m[r * side + r];
    for (int c = 0; c < side; ++c)
      lastSum += m[(side - 1) * side + c];
    const int before = k + 1 < blocks ? values[(k + 1) * side * side + side - 1] : 0;
    EXPECT_EQ(out[k * 4 + 0], trace) << k;
    EXPECT_EQ(out[k * 4 + 1], lastSum) << k;
    EXPECT_EQ(out[k * 4 + 2], before) << k;
    EXPECT_EQ(out[k * 4 + 3], m[1 * side + 2]) << k;
    EXPECT_EQ(host[k * side * side + (side - 1) * side], trace) << k;
    host[k * side * side + (side - 1) * side] = values[k * side * side + (side - 1) * side];
  }
  EXPECT_EQ(host, values);
}
