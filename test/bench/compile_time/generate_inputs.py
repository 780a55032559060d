#!/usr/bin/env python3
"""Writes the compile-time inputs of issue 11 into a folder.

  statements.cpp    one kernel of N statements (default 10000)
  if_chain.cpp      one kernel of N if/else statements on one variable
                    (default 2000)
  switch.cpp        one kernel with a switch of N cases (default 4000)
  struct_copy.cpp   kernels copying a struct of N ints (default 16000): a local
                    copy, and a copy out of a storage buffer
  unrolled_nest.cpp one kernel with a `#pragma unroll` nest of 8 x N/8
                    iterations (default 8000), the sgemm sample's shape
  kernels20.cpp     a file of 20 ordinary kernels (maps, tiled reductions,
                    stencils, loops with float arithmetic)

Each file is a complete C++ AMP translation unit that compiles with and
without the ampvk plugin, so the two compile times can be compared.

usage: generate_inputs.py OUTDIR [--statements N] [--ifs N] [--cases N] [--ints N]
                          [--nest N]
"""
import argparse
import os

HEADER = "#include <amp.h>\nusing namespace concurrency;\n\n"


def cycle(n, forms):
    """Line k is forms[k % len(forms)] formatted with k."""
    return "\n".join(forms[k % len(forms)](k) for k in range(n))


def statements(n):
    # Integer and float statements, each depending on the previous ones so no
    # pass can drop them wholesale.
    body = cycle(n, [
        lambda k: f"  a = a * {k % 97 + 3} + (b ^ {k});",
        lambda k: f"  b = b + (a >> {k % 13 + 1}) - {k % 31};",
        lambda k: f"  f = f * {1.0 + (k % 7) / 8.0}f + (float)(a & 255);",
        lambda k: f"  g = g - f * {0.5 + (k % 5) / 16.0}f;",
    ])
    return HEADER + f"""// {n} statements in one kernel.
void run(array_view<int, 1> out, array_view<float, 1> outf, array_view<const int, 1> in) {{
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {{
  int a = in[i];
  int b = a + 1;
  float f = (float)a;
  float g = 0.0f;
{body}
  out[i] = a + b;
  outf[i] = f + g;
  }});
}}
"""


def if_chain(n):
    # One variable read and written by n if/else statements in a row: every
    # statement adds loads and stores of the same variable and a join block.
    body = cycle(n, [lambda k: f"  if (v > {k}) v = v * 3 - {k}; else v += {k % 17};"])
    return HEADER + f"""// {n} if statements on one variable.
void run(array_view<int, 1> out, array_view<const int, 1> in) {{
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {{
  int v = in[i];
{body}
  out[i] = v;
  }});
}}
"""


def switch(n):
    cases = cycle(n, [
        lambda k: f"    case {k * 7}: r = x * {k % 101 + 1}; break;",
        lambda k: f"    case {k * 7}: r += {k};  // falls through",
        lambda k: f"    case {k * 7}: r ^= {k}; break;",
    ])
    return HEADER + f"""// A switch of {n} cases.
void run(array_view<int, 1> out, array_view<const int, 1> in) {{
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {{
    int x = in[i];
    int r = 0;
    switch (x) {{
{cases}
    default: r = -x; break;
    }}
    out[i] = r;
  }});
}}
"""


def struct_copy(n):
    return HEADER + f"""// Copies of a struct of {n} ints.
struct Big {{
  int v[{n}];
}};

// A private copy of a private struct.
void local_copy(array_view<int, 1> out, array_view<const int, 1> in) {{
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {{
    Big a;
    for (int k = 0; k < {n}; ++k)
      a.v[k] = in[i] + k;
    Big b = a;
    out[i] = b.v[i[0] % {n}];
  }});
}}

// A copy out of a storage buffer (explicit layout) into private memory, and
// back.
void buffer_copy(array_view<Big, 1> out, array_view<const Big, 1> in) {{
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {{
    Big b = in[i];
    b.v[0] += 1;
    out[i] = b;
  }});
}}
"""


def unrolled_nest(n):
    inner = max(1, n // 8)
    return HEADER + f"""// A fully unrolled nest of 8 x {inner} iterations accumulating into a
// private array whose indices the unroll makes constant (registers).
void run(array_view<float, 1> out, array_view<const float, 1> in) {{
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {{
    float x = in[i];
    float acc[8] = {{0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f}};
#pragma unroll
    for (int a = 0; a < 8; ++a) {{
#pragma unroll
      for (int b = 0; b < {inner}; ++b)
        acc[(a + b) % 8] = acc[(a + b) % 8] * x + (float)(a * 31 + b);
    }}
    out[i] = acc[0] + acc[1] + acc[2] + acc[3] + acc[4] + acc[5] + acc[6] + acc[7];
  }});
}}
"""


# The generated shapes by the size their unit counts: (file, function).
SHAPES = [
    ("statements.cpp", statements),
    ("if_chain.cpp", if_chain),
    ("switch.cpp", switch),
    ("struct_copy.cpp", struct_copy),
    ("unrolled_nest.cpp", unrolled_nest),
]


def kernels20():
    parts = [HEADER, "// 20 ordinary kernels.\n"]
    for k in range(20):
        kind = k % 5
        if kind == 0:  # a map over two inputs: three bindings, one written
            parts.append(f"""void map{k}(array_view<float, 1> y, array_view<const float, 1> x, float a) {{
  parallel_for_each(y.extent, [=](index<1> i) restrict(amp) {{
    y[i] = a * x[i] + y[i] * {k + 1}.0f;
  }});
}}
""")
        elif kind == 1:  # a tiled tree reduction with tile_static and barriers
            parts.append(f"""void reduce{k}(array_view<const int, 1> in, array_view<int, 1> sums) {{
  parallel_for_each(in.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {{
    tile_static int s[256];
    s[t.local[0]] = in[t.global] * {k};
    t.barrier.wait();
    for (int stride = 128; stride > 0; stride /= 2) {{
      if (t.local[0] < stride)
        s[t.local[0]] += s[t.local[0] + stride];
      t.barrier.wait();
    }}
    if (t.local[0] == 0)
      sums[t.tile[0]] = s[0];
  }});
}}
""")
        elif kind == 2:  # a 2-D stencil
            parts.append(f"""void stencil{k}(array_view<const float, 2> in, array_view<float, 2> out) {{
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {{
    int r = i[0], c = i[1];
    int rows = in.extent[0], cols = in.extent[1];
    float sum = 0.0f;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {{
        int rr = r + dr, cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols)
          sum += in(rr, cc) * {0.1 * (k + 1):.2f}f;
      }}
    out[i] = sum;
  }});
}}
""")
        elif kind == 3:  # tiled matrix multiply
            parts.append(f"""void matmul{k}(array_view<const float, 2> a, array_view<const float, 2> b,
             array_view<float, 2> c) {{
  parallel_for_each(c.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {{
    tile_static float ta[16][16];
    tile_static float tb[16][16];
    int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < a.extent[1]; k0 += 16) {{
      ta[row][col] = a(t.global[0], k0 + col);
      tb[row][col] = b(k0 + row, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < 16; ++k)
        sum += ta[row][k] * tb[k][col];
      t.barrier.wait();
    }}
    c[t.global] = sum + {k}.0f;
  }});
}}
""")
        else:  # integer work with a helper function and a loop
            parts.append(f"""int hash{k}(int v) restrict(amp, cpu) {{
  for (int r = 0; r < 4; ++r)
    v = (v ^ (v >> 7)) * {k * 2 + 3} + r;
  return v;
}}
void histogram{k}(array_view<const int, 1> in, array_view<int, 1> bins) {{
  parallel_for_each(in.extent, [=](index<1> i) restrict(amp) {{
    int h = hash{k}(in[i]) & 63;
    atomic_fetch_add(&bins[h], 1);
  }});
}}
""")
    return "".join(parts)


def add_compiler_arguments(p):
    """The arguments compile_time.py and bounded_compile.py share."""
    p.add_argument("--clang", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--include", required=True, help="ampvk's include folder")
    p.add_argument("--work", required=True, help="folder for the inputs and outputs")


def include_flags(include):
    """How the samples include ampvk (pkg-config --cflags ampvk)."""
    return ["-fdeclspec", "-I", include, "-include",
            os.path.join(include, "ampvk/detail/hide_bsd_index.h")]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("outdir")
    p.add_argument("--statements", type=int, default=10000)
    p.add_argument("--ifs", type=int, default=2000)
    p.add_argument("--cases", type=int, default=4000)
    p.add_argument("--ints", type=int, default=16000)
    p.add_argument("--nest", type=int, default=8000)
    args = p.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    files = {
        "statements.cpp": statements(args.statements),
        "if_chain.cpp": if_chain(args.ifs),
        "switch.cpp": switch(args.cases),
        "struct_copy.cpp": struct_copy(args.ints),
        "unrolled_nest.cpp": unrolled_nest(args.nest),
        "kernels20.cpp": kernels20(),
    }
    for name, text in files.items():
        with open(os.path.join(args.outdir, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
