#!/usr/bin/env python3
"""Generates a valid, self-checking C++ AMP program from a seed.

Every kernel's work is done by `restrict(amp, cpu)` functions the generator
writes; `main` runs them on the device through parallel_for_each and on the
host over copies of the same inputs, then compares. Tile collectives
(tile_static exchanges and reductions), atomics and views (sections,
projections) are emulated on the host by loops written out in the same order.

Undefined behaviour is kept out by construction:
  - signed +, -, * and negation go through the unsigned type and back (wrap);
  - divisions and remainders get a non-zero divisor ((b & 7) + 1, b | 1u, or
    the guarded sdiv/smod that also handles INT_MIN / -1);
  - shift counts are masked to the width; left shifts are done unsigned;
  - array indices are masked to the array's power-of-two length;
  - floating-point values stay bounded (every store is clamped, an
    expression whose bound could overflow is clamped), so no infinity or NaN
    arises; float -> int conversions clamp first;
  - loops have constant or masked trip counts (lavapipe cuts loops beyond
    65,535 iterations per thread: the totals here stay far below).

Kernels pass their input elements to the generated functions as references
into the view, or copy them into locals first (one or the other per kernel,
from a random stream of its own, so that the rest of a seed's program does
not depend on it): with references, the functions' loops read the view in
every iteration (docs/fuzzing.md, finding 3).

Results compare exactly, except the math slots (<amp_math.h>, divisions),
which compare within the bound docs/math.md gives for the device plus the
host library's own error (see MATH below).

Usage: gen_valid.py SEED [-o FILE]
"""

import argparse
import random
import sys

INT, UINT, LONG, ULONG = "int", "unsigned", "long", "unsigned long"
FLOAT, DOUBLE, BOOL = "float", "double", "bool"
INTS = [INT, UINT, LONG, ULONG]
FLOATS = [FLOAT, DOUBLE]
SCALARS = INTS + FLOATS

UNSIGNED_OF = {INT: UINT, UINT: UINT, LONG: ULONG, ULONG: ULONG}
MASK = {INT: 31, UINT: 31, LONG: 63, ULONG: 63}
SUFFIX = {INT: "", UINT: "u", LONG: "L", ULONG: "UL"}
# Every float variable holds at most this magnitude (stores are clamped).
VAR_BOUND = {FLOAT: 1.0e4, DOUBLE: 1.0e8}
# An expression whose bound exceeds this is clamped before use.
EXPR_LIMIT = {FLOAT: 1.0e30, DOUBLE: 1.0e290}
CLAMP = {FLOAT: "clampf", DOUBLE: "clampd"}

INT_LITERALS = {
    INT: ["0", "1", "2", "3", "7", "-1", "-8", "100", "-1000", "2147483647",
          "(-2147483647 - 1)", "65535", "0x55555555"],
    UINT: ["0u", "1u", "2u", "5u", "31u", "255u", "0xffffffffu", "0x80000000u",
           "0x9e3779b9u", "1000u"],
    LONG: ["0L", "1L", "-1L", "7L", "4294967296L", "-4294967297L",
           "9223372036854775807L", "(-9223372036854775807L - 1L)", "123456789L"],
    ULONG: ["0UL", "1UL", "3UL", "0xffffffffUL", "0x100000000UL",
            "0xffffffffffffffffUL", "0x9e3779b97f4a7c15UL"],
}

PRELUDE = r"""#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

// Host and kernels must round alike: no contraction of a * b + c on the host.
#pragma STDC FP_CONTRACT OFF

using namespace concurrency;
using namespace concurrency::graphics;
namespace pm = concurrency::precise_math;
namespace fm = concurrency::fast_math;

static float clampf(float v) restrict(amp, cpu) {
  return v < -1.0e4f ? -1.0e4f : (v > 1.0e4f ? 1.0e4f : v);
}
static double clampd(double v) restrict(amp, cpu) {
  return v < -1.0e8 ? -1.0e8 : (v > 1.0e8 ? 1.0e8 : v);
}
static float rangef(float v, float lo, float hi) restrict(amp, cpu) {
  return v < lo ? lo : (v > hi ? hi : v);
}
static double ranged(double v, double lo, double hi) restrict(amp, cpu) {
  return v < lo ? lo : (v > hi ? hi : v);
}
static int f2i(float v) restrict(amp, cpu) {
  return (int)(v < -1.0e6f ? -1.0e6f : (v > 1.0e6f ? 1.0e6f : v));
}
static long d2l(double v) restrict(amp, cpu) {
  return (long)(v < -1.0e15 ? -1.0e15 : (v > 1.0e15 ? 1.0e15 : v));
}
static int sdiv(int a, int b) restrict(amp, cpu) {
  return (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? a : a / b;
}
static int smod(int a, int b) restrict(amp, cpu) {
  return (b == 0 || b == -1) ? 0 : a % b;
}
static long sdivl(long a, long b) restrict(amp, cpu) {
  return (b == 0L || (a == (-9223372036854775807L - 1L) && b == -1L)) ? a : a / b;
}
static long smodl(long a, long b) restrict(amp, cpu) {
  return (b == 0L || b == -1L) ? 0L : a % b;
}
template <typename T> static T tmix(T a, T b, int k) restrict(amp, cpu) {
  if (k & 1)
    return a ^ b;
  return (k & 2) ? (a & b) : (a | b);
}
static float_4 clamp4(float_4 v) restrict(amp, cpu) {
  return float_4(clampf(v.x), clampf(v.y), clampf(v.z), clampf(v.w));
}
static float_2 clamp2(float_2 v) restrict(amp, cpu) {
  return float_2(clampf(v.x), clampf(v.y));
}

struct In {
  int i0;
  unsigned u0;
  float f0;
  int i1;
  long l0;
  double d0;
  unsigned u1;
  float f1;
};

// Ordered integer views of floating-point values for ULP distances.
static long long ordf(float v) {
  int b;
  std::memcpy(&b, &v, 4);
  return b < 0 ? -(long long)(b & 0x7fffffff) : (long long)b;
}
static long long ordd(double v) {
  long long b;
  std::memcpy(&b, &v, 8);
  return b < 0 ? -(b & 0x7fffffffffffffffLL) : b;
}
static bool closef(float d, float h, long long ulps, double abs_bound) {
  if (d != d || h != h)
    return false;
  if (d == h)
    return true;
  long long u = ordf(d) - ordf(h);
  if (u < 0)
    u = -u;
  double a = (double)d - (double)h;
  if (a < 0)
    a = -a;
  return u <= ulps || a <= abs_bound;
}
static bool closed(double d, double h, long long ulps, double abs_bound) {
  if (d != d || h != h)
    return false;
  if (d == h)
    return true;
  long long u = ordd(d) - ordd(h);
  if (u < 0)
    u = -u;
  double a = d - h;
  if (a < 0)
    a = -a;
  return u <= ulps || a <= abs_bound;
}

static int g_mismatches = 0;
static void report(const char *what, int i, double dev, double ref) {
  if (++g_mismatches <= 20)
    std::printf("MISMATCH %s [%d]: device %.17g host %.17g\n", what, i, dev, ref);
}
"""

# <amp_math.h> slots: (namespace, function, arity, type, lo, hi, ulps, abs).
# ulps/abs: the device bound of docs/math.md plus 2 ULP for the host's libm
# (glibc), which is the reference here and is itself not always correctly
# rounded. Arguments are clamped into the domain docs/math.md measured.
MATH = [
    ("pm", "sqrt", 1, FLOAT, 1e-3, 1e4, 3, 0), ("pm", "exp", 1, FLOAT, -20, 20, 3, 0),
    ("pm", "exp2", 1, FLOAT, -20, 20, 3, 0), ("pm", "log", 1, FLOAT, 1e-3, 1e4, 3, 0),
    ("pm", "log2", 1, FLOAT, 1e-3, 1e4, 3, 0), ("pm", "log10", 1, FLOAT, 1e-3, 1e4, 3, 0),
    ("pm", "sin", 1, FLOAT, -10, 10, 3, 0), ("pm", "cos", 1, FLOAT, -10, 10, 3, 0),
    ("pm", "tan", 1, FLOAT, -1.4, 1.4, 3, 0), ("pm", "atan", 1, FLOAT, -100, 100, 3, 0),
    ("pm", "asin", 1, FLOAT, -1, 1, 3, 0), ("pm", "acos", 1, FLOAT, -1, 1, 3, 0),
    ("pm", "sinh", 1, FLOAT, -10, 10, 3, 0), ("pm", "cosh", 1, FLOAT, -10, 10, 3, 0),
    ("pm", "tanh", 1, FLOAT, -10, 10, 3, 0), ("pm", "cbrt", 1, FLOAT, -1e4, 1e4, 3, 0),
    ("pm", "erf", 1, FLOAT, -3, 3, 3, 0), ("pm", "expm1", 1, FLOAT, -5, 5, 3, 0),
    ("pm", "log1p", 1, FLOAT, 0, 100, 3, 0), ("pm", "atan2", 2, FLOAT, -10, 10, 3, 0),
    ("pm", "hypot", 2, FLOAT, -100, 100, 3, 0), ("pm", "pow", 2, FLOAT, 0.1, 6, 3, 0),
    ("pm", "floor", 1, FLOAT, -1e4, 1e4, 0, 0), ("pm", "round", 1, FLOAT, -1e4, 1e4, 0, 0),
    ("pm", "fmod", 2, FLOAT, 1, 100, 0, 0),
    ("pm", "sin", 1, DOUBLE, -10, 10, 4, 0), ("pm", "cos", 1, DOUBLE, -10, 10, 4, 0),
    ("pm", "exp", 1, DOUBLE, -50, 50, 3, 0), ("pm", "log", 1, DOUBLE, 1e-3, 1e8, 4, 0),
    ("pm", "atan", 1, DOUBLE, -100, 100, 3, 0), ("pm", "sqrt", 1, DOUBLE, 1e-3, 1e8, 3, 0),
    ("pm", "pow", 2, DOUBLE, 0.1, 6, 10, 0), ("pm", "tanh", 1, DOUBLE, -10, 10, 5, 0),
    ("pm", "cbrt", 1, DOUBLE, -1e8, 1e8, 3, 0), ("pm", "hypot", 2, DOUBLE, -100, 100, 4, 0),
    ("pm", "erf", 1, DOUBLE, -3, 3, 5, 0), ("pm", "expm1", 1, DOUBLE, -5, 5, 4, 0),
    ("pm", "log1p", 1, DOUBLE, 0, 100, 4, 0), ("pm", "asin", 1, DOUBLE, -1, 1, 5, 0),
    ("pm", "trunc", 1, DOUBLE, -1e8, 1e8, 0, 0),
    ("fm", "exp", 1, FLOAT, -10, 10, 25, 0), ("fm", "exp2", 1, FLOAT, -10, 10, 25, 0),
    ("fm", "log", 1, FLOAT, 2, 1e4, 5, 0), ("fm", "log2", 1, FLOAT, 0.5, 2, 0, 2.0 ** -20),
    ("fm", "sin", 1, FLOAT, -3.14, 3.14, 0, 2.0 ** -10),
    ("fm", "cos", 1, FLOAT, -3.14, 3.14, 0, 2.0 ** -10),
    ("fm", "rsqrt", 1, FLOAT, 1e-3, 1e4, 4, 0), ("fm", "atan", 1, FLOAT, -100, 100, 4100, 0),
    ("fm", "sqrt", 1, FLOAT, 1e-3, 1e4, 8200, 0), ("fm", "floor", 1, FLOAT, -1e4, 1e4, 0, 0),
    ("fm", "fabs", 1, FLOAT, -1e4, 1e4, 0, 0),
]


def flit(v, ty):
    s = repr(float(v))
    if "e" not in s and "." not in s:
        s += ".0"
    return s + ("f" if ty == FLOAT else "")


class Scope:
    def __init__(self):
        self.vars = []  # (expr, type, mutable)


class Gen:
    def __init__(self, seed, size=1.0):
        self.r = random.Random(seed)
        self.seed = seed
        self.size = size
        self.uid = 0
        self.structs = []  # (name, [(field, type)], array member or None)
        self.helpers = []  # (name, ret, [(ptype, is_ref)], uses_ref)
        self.out = []
        self.scopes = []
        self.loop_depth = 0
        self.breakable = 0
        self.ret_type = None
        self.stmt_budget = 0
        self.vectors = True
        # Loop iterations a thread runs: lavapipe stops a thread's loops after
        # 65,535 iterations in all, so every function keeps a worst-case count
        # (mult: iterations of the enclosing loops; cost: the function's total).
        self.mult = 1
        self.cost = 0
        self.helper_cost = {}
        self.in_index = 0  # inside an index expression: no further array reads

    # ---------------------------------------------------------------- names
    def fresh(self, p):
        self.uid += 1
        return "%s%d" % (p, self.uid)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    # ------------------------------------------------------------ variables
    def push(self):
        self.scopes.append(Scope())

    def pop(self):
        self.scopes.pop()

    def declare(self, expr, ty, mutable=True):
        self.scopes[-1].vars.append((expr, ty, mutable))

    def visible(self, ty, mutable=False):
        res = []
        for s in self.scopes:
            for (e, t, m) in s.vars:
                if t == ty and (m or not mutable):
                    res.append(e)
        return res

    def struct_vars(self, mutable=False):
        res = []
        for s in self.scopes:
            for (e, t, m) in s.vars:
                if t.startswith("struct:") and (m or not mutable):
                    res.append((e, t[7:]))
        return res

    def arrays(self, mutable=False):
        res = []
        for s in self.scopes:
            for (e, t, m) in s.vars:
                if t.startswith("array:") and (m or not mutable):
                    _, ety, n = t.split(":")
                    res.append((e, ety, int(n)))
        return res

    def vecs(self, mutable=False):
        res = []
        for s in self.scopes:
            for (e, t, m) in s.vars:
                if t.startswith("vec:") and (m or not mutable):
                    res.append((e, t[4:]))
        return res

    def struct_fields(self, name):
        for (n, fields, arr) in self.structs:
            if n == name:
                return fields, arr
        raise KeyError(name)

    def lvalues(self, ty):
        """Places of type ty that may be assigned."""
        res = list(self.visible(ty, mutable=True))
        for (e, sname) in self.struct_vars(mutable=True):
            fields, arr = self.struct_fields(sname)
            res += ["%s.%s" % (e, f) for (f, t) in fields if t == ty]
            if arr and arr[1] == ty:
                res.append("%s.%s[%s]" % (e, arr[0], self.index_expr(arr[2])))
        for (e, ety, n) in self.arrays(mutable=True):
            if ety == ty:
                res.append("%s[%s]" % (e, self.index_expr(n)))
        for (e, vty) in self.vecs(mutable=True):
            if VEC_ELEM[vty] == ty:
                res.append("%s.%s" % (e, self.pick("xy" if vty.endswith("2") else "xyzw")))
        return res

    def readables(self, ty):
        """Readable places of type ty; array elements get an index when picked."""
        res = list(self.visible(ty))
        for (e, sname) in self.struct_vars():
            fields, arr = self.struct_fields(sname)
            res += ["%s.%s" % (e, f) for (f, t) in fields if t == ty]
        if self.in_index == 0:
            for (e, ety, n) in self.arrays():
                if ety == ty:
                    res.append(("array", e, n))
        for (e, vty) in self.vecs():
            if VEC_ELEM[vty] == ty:
                res.append("%s.%s" % (e, self.pick("xy" if vty.endswith("2") else "xyzw")))
        return res

    def pick_readable(self, ty):
        vs = self.readables(ty)
        if not vs:
            return None
        v = self.pick(vs)
        if isinstance(v, tuple):
            return "%s[%s]" % (v[1], self.index_expr(v[2], 1))
        return v

    def index_expr(self, n, d=1):
        t = self.pick([INT, UINT, INT])
        self.in_index += 1
        e = self.iexpr(t, d)
        self.in_index -= 1
        return "(%s) & %d%s" % (e, n - 1, SUFFIX[t]) if t != INT else "(%s) & %d" % (e, n - 1)

    # ----------------------------------------------------------- expressions
    def expr(self, ty, d):
        if ty in INTS:
            return self.iexpr(ty, d)
        if ty in FLOATS:
            return self.fexpr(ty, d)[0]
        return self.bexpr(d)

    def ileaf(self, ty):
        c = self.r.random()
        if c < 0.65:
            v = self.pick_readable(ty)
            if v:
                return v
        if c < 0.8:
            other = self.pick(INTS)
            vs = self.visible(other)
            if vs:
                return "(%s)(%s)" % (ty, self.pick(vs))
        return self.pick(INT_LITERALS[ty])

    def iexpr(self, ty, d):
        if d <= 0 or self.chance(0.2):
            return self.ileaf(ty)
        signed = ty in (INT, LONG)
        uty = UNSIGNED_OF[ty]
        mask = MASK[ty]
        sfx = SUFFIX[ty]
        k = self.r.randrange(18)
        a = lambda: self.iexpr(ty, d - 1)
        if k <= 2:
            op = self.pick("+-*")
            if signed:
                return "(%s)((%s)(%s) %s (%s)(%s))" % (ty, uty, a(), op, uty, a())
            return "(%s %s %s)" % (a(), op, a())
        if k == 3:
            return "(%s %s %s)" % (a(), self.pick(["&", "|", "^"]), a())
        if k == 4:
            return "(~%s)" % a()
        if k == 5:
            sh = self.iexpr(self.pick(INTS), d - 1)
            if signed:
                return "(%s)((%s)(%s) << ((%s) & %d))" % (ty, uty, a(), sh, mask)
            return "(%s << ((%s) & %d))" % (a(), sh, mask)
        if k == 6:
            sh = self.iexpr(self.pick(INTS), d - 1)
            return "(%s >> ((%s) & %d))" % (a(), sh, mask)
        if k == 7:
            op = self.pick("/%")
            if signed:
                if self.chance(0.5):
                    fn = {("/", INT): "sdiv", ("%", INT): "smod", ("/", LONG): "sdivl",
                          ("%", LONG): "smodl"}[(op, ty)]
                    return "%s(%s, %s)" % (fn, a(), a())
                return "(%s %s ((%s & 7%s) + 1%s))" % (a(), op, a(), sfx, sfx)
            return "(%s %s (%s | 1%s))" % (a(), op, a(), sfx)
        if k == 8:
            if signed:
                return "(%s)(0%s - (%s)(%s))" % (ty, SUFFIX[uty], uty, a())
            return "(-%s)" % a()
        if k == 9:
            return "(%s ? %s : %s)" % (self.bexpr(d - 1), a(), a())
        if k == 10:
            return "(%s)(%s)" % (ty, self.iexpr(self.pick(INTS), d - 1))
        if k == 11:
            # Mixed signedness: the usual arithmetic conversions, all defined.
            if ty == UINT:
                return "(%s %s %s)" % (a(), self.pick("+-*^"), self.iexpr(INT, d - 1))
            if ty == ULONG:
                return "(%s %s %s)" % (a(), self.pick("+-*|"),
                                       self.iexpr(self.pick([INT, UINT, LONG]), d - 1))
            return "(%s)(%s)" % (ty, self.iexpr(uty, d - 1))
        if k == 12:
            if ty in (INT, UINT):
                e = "f2i(%s)" % self.fexpr(FLOAT, d - 1)[0]
            else:
                e = "d2l(%s)" % self.fexpr(DOUBLE, d - 1)[0]
            return e if ty in (INT, LONG) else "(%s)%s" % (ty, e)
        if k == 13:
            return "(%s)(%s)" % (ty, self.bexpr(d - 1))
        if k == 14:
            return "tmix<%s>(%s, %s, %s)" % (ty, a(), a(), self.iexpr(INT, d - 1))
        if k in (15, 16):
            call = self.call_expr(ty, d - 1)
            if call:
                return call
            return a()
        return self.ileaf(ty)

    def fleaf(self, ty):
        c = self.r.random()
        if c < 0.6:
            v = self.pick_readable(ty)
            if v:
                return v, VAR_BOUND[ty]
        if c < 0.75:
            it = self.pick(INTS)
            vs = self.visible(it)
            if vs:
                return "(%s)(%s)" % (ty, self.pick(vs)), 2.0 ** 64
        if c < 0.85:
            other = FLOAT if ty == DOUBLE else DOUBLE
            v = self.pick_readable(other)
            if v:
                return "(%s)(%s)" % (ty, v), VAR_BOUND[DOUBLE]
        v = self.r.randrange(-64, 65) / 4.0
        return flit(v, ty), abs(v)

    def fexpr(self, ty, d):
        """(code, bound): an exactly rounded expression of magnitude <= bound."""
        if d <= 0 or self.chance(0.2):
            code, b = self.fleaf(ty)
        else:
            k = self.r.randrange(12)
            if k <= 4:
                (ca, ba), (cb, bb) = self.fexpr(ty, d - 1), self.fexpr(ty, d - 1)
                op = self.pick("+-*")
                code = "(%s %s %s)" % (ca, op, cb)
                b = ba * bb if op == "*" else ba + bb
            elif k == 5:
                ca, b = self.fexpr(ty, d - 1)
                code = "(-(%s))" % ca
            elif k == 6:
                (ca, ba), (cb, bb) = self.fexpr(ty, d - 1), self.fexpr(ty, d - 1)
                code = "(%s ? %s : %s)" % (self.bexpr(d - 1), ca, cb)
                b = max(ba, bb)
            elif k == 7:
                ca, b = self.fexpr(ty, d - 1)
                code = "pm::%s(%s)" % (self.pick(["fabs", "floor", "ceil", "trunc", "round"]), ca)
            elif k == 8:
                (ca, ba), (cb, bb) = self.fexpr(ty, d - 1), self.fexpr(ty, d - 1)
                code = "pm::%s(%s, %s)" % (self.pick(["fmin", "fmax"]), ca, cb)
                b = max(ba, bb)
            elif k == 9:
                it = self.pick(INTS)
                code, b = "(%s)(%s)" % (ty, self.iexpr(it, d - 1)), 2.0 ** 64
            elif k == 10:
                other = FLOAT if ty == DOUBLE else DOUBLE
                ca, b = self.fexpr(other, d - 1)
                if ty == FLOAT and b > 1e30:
                    ca, b = "clampd(%s)" % ca, VAR_BOUND[DOUBLE]
                code = "(%s)(%s)" % (ty, ca)
            else:
                call = self.call_expr(ty, d - 1)
                if call:
                    code, b = call, VAR_BOUND[ty]
                else:
                    code, b = self.fleaf(ty)
        if b > EXPR_LIMIT[ty]:
            code, b = "%s(%s)" % (CLAMP[ty], code), VAR_BOUND[ty]
        return code, b

    def bexpr(self, d):
        if d <= 0 or self.chance(0.15):
            vs = self.visible(BOOL)
            if vs and self.chance(0.5):
                return self.pick(vs)
            t = self.pick(INTS)
            return "(%s %s %s)" % (self.ileaf(t), self.pick(["<", "<=", "==", "!=", ">", ">="]),
                                   self.ileaf(t))
        k = self.r.randrange(7)
        if k <= 2:
            ta = self.pick(INTS)
            # Often a different type: mixed-sign comparisons are defined.
            tb = ta if self.chance(0.5) else self.pick(INTS)
            return "(%s %s %s)" % (self.iexpr(ta, d - 1),
                                   self.pick(["<", "<=", "==", "!=", ">", ">="]),
                                   self.iexpr(tb, d - 1))
        if k == 3:
            t = self.pick(FLOATS)
            return "(%s %s %s)" % (self.fexpr(t, d - 1)[0], self.pick(["<", "<=", "==", "!=", ">"]),
                                   self.fexpr(t, d - 1)[0])
        if k == 4:
            return "(!%s)" % self.bexpr(d - 1)
        if k == 5:
            return "(%s %s %s)" % (self.bexpr(d - 1), self.pick(["&&", "||"]), self.bexpr(d - 1))
        return "(((%s) & %du) == 0u)" % (self.iexpr(UINT, d - 1), self.pick([1, 3, 4]))

    def call_expr(self, ty, d):
        """A call of a helper without reference parameters that returns ty."""
        cands = [h for h in self.helpers if h[1] == ty and not h[3] and self.affordable(h[0])]
        if not cands:
            return None
        name, ret, params, _ = self.pick(cands)
        args = []
        for (pty, ref) in params:
            if pty.startswith("struct:"):
                sv = [e for (e, s) in self.struct_vars() if s == pty[7:]]
                if not sv:
                    return None
                args.append(self.pick(sv))
            else:
                args.append(self.bounded(pty, min(d, 1)))
        self.cost += self.mult * self.helper_cost[name]
        return "%s(%s)" % (name, ", ".join(args))

    def affordable(self, helper):
        c = self.mult * self.helper_cost[helper]
        return c <= 3000 and self.cost + c <= 12000

    # ------------------------------------------------------------ statements
    def emit(self, ind, line):
        self.out.append("  " * ind + line)

    def assign_stmt(self, ind):
        ty = self.pick(SCALARS + [UINT, INT])
        lvs = self.lvalues(ty)
        if not lvs:
            return False
        lv = self.pick(lvs)
        if ty in FLOATS:
            code, b = self.fexpr(ty, 2)
            if b > VAR_BOUND[ty]:
                code = "%s(%s)" % (CLAMP[ty], code)
            self.emit(ind, "%s = %s;" % (lv, code))
        elif ty in (UINT, ULONG):
            op = self.pick(["=", "+=", "-=", "*=", "^=", "|=", "&=", "<<=", ">>=", "++", "--"])
            if op in ("++", "--"):
                self.emit(ind, "%s%s;" % (op, lv))
            elif op in ("<<=", ">>="):
                self.emit(ind, "%s %s (%s) & %d;" % (lv, op, self.iexpr(ty, 1), MASK[ty]))
            else:
                self.emit(ind, "%s %s %s;" % (lv, op, self.iexpr(ty, 2)))
        else:
            op = self.pick(["=", "=", "^=", "|=", "&=", ">>=", "wrap"])
            if op == "wrap":
                uty = UNSIGNED_OF[ty]
                self.emit(ind, "%s = (%s)((%s)%s %s (%s)(%s));" % (
                    lv, ty, uty, lv, self.pick("+-*"), uty, self.iexpr(ty, 2)))
            elif op == ">>=":
                self.emit(ind, "%s >>= (%s) & %d;" % (lv, self.iexpr(ty, 1), MASK[ty]))
            else:
                self.emit(ind, "%s %s %s;" % (lv, op, self.iexpr(ty, 2)))
        return True

    def decl_stmt(self, ind):
        ty = self.pick(SCALARS + [INT, UINT, BOOL])
        name = self.fresh("v")
        if ty in FLOATS:
            code, b = self.fexpr(ty, 2)
            if b > VAR_BOUND[ty]:
                code = "%s(%s)" % (CLAMP[ty], code)
            self.emit(ind, "%s %s = %s;" % (ty, name, code))
        else:
            self.emit(ind, "%s %s = %s;" % (ty, name, self.expr(ty, 2)))
        self.declare(name, ty, ty != BOOL or self.chance(0.5))

    def array_stmt(self, ind):
        ty = self.pick([INT, UINT, FLOAT, LONG, DOUBLE, UINT])
        n = self.pick([4, 8])
        name = self.fresh("a")
        inits = [self.bounded(ty, 1) for _ in range(n)]
        self.emit(ind, "%s %s[%d] = {%s};" % (ty, name, n, ", ".join(inits)))
        self.declare(name, "array:%s:%d" % (ty, n))
        if self.chance(0.3) and ty in (INT, UINT):
            # A pointer into the array, moved within its bounds.
            p = self.fresh("ptr")
            self.emit(ind, "%s *%s = &%s[(%s) & %d];" % (ty, p, name, self.iexpr(INT, 1), n // 2 - 1))
            self.emit(ind, "%s += %d;" % (p, self.r.randrange(n // 2)))
            self.emit(ind, "*%s = %s;" % (p, self.iexpr(ty, 1)))

    def bounded(self, ty, d):
        if ty in FLOATS:
            code, b = self.fexpr(ty, d)
            return "%s(%s)" % (CLAMP[ty], code) if b > VAR_BOUND[ty] else code
        return self.expr(ty, d)

    def struct_stmt(self, ind):
        if not self.structs:
            return False
        sname, fields, arr = self.pick(self.structs)
        name = self.fresh("s")
        if self.chance(0.3):
            src = [e for (e, s) in self.struct_vars() if s == sname]
            if src:
                self.emit(ind, "%s %s = %s;" % (sname, name, self.pick(src)))
                self.declare(name, "struct:" + sname)
                return True
        self.emit(ind, "%s %s = %s;" % (sname, name, self.struct_init(sname)))
        self.declare(name, "struct:" + sname)
        if self.chance(0.5):
            self.emit(ind, "%s.bump(%s);" % (name, self.iexpr(UINT, 1)))
        return True

    def struct_init(self, sname):
        fields, arr = self.struct_fields(sname)
        parts = []
        for (f, t) in fields:
            if t.startswith("struct:"):
                parts.append(self.struct_init(t[7:]))
            else:
                parts.append(self.bounded(t, 1))
        if arr:
            parts.append("{%s}" % ", ".join(self.bounded(arr[1], 1) for _ in range(arr[2])))
        return "{%s}" % ", ".join(parts)

    def vec_stmt(self, ind):
        if not self.vectors:
            return False
        vty = self.pick(["uint_4", "uint_2", "float_4", "float_2", "int_2"])
        name = self.fresh("w")
        et = VEC_ELEM[vty]
        n = int(vty[-1])
        comps = ", ".join(self.small(et) for _ in range(n))
        self.emit(ind, "%s %s(%s);" % (vty, name, comps))
        if vty.startswith("uint"):
            op = self.pick("+-*&|^")
            self.emit(ind, "%s = %s %s %s(%s);" % (name, name, op, vty, self.iexpr(UINT, 1)))
            if n == 4 and self.chance(0.5):
                self.emit(ind, "%s = %s.wzyx ^ %s.xyzw;" % (name, name, name))
            if self.chance(0.5):
                self.emit(ind, "%s %s= %s;" % (name, self.pick("+*^"), name))
        elif vty.startswith("float"):
            op = self.pick("+-*")
            other = self.pick([v for (v, t) in self.vecs() if t == vty] + [name])
            self.emit(ind, "%s = clamp%d(%s %s %s);" % (name, n, name, op, other))
            if n == 4 and self.chance(0.5):
                self.emit(ind, "%s.xy = %s.wz;" % (name, name))
        else:
            self.emit(ind, "%s = %s ^ int_2(%s);" % (name, name, self.iexpr(INT, 1)))
            self.emit(ind, "%s.y = %s.x & %s.y;" % (name, name, name))
        self.declare(name, "vec:" + vty)
        return True

    def small(self, ty):
        """A value that cannot overflow the arithmetic of short vectors."""
        if ty == FLOAT:
            return self.bounded(FLOAT, 1)
        if ty == INT:
            return "(%s & 1023)" % self.iexpr(INT, 1)
        return self.iexpr(ty, 1)

    def call_stmt(self, ind):
        cands = [h for h in self.helpers if h[3] and self.affordable(h[0])]
        if not cands:
            return False
        name, ret, params, _ = self.pick(cands)
        args = []
        used = set()
        for (pty, ref) in params:
            if ref:
                lvs = [v for v in self.visible(pty, mutable=True) if v not in used]
                if not lvs:
                    return False
                v = self.pick(lvs)
                used.add(v)
                args.append(v)
            elif pty.startswith("struct:"):
                sv = [e for (e, s) in self.struct_vars() if s == pty[7:]]
                if not sv:
                    return False
                args.append(self.pick(sv))
            else:
                args.append(self.bounded(pty, 1))
        self.cost += self.mult * self.helper_cost[name]
        call = "%s(%s)" % (name, ", ".join(args))
        targets = [v for v in self.visible(ret, mutable=True) if v not in used]
        if targets and ret not in FLOATS and self.chance(0.7):
            self.emit(ind, "%s = %s;" % (self.pick(targets), call))
        else:
            self.emit(ind, "%s;" % call)
        return True

    def lambda_stmt(self, ind):
        name = self.fresh("f")
        cap = self.pick(self.visible(UINT) or ["7u"])
        self.emit(ind, "auto %s = [=](unsigned q) restrict(amp, cpu) { return q * %s + (q >> 3); };"
                  % (name, cap))
        lvs = self.visible(UINT, mutable=True)
        if lvs:
            self.emit(ind, "%s = %s(%s);" % (self.pick(lvs), name, self.iexpr(UINT, 1)))

    def block(self, ind, n, depth):
        self.push()
        for _ in range(n):
            if self.stmt_budget <= 0:
                break
            self.stmt(ind, depth)
        self.pop()

    def stmt(self, ind, depth):
        self.stmt_budget -= 1
        k = self.r.random()
        nested = depth < 3 and self.stmt_budget > 2
        if k < 0.16:
            self.decl_stmt(ind)
        elif k < 0.36:
            if not self.assign_stmt(ind):
                self.decl_stmt(ind)
        elif k < 0.44 and nested:
            self.emit(ind, "if (%s) {" % self.bexpr(2))
            self.block(ind + 1, self.r.randrange(1, 4), depth + 1)
            if self.chance(0.5):
                self.emit(ind, "} else {")
                self.block(ind + 1, self.r.randrange(1, 3), depth + 1)
            self.emit(ind, "}")
        elif k < 0.53 and nested and self.mult <= 64 and self.cost < 10000:
            self.loop(ind, depth)
        elif k < 0.58 and nested:
            self.switch(ind, depth)
        elif k < 0.63:
            self.array_stmt(ind)
        elif k < 0.68:
            if not self.struct_stmt(ind):
                self.decl_stmt(ind)
        elif k < 0.73:
            if not self.vec_stmt(ind):
                self.decl_stmt(ind)
        elif k < 0.8:
            if not self.call_stmt(ind):
                self.assign_stmt(ind)
        elif k < 0.84 and self.loop_depth > 0:
            self.emit(ind, "if (%s) %s;" % (self.bexpr(1), self.pick(["break", "continue"])))
        elif k < 0.87 and self.ret_type is not None:
            self.early_return(ind)
        elif k < 0.9:
            # A reference to a local, written through.
            ty = self.pick([INT, UINT, FLOAT, LONG])
            vs = self.visible(ty, mutable=True)
            if vs:
                r = self.fresh("r")
                self.emit(ind, "%s &%s = %s;" % (ty, r, self.pick(vs)))
                self.declare(r, ty)
                self.assign_stmt(ind)
            else:
                self.decl_stmt(ind)
        elif k < 0.92:
            self.lambda_stmt(ind)
        else:
            if not self.assign_stmt(ind):
                self.decl_stmt(ind)

    def early_return(self, ind):
        if self.ret_type == "void":
            self.emit(ind, "if (%s) return;" % self.bexpr(1))
        else:
            self.emit(ind, "if (%s) return %s;" % (self.bexpr(1), self.bounded(self.ret_type, 1)))

    def loop(self, ind, depth):
        kind = self.pick(["for", "for", "while", "do"])
        c = self.fresh("k")
        saved = self.mult
        self.mult *= 8
        self.cost += self.mult
        limit = self.pick(["%d" % self.r.randrange(1, 7), "(int)((%s) & 7u)" % self.iexpr(UINT, 1)])
        self.loop_depth += 1
        self.breakable += 1
        if kind == "for":
            self.emit(ind, "for (int %s = 0; %s < %s; ++%s) {" % (c, c, limit, c))
            self.push()
            self.declare(c, INT, False)
            self.block(ind + 1, self.r.randrange(1, 5), depth + 1)
            self.pop()
            self.emit(ind, "}")
        elif kind == "while":
            self.emit(ind, "{")
            self.emit(ind + 1, "int %s = %s;" % (c, limit))
            self.emit(ind + 1, "while (%s > 0) {" % c)
            self.emit(ind + 2, "--%s;" % c)
            self.push()
            self.declare(c, INT, False)
            self.block(ind + 2, self.r.randrange(1, 5), depth + 1)
            self.pop()
            self.emit(ind + 1, "}")
            self.emit(ind, "}")
        else:
            self.emit(ind, "{")
            self.emit(ind + 1, "int %s = 0;" % c)
            self.emit(ind + 1, "do {")
            self.emit(ind + 2, "++%s;" % c)
            self.push()
            self.declare(c, INT, False)
            self.block(ind + 2, self.r.randrange(1, 5), depth + 1)
            self.pop()
            self.emit(ind + 1, "} while (%s < %s && %s);" % (c, limit, self.bexpr(1)))
            self.emit(ind, "}")
        self.loop_depth -= 1
        self.breakable -= 1
        self.mult = saved

    def switch(self, ind, depth):
        ty = self.pick([INT, UINT])
        n = self.r.randrange(2, 6)
        sel = ("(%s) %% %du" % (self.iexpr(UINT, 1), n + 1)) if ty == UINT else \
            ("(%s) & 7" % self.iexpr(INT, 1))
        self.emit(ind, "switch (%s) {" % sel)
        labels = sorted(self.r.sample(range(8), n))
        self.breakable += 1
        for i, lab in enumerate(labels + ["default"]):
            head = "default:" if lab == "default" else "case %d%s:" % (lab, "u" if ty == UINT else "")
            self.emit(ind, "%s {" % head)
            self.block(ind + 1, self.r.randrange(1, 3), depth + 1)
            # Fall through to the next label, or not.
            if lab == "default" or self.chance(0.6):
                self.emit(ind + 1, "break;")
            self.emit(ind, "}")
        self.breakable -= 1
        self.emit(ind, "}")

    # ------------------------------------------------------------ top level
    def gen_structs(self):
        for i in range(self.r.randrange(1, 4)):
            name = "S%d" % i
            fields = []
            for j in range(self.r.randrange(2, 5)):
                fields.append(("m%d" % j, self.pick([INT, UINT, FLOAT, LONG, DOUBLE, ULONG])))
            if self.structs and self.chance(0.4):
                fields.append(("sub", "struct:" + self.pick(self.structs)[0]))
            arr = ("arr", self.pick([INT, UINT]), 4) if self.chance(0.5) else None
            self.emit(0, "struct %s {" % name)
            for (f, t) in fields:
                self.emit(1, "%s %s;" % (t[7:] if t.startswith("struct:") else t, f))
            if arr:
                self.emit(1, "%s %s[%d];" % (arr[1], arr[0], arr[2]))
            ints = [f for (f, t) in fields if t in INTS]
            flts = [f for (f, t) in fields if t in FLOATS]
            # A const member function and a mutating one.
            self.emit(1, "unsigned sum(unsigned k) const restrict(amp, cpu) {")
            self.emit(2, "unsigned s = k;")
            for f in ints:
                self.emit(2, "s = s * 31u + (unsigned)%s;" % f)
            for f in flts:
                self.emit(2, "s ^= (unsigned)f2i((float)%s);" % f)
            if arr:
                self.emit(2, "for (int i = 0; i < %d; ++i)" % arr[2])
                self.emit(3, "s += (unsigned)%s[i] << (i & 7);" % arr[0])
            self.emit(2, "return s;")
            self.emit(1, "}")
            self.emit(1, "void bump(unsigned k) restrict(amp, cpu) {")
            for (f, t) in fields:
                if t in INTS:
                    self.emit(2, "%s = (%s)((%s)%s + (%s)k);" % (f, t, UNSIGNED_OF[t], f,
                                                                   UNSIGNED_OF[t]))
                elif t in FLOATS:
                    self.emit(2, "%s = %s(%s + (%s)(k & 255u));" % (f, CLAMP[t], f, t))
            if arr:
                self.emit(2, "%s[k & %du] ^= (%s)k;" % (arr[0], arr[2] - 1, arr[1]))
            self.emit(1, "}")
            self.emit(0, "};")
            self.emit(0, "")
            self.structs.append((name, fields, arr))

    def gen_helper(self, idx):
        name = "h%d" % idx
        ret = self.pick([INT, UINT, UINT, LONG, ULONG, FLOAT, DOUBLE])
        params = []
        for j in range(self.r.randrange(1, 4)):
            params.append((self.pick([INT, UINT, FLOAT, LONG, ULONG, DOUBLE]), False))
        uses_ref = self.chance(0.4)
        if uses_ref:
            params.append((self.pick([INT, UINT, ULONG]), True))
        if self.structs and self.chance(0.4):
            params.append(("struct:" + self.pick(self.structs)[0], False))
        ps = []
        self.push()
        for j, (t, ref) in enumerate(params):
            pn = "p%d" % j
            if t.startswith("struct:"):
                ps.append("const %s &%s" % (t[7:], pn))
                self.declare(pn, t, False)
            elif ref:
                ps.append("%s &%s" % (t, pn))
                self.declare(pn, t, True)
            else:
                ps.append("%s %s" % (t, pn))
                self.declare(pn, t, t not in FLOATS)
        self.emit(0, "static %s %s(%s) restrict(amp, cpu) {" % (ret, name, ", ".join(ps)))
        self.ret_type = ret
        self.stmt_budget = int(self.r.randrange(4, 12) * self.size)
        self.cost = 0
        self.block(1, 30, 0)
        self.emit(1, "return %s;" % self.bounded(ret, 2))
        self.emit(0, "}")
        self.emit(0, "")
        self.pop()
        self.ret_type = None
        self.helper_cost[name] = max(1, self.cost)
        self.cost = 0
        self.helpers.append((name, ret, params, uses_ref))

    def gen_body(self, name, out_fields, budget):
        """void name(int gid, const In &x, const In &y, Out &o) restrict(amp, cpu)."""
        self.emit(0, "static void %s(int gid, const In &x, const In &y, %s &o) restrict(amp, cpu) {"
                  % (name, out_fields[0]))
        self.push()
        self.declare("gid", INT, False)
        for (f, t) in [("i0", INT), ("u0", UINT), ("f0", FLOAT), ("i1", INT), ("l0", LONG),
                       ("d0", DOUBLE), ("u1", UINT), ("f1", FLOAT)]:
            self.declare("x." + f, t, False)
            self.declare("y." + f, t, False)
        for (f, t) in out_fields[1]:
            self.emit(1, "o.%s = %s;" % (f, "0" if t in INTS else ("0.0f" if t == FLOAT else "0.0")))
        for (f, t) in out_fields[1]:
            self.declare("o." + f, t, True)
        self.ret_type = "void"
        self.stmt_budget = budget
        self.cost = 0
        self.block(1, 100, 0)
        self.ret_type = None
        # Every output also gets a final value computed from the state.
        for (f, t) in out_fields[1]:
            if self.chance(0.6):
                self.emit(1, "o.%s = %s;" % (f, self.bounded(t, 2)))
        self.pop()
        self.emit(0, "}")
        self.emit(0, "")


VEC_ELEM = {"uint_4": UINT, "uint_2": UINT, "float_4": FLOAT, "float_2": FLOAT, "int_2": INT}


class Program:
    """Writes the whole program: functions, kernels, host reference, checks."""

    def __init__(self, seed, size=1.0):
        self.g = Gen(seed, size)
        self.r = self.g.r
        self.seed = seed
        self.main = []
        self.checks = []
        self.size = size
        self.by_reference = random.Random(seed * 7919 + 1)

    def inputs(self, line):
        """`const In xa = ..., xb = ...;` as it is or as references."""
        if self.by_reference.random() < 0.5:
            return line
        return line.replace("const In xa = ", "const In &xa = ").replace(", xb = ", ", &xb = ")

    def m(self, ind, line):
        self.main.append("  " * ind + line)

    def out_struct(self, name):
        g = self.g
        fields = [("ru", UINT), ("rf", FLOAT)]
        for j in range(self.r.randrange(1, 5)):
            fields.append(("r%d" % j, g.pick([INT, UINT, LONG, ULONG, FLOAT, DOUBLE])))
        g.emit(0, "struct %s {" % name)
        for (f, t) in fields:
            g.emit(1, "%s %s;" % (t, f))
        g.emit(0, "};")
        g.emit(0, "")
        return (name, fields)

    def compare(self, ind, dev, ref, fields, what, n):
        self.m(ind, "for (int i = 0; i < %s; ++i) {" % n)
        for (f, t) in fields:
            acc = ("." + f) if f else ""
            self.m(ind + 1, "if (!(%s[i]%s == %s[i]%s)) report(\"%s%s\", i, (double)%s[i]%s, (double)%s[i]%s);"
                   % (dev, acc, ref, acc, what, acc, dev, acc, ref, acc))
        self.m(ind, "}")

    def generate(self):
        g = self.g
        r = self.r
        g.out.append("// Generated by test/fuzz/gen_valid.py, seed %d: every kernel's result is" % self.seed)
        g.out.append("// computed again on the host by the same restrict(amp, cpu) code and compared.")
        g.out.append(PRELUDE)
        g.gen_structs()
        for i in range(r.randrange(2, 5)):
            g.gen_helper(i)
        n = self.n = r.choice([256, 512, 768, 1024])
        kinds = ["elem"] + r.sample(["elem", "tiled", "tiled2", "atomic", "views", "math", "vec",
                                     "chain"], r.randrange(3, 6))
        self.m(1, "const int N = %d;" % n)
        self.m(1, "std::vector<In> in(N);")
        self.m(1, "unsigned long long st = %dULL;" % (self.seed * 2654435761 + 12345))
        self.m(1, "auto rnd = [&]() { st = st * 6364136223846793005ULL + 1442695040888963407ULL; return (unsigned)(st >> 33); };")
        self.m(1, "const int edge[] = {0, 1, -1, 2, 2147483647, -2147483647 - 1, 7, -8, 65536, -100000};")
        self.m(1, "for (int i = 0; i < N; ++i) {")
        self.m(2, "unsigned a = rnd(), b = rnd(), c = rnd();")
        self.m(2, "in[i].i0 = (a & 3) == 0 ? edge[b % 10] : (int)(a ^ (b << 7));")
        self.m(2, "in[i].u0 = (b & 7) == 0 ? 0xffffffffu - (c & 3) : c * 2654435761u;")
        self.m(2, "in[i].f0 = (float)((int)(a % 1025) - 512) / 8.0f;")
        self.m(2, "in[i].i1 = (int)(c % 201) - 100;")
        self.m(2, "in[i].l0 = (long)(((unsigned long)a << 32) | b) >> (c & 31);")
        self.m(2, "in[i].d0 = (double)((int)(b % 20001) - 10000) / 64.0;")
        self.m(2, "in[i].u1 = a >> (b & 31);")
        self.m(2, "in[i].f1 = (float)((int)(c % 129) - 64) * 0.25f;")
        self.m(1, "}")
        self.m(1, "array_view<const In, 1> inv(N, in);")
        kid = 0
        for kind in kinds:
            kid += 1
            getattr(self, "k_" + kind)(kid)
        self.m(1, "if (g_mismatches) {")
        self.m(2, "std::printf(\"FAILED: %d mismatches\\n\", g_mismatches);")
        self.m(2, "return 1;")
        self.m(1, "}")
        self.m(1, "std::printf(\"PASSED %%d kernels\\n\", %d);" % kid)
        g.out.append("static int run() {")
        g.out += self.main
        g.out.append("  return 0;")
        g.out.append("}")
        g.out.append("")
        g.out.append("int main() {")
        g.out.append("  try {")
        g.out.append("    return run();")
        g.out.append("  } catch (const std::exception &e) {")
        g.out.append("    std::printf(\"EXCEPTION %s\\n\", e.what());")
        g.out.append("    return 3;")
        g.out.append("  }")
        g.out.append("}")
        return "\n".join(g.out) + "\n"

    def budget(self):
        return int(self.r.randrange(12, 30) * self.size)

    # Kernel kinds. Each writes its device launch and host reference into main.
    def k_elem(self, k):
        g = self.g
        on, fields = self.out_struct("Out%d" % k)
        g.gen_body("body%d" % k, (on, fields), self.budget())
        use_array = self.r.random() < 0.4
        stride = self.r.choice([1, 3, 7, 255])
        self.m(1, "{  // kernel %d: elementwise, %s output" % (k, "array" if use_array else "array_view"))
        self.m(2, "std::vector<%s> dev(N), ref(N);" % on)
        if use_array:
            self.m(2, "array<%s, 1> outa(N);" % on)
            cap, tgt = "&outa", "outa"
        else:
            self.m(2, "array_view<%s, 1> outv(N, dev);" % on)
            self.m(2, "outv.discard_data();")
            cap, tgt = "", "outv"
        self.m(2, "parallel_for_each(extent<1>(N), [=%s](index<1> idx) restrict(amp) {" % (", " + cap if cap else ""))
        self.m(3, "int g = idx[0];")
        self.m(3, "%s o;" % on)
        self.m(3, self.inputs("const In xa = inv[idx], xb = inv[(g * %d + 1) %% N];" % stride))
        self.m(3, "body%d(g, xa, xb, o);" % k)
        self.m(3, "%s[idx] = o;" % tgt)
        self.m(2, "});")
        if use_array:
            self.m(2, "copy(outa, dev.begin());")
        else:
            self.m(2, "outv.synchronize();")
        self.m(2, "for (int g = 0; g < N; ++g)")
        self.m(3, "body%d(g, in[g], in[(g * %d + 1) %% N], ref[g]);" % (k, stride))
        self.compare(2, "dev", "ref", fields, "k%d" % k, "N")
        self.m(1, "}")

    def k_chain(self, k):
        """Two launches, the second reading the first's output on the device."""
        g = self.g
        g.emit(0, "static unsigned chain%d(unsigned a, unsigned b, int g) restrict(amp, cpu) {" % k)
        g.push()
        g.declare("a", UINT, True)
        g.declare("b", UINT, True)
        g.declare("g", INT, False)
        g.ret_type = UINT
        g.stmt_budget = int(8 * self.size)
        g.cost = 0
        g.block(1, 10, 1)
        g.ret_type = None
        g.emit(1, "return %s;" % g.iexpr(UINT, 2))
        g.pop()
        g.emit(0, "}")
        g.emit(0, "")
        self.m(1, "{  // kernel %d: a chain of two launches through one view" % k)
        self.m(2, "std::vector<unsigned> d(N, 0u), ref(N);")
        self.m(2, "array_view<unsigned, 1> a(N, d);")
        self.m(2, "parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {")
        self.m(3, "a[i] = chain%d(inv[i].u0, (unsigned)inv[i].i1, i[0]);" % k)
        self.m(2, "});")
        self.m(2, "array_view<unsigned, 1> b(N);")
        self.m(2, "parallel_for_each(b.extent, [=](index<1> i) restrict(amp) {")
        self.m(3, "b[i] = chain%d(a[i], a[(i[0] + 1) %% N], i[0]) + a[N - 1 - i[0]];" % k)
        self.m(2, "});")
        self.m(2, "std::vector<unsigned> t(N);")
        self.m(2, "for (int i = 0; i < N; ++i) t[i] = chain%d(in[i].u0, (unsigned)in[i].i1, i);" % k)
        self.m(2, "for (int i = 0; i < N; ++i) ref[i] = chain%d(t[i], t[(i + 1) %% N], i) + t[N - 1 - i];" % k)
        self.m(2, "std::vector<unsigned> dev(N);")
        self.m(2, "copy(b, dev.begin());")
        self.compare(2, "dev", "ref", [("", UINT)], "k%d" % k, "N")
        self.m(1, "}")

    def k_tiled(self, k):
        g = self.g
        on, fields = self.out_struct("Out%d" % k)
        g.gen_body("body%d" % k, (on, fields), self.budget())
        T = self.r.choice([16, 32, 64, 128, 256])
        sh = self.r.randrange(1, T)
        op = self.r.choice(["a + b", "a ^ b", "a < b ? b : a", "a < b ? a : b", "a | b"])
        fence = self.r.choice(["wait()", "wait_with_tile_static_memory_fence()",
                               "wait_with_all_memory_fence()"])
        g.emit(0, "static unsigned red%d(unsigned a, unsigned b) restrict(amp, cpu) { return %s; }"
               % (k, op))
        g.emit(0, "struct T%d { unsigned nb; float nf; unsigned su; float sf; };" % k)
        g.emit(0, "")
        tf = [("nb", UINT), ("nf", FLOAT), ("su", UINT), ("sf", FLOAT)]
        self.m(1, "{  // kernel %d: tiled %d, tile_static exchange and tree reduction" % (k, T))
        self.m(2, "std::vector<T%d> dev(N), ref(N);" % k)
        self.m(2, "array_view<T%d, 1> ov(N, dev);" % k)
        self.m(2, "parallel_for_each(extent<1>(N).tile<%d>(), [=](tiled_index<%d> t) restrict(amp) {" % (T, T))
        self.m(3, "tile_static unsigned su[%d];" % T)
        self.m(3, "tile_static float sf[%d];" % T)
        self.m(3, "int g = t.global[0], l = t.local[0];")
        self.m(3, "%s o;" % on)
        self.m(3, self.inputs("const In xa = inv[g], xb = inv[(g + %d) %% N];" % sh))
        self.m(3, "body%d(g, xa, xb, o);" % k)
        self.m(3, "su[l] = o.ru;")
        self.m(3, "sf[l] = o.rf;")
        self.m(3, "t.barrier.%s;" % fence)
        self.m(3, "T%d r;" % k)
        self.m(3, "r.nb = su[(l + %d) %% %d];" % (sh, T))
        self.m(3, "r.nf = sf[%d - l];" % (T - 1))
        self.m(3, "t.barrier.wait();")
        self.m(3, "for (int s = %d; s > 0; s >>= 1) {" % (T // 2))
        self.m(4, "if (l < s) {")
        self.m(5, "su[l] = red%d(su[l], su[l + s]);" % k)
        self.m(5, "sf[l] = sf[l] + sf[l + s];")
        self.m(4, "}")
        self.m(4, "t.barrier.%s;" % fence)
        self.m(3, "}")
        self.m(3, "r.su = su[0];")
        self.m(3, "r.sf = sf[0];")
        self.m(3, "ov[t.global] = r;")
        self.m(2, "});")
        self.m(2, "ov.synchronize();")
        self.m(2, "for (int t0 = 0; t0 < N; t0 += %d) {" % T)
        self.m(3, "unsigned su[%d]; float sf[%d];" % (T, T))
        self.m(3, "for (int l = 0; l < %d; ++l) {" % T)
        self.m(4, "%s o;" % on)
        self.m(4, "body%d(t0 + l, in[t0 + l], in[(t0 + l + %d) %% N], o);" % (k, sh))
        self.m(4, "su[l] = o.ru; sf[l] = o.rf;")
        self.m(3, "}")
        self.m(3, "for (int l = 0; l < %d; ++l) {" % T)
        self.m(4, "ref[t0 + l].nb = su[(l + %d) %% %d];" % (sh, T))
        self.m(4, "ref[t0 + l].nf = sf[%d - l];" % (T - 1))
        self.m(3, "}")
        self.m(3, "for (int s = %d; s > 0; s >>= 1)" % (T // 2))
        self.m(4, "for (int l = 0; l < s; ++l) { su[l] = red%d(su[l], su[l + s]); sf[l] = sf[l] + sf[l + s]; }" % k)
        self.m(3, "for (int l = 0; l < %d; ++l) { ref[t0 + l].su = su[0]; ref[t0 + l].sf = sf[0]; }" % T)
        self.m(2, "}")
        self.compare(2, "dev", "ref", tf, "k%d" % k, "N")
        self.m(1, "}")

    def k_tiled2(self, k):
        g = self.g
        on, fields = self.out_struct("Out%d" % k)
        g.gen_body("body%d" % k, (on, fields), self.budget())
        TY, TX = self.r.choice([(4, 8), (8, 8), (16, 4), (2, 32), (16, 16)])
        # At least one row of tiles: N >= 256 >= TY * TX.
        C = TX * self.r.choice([m for m in (1, 2, 4) if self.n // (TX * m) >= TY])
        R = self.n // C
        R -= R % TY
        rounds = self.r.randrange(1, 4)
        self.m(1, "{  // kernel %d: 2-D tiles %dx%d, tile_static matrix, barriers in a uniform loop" % (k, TY, TX))
        self.m(2, "const int R = %d, C = %d;" % (R, C))
        self.m(2, "std::vector<unsigned> dev(R * C), ref(R * C);")
        self.m(2, "array_view<unsigned, 2> ov(R, C, dev);")
        self.m(2, "parallel_for_each(ov.extent.tile<%d, %d>(), [=](tiled_index<%d, %d> t) restrict(amp) {" % (TY, TX, TY, TX))
        self.m(3, "tile_static unsigned m[%d][%d];" % (TY, TX))
        self.m(3, "int ly = t.local[0], lx = t.local[1];")
        self.m(3, "int g = t.global[0] * C + t.global[1];")
        self.m(3, "%s o;" % on)
        self.m(3, self.inputs("const In xa = inv[g], xb = inv[(g + 5) % N];"))
        self.m(3, "body%d(g, xa, xb, o);" % k)
        self.m(3, "unsigned v = o.ru;")
        self.m(3, "for (int r = 0; r < %d; ++r) {" % rounds)
        self.m(4, "m[ly][lx] = v;")
        self.m(4, "t.barrier.wait();")
        self.m(4, "v = v * 3u + (m[(ly + 1) %% %d][(lx + %d - 1) %% %d] ^ m[%d - ly][lx]);" % (TY, TX, TX, TY - 1))
        self.m(4, "unsigned s = 0u;")
        self.m(4, "for (int q = 0; q < %d; ++q) s += m[q][lx];" % TY)
        self.m(4, "v += s >> (r + 1);")
        self.m(4, "t.barrier.wait();")
        self.m(3, "}")
        self.m(3, "ov[t.global] = v;")
        self.m(2, "});")
        self.m(2, "ov.synchronize();")
        self.m(2, "for (int ty = 0; ty < R; ty += %d)" % TY)
        self.m(3, "for (int tx = 0; tx < C; tx += %d) {" % TX)
        self.m(4, "unsigned v[%d][%d], m[%d][%d];" % (TY, TX, TY, TX))
        self.m(4, "for (int ly = 0; ly < %d; ++ly)" % TY)
        self.m(5, "for (int lx = 0; lx < %d; ++lx) {" % TX)
        self.m(6, "int g = (ty + ly) * C + tx + lx;")
        self.m(6, "%s o;" % on)
        self.m(6, "body%d(g, in[g], in[(g + 5) %% N], o);" % k)
        self.m(6, "v[ly][lx] = o.ru;")
        self.m(5, "}")
        self.m(4, "for (int r = 0; r < %d; ++r) {" % rounds)
        self.m(5, "for (int ly = 0; ly < %d; ++ly) for (int lx = 0; lx < %d; ++lx) m[ly][lx] = v[ly][lx];" % (TY, TX))
        self.m(5, "for (int ly = 0; ly < %d; ++ly) for (int lx = 0; lx < %d; ++lx) {" % (TY, TX))
        self.m(6, "v[ly][lx] = v[ly][lx] * 3u + (m[(ly + 1) %% %d][(lx + %d - 1) %% %d] ^ m[%d - ly][lx]);" % (TY, TX, TX, TY - 1))
        self.m(6, "unsigned s = 0u;")
        self.m(6, "for (int q = 0; q < %d; ++q) s += m[q][lx];" % TY)
        self.m(6, "v[ly][lx] += s >> (r + 1);")
        self.m(5, "}")
        self.m(4, "}")
        self.m(4, "for (int ly = 0; ly < %d; ++ly) for (int lx = 0; lx < %d; ++lx) ref[(ty + ly) * C + tx + lx] = v[ly][lx];" % (TY, TX))
        self.m(3, "}")
        self.compare(2, "dev", "ref", [("", UINT)], "k%d" % k, "R * C")
        self.m(1, "}")

    def k_atomic(self, k):
        g = self.g
        on, fields = self.out_struct("Out%d" % k)
        g.gen_body("body%d" % k, (on, fields), self.budget())
        B = self.r.choice([1, 4, 8, 16])
        tiled = self.r.random() < 0.5
        T = 64
        self.m(1, "{  // kernel %d: atomics with order-independent results (%d bins)" % (k, B))
        self.m(2, "const int B = %d;" % B)
        self.m(2, "std::vector<unsigned> sum(B, 1u), cnt(B, 0u), ors(B, 0u), mx(B, 0u), cas(B, 3u), rsum(B, 1u), rcnt(B, 0u), rors(B, 0u), rmx(B, 0u), rcas(B, 3u);")
        self.m(2, "std::vector<int> imin(B, 2147483647), ixor(B, 0), rimin(B, 2147483647), rixor(B, 0);")
        self.m(2, "array_view<unsigned, 1> sumv(B, sum), cntv(B, cnt), orsv(B, ors), mxv(B, mx), casv(B, cas);")
        self.m(2, "array_view<int, 1> iminv(B, imin), ixorv(B, ixor);")
        if tiled:
            self.m(2, "std::vector<unsigned> tc(N / %d * 4, 0u), rtc(N / %d * 4, 0u);" % (T, T))
            self.m(2, "array_view<unsigned, 1> tcv((int)tc.size(), tc);")
            self.m(2, "parallel_for_each(extent<1>(N).tile<%d>(), [=](tiled_index<%d> t) restrict(amp) {" % (T, T))
            self.m(3, "index<1> idx = t.global;")
            self.m(3, "tile_static unsigned hist[4];")
            self.m(3, "if (t.local[0] < 4) hist[t.local[0]] = 0u;")
            self.m(3, "t.barrier.wait();")
        else:
            self.m(2, "parallel_for_each(extent<1>(N), [=](index<1> idx) restrict(amp) {")
        self.m(3, "int g = idx[0];")
        self.m(3, "%s o;" % on)
        self.m(3, self.inputs("const In xa = inv[idx], xb = inv[(g + 3) % N];"))
        self.m(3, "body%d(g, xa, xb, o);" % k)
        self.m(3, "unsigned v = o.ru;")
        self.m(3, "int b = (int)(v %% %du);" % B)
        self.m(3, "atomic_fetch_add(&sumv[b], v >> 3);")
        self.m(3, "atomic_fetch_inc(&cntv[b]);")
        self.m(3, "atomic_fetch_or(&orsv[b], 1u << (v & 31u));")
        self.m(3, "atomic_fetch_max(&mxv[(b + 1) % B], v ^ 0x5a5a5a5au);")
        self.m(3, "atomic_fetch_min(&iminv[b], (int)v);")
        self.m(3, "atomic_fetch_xor(&ixorv[b], (int)(v * 2654435761u));")
        self.m(3, "unsigned e = casv[b];")
        self.m(3, "while (e < (v >> 1) && !atomic_compare_exchange(&casv[b], &e, v >> 1)) {")
        self.m(3, "}")
        if tiled:
            self.m(3, "atomic_fetch_add(&hist[v & 3u], 1u);")
            self.m(3, "t.barrier.wait();")
            self.m(3, "if (t.local[0] < 4) tcv[t.tile[0] * 4 + t.local[0]] = hist[t.local[0]];")
        self.m(2, "});")
        self.m(2, "for (int g = 0; g < N; ++g) {")
        self.m(3, "%s o;" % on)
        self.m(3, "body%d(g, in[g], in[(g + 3) %% N], o);" % k)
        self.m(3, "unsigned v = o.ru;")
        self.m(3, "int b = (int)(v %% %du);" % B)
        self.m(3, "rsum[b] += v >> 3;")
        self.m(3, "rcnt[b] += 1u;")
        self.m(3, "rors[b] |= 1u << (v & 31u);")
        self.m(3, "if ((v ^ 0x5a5a5a5au) > rmx[(b + 1) % B]) rmx[(b + 1) % B] = v ^ 0x5a5a5a5au;")
        self.m(3, "if ((int)v < rimin[b]) rimin[b] = (int)v;")
        self.m(3, "rixor[b] ^= (int)(v * 2654435761u);")
        self.m(3, "if (rcas[b] < (v >> 1)) rcas[b] = v >> 1;")
        if tiled:
            self.m(3, "rtc[g / %d * 4 + (v & 3u)] += 1u;" % T)
        self.m(2, "}")
        for nm in ["sum", "cnt", "ors", "mx", "cas"]:
            self.m(2, "%sv.synchronize();" % nm)
            self.compare(2, nm, "r" + nm, [("", UINT)], "k%d.%s" % (k, nm), "B")
        for nm in ["imin", "ixor"]:
            self.m(2, "%sv.synchronize();" % nm)
            self.compare(2, nm, "r" + nm, [("", INT)], "k%d.%s" % (k, nm), "B")
        if tiled:
            self.m(2, "tcv.synchronize();")
            self.compare(2, "tc", "rtc", [("", UINT)], "k%d.tile" % k, "(int)tc.size()")
        self.m(1, "}")

    def k_views(self, k):
        g = self.g
        g.emit(0, "static unsigned mixv%d(unsigned a, int r, int c, unsigned s) restrict(amp, cpu) {" % k)
        g.push()
        g.declare("a", UINT, True)
        g.declare("r", INT, False)
        g.declare("c", INT, False)
        g.declare("s", UINT, False)
        g.ret_type = UINT
        g.stmt_budget = int(6 * self.size)
        g.cost = 0
        g.block(1, 8, 1)
        g.ret_type = None
        g.emit(1, "return %s;" % g.iexpr(UINT, 2))
        g.pop()
        g.emit(0, "}")
        g.emit(0, "")
        R, C = self.r.choice([(16, 16), (8, 32), (32, 8), (12, 20)])
        r0, c0 = self.r.randrange(R // 2), self.r.randrange(C // 2)
        h, w = self.r.randrange(1, R - r0 + 1), self.r.randrange(1, C - c0 + 1)
        row = self.r.randrange(R)
        col0 = self.r.randrange(C // 2)
        self.m(1, "{  // kernel %d: 2-D view %dx%d, section (%d,%d)+(%d,%d), projection of row %d" % (k, R, C, r0, c0, h, w, row))
        self.m(2, "const int R = %d, C = %d;" % (R, C))
        self.m(2, "std::vector<unsigned> d(R * C), ref(R * C);")
        self.m(2, "for (int i = 0; i < R * C; ++i) d[i] = ref[i] = in[i % N].u0 ^ (unsigned)i;")
        self.m(2, "array_view<unsigned, 2> gv(R, C, d);")
        self.m(2, "array_view<unsigned, 2> sec = gv.section(index<2>(%d, %d), extent<2>(%d, %d));" % (r0, c0, h, w))
        self.m(2, "parallel_for_each(sec.extent, [=](index<2> i) restrict(amp) {")
        self.m(3, "sec[i] = mixv%d(sec[i], i[0], i[1], inv[(i[0] * %d + i[1]) %% N].u1);" % (k, w))
        self.m(2, "});")
        self.m(2, "array_view<unsigned, 1> rowv = gv[%d];" % row)
        self.m(2, "array_view<unsigned, 1> part = rowv.section(%d, %d);" % (col0, C - col0))
        self.m(2, "parallel_for_each(part.extent, [=](index<1> i) restrict(amp) {")
        self.m(3, "part[i] = part[i] * 2654435761u + (unsigned)i[0];")
        self.m(2, "});")
        self.m(2, "std::vector<unsigned> sums(R), rsums(R);")
        self.m(2, "array_view<unsigned, 1> sv(R, sums);")
        self.m(2, "sv.discard_data();")
        self.m(2, "parallel_for_each(sv.extent, [=](index<1> i) restrict(amp) {")
        self.m(3, "array_view<unsigned, 1> rv = gv[i[0]];  // projection inside the kernel")
        self.m(3, "array_view<unsigned, 1> tail = rv.section(index<1>(1), extent<1>(C - 1));")
        self.m(3, "unsigned acc = rv[0];")
        self.m(3, "for (int c = 0; c < C - 1; ++c) acc = acc * 31u + tail[c];")
        self.m(3, "sv[i] = acc;")
        self.m(2, "});")
        self.m(2, "for (int i = 0; i < %d; ++i)" % h)
        self.m(3, "for (int j = 0; j < %d; ++j)" % w)
        self.m(4, "ref[(i + %d) * C + j + %d] = mixv%d(ref[(i + %d) * C + j + %d], i, j, in[(i * %d + j) %% N].u1);"
               % (r0, c0, k, r0, c0, w))
        self.m(2, "for (int j = 0; j < C - %d; ++j)" % col0)
        self.m(3, "ref[%d * C + %d + j] = ref[%d * C + %d + j] * 2654435761u + (unsigned)j;" % (row, col0, row, col0))
        self.m(2, "for (int i = 0; i < R; ++i) {")
        self.m(3, "unsigned acc = ref[i * C];")
        self.m(3, "for (int c = 1; c < C; ++c) acc = acc * 31u + ref[i * C + c];")
        self.m(3, "rsums[i] = acc;")
        self.m(2, "}")
        self.m(2, "gv.synchronize();")
        self.m(2, "sv.synchronize();")
        self.compare(2, "d", "ref", [("", UINT)], "k%d.grid" % k, "R * C")
        self.compare(2, "sums", "rsums", [("", UINT)], "k%d.rows" % k, "R")
        self.m(1, "}")

    def k_math(self, k):
        g = self.g
        slots = [self.r.choice(MATH) for _ in range(self.r.randrange(3, 7))]
        g.emit(0, "struct M%d {" % k)
        for i, s in enumerate(slots):
            g.emit(1, "%s m%d;" % (s[3], i))
        g.emit(0, "};")
        g.emit(0, "static void mbody%d(int gid, const In &x, M%d &o) restrict(amp, cpu) {" % (k, k))
        g.push()
        g.declare("gid", INT, False)
        for (f, t) in [("i0", INT), ("u0", UINT), ("f0", FLOAT), ("i1", INT), ("l0", LONG),
                       ("d0", DOUBLE), ("u1", UINT), ("f1", FLOAT)]:
            g.declare("x." + f, t, False)
        g.ret_type = None  # every slot must be written: no early return
        g.stmt_budget = int(4 * self.size)
        g.cost = 0
        g.vectors = False
        g.block(1, 6, 2)
        g.vectors = True
        tol = []
        for i, (ns, fn, ar, ty, lo, hi, ulps, ab) in enumerate(slots):
            rng = "rangef" if ty == FLOAT else "ranged"
            args = []
            for _ in range(ar):
                e, b = g.fexpr(ty, 1)
                # Spread the value over the domain: the scale is a power of two, so exact.
                scale = self.r.choice([1.0, 0.25, 0.0625, 4.0])
                args.append("%s(%s * %s, %s, %s)" % (rng, e, flit(scale, ty), flit(lo, ty), flit(hi, ty)))
            g.emit(1, "o.m%d = %s::%s(%s);" % (i, ns, fn, ", ".join(args)))
            tol.append((ty, ulps, ab))
        # A division, accurate to 2.5 ULP in Vulkan.
        g.pop()
        g.emit(0, "}")
        g.emit(0, "")
        self.m(1, "{  // kernel %d: <amp_math.h>, compared within the documented bounds" % k)
        self.m(2, "std::vector<M%d> dev(N), ref(N);" % k)
        self.m(2, "array_view<M%d, 1> mv(N, dev);" % k)
        self.m(2, "parallel_for_each(mv.extent, [=](index<1> i) restrict(amp) {")
        self.m(3, "M%d o;" % k)
        self.m(3, self.inputs("const In xa = inv[i];"))
        self.m(3, "mbody%d(i[0], xa, o);" % k)
        self.m(3, "mv[i] = o;")
        self.m(2, "});")
        self.m(2, "mv.synchronize();")
        self.m(2, "for (int i = 0; i < N; ++i) {")
        self.m(3, "mbody%d(i, in[i], ref[i]);" % k)
        for i, (ty, ulps, ab) in enumerate(tol):
            fn = "closef" if ty == FLOAT else "closed"
            self.m(3, "if (!%s(dev[i].m%d, ref[i].m%d, %d, %r)) report(\"k%d.m%d %s\", i, dev[i].m%d, ref[i].m%d);"
                   % (fn, i, i, ulps, ab, k, i, "%s::%s" % (slots[i][0], slots[i][1]), i, i))
        self.m(2, "}")
        self.m(1, "}")

    def k_vec(self, k):
        g = self.g
        g.emit(0, "static uint_4 vbody%d(int gid, const In &x, float_4 &f) restrict(amp, cpu) {" % k)
        g.push()
        g.declare("gid", INT, False)
        for (fld, t) in [("i0", INT), ("u0", UINT), ("f0", FLOAT), ("u1", UINT), ("f1", FLOAT)]:
            g.declare("x." + fld, t, False)
        g.emit(1, "uint_4 u(x.u0, x.u1, (unsigned)x.i0, (unsigned)gid);")
        g.emit(1, "f = float_4(x.f0, x.f1, (float)(gid & 255), 0.5f);")
        g.declare("u", "vec:uint_4", True)
        g.declare("f", "vec:float_4", True)
        g.ret_type = None
        g.stmt_budget = int(10 * self.size)
        g.cost = 0
        for _ in range(3):
            g.vec_stmt(1)
        g.block(1, 10, 1)
        g.ret_type = None
        g.emit(1, "f = clamp4(f * f.yzwx - float_4(%s));" % g.bounded(FLOAT, 1))
        g.emit(1, "return u + uint_4(%s, 1u, 2u, 3u);" % g.iexpr(UINT, 1))
        g.pop()
        g.emit(0, "}")
        g.emit(0, "")
        self.m(1, "{  // kernel %d: short vectors as view elements" % k)
        self.m(2, "std::vector<uint_4> du(N), ru(N);")
        self.m(2, "std::vector<float_4> df(N), rf(N);")
        self.m(2, "array_view<uint_4, 1> uv(N, du);")
        self.m(2, "array_view<float_4, 1> fv(N, df);")
        self.m(2, "parallel_for_each(uv.extent, [=](index<1> i) restrict(amp) {")
        self.m(3, "float_4 f;")
        self.m(3, self.inputs("const In xa = inv[i];"))
        self.m(3, "uv[i] = vbody%d(i[0], xa, f);" % k)
        self.m(3, "fv[i] = f;")
        self.m(2, "});")
        self.m(2, "uv.synchronize();")
        self.m(2, "fv.synchronize();")
        self.m(2, "for (int i = 0; i < N; ++i) ru[i] = vbody%d(i, in[i], rf[i]);" % k)
        self.compare(2, "du", "ru", [(c, UINT) for c in "xyzw"], "k%d.u" % k, "N")
        self.compare(2, "df", "rf", [(c, FLOAT) for c in "xyzw"], "k%d.f" % k, "N")
        self.m(1, "}")


def generate(seed, size=1.0):
    return Program(seed, size).generate()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    ap.add_argument("--size", type=float, default=1.0, help="scale of the statement budgets")
    a = ap.parse_args()
    text = generate(a.seed, a.size)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
