// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// The element type T of array<T,N> and array_view<T,N> (C++ AMP v1.2 §3.1;
// Microsoft's <amp.h> rejects part of this with static_asserts): bytes a
// kernel reads from a buffer, so the rules of captured values apply (no bool,
// char, short, ...; no pointers or references; nothing virtual; copyable by
// blitting), and it is not empty and not itself a container. One error per
// element type, at the first place that names it.
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Empty {};                               // expected-note {{'Empty' declared here}}
struct HasPointer { int *p; int v; };          // expected-note {{'p' declared here}}
struct HasBool { int a; bool b; };             // expected-note {{'b' declared here}}
struct Virtual { virtual void f() {} int v; }; // expected-note {{'Virtual' declared here}}
struct UserCopy { UserCopy(const UserCopy &) {} int v; }; // expected-note {{declared here}}
struct Fine { int a; float b; double c; };

void element_types(std::vector<int> &host) {
  array_view<Empty, 1> e(4, (Empty *)nullptr);        // expected-error {{the element type of 'Concurrency::array_view<Empty>' has type 'Empty', which cannot be the element type of an array or array_view: it is an empty class}}
  array_view<HasPointer, 1> p(4, (HasPointer *)nullptr); // expected-error {{the element type of 'Concurrency::array_view<HasPointer>' has type 'HasPointer', which cannot be the element type of an array or array_view: member 'p' is a pointer; elements cannot hold pointers or references}}
  array<bool, 1> b(4);                                // expected-error {{the element type of 'Concurrency::array<bool>' has type 'bool', which cannot be the element type of an array or array_view}}
  array<HasBool, 1> hb(4);                            // expected-error {{member 'b' has type 'bool'}}
  array<char, 1> c(4);                                // expected-error {{the element type of 'Concurrency::array<char>' has type 'char', which cannot be the element type of an array or array_view}}
  array_view<Virtual, 1> v(4, (Virtual *)nullptr);    // expected-error {{it has virtual functions}}
  array_view<UserCopy, 1> u(4, (UserCopy *)nullptr);  // expected-error {{it is not trivially copyable: it has a user-provided copy constructor}}
  array_view<int *, 1> ip(4, (int **)nullptr);        // expected-error {{the element type of 'Concurrency::array_view<int *>' has type 'int *', which cannot be the element type of an array or array_view: it is a pointer}}
  array_view<array_view<int, 1>, 1> nested(4, (array_view<int, 1> *)nullptr); // expected-error {{the element type of 'Concurrency::array_view<Concurrency::array_view<int>>' has type 'Concurrency::array_view<int>', which cannot be the element type of an array or array_view: it is a concurrency::array_view; containers do not nest}}
  // One element type, one error: const T is T, and later uses say nothing.
  array_view<const HasPointer, 1> cp(p);
  array_view<HasPointer, 1> p2(4, (HasPointer *)nullptr);
  // Allowed element types.
  array_view<int, 1> i(4, host);
  array_view<const Fine, 2> f(2, 2, (const Fine *)nullptr);
  array<unsigned, 3> a(2, 2, 2);
  array_view<long, 1> l(4, (long *)nullptr);
}
