// Differential tests, objects in memory: structs with nested structs and
// arrays, member functions, constructors with member initializer lists,
// default member initializers, base classes, operator overloading; local
// multi-dimensional arrays with dynamic indices; pointers into local arrays
// with pointer arithmetic; const locals; enums; index<N>/extent<N> arithmetic.
#include "differential.h"

using namespace difftest;
using concurrency::extent;
using index1 = concurrency::index<1>;
using index2 = concurrency::index<2>;
using index3 = concurrency::index<3>;

namespace {
const int N1 = 555;
// Kernels may not use namespace-scope objects, only constants.
constexpr int R0 = 13, R1 = 71;
constexpr int D0 = 6, D1 = 5, D2 = 17;
const extent<2> E2(R0, R1);
const extent<3> E3(D0, D1, D2);

// ---- structs ----

struct Vec2 {
  float x = 0.0f, y = 0.0f; // default member initializers
  Vec2() restrict(cpu, amp) = default;
  Vec2(float x, float y) restrict(cpu, amp) : x(x), y(y) {}
  Vec2 operator+(const Vec2 &o) const restrict(cpu, amp) { return Vec2(x + o.x, y + o.y); }
  Vec2 &operator*=(float s) restrict(cpu, amp) {
    x *= s;
    y *= s;
    return *this;
  }
  float dot(const Vec2 &o) const restrict(cpu, amp) { return x * o.x + y * o.y; }
};

Vec2 operator-(const Vec2 &a, const Vec2 &b) restrict(cpu, amp) {
  return Vec2(a.x - b.x, a.y - b.y);
}

struct Stats {
  int count = 0;
  int sum = 0;
  int hist[4] = {}; // an array member
  Vec2 lo{1.0f, 2.0f}, hi;
  void add(int v) restrict(cpu, amp) {
    ++count;
    sum += v;
    hist[v & 3] += 1;
    Vec2 p(float(v), float(-v));
    if (p.x < lo.x)
      lo = p;
    if (p.x > hi.x)
      hi = p;
  }
  int digest() const restrict(cpu, amp) {
    return count * 1000000 + sum * 100 + hist[0] * 1000 + hist[1] * 100 + hist[2] * 10 +
           hist[3] + int(lo.x) * 7 + int(hi.y) * 13;
  }
};

struct Shape {
  int sides;
  float scale;
  Shape(int s, float k) restrict(cpu, amp) : sides(s), scale(k) {}
  int perimeterTimes10() const restrict(cpu, amp) { return int(sides * scale * 10.0f); }
};

struct Square : Shape {
  int label = 7;
  Square(float k) restrict(cpu, amp) : Shape(4, k) {}
  int area() const restrict(cpu, amp) { return int(scale * scale); }
};

struct Tagged : Square {
  int tag[2];
  Tagged(int t, float k) restrict(cpu, amp) : Square(k), tag{t, -t} { label += t; }
  int describe() const restrict(cpu, amp) {
    return perimeterTimes10() + area() * 100 + label * 10000 + tag[1];
  }
};

struct Matrix3 {
  int m[3][3];
  int trace() const restrict(cpu, amp) { return m[0][0] + m[1][1] + m[2][2]; }
};

struct Grid {
  Matrix3 cells[2];
  Stats stats;
};

int structs(int a, int b) restrict(cpu, amp) {
  Stats s;
  for (int i = 0; i < 6; ++i)
    s.add(a + i * b);
  Stats copy = s; // whole-struct copy
  copy.add(b);
  Vec2 u(float(a), 1.5f), v(0.5f, float(b));
  Vec2 w = u + v - Vec2(1.0f, 1.0f);
  w *= 2.0f;
  Vec2 d; // default member initializers
  Tagged t(a & 15, float(b & 7));
  Shape &asShape = t; // a base-class reference
  Grid g = {};
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        g.cells[k].m[i][j] = (a + k) * i - b * j;
  g.stats = s;
  g.stats.add(a);
  return s.digest() + copy.digest() * 3 + int(w.dot(v)) + int(d.x + d.y) + t.describe() +
         asShape.sides * 1000 + g.cells[a & 1].trace() + g.cells[1].m[2][b & 1] +
         g.stats.digest();
}

// Classes with user-written special members, operators and conversions.
struct Acc {
  int total;
  Acc() restrict(cpu, amp) : Acc(5) {} // delegating
  explicit Acc(int t) restrict(cpu, amp) : total(t) {}
  Acc(const Acc &o) restrict(cpu, amp) : total(o.total + 1) {} // counts copies
  Acc &operator=(const Acc &o) restrict(cpu, amp) {
    total = o.total * 2;
    return *this;
  }
  void bump() restrict(cpu, amp) { total += 3; }
  static int twice(int v) restrict(cpu, amp) { return 2 * v; }
};

int byValue(Acc a) restrict(cpu, amp) {
  a.bump(); // the caller's object is not touched
  return a.total;
}

template <int K> int scaled(int v) restrict(cpu, amp) { return v * K; }

template <typename T> T clampTo(T v, T lo, T hi) restrict(cpu, amp) {
  return v < lo ? lo : v > hi ? hi : v;
}

struct Quad {
  int v[4];
  int &operator[](int i) restrict(cpu, amp) { return v[i]; }
  int operator[](int i) const restrict(cpu, amp) { return v[i]; }
  operator int() const restrict(cpu, amp) { return v[0] + v[3]; }
};

struct Twice {
  int first;
  int second = first * 2; // reads the aggregate's own first member
};

int &firstOf(Twice &p) restrict(cpu, amp) { return p.first; }

struct Triple {
  int vals[3];
};

Triple makeTriple(int a) restrict(cpu, amp) {
  Triple t = {{a, a + 1, a + 2}};
  return t;
}

template <int N> int sumOf(const int (&a)[N]) restrict(cpu, amp) {
  int s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  return s;
}

struct Doubled {
  float f;
  Doubled(float x) restrict(cpu, amp) : f(x * 2.0f) {} // converting constructor
};

int specialMembers(int a, int b) restrict(cpu, amp) {
  Acc x;
  Acc y(a);
  Acc z = y; // user copy constructor
  x = z;     // user copy assignment
  Acc accs[3];
  accs[1].bump();
  accs[b & 1].bump();
  int viaValue = byValue(y);
  return x.total * 3 + y.total + z.total * 5 + accs[0].total + accs[1].total * 7 + viaValue +
         Acc::twice(a) + scaled<3>(b) + clampTo(a, -5, 5) +
         int(clampTo(float(b), -2.5f, 2.5f) * 2.0f);
}

int operatorsAndConversions(int a, int b) restrict(cpu, amp) {
  Quad q = {{a, b, a ^ b, 7}};
  q[b & 3] = 11;
  q[1]++;
  q[2] += q[0];
  const Quad &cq = q;
  int conv = q; // user-defined conversion
  Twice p{a};   // `second` comes from its default member initializer
  firstOf(p) = b;
  firstOf(p) += 3;
  Twice pairs[4] = {{1}, {2}, {3}, {4}};
  Twice *pp = &pairs[1];
  pp[1].first += 10;
  pp->second++;
  int fromTemporary = makeTriple(a).vals[2] + makeTriple(b).vals[b & 1];
  int three[3] = {a, b, 5};
  int x = 0, y = 0, z = 0;
  x = y = z = a;
  int w = (x += 3) * 2;
  ++(++y);
  (z += 1) += 2;
  int v;
  if ((v = a * 2) > 0)
    v += 100;
  Doubled d = 3.0f;
  int bits = (a & -a) + int(unsigned(a) >> 31);
  return q[0] + q[1] * 3 + q[2] * 5 + q[3] * 7 + cq[b & 3] + conv * 11 + p.first * 13 +
         p.second + pairs[2].first + pairs[1].second * 3 + fromTemporary + sumOf(three) + x +
         y * 3 + z * 5 + w + v + int(d.f) + bits;
}

int localsOfOtherKinds(int a, int b) restrict(cpu, amp) {
  bool flags[4] = {a > 0, b > 0, a == b, false};
  int count = 0;
  for (int i = 0; i < 4; ++i)
    count += flags[i];
  flags[b & 3] = !flags[b & 3];
  int s = 0;
  for (unsigned i = 5; i-- > 0;) // counts down to 0
    s += int(i) * a;
  long big = 0;
  for (long k = 0; k < 4; ++k)
    big += k << 33;
  int sizes = int(sizeof(Pack<int, double>)) + int(sizeof(long)) + int(alignof(double));
  return count + flags[b & 3] * 100 + s + int(big >> 30) + sizes;
}

// Function objects with state: the kernel captures them, so their members
// (of every scalar type, nested structs and arrays) travel in the push-constant
// block.
struct Weights {
  float w[2];
  int k;
};

struct Affine {
  double scale;
  long offset;
  float f;
  int k;
  unsigned u;
  Weights in;
  double operator()(int x, long y) const restrict(cpu, amp) {
    return x * scale + double(offset + y) + f * k + double(u) + in.w[x & 1] * in.k;
  }
};

// Structs read from an array_view: const references keep the storage-buffer
// place (Clang's layout, with padding around the double and the long), copies
// convert to the function's own layout.
struct Outer {
  double d;
  Weights in;
  long l;
  int tail[3];
};

double fromBuffer(const Outer &o, int x) restrict(cpu, amp) {
  Outer copy = o;
  copy.tail[x & 1] += 1;
  const int &k = o.in.k;
  return o.d + o.in.w[x & 1] * k + double(o.l >> 8) + copy.tail[0] + copy.tail[1] * 3 +
         o.tail[2];
}

// ---- arrays ----

int arrays(int a, int b) restrict(cpu, amp) {
  int grid[4][5];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      grid[i][j] = a * i + b * j;
  int r = a & 3, c = (b & 0x7fff) % 5;
  grid[r][c] += 1000;
  int cube[2][3][4] = {};
  cube[a & 1][(b & 0xff) % 3][r] = grid[r][c];
  cube[1][2][3] -= 5;
  float weights[3] = {0.5f, 1.5f}; // the rest is zero
  int partial[5] = {a, b};
  int sum = 0;
  for (int i = 0; i < 4; ++i)
    sum += grid[i][(c + i) % 5];
  int rowCopy[5];
  for (int j = 0; j < 5; ++j)
    rowCopy[j] = grid[3 - r][j];
  return sum + cube[a & 1][(b & 0xff) % 3][r] + cube[1][2][3] * 3 + int(weights[2] * 100.0f) +
         int(weights[1] * 2.0f) + partial[4] + partial[1] * 7 + rowCopy[c] * 11;
}

struct Seven {
  int x = 7;
  int y;
};

struct Held {
  int v[4];
  float f;
};

// Array elements without an initializer are value-initialized: zero for plain
// data, but default constructors and default member initializers run.
int arrayFillers(int a, int b) restrict(cpu, amp) {
  Seven s[3] = {Seven{a, b}};
  Acc acc[4] = {Acc(a)};
  Seven big[40] = {};
  int m[3][4] = {{a}, {b, a}};
  Held h = {{a, b}};
  Held hs[2] = {{{a}, 1.5f}};
  Seven one{};
  return s[0].x + s[1].x * 3 + s[2].y * 5 + acc[0].total + acc[3].total * 7 +
         big[(a & 0xff) % 40].x * 19 + m[0][1] + m[1][1] * 11 + m[2][3] + h.v[1] + h.v[3] * 13 +
         int(h.f) + hs[0].v[0] + int(hs[0].f * 2.0f) + hs[1].v[2] + one.x * 17 + one.y;
}

// Every element of a multi-dimensional array of a class type is constructed.
int classArrays(int a) restrict(cpu, amp) {
  Acc grid[2][3];
  Seven sevens[2][2][2];
  grid[1][2].total += a;
  sevens[a & 1][1][0].x -= a;
  return grid[0][0].total + grid[1][2].total * 3 + grid[1][1].total * 5 +
         sevens[1][1][1].x * 7 + sevens[a & 1][1][0].x + sevens[0][0][1].x * 11;
}

struct Pair {
  int first;
  int second;
};

int arrayOfStructs(int a, int b) restrict(cpu, amp) {
  Pair pairs[6];
  for (int i = 0; i < 6; ++i) {
    pairs[i].first = a - i;
    pairs[i].second = b * i;
  }
  Pair best = pairs[0];
  for (int i = 1; i < 6; ++i)
    if (pairs[i].first + pairs[i].second > best.first + best.second)
      best = pairs[i];
  pairs[(a & 0xff) % 6] = best;
  return best.first * 100 + best.second + pairs[2].first * 7 + pairs[5].second;
}

// ---- pointers into local arrays ----

int pointers(int a, int b) restrict(cpu, amp) {
  int arr[8];
  for (int i = 0; i < 8; ++i)
    arr[i] = a * i - b;
  int k = (b & 0xff) % 5;
  int *p = arr + k;       // not re-assigned
  const int *q = &arr[2]; // a pointer to an element still points into the array
  int *end = arr + 7;
  p[1] += 3;
  *(p + 2) -= 4;
  *p = p[1] * 2;
  int viaEnd = end[-1] + *(end - 2);
  int grid[3][4] = {{a, b, 1, 2}, {3, 4, 5, 6}, {7, 8, 9, 10}};
  int *row = grid[k % 3];
  row[(a & 0xff) % 4] *= 3;
  int *cell = &grid[1][1];
  cell[2] += 100; // grid[1][3]
  Pair pr = {a, b};
  Pair *pp = &pr;
  pp->second += pp->first;
  int &ref = pp->first;
  return arr[k] + arr[k + 1] * 3 + arr[k + 2] * 5 + q[1] * 7 + q[0] + viaEnd + grid[k % 3][0] +
         grid[k % 3][3] + grid[1][3] * 2 + pr.second + ref;
}

// ---- const locals and enums ----

enum Op { Add, Sub, Mul = 10, Xor };
enum class Level : unsigned { Low = 1, Mid = 0x80000000u, High = 0xffffffffu };
enum Wide : long { Small = -1, Large = 0x100000000L };

int constsAndEnums(int a, int b) restrict(cpu, amp) {
  const int twice = a * 2; // a const local with a run-time value
  constexpr int Size = 3;
  const float scale = 0.25f;
  int vals[Size] = {twice, b, Size};
  int sel = (b & 0xff) % 4;
  Op op = sel == 0 ? Add : sel == 1 ? Sub : sel == 2 ? Mul : Xor;
  int r = 0;
  switch (op) {
  case Add:
    r = twice + b;
    break;
  case Sub:
    r = twice - b;
    break;
  case Mul:
    r = twice * (b & 0xf);
    break;
  case Xor:
    r = twice ^ b;
  }
  Level lv = a < 0 ? Level::High : a > 10 ? Level::Mid : Level::Low;
  unsigned lvBits = static_cast<unsigned>(lv);
  bool high = lv > Level::Mid;
  Wide w = a & 1 ? Large : Small;
  long wide = w + 1L;
  return r + int(lvBits >> 28) + high * 3 + int(wide >> 16) + op * 5 + int(scale * vals[0]) +
         vals[2];
}

// ---- index<N> and extent<N> ----

int indexArithmetic(const index3 &at, int a, int b) restrict(cpu, amp) {
  index3 i = at + index3(a, b, 1);
  i -= index3(1, 1, 1);
  index3 j = i * 2;
  j = j - 3;
  j /= 2;
  index3 k = 7 - j;
  k %= 5;
  index3 pre = ++k;
  index3 post = k--;
  extent<3> e(D0, D1, D2);
  extent<3> bigger = e + 1;
  bool inside = e.contains(at);
  bool insideShifted = e.contains(i);
  return i[0] + i[1] * 10 + i[2] * 100 + j[0] * 1000 + k[2] * 7 + pre[1] + post[0] * 3 +
         (k == pre) * 11 + (j != i) * 13 + inside * 17 + insideShifted * 19 +
         int(bigger.size()) + int(e.size() % 97u);
}

int index2Arithmetic(const index2 &at, int a) restrict(cpu, amp) {
  index2 i(at[1], at[0]);
  i += a;
  index2 d = i - at;
  extent<2> e(R0, R1);
  return d[0] * 1000 + d[1] + e.contains(i) * 7 + int(e.size());
}

// An extent moves by an index (Microsoft's extent::operator+= and +), and
// grows and shrinks by an extent or an int.
int extentByIndex(const index2 &at, int a) restrict(cpu, amp) {
  extent<2> e(R0, R1);
  extent<2> moved = e + at;
  extent<2> back = moved - index2(a, -a);
  e += at;
  e -= index2(1, 2);
  e += extent<2>(a, 1);
  e *= 3;
  e %= 1000;
  return moved[0] * 7 + moved[1] + back[0] * 31 + back[1] * 17 + e[0] * 5 + e[1];
}
} // namespace

TEST(DiffMemory, Structs) {
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return structs(a, b); },
        ints<int>(N1, 1, -1000, 1000), ints<int>(N1, 2, -1000, 1000));
  check(E2, [](int a, int b) restrict(cpu, amp) { return arrayOfStructs(a, b); },
        ints<int>(E2.size(), 3, -1000, 1000), ints<int>(E2.size(), 4, -1000, 1000));
}

TEST(DiffMemory, Classes) {
  auto a = ints<int>(N1, 15, -100, 100), b = ints<int>(N1, 16, -100, 100);
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return specialMembers(a, b); }, a,
        b);
  check(extent<1>(N1),
        [](int a, int b) restrict(cpu, amp) { return operatorsAndConversions(a, b); }, a, b);
  check(E2, [](int a, int b) restrict(cpu, amp) { return localsOfOtherKinds(a, b); },
        ints<int>(E2.size(), 17, -100, 100), ints<int>(E2.size(), 18, -100, 100));
}

TEST(DiffMemory, CapturedState) {
  Affine affine{1.25, -(1L << 40), 2.5f, -3, 0xfffffff0u, {{0.5f, -1.5f}, 7}};
  check(extent<1>(N1), affine, ints<int>(N1, 19, -1000, 1000),
        ints<long>(N1, 20, -(1L << 50), 1L << 50));
  // Lambdas that capture by value, called by the kernel: their bodies read the
  // captures as members of the lambda object.
  int bias = -17;
  check(extent<1>(N1), [bias](int x) restrict(cpu, amp) { return x * 3 + bias; },
        ints<int>(N1, 21, -1000, 1000));
  double scale = 0.1;
  long shift = -5;
  float factor = 3.0f;
  Weights weights = {{2.0f, -0.5f}, 3};
  check(E3,
        [=](int x) restrict(cpu, amp) {
          return x * scale + shift * factor + weights.w[x & 1] * weights.k;
        },
        ints<int>(E3.size(), 22, -1000, 1000));
}

TEST(DiffMemory, StructsInBuffers) {
  std::vector<Outer> outers(N1);
  for (int i = 0; i < N1; ++i)
    outers[i] = Outer{i * 0.5, {{float(i), -0.25f * float(i)}, i - 7}, long(i) << 33,
                      {i, -i, 2 * i}};
  auto x = ints<int>(N1, 26, -100, 100);
  check(extent<1>(N1), [](const Outer &o, int x) restrict(cpu, amp) { return fromBuffer(o, x); },
        outers, x);
  check(extent<1>(N1),
        [](Outer o, int x) restrict(cpu, amp) { // by value: a copy
          o.in.k += x;
          return o.in.k * o.d;
        },
        outers, x);
  check(extent<1>(N1),
        [](const int &a, const double &b) restrict(cpu, amp) { return a + int(b); }, x,
        reals<double>(N1, 27, -1e3, 1e3));
}

TEST(DiffMemory, Arrays) {
  check(E3, [](int a, int b) restrict(cpu, amp) { return arrays(a, b); },
        ints<int>(E3.size(), 5, -1000, 1000), ints<int>(E3.size(), 6, -1000, 1000));
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return arrayFillers(a, b); },
        ints<int>(N1, 23, -1000, 1000), ints<int>(N1, 24, -1000, 1000));
  check(E2, [](int a) restrict(cpu, amp) { return classArrays(a); },
        ints<int>(E2.size(), 25, -1000, 1000));
}

TEST(DiffMemory, Pointers) {
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return pointers(a, b); },
        ints<int>(N1, 7, -1000, 1000), ints<int>(N1, 8, -1000, 1000));
}

TEST(DiffMemory, ConstsAndEnums) {
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return constsAndEnums(a, b); },
        ints<int>(N1, 9, -1000, 1000), ints<int>(N1, 10, -100000, 100000));
}

TEST(DiffMemory, IndexAndExtent) {
  checkAt(E3,
          [](const index3 &at, int a, int b) restrict(cpu, amp) {
            return indexArithmetic(at, a, b);
          },
          ints<int>(E3.size(), 11, -20, 20), ints<int>(E3.size(), 12, -20, 20));
  checkAt(E2, [](const index2 &at, int a) restrict(cpu, amp) { return index2Arithmetic(at, a); },
          ints<int>(E2.size(), 13, -50, 50));
  checkAt(E2, [](const index2 &at, int a) restrict(cpu, amp) { return extentByIndex(at, a); },
          ints<int>(E2.size(), 19, -50, 50));
  checkAt(extent<1>(N1),
          [](const index1 &at, int a) restrict(cpu, amp) {
            index1 i = at;
            i++;
            return i[0] * a + (at + 1 == i) + (index1(a) != at) * 2;
          },
          ints<int>(N1, 14, -1000, 1000));
}
