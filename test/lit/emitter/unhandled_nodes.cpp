// RUN: %ampxx -Xclang -verify %s
// Node kinds the emitter has no code for (plugin/emit/NodeKinds.cpp) are an
// error naming the node, in every position: a statement, a value, an object,
// an initializer. None is skipped (emitter/node_kinds.test
// lists every kind).
#include <amp.h>
using namespace concurrency;

void statement_expression(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    v[i] = ({ int y = v[i]; y * 2; }); // expected-error {{the expression 'StmtExpr' is not supported in a kernel by ampvk yet}}
  });
}

void discarded_statement_expression(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    ({ v[i] = 1; }); // expected-error {{the expression 'StmtExpr' is not supported in a kernel by ampvk yet}}
  });
}

struct Pair {
  int a, b;
};

void compound_literal_initializer(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    Pair p = (Pair){v[i], 2}; // expected-error {{the expression 'CompoundLiteralExpr' is not supported in a kernel by ampvk yet}}
    v[i] = p.a + p.b;
  });
}

void bit_cast(array_view<int, 1> v, array_view<float, 1> f) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    v[i] = __builtin_bit_cast(int, f[i]); // expected-error {{the expression 'BuiltinBitCastExpr' is not supported in a kernel by ampvk yet}}
  });
}

// Declarations without a run-time effect are not errors; structured bindings
// of a struct and of an array are lowered like the members they name;
// __builtin_choose_expr is its chosen operand.
void declarations_without_effect(array_view<int, 1> v, array_view<int, 1> w) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    __builtin_choose_expr(1, v, w)[i] = 3;
    typedef int Int;
    using Float = float;
    struct Local { Int x; };
    enum Color { Red, Green };
    static_assert(sizeof(Float) == 4, "");
    int helper(int);
    Pair p = {v[i], 3};
    auto [a, b] = p;
    int arr[2] = {a, b};
    auto &[c, d] = arr;
    c += Local{Green}.x;
    v[i] = a * b + c + d;
  });
}
