#!/usr/bin/env python3
"""Generates a C++ AMP program that breaks exactly one restrict(amp) rule.

The program is valid code from gen_valid.py (structs, helpers, a kernel body)
plus one violation, placed in one of several contexts (the kernel itself, a
restrict(amp) helper, a helper's helper, a restrict(cpu, amp) function, a
member function, a lambda in the kernel, a function template). The line
`// EXPECT: <text>` names the error ampvk must print (a part of the message in
plugin/diag/*.def as the compiler prints it). Accepting the program, crashing,
or rejecting it with other errors only is a bug.

Usage: gen_invalid.py SEED [-o FILE]
"""

import argparse
import random
import sys

import gen_valid

# Places for statement violations. The statement sees `int x` and may change it.
PLACES = ["kernel", "helper", "helper2", "cpuamp", "member", "lambda", "template"]
# Rules whose restrict(cpu, amp) form is first an error of its CPU side.
AMP_ONLY = [p for p in PLACES if p != "cpuamp"]

# (name, top-level declarations, statement, expected text, places or None for all).
# In the texts, NAME is replaced by a fresh suffix so names differ per program.
STMT_RULES = [
    ("static_local", "", "static int sNAME = 3; x += sNAME;",
     "restrict(amp) code cannot declare static variables", None),
    ("thread_local", "", "thread_local int tNAME = 3; x += tNAME;",
     "restrict(amp) code cannot declare thread_local variables", None),
    ("extern_local", "", "extern int eNAME; x += eNAME;",
     "restrict(amp) code cannot declare extern variables", None),
    ("global", "int gNAME = 3;", "x += gNAME;",
     "restrict(amp) code cannot use the global variable 'gNAME'", None),
    ("non_const_static_member", "struct SDNAME { static int count; };\nint SDNAME::count = 2;",
     "x += SDNAME::count;", "restrict(amp) code cannot use the static data member", None),
    ("cpu_call", "static int cpufNAME(int a) { return a + 1; }", "x = cpufNAME(x);",
     "restrict(amp) code cannot call 'cpufNAME', which is not restrict(amp)", None),
    ("cpu_member_call", "struct CMNAME { int v; int get() const { return v; } };",
     "CMNAME c = {x}; x = c.get();", "which is not restrict(amp)", None),
    ("recursion",
     "static int recNAME(int n) restrict(amp) { return n <= 0 ? 0 : recNAME(n - 1) + 1; }",
     "x = recNAME(x & 3);", "restrict(amp) code cannot be recursive: 'recNAME' calls itself", None),
    ("mutual_recursion",
     "static int rbNAME(int n) restrict(amp);\n"
     "static int raNAME(int n) restrict(amp) { return n <= 0 ? 1 : rbNAME(n - 1) * 2; }\n"
     "static int rbNAME(int n) restrict(amp) { return n <= 0 ? 0 : raNAME(n - 1) + 1; }",
     "x = raNAME(x & 3);", "calls itself through", None),
    ("new", "", "int *pNAME = new int(3); x += *pNAME;", "restrict(amp) code cannot use 'new'", None),
    ("delete", "", "int *pNAME = nullptr; delete pNAME;", "restrict(amp) code cannot use 'delete'", None),
    ("throw", "", "if (x > 1000000) throw 1;", "restrict(amp) code cannot throw exceptions", None),
    ("try", "", "try { x += 1; } catch (...) { x = 0; }", "restrict(amp) code cannot use try/catch", None),
    ("goto", "", "if (x > 3) goto doneNAME; x += 1; doneNAME: x += 2;", "restrict(amp) code cannot", None),
    ("asm", "", "asm(\"nop\");", "restrict(amp) code cannot contain inline assembly", None),
    ("char_local", "", "char cNAME = 1; x += cNAME;",
     "variable 'cNAME' has type 'char', which cannot be used in restrict(amp) code", None),
    ("short_local", "", "short sNAME = 1; x += sNAME;",
     "variable 'sNAME' has type 'short', which cannot be used in restrict(amp) code", None),
    ("long_long_local", "", "long long lNAME = 1; x += (int)lNAME;",
     "variable 'lNAME' has type 'long long', which cannot be used in restrict(amp) code", None),
    ("long_double_local", "", "long double dNAME = 1; x += (int)dNAME;",
     "variable 'dNAME' has type 'long double', which cannot be used in restrict(amp) code", None),
    ("unsigned_char_local", "", "unsigned char uNAME = 1; x += uNAME;",
     "has type 'unsigned char', which cannot be used in restrict(amp) code", None),
    ("short_cast", "", "x += (short)x;", "the cast has type 'short'", None),
    ("volatile_local", "", "volatile int vNAME = x; x += vNAME;", "it is volatile", None),
    ("pointer_to_pointer", "", "int aNAME = x; int *pNAME = &aNAME; int **qNAME = &pNAME; x = **qNAME;",
     "it is a pointer to a pointer", None),
    ("function_pointer", "static int incNAME(int a) restrict(amp) { return a + 1; }",
     "int (*fNAME)(int) restrict(amp) = incNAME; x = fNAME(x);", "function pointer", None),
    ("string_literal", "", "x += (int)sizeof(x) + \"abc\"[x & 1];",
     "restrict(amp) code cannot use string literals", None),
    ("pointer_to_int", "", "int aNAME = x; x += (int)(long)&aNAME;",
     "restrict(amp) code cannot convert a pointer to an integer", None),
    ("bool_pointer_arith", "", "bool bNAME[2] = {true, false}; bool *pNAME = bNAME; pNAME = pNAME + 1; x += *pNAME ? 1 : 0;",
     "restrict(amp) code cannot do pointer arithmetic on bool*", None),
    ("char_member", "struct CNAME { int a; char c; };", "CNAME cm = {x, 1}; x += cm.a;",
     "member 'c' has type 'char'", None),
    ("bitfield_member", "struct BNAME { int a : 4; int b; };", "BNAME bm = {1, x}; x += bm.b;",
     "member 'a' is a bit-field", None),
    ("enum_char", "enum class ENAME : char { A, B };", "ENAME e = ENAME::B; x += (int)e;",
     "its underlying type is 'char'", None),
    ("virtual_function", "struct VNAME { virtual int f(int a) restrict(amp) { return a; } };", "",
     "a restrict(amp) function cannot be virtual", None),
    ("varargs", "static int vaNAME(int n, ...) restrict(amp) { return n; }", "x = vaNAME(x, 1);",
     "a restrict(amp) function cannot have a variable argument list", None),
    ("throw_spec", "static int thNAME(int a) throw() restrict(amp) { return a; }", "x = thNAME(x);",
     "a restrict(amp) function cannot have a dynamic exception specification", None),
    ("volatile_member_function", "struct VMNAME { int a; int get() volatile restrict(amp) { return a; } };",
     "", "a restrict(amp) function cannot be a volatile member function", None),
    ("extern_c", "extern \"C\" int ecNAME(int a) restrict(cpu, amp) { return a; }", "x = ecNAME(x);",
     "have C linkage (extern \"C\") when it is also restrict(cpu)", None),
    ("undefined", "int undefNAME(int a) restrict(amp);", "x = undefNAME(x);",
     "is called from a kernel but not defined in this translation unit", AMP_ONLY),
    ("lambda_by_reference", "", "int yNAME = x; auto lNAME = [&]() restrict(amp) { return yNAME; }; x = lNAME();",
     "is captured by reference; a lambda in restrict(amp) code captures by value", None),
    ("unknown_restriction", "static int urNAME(int a) restrict(gpu) { return a; }", "",
     "unknown restriction specifier 'gpu'", None),
    ("empty_restriction", "static int erNAME(int a) restrict() { return a; }", "",
     "empty restriction specifier list", None),
    ("restrict_redeclaration",
     "static int rdNAME(int a);\nstatic int rdNAME(int a) restrict(cpu, amp) { return a; }",
     "x = rdNAME(x);", "every declaration must have the same restrictions", None),
    ("printf_format", "", "concurrency::direct3d::direct3d_printf(\"%d\\n\", 1.5f);",
     "takes an integer or bool, but argument 2 has type 'float'", None),
    ("atomic_private", "", "int lNAME = x; atomic_fetch_add(&lNAME, 1); x = lNAME;",
     "needs a pointer to global memory (an element of an array or array_view) or to tile_static memory",
     AMP_ONLY),
    ("typeid", "#include <typeinfo>", "x += typeid(x) == typeid(int) ? 1 : 0;",
     "typeid cannot be used in restrict(amp) code", None),
    ("tile_static_init", "", "tile_static int tsNAME = 0; x += tsNAME;",
     "a tile_static variable cannot have an initializer", ["tiled"]),
    ("tile_static_pointer", "", "tile_static int *tpNAME; x += 1;",
     "tile_static cannot be used on a variable of pointer or reference type", ["tiled"]),
    ("divergent_barrier", "", "if (t.local[0] == 0) t.barrier.wait();",
     "is called under control flow that depends on the thread's position in the tile", ["tiled"]),
    ("divergent_barrier_loop", "", "for (int kNAME = 0; kNAME < t.local[0]; ++kNAME) t.barrier.wait();",
     "is called under control flow that depends on the thread's position in the tile", ["tiled"]),
]

# Rules about the launch itself: (name, declarations, host code before the
# launch, capture list, kernel parameter, trailer after the parameter list,
# body statement, expected).
LAUNCH_RULES = [
    ("capture_by_reference", "", "int nNAME = 5;", "=, &nNAME", "index<1> idx", " restrict(amp)",
     "x += nNAME;", "'nNAME' is captured by reference; a kernel captures by value"),
    ("capture_array_by_value", "", "array<int, 1> arNAME(64);", "=", "index<1> idx", " restrict(amp)",
     "x += arNAME[idx];", "concurrency::array 'arNAME' is captured by value"),
    ("capture_bool", "", "bool flNAME = true;", "=", "index<1> idx", " restrict(amp)",
     "if (flNAME) x += 1;", "captured variable 'flNAME' has type 'bool', which cannot be captured by a kernel"),
    ("capture_char", "", "char chNAME = 3;", "=", "index<1> idx", " restrict(amp)",
     "x += chNAME;", "captured variable 'chNAME' has type 'char'"),
    ("capture_pointer", "", "int hostNAME = 3; int *hpNAME = &hostNAME;", "=", "index<1> idx",
     " restrict(amp)", "x += *hpNAME;", "only a concurrency::array or texture can be captured by pointer"),
    ("capture_vector", "", "std::vector<int> hvNAME(4, 1);", "=", "index<1> idx", " restrict(amp)",
     "x += hvNAME[0];", "captured variable 'hvNAME' has type"),
    ("kernel_not_amp", "", "", "=", "index<1> idx", "", "x += 1;",
     "the kernel lambda must be restrict(amp)"),
    ("kernel_param_rank", "", "", "=", "index<2> idx2", " restrict(amp)", "index<1> idx(idx2[0]); x += idx2[1];",
     "must take"),
    ("kernel_returns_value", "", "", "=", "index<1> idx", " restrict(amp) -> int", "x += 1;",
     "a kernel must return void, not 'int'"),
    ("cpu_calls_amp_only", "static int aoNAME(int a) restrict(amp) { return a * 2; }",
     "int hNAME = aoNAME(3); (void)hNAME;", "=", "index<1> idx", " restrict(amp)",
     "x = aoNAME(x);", "CPU code cannot call 'aoNAME', which is restrict(amp) only"),
    ("tile_static_in_cpu", "", "tile_static int tcNAME; tcNAME = 1; (void)tcNAME;", "=", "index<1> idx",
     " restrict(amp)", "x += 1;", "tile_static can only be used on variables of a restrict(amp) function"),
    ("element_type_bool", "", "bool hbNAME[64] = {}; array_view<bool, 1> bvNAME(64, hbNAME);", "=",
     "index<1> idx", " restrict(amp)", "if (bvNAME[idx]) x += 1;", "cannot be the element type of an array or array_view"),
    ("generic_kernel", "", "", "=", "auto idx", " restrict(amp)", "x += 1;",
     "cannot be a generic lambda"),
]


class InvalidProgram:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.g = gen_valid.Gen(seed * 7919 + 17, size=0.5)

    def context(self):
        """Valid structs, helpers and a kernel body around the violation."""
        g = self.g
        g.gen_structs()
        for i in range(self.r.randrange(1, 3)):
            g.gen_helper(i)
        g.emit(0, "struct Out { unsigned ru; float rf; int r0; };")
        g.gen_body("body", ("Out", [("ru", gen_valid.UINT), ("rf", gen_valid.FLOAT),
                                    ("r0", gen_valid.INT)]), self.r.randrange(3, 10))

    def generate(self, rule_name=None, place=None):
        r = self.r
        name = "_%d" % self.r.randrange(1000)
        launch = r.random() < 0.25
        if rule_name:
            launch = any(x[0] == rule_name for x in LAUNCH_RULES)
        if launch:
            rule = r.choice(LAUNCH_RULES)
            if rule_name:
                rule = [x for x in LAUNCH_RULES if x[0] == rule_name][0]
            place = "launch"
        else:
            rule = r.choice(STMT_RULES)
            if rule_name:
                rule = [x for x in STMT_RULES if x[0] == rule_name][0]
            places = rule[4] or PLACES
            place = r.choice(places) if place is None or place not in places else place
        sub = lambda s: s.replace("NAME", name)
        self.context()
        g = self.g
        head = ["// Generated by test/fuzz/gen_invalid.py, seed %d: rule %s, in %s." % (
            self.seed, rule[0], place),
            "// EXPECT: %s" % sub(rule[-1] if launch else rule[3])]
        body = []
        decls = sub(rule[1])
        includes = [l for l in decls.splitlines() if l.startswith("#include")]
        decls = "\n".join(l for l in decls.splitlines() if not l.startswith("#include"))
        main = []
        tiled = place == "tiled"
        stmt = "" if launch else sub(rule[2])
        kernel_stmt = ""
        if not launch:
            if place in ("kernel", "tiled"):
                kernel_stmt = stmt
            elif place == "helper":
                body.append("static int badNAME(int x) restrict(amp) {\n  %s\n  return x;\n}" % stmt)
                kernel_stmt = "x = badNAME(x);"
            elif place == "helper2":
                body.append("static int badNAME(int x) restrict(amp) {\n  %s\n  return x;\n}" % stmt)
                body.append("static int midNAME(int x) restrict(amp) {\n  x = badNAME(x + 1);\n  return x * 3;\n}")
                kernel_stmt = "x = midNAME(x);"
            elif place == "cpuamp":
                body.append("static int badNAME(int x) restrict(amp, cpu) {\n  %s\n  return x;\n}" % stmt)
                kernel_stmt = "x = badNAME(x);"
            elif place == "member":
                body.append("struct WNAME {\n  int k;\n  int run(int x) const restrict(amp) {\n    %s\n"
                            "    return x + k;\n  }\n};" % stmt)
                kernel_stmt = "WNAME w = {3}; x = w.run(x);"
            elif place == "lambda":
                kernel_stmt = "auto lamNAME = [=](int x) restrict(amp) {\n      %s\n      return x;\n    };\n" \
                              "    x = lamNAME(x);" % stmt
            elif place == "template":
                body.append("template <typename T> static T badNAME(T x) restrict(amp) {\n  %s\n  return x;\n}"
                            % stmt)
                kernel_stmt = "x = badNAME<int>(x);"
        host, capture, param, trailer = "", "=", "index<1> idx", " restrict(amp)"
        if launch:
            host, capture, param, trailer, kernel_stmt = (sub(rule[2]), sub(rule[3]), rule[4],
                                                          rule[5], sub(rule[6]))
        main.append("int main() {")
        main.append("  std::vector<In> in(64);")
        main.append("  for (int i = 0; i < 64; ++i) in[i].i0 = i;")
        main.append("  array_view<const In, 1> inv(64, in);")
        main.append("  std::vector<int> out(64);")
        main.append("  array_view<int, 1> ov(64, out);")
        if host:
            main.append("  " + host)
        if tiled:
            main.append("  parallel_for_each(ov.extent.tile<16>(), [%s](tiled_index<16> t) restrict(amp) {"
                        % capture)
            main.append("    index<1> idx = t.global;")
        else:
            main.append("  parallel_for_each(ov.extent, [%s](%s)%s {" % (capture, param, trailer))
        main.append("    int x = idx[0];")
        main.append("    Out o;")
        main.append("    body(x, inv[idx], inv[(x + 1) % 64], o);")
        main.append("    x += (int)o.ru + o.r0;")
        if kernel_stmt:
            main.append("    " + sub(kernel_stmt))
        main.append("    ov[idx] = x;")
        main.append("  });")
        main.append("  ov.synchronize();")
        main.append("  return out[1] == 12345 ? 1 : 0;")
        main.append("}")
        text = "\n".join(head) + "\n" + "\n".join(includes) + "\n" + gen_valid.PRELUDE
        text += "\n".join(g.out) + "\n" + decls + "\n\n" + sub("\n\n".join(body)) + "\n\n" + "\n".join(main) + "\n"
        return text


def generate(seed, rule=None, place=None):
    return InvalidProgram(seed).generate(rule, place)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    ap.add_argument("--rule", help="the rule to break (default: chosen by the seed)")
    ap.add_argument("--place", help="where to break it (default: chosen by the seed)")
    a = ap.parse_args()
    text = generate(a.seed, a.rule, a.place)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
