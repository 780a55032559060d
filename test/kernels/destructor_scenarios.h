// Destructors in kernels, against the host: each scenario is a
// restrict(cpu, amp) function that makes and ends objects whose constructors
// and destructors note events in a per-work-item trace (an order-sensitive
// hash), and returns a value. The device must give every work item the same
// trace and value as the host: the same destructors, in the same order, at the
// same points. Included by two test files, compiled as C++17 and as C++14 (where
// copies of temporaries are elided rather than guaranteed away).
#ifndef AMPVK_TEST_KERNELS_DESTRUCTOR_SCENARIOS_H
#define AMPVK_TEST_KERNELS_DESTRUCTOR_SCENARIOS_H

#include <amp.h>

#include <gtest/gtest.h>

#include <vector>

#ifndef DTOR_SUITE
#error "define DTOR_SUITE, the test suite's name"
#endif

namespace DTOR_SUITE {

using namespace concurrency;

// One work item's trace: log[at] folds in every event, in order.
struct Trace {
  array_view<unsigned, 1> log;
  int at;
  void note(unsigned event) const restrict(cpu, amp) { log[at] = log[at] * 31u + event; }
};

struct Tracked {
  Trace t;
  int id;
  Tracked(const Trace &tr, int i) restrict(cpu, amp) : t(tr), id(i) { t.note(100 + id); }
  Tracked(const Tracked &o) restrict(cpu, amp) : t(o.t), id(o.id + 1000) { t.note(200 + id); }
  ~Tracked() restrict(cpu, amp) { t.note(300 + id); }
  int value() const restrict(cpu, amp) { return id; }
  explicit operator bool() const restrict(cpu, amp) { return id % 4 != 0; }
};

// Runs f(trace, x) for 257 values of x on the device, and host(trace, x) on
// the host: f itself, or a model of the events f must note where running f
// on the host is undefined (a destructor called twice).
template <typename F, typename H> void expectAsOnHost(const F &f, const H &host) {
  const int n = 257;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 23 - 5;
  std::vector<unsigned> deviceLog(n, 1u), hostLog(n, 1u);
  std::vector<int> deviceOut(n, -1), hostOut(n, -1);
  {
    array_view<const int, 1> inView(n, in);
    array_view<unsigned, 1> logView(n, deviceLog);
    array_view<int, 1> outView(n, deviceOut);
    parallel_for_each(inView.extent, [=](index<1> idx) restrict(amp) {
      Trace tr{logView, idx[0]};
      outView[idx] = f(tr, inView[idx]);
    });
    logView.synchronize();
    outView.synchronize();
  }
  {
    array_view<unsigned, 1> logView(n, hostLog);
    for (int i = 0; i < n; ++i) {
      Trace tr{logView, i};
      hostOut[i] = host(tr, in[i]);
    }
    logView.synchronize();
  }
  int reported = 0;
  for (int i = 0; i < n && reported < 5; ++i)
    if (deviceOut[i] != hostOut[i] || deviceLog[i] != hostLog[i]) {
      ADD_FAILURE() << "x = " << in[i] << ": host returns " << hostOut[i] << " with trace "
                    << hostLog[i] << ", device " << deviceOut[i] << " with trace "
                    << deviceLog[i];
      ++reported;
    }
}

template <typename F> void expectSameAsHost(const F &f) { expectAsOnHost(f, f); }

Tracked make(const Trace &tr, int id) restrict(cpu, amp) { return Tracked(tr, id); }

// The named return value (NRVO on the host: no copy, no destructor).
Tracked makeNamed(const Trace &tr, int id) restrict(cpu, amp) {
  Tracked r(tr, id);
  r.id += 2;
  return r;
}

// Two candidates: no NRVO, the returned one is copied, both are destroyed.
Tracked makeEither(const Trace &tr, int x) restrict(cpu, amp) {
  Tracked a(tr, 11);
  Tracked b(tr, 12);
  if (x > 0)
    return a;
  return b;
}

int take(Tracked t) restrict(cpu, amp) { return t.value() * 2; }

template <typename T> void destroyAt(T &v) restrict(cpu, amp) { v.~T(); }

// Leaves from nested loops by a return: every object of both loops ends.
int findInGrid(const Trace &tr, int x) restrict(cpu, amp) {
  Tracked outer(tr, 40);
  for (int i = 0; i < 4; ++i) {
    Tracked row(tr, 41 + i);
    for (int j = 0; j < 4; ++j) {
      Tracked cell(tr, 50 + j);
      if (i * 4 + j == (x & 15))
        return i * 4 + j;
    }
  }
  return -1;
}

int earlyReturn(const Trace &tr, int x) restrict(cpu, amp) {
  Tracked a(tr, 80);
  if (x > 0) {
    Tracked b(tr, 81);
    return 1;
  }
  Tracked c(tr, 82);
  return 2;
}

struct Base {
  Tracked m;
  Base(const Trace &tr, int id) restrict(cpu, amp) : m(tr, id) {}
  ~Base() restrict(cpu, amp) { m.t.note(400 + m.id); }
};
struct Derived : Base {
  Tracked a;
  Tracked pair[2];
  Derived(const Trace &tr, int id) restrict(cpu, amp)
      : Base(tr, id), a(tr, id + 1), pair{Tracked(tr, id + 2), Tracked(tr, id + 3)} {}
  ~Derived() restrict(cpu, amp) { a.t.note(500 + a.id); }
};
// No destructor of its own: the implicit one ends the members, last first.
struct Holder {
  Tracked first;
  Tracked second;
};

} // namespace DTOR_SUITE

namespace {
using namespace DTOR_SUITE;

TEST(DTOR_SUITE, IssueExampleAddsAtScopeEndAndOnExplicitCall) {
  struct Adder {
    array_view<int, 1> acc;
    int v;
    Adder(const array_view<int, 1> &a, int x) restrict(cpu, amp) : acc(a), v(x) {}
    ~Adder() restrict(cpu, amp) { acc[0] += v; }
  };
  std::vector<int> data(1, 0);
  array_view<int, 1> a(1, data);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    { Adder s(a, 5); }
    Adder t(a, 100);
    t.~Adder();
  });
  a.synchronize();
  EXPECT_EQ(data[0], 205);
}

TEST(DTOR_SUITE, ScopeEndInReverseOrder) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int r = 0;
    {
      Tracked a(tr, 1);
      Tracked b(tr, 2);
      r = a.value() + b.value() + x;
    }
    tr.note(7);
    Tracked c(tr, 3);
    if (x > 0) {
      Tracked d(tr, 4);
      r += d.value();
    } else {
      Tracked e(tr, 5);
      r -= e.value();
    }
    return r;
  });
}

// A destructor called explicitly, then again where the object's scope ends:
// without placement new (which restrict(amp) code cannot use) that is
// undefined in C++, and on the host it would release the trace's view twice.
// On the device a view owns nothing, so the result is defined there: the
// host side is the model of the events the device must note.
TEST(DTOR_SUITE, ExplicitCallsThroughObjectPointerTypedefAndTemplate) {
  auto device = [](const Trace &tr, int x) restrict(cpu, amp) {
    Tracked t(tr, 3 + (x & 1));
    t.~Tracked();
    typedef Tracked Alias;
    Alias u(tr, 5);
    u.~Alias();
    Tracked v(tr, 6);
    Tracked *p = &v;
    p->~Tracked();
    Tracked w(tr, 7);
    destroyAt(w);
    tr.note(1);
    // Pseudo-destructors on scalars: nothing happens to the value.
    typedef int I;
    int i = x;
    i.~I();
    destroyAt(i);
    return i + t.value();
  };
  auto model = [](const Trace &tr, int x) {
    int t = 3 + (x & 1);
    for (unsigned e : {100 + t, 300 + t, 105, 305, 106, 306, 107, 307, 1})
      tr.note(e);
    for (unsigned e : {307, 306, 305, 300 + t}) // scope end, last made first
      tr.note(e);
    return x + t;
  };
  expectAsOnHost(device, model);
}

TEST(DTOR_SUITE, TemporariesEndWithTheirFullExpression) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int v = Tracked(tr, 6).value() + make(tr, 7).value() * x;
    tr.note(8);
    make(tr, 9); // a discarded result
    tr.note(9);
    (void)Tracked(tr, 10);
    tr.note(10);
    return v;
  });
}

TEST(DTOR_SUITE, ArgumentsByValueEndWithTheCallersFullExpression) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    Tracked named(tr, 13);
    int v = take(Tracked(tr, 14)) + take(named);
    tr.note(11);
    v += take(make(tr, 15 + (x & 1)));
    return v;
  });
}

TEST(DTOR_SUITE, ReturnedObjects) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    Tracked a = makeNamed(tr, 16);
    tr.note(12);
    Tracked b = makeEither(tr, x);
    tr.note(13);
    return a.value() * 3 + b.value();
  });
}

TEST(DTOR_SUITE, TemporaryBoundToReferenceLivesWithIt) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int v = 0;
    {
      const Tracked &r = Tracked(tr, 17);
      tr.note(14);
      const Tracked &s = make(tr, 18);
      v = r.value() + s.value() + x;
      tr.note(15);
    }
    tr.note(16);
    return v;
  });
}

TEST(DTOR_SUITE, BreakContinueAndLoopIterations) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int v = 0;
    for (int i = 0; i < 6; ++i) {
      Tracked a(tr, 20 + i);
      if (i == (x & 3))
        continue;
      Tracked b(tr, 30 + i);
      if (i == 4 && x > 0)
        break;
      v += a.value() - b.value();
    }
    int k = 0;
    do {
      Tracked c(tr, 60 + k);
      if (k == 2 && x < 0)
        break;
    } while (++k < 4);
    return v + k;
  });
}

TEST(DTOR_SUITE, ReturnFromInsideNestedLoopsAndBranches) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    return findInGrid(tr, x) * 10 + earlyReturn(tr, x);
  });
}

TEST(DTOR_SUITE, MembersAndBases) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int v;
    {
      Derived d(tr, 70 + (x & 3));
      v = d.a.value() + d.pair[1].value();
    }
    tr.note(17);
    {
      Holder h{Tracked(tr, 75), make(tr, 76)};
      v += h.second.value();
    }
    return v;
  });
}

TEST(DTOR_SUITE, ArraysEndLastElementFirst) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int v = 0;
    {
      Tracked three[3] = {Tracked(tr, 1), Tracked(tr, 2), make(tr, 3 + (x & 1))};
      v = three[2].value();
    }
    tr.note(18);
    {
      Holder grid[2][2] = {{{Tracked(tr, 5), Tracked(tr, 6)}, {Tracked(tr, 7), Tracked(tr, 8)}},
                           {{Tracked(tr, 9), Tracked(tr, 10)}, {Tracked(tr, 11), make(tr, 12)}}};
      v += grid[1][1].second.value();
    }
    return v;
  });
}

TEST(DTOR_SUITE, TemporariesOfOneArmOfConditionalsAndLogicalOperators) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int v = 0;
    for (int i = 0; i < 3; ++i) {
      v += x + i > 0 ? Tracked(tr, 80 + i).value() : make(tr, 90 + i).value();
      bool both = x > 2 && Tracked(tr, 85).value() > i;
      bool either = x > 0 || make(tr, 86 + i).value() > 0;
      v += both + 2 * either;
      tr.note(19);
    }
    return v;
  });
}

TEST(DTOR_SUITE, ConditionVariablesEndEachIteration) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int n = (x & 7) + 1, v = 0;
    while (Tracked c = Tracked(tr, n)) {
      v += c.value();
      --n;
    }
    for (int i = 0; Tracked d = make(tr, i + (x & 3)); ++i) {
      tr.note(20);
      if (i > 5)
        break;
    }
    if (Tracked e = Tracked(tr, x)) {
      v += e.value();
    } else {
      v -= e.value();
    }
    return v;
  });
}

TEST(DTOR_SUITE, SwitchBreakAndFallingOut) {
  expectSameAsHost([](const Trace &tr, int x) restrict(cpu, amp) {
    int v = 0;
    switch (x & 3) {
    case 0: {
      Tracked a(tr, 70);
      v = a.value();
      break;
    }
    case 1:
      tr.note(21);
    default:
      Tracked d(tr, 71);
      if (x > 3)
        break;
      v = d.value() + x;
    }
    tr.note(22);
    return v;
  });
}

} // namespace

#endif
