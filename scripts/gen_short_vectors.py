#!/usr/bin/env python3
"""Writes include/ampvk/detail/short_vector_types.h, the 18 short vector
classes of <amp_short_vectors.h> (int_2 ... double_4, norm_2 ... unorm_4),
their conversions, operators and short_vector/short_vector_traits rows.

The classes follow Microsoft's documentation member for member; what differs
between them (the scalar, which operators exist, which constructors) is the
FAMILIES table below. Every swizzle names distinct components, as Microsoft's
do (xy, zyx, wzyx; no xx).

  scripts/gen_short_vectors.py           rewrite the header
  scripts/gen_short_vectors.py --check   fail if the header is out of date
"""
import itertools
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "..", "include", "ampvk", "detail", "short_vector_types.h")

XYZW = "xyzw"
RGBA = "rgba"
R = "restrict(cpu, amp)"


class Family:
    def __init__(self, prefix, scalar, integer=False, negate=True, scalar_ctors=None):
        self.prefix = prefix
        self.scalar = scalar
        self.integer = integer  # %, ~, &, |, ^, <<, >>
        self.negate = negate  # unary -
        # Constructors taking scalars besides the value_type ones: norm and
        # unorm vectors also take floats (explicit for the broadcast one).
        self.scalar_ctors = scalar_ctors or []

    def name(self, n):
        return "%s_%d" % (self.prefix, n)


FAMILIES = [
    Family("uint", "unsigned int", integer=True, negate=False),
    Family("int", "int", integer=True),
    Family("float", "float"),
    Family("unorm", "unorm", negate=False, scalar_ctors=["float"]),
    Family("norm", "norm", scalar_ctors=["float", "unorm"]),
    Family("double", "double"),
]

ARITH = ["+", "-", "*", "/"]
INTEGER_ONLY = ["%", "^", "|", "&", "<<", ">>"]


def comps(n):
    return XYZW[:n]


def member(c):
    return "_M_" + c


def swizzles(n):
    for k in range(2, n + 1):
        for perm in itertools.permutations(comps(n), k):
            yield "".join(perm)


def rgba(name):
    return "".join(RGBA[XYZW.index(c)] for c in name)


def each(n, fmt, sep=", "):
    return sep.join(fmt.format(c=c, m=member(c)) for c in comps(n))


def class_text(f, n):
    T = f.name(n)
    S = f.scalar
    out = []
    w = out.append
    w("class %s {" % T)
    w("public:")
    w("  typedef %s value_type;" % S)
    w("  static const int size = %d;" % n)
    w("")
    w("private:")
    for c in comps(n):
        w("  value_type %s;" % member(c))
    w("")
    w("public:")
    # Components: properties, get_/set_, and ref_ under both names.
    for c in comps(n):
        for p in (c, rgba(c)):
            w("  __declspec(property(get = get_%s, put = set_%s)) value_type %s;" % (c, c, p))
        w("  value_type get_%s() const %s { return %s; }" % (c, R, member(c)))
        for p in (c, rgba(c)):
            w("  value_type &ref_%s() %s { return %s; }" % (p, R, member(c)))
        w("  void set_%s(value_type _Value) %s { %s = _Value; }" % (c, R, member(c)))
    w("")
    # Constructors.
    w("  %s() %s : %s {}" % (T, R, each(n, "{m}()")))
    params = ", ".join("value_type _V%d" % i for i in range(n))
    inits = ", ".join("%s(_V%d)" % (member(c), i) for i, c in enumerate(comps(n)))
    w("  %s(%s) %s : %s {}" % (T, params, R, inits))
    for other in f.scalar_ctors:
        params = ", ".join("%s _V%d" % (other, i) for i in range(n))
        w("  %s(%s) %s : %s {}" % (T, params, R, inits))
    w("  %s(value_type _V) %s : %s {}" % (T, R, each(n, "{m}(_V)")))
    if f.scalar_ctors:
        w("  explicit %s(float _V) %s : %s {}" % (T, R, each(n, "{m}(_V)")))
    for g in FAMILIES:
        if g is not f:
            w("  explicit inline %s(const %s &_Other) %s;" % (T, g.name(n), R))
    w("")
    # Member operators.
    if f.negate:
        w("  %s operator-() const %s { return %s(%s); }" % (T, R, T, each(n, "-{m}")))
    if f.integer:
        w("  %s operator~() const %s { return %s(%s); }" % (T, R, T, each(n, "~{m}")))
    for op in ("++", "--"):
        w("  %s &operator%s() %s {" % (T, op, R))
        w("    %s" % each(n, op + "{m};", " "))
        w("    return *this;")
        w("  }")
        w("  %s operator%s(int) %s {" % (T, op, R))
        w("    %s _Result = *this;" % T)
        w("    %s*this;" % op)
        w("    return _Result;")
        w("  }")
    for op in ARITH + (INTEGER_ONLY if f.integer else []):
        w("  %s &operator%s=(const %s &_Other) %s {" % (T, op, T, R))
        w("    %s" % each(n, "{m} %s= _Other.{m};" % op, " "))
        w("    return *this;")
        w("  }")
    # Swizzles: properties under both names, get_/set_ under xyzw only.
    for s in swizzles(n):
        V = f.name(len(s))
        w("")
        for p in (s, rgba(s)):
            w("  __declspec(property(get = get_%s, put = set_%s)) %s %s;" % (s, s, V, p))
        w("  %s get_%s() const %s { return %s(%s); }"
          % (V, s, R, V, ", ".join(member(c) for c in s)))
        w("  void set_%s(const %s &_Value) %s {" % (s, V, R))
        w("    %s" % " ".join("%s = _Value.get_%s();" % (member(c), XYZW[i])
                              for i, c in enumerate(s)))
        w("  }")
    w("};")
    return "\n".join(out)


def conversions_text(f, n):
    T = f.name(n)
    out = []
    for g in FAMILIES:
        if g is f:
            continue
        inits = ", ".join("%s(static_cast<value_type>(_Other.get_%s()))" % (member(c), c)
                          for c in comps(n))
        out.append("inline %s::%s(const %s &_Other) %s\n    : %s {}"
                   % (T, T, g.name(n), R, inits))
    return "\n".join(out)


def operators_text(f, n):
    T = f.name(n)
    out = []
    for op in ARITH + (INTEGER_ONLY if f.integer else []):
        out.append("inline %s operator%s(const %s &_Lhs, const %s &_Rhs) %s {\n"
                   "  return %s(%s);\n}"
                   % (T, op, T, T, R, T,
                      ", ".join("_Lhs.get_%s() %s _Rhs.get_%s()" % (c, op, c) for c in comps(n))))
    out.append("inline bool operator==(const %s &_Lhs, const %s &_Rhs) %s {\n"
               "  return %s;\n}"
               % (T, T, R, " && ".join("_Lhs.get_%s() == _Rhs.get_%s()" % (c, c)
                                       for c in comps(n))))
    out.append("inline bool operator!=(const %s &_Lhs, const %s &_Rhs) %s {\n"
               "  return !(_Lhs == _Rhs);\n}" % (T, T, R))
    return "\n".join(out)


def traits_text():
    out = []
    for f in FAMILIES:
        out.append("template <> struct short_vector<%s, 1> {\n  typedef %s type;\n};"
                   % (f.scalar, f.scalar))
        for n in (2, 3, 4):
            out.append("template <> struct short_vector<%s, %d> {\n  typedef %s type;\n};"
                       % (f.scalar, n, f.name(n)))
    for f in FAMILIES:
        for n, T in [(1, f.scalar)] + [(n, f.name(n)) for n in (2, 3, 4)]:
            out.append("template <> struct short_vector_traits<%s> {\n"
                       "  typedef %s value_type;\n  static const int size = %d;\n};"
                       % (T, f.scalar, n))
    return "\n".join(out)


def header():
    parts = [
        "// GENERATED by scripts/gen_short_vectors.py; do not edit, run the script.",
        "// The short vector classes of <amp_short_vectors.h>; include that header.",
        "#ifndef AMPVK_DETAIL_SHORT_VECTOR_TYPES_H",
        "#define AMPVK_DETAIL_SHORT_VECTOR_TYPES_H",
        "",
        "namespace Concurrency {",
        "namespace graphics {",
        "",
        "// clang-format off",
    ]
    parts += ["class %s;" % f.name(n) for n in (2, 3, 4) for f in FAMILIES]
    for n in (2, 3, 4):  # a swizzle of a _4 returns _2 and _3: define those first
        for f in FAMILIES:
            parts += ["", class_text(f, n)]
    parts += ["", "// Conversions between families: component by component, as static_cast."]
    for n in (2, 3, 4):
        for f in FAMILIES:
            parts += [conversions_text(f, n)]
    parts += ["", "// Component-wise operators; == and != compare all components."]
    for n in (2, 3, 4):
        for f in FAMILIES:
            parts += [operators_text(f, n)]
    parts += ["", traits_text(), "// clang-format on", "",
              "} // namespace graphics", "} // namespace Concurrency", "", "#endif", ""]
    return "\n".join(parts)


def main():
    text = header()
    if sys.argv[1:] == ["--check"]:
        with open(OUTPUT) as fh:
            if fh.read() != text:
                print("%s is out of date: run scripts/gen_short_vectors.py" % OUTPUT)
                return 1
        return 0
    with open(OUTPUT, "w") as fh:
        fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
