// Loops a driver cuts short (docs/user-guide.md, "Troubleshooting"): Mesa's
// lavapipe ends a kernel thread's loops after 65,535 iterations in all and
// goes on with what was computed. ampvk's kernels catch the cut
// (plugin/emit/LoopWitness.cpp), so every launch here either gives the
// host's results or throws runtime_exception naming the loop: never a wrong
// answer. On lavapipe the long ones must throw, elsewhere none may.
#include <amp.h>

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

bool deviceCutsLoops() {
  return accelerator().get_description().find(L"llvmpipe") != std::wstring::npos;
}

int work(int k) restrict(cpu, amp) { return (k * 7) & 15; }

// Every shape of loop a kernel has, each running `Iterations` passes in all.
int shape(int Which, int Iterations, int Lane) restrict(cpu, amp) {
  int s = Lane;
  switch (Which) {
  case 0: // for
    for (int k = 0; k < Iterations; ++k)
      s += work(k);
    break;
  case 1: { // nested for: the count is the passes of both loops
    const int Outer = 300;
    for (int i = 0; i < Outer; ++i)
      for (int j = 0; j < Iterations / Outer; ++j)
        s += work(i + j);
    break;
  }
  case 2: { // do-while
    int k = 0;
    do
      s += work(k);
    while (++k < Iterations);
    break;
  }
  case 3: { // while (true) with a break
    int k = 0;
    while (true) {
      if (k == Iterations)
        break;
      s += work(k++);
    }
    break;
  }
  default: { // two loops one after the other
    for (int k = 0; k < Iterations / 2; ++k)
      s += work(k);
    for (int k = Iterations / 2; k < Iterations; ++k)
      s -= work(k);
  }
  }
  return s;
}

// Runs shape Which with Iterations passes per thread: true when it ran and
// matched the host, false when the launch failed naming a loop.
bool runShape(int Which, int Iterations) {
  const int n = 64;
  std::vector<int> out(n, -1);
  array_view<int, 1> av(n, out);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    av[i] = shape(Which, Iterations, i[0]);
  });
  try {
    av.synchronize();
  } catch (const runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()).rfind("ampvk: the loop at " __FILE__ ":", 0), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find("was cut short by the device's driver, which ends a "
                                         "kernel thread's loops after 65535 iterations in all"),
              std::string::npos)
        << e.what();
    return false;
  }
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(out[i], shape(Which, Iterations, i)) << "shape " << Which << " thread " << i;
  return true;
}

} // namespace

TEST(LoopLimit, ShortLoopsRunEverywhere) {
  for (int Which = 0; Which < 5; ++Which)
    EXPECT_TRUE(runShape(Which, 60000)) << "shape " << Which;
}

TEST(LoopLimit, LongLoopsFailOnlyWhereTheDriverCutsThem) {
  const bool Cuts = deviceCutsLoops();
  for (int Which = 0; Which < 5; ++Which)
    EXPECT_EQ(runShape(Which, 90000), !Cuts) << "shape " << Which;
  // The device goes on working.
  EXPECT_TRUE(runShape(0, 1000));
}

// Threads that loop different counts: the driver counts a group of threads
// together, so some may be cut below the limit. Whatever it does, the
// result is the host's or the launch fails.
TEST(LoopLimit, DivergentLoopsAreRightOrFail) {
  const int n = 256;
  std::vector<int> counts(n), out(n, -1);
  for (int i = 0; i < n; ++i)
    counts[i] = (i * 9173) % 50000 + (i % 3) * 20000;
  array_view<const int, 1> cv(n, counts);
  array_view<int, 1> av(n, out);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    int s = 0;
    for (int k = 0; k < cv[i]; ++k)
      s += work(k);
    if (i[0] % 2)
      for (int k = 0; k < cv[i] / 2; ++k)
        s ^= k;
    av[i] = s;
  });
  bool Ran = true;
  try {
    av.synchronize();
  } catch (const runtime_exception &e) {
    Ran = false;
    EXPECT_EQ(std::string(e.what()).rfind("ampvk: the loop at " __FILE__ ":", 0), 0u) << e.what();
  }
  if (Ran)
    for (int i = 0; i < n; ++i) {
      int s = 0;
      for (int k = 0; k < counts[i]; ++k)
        s += work(k);
      if (i % 2)
        for (int k = 0; k < counts[i] / 2; ++k)
          s ^= k;
      ASSERT_EQ(out[i], s) << i;
    }
  else
    EXPECT_TRUE(deviceCutsLoops());
}
