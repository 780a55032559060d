// Kernel output (docs/user-guide.md, "Debugging kernels"): direct3d_printf
// on every device, its text formatted on the host as C's printf formats the
// same values, reaching stdout by the launch's next synchronization; a full
// print buffer drops later calls and says how many; direct3d_errorf and
// direct3d_abort make the launch throw runtime_exception at its next
// synchronization, and the accelerator goes on working.
#include <amp.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

std::vector<std::string> sortedLines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  std::sort(Lines.begin(), Lines.end());
  return Lines;
}

template <typename... A> std::string cFormat(const char *Format, A... Args) {
  char Text[512];
  std::snprintf(Text, sizeof Text, Format, Args...);
  return Text;
}

// The print buffer's record words: AMPVK_PRINTF_BUFFER's bytes (1 MiB when
// unset) less the three counters.
unsigned recordWords() {
  const char *Env = std::getenv("AMPVK_PRINTF_BUFFER");
  unsigned long Bytes = Env ? std::strtoul(Env, nullptr, 10) : 1048576;
  return static_cast<unsigned>(Bytes / 4 - 3);
}

} // namespace

// Every conversion, flag, width, precision, '*' and length modifier, on
// values of every kind a kernel has, against the host's snprintf.
TEST(KernelOutput, EveryConversionAsTheHostPrintsIt) {
  const int n = 48;
  std::vector<int> ints(n);
  std::vector<float> floats(n);
  for (int i = 0; i < n; ++i) {
    ints[i] = (i * 7919) % 2001 - 1000 + (i == 3 ? INT_MIN : 0) + (i == 4 ? INT_MAX - 1000 : 0);
    floats[i] = (i - 20) * 1.375f / (i % 5 + 1) + (i == 7 ? 1e30f : 0.0f);
  }
  array_view<const int, 1> iv(n, ints);
  array_view<const float, 1> fv(n, floats);
  testing::internal::CaptureStdout();
  parallel_for_each(iv.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    const int v = iv[idx];
    const unsigned u = static_cast<unsigned>(v) * 2654435761u;
    const float x = fv[idx];
    const double d = static_cast<double>(x) / 3.0;
    const bool b = v > 0;
    direct3d_printf("%02d a %d %i %u %x %X %o %c|%-6d|%+d|% d|%#x|%#o|%08d\n", i, v, v, u, u, u,
                    u, 65 + i % 26, v, v, v, u, u, v);
    direct3d_printf("%02d b %f %F %e %E %g %G|%.3f|%12.4e|%-10.2g|%+.0f|%#g\n", i, x, x, d, d,
                    x, d, x, d, x, d, x);
    direct3d_printf("%02d c %*d|%-*d|%.*f|%*.*e|%s|%8s|%-8s|%.3s|%d|%%\n", i, i % 9, v, i % 7, v,
                    i % 6, d, 14, i % 4, x, "str", "right", "left", "truncated", b);
    direct3d_printf("%02d d %hhd %hd %hu %ld %lld %llu %lx %lf\n", i, v, v, u, v, v, u, u, d);
  });
  accelerator().get_default_view().wait();
  const std::string Out = testing::internal::GetCapturedStdout();

  std::string Expected;
  for (int i = 0; i < n; ++i) {
    const int v = ints[i];
    const unsigned u = static_cast<unsigned>(v) * 2654435761u;
    const float x = floats[i];
    const double d = static_cast<double>(x) / 3.0;
    const bool b = v > 0;
    Expected += cFormat("%02d a %d %i %u %x %X %o %c|%-6d|%+d|% d|%#x|%#o|%08d\n", i, v, v, u,
                        u, u, u, 65 + i % 26, v, v, v, u, u, v);
    Expected += cFormat("%02d b %f %F %e %E %g %G|%.3f|%12.4e|%-10.2g|%+.0f|%#g\n", i,
                        static_cast<double>(x), static_cast<double>(x), d, d,
                        static_cast<double>(x), d, static_cast<double>(x), d,
                        static_cast<double>(x), d, static_cast<double>(x));
    Expected += cFormat("%02d c %*d|%-*d|%.*f|%*.*e|%s|%8s|%-8s|%.3s|%d|%%\n", i, i % 9, v, i % 7,
                        v, i % 6, d, 14, i % 4, static_cast<double>(x), "str", "right", "left",
                        "truncated", static_cast<int>(b));
    // A 32-bit argument under ll is widened by its own signedness, as the
    // host's long long parameter would be.
    Expected += cFormat("%02d d %hhd %hd %hu %ld %lld %llu %lx %lf\n", i, v, v, u,
                        static_cast<long>(v), static_cast<long long>(v),
                        static_cast<unsigned long long>(u), static_cast<unsigned long>(u), d);
  }
  EXPECT_EQ(sortedLines(Out), sortedLines(Expected));
}

// Each call's text is one piece, in tiled kernels too; the output is there
// by the launch's next synchronization (here: a view's synchronize).
TEST(KernelOutput, TiledCallsReachStdoutBySynchronize) {
  const int n = 256;
  std::vector<int> data(n, 0);
  array_view<int, 1> av(n, data);
  testing::internal::CaptureStdout();
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int sum[64];
    sum[t.local[0]] = t.global[0];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int s = 0;
      for (int k = 0; k < 64; ++k)
        s += sum[k];
      direct3d_printf("tile %d sum %d\n", t.tile[0], s);
      av[t.global] = s;
    }
  });
  av.synchronize();
  const std::string Out = testing::internal::GetCapturedStdout();
  std::string Expected;
  for (int tile = 0; tile < n / 64; ++tile) {
    const int s = 64 * 64 * tile + 63 * 64 / 2;
    Expected += "tile " + std::to_string(tile) + " sum " + std::to_string(s) + "\n";
    EXPECT_EQ(data[tile * 64], s);
  }
  EXPECT_EQ(sortedLines(Out), sortedLines(Expected));
}

// The records that fit are printed; the rest are dropped and counted in one
// line. With the default 1 MiB all 600 fit; kernel.output_small_buffer runs
// this with AMPVK_PRINTF_BUFFER=256 (61 words: 30 two-word records).
TEST(KernelOutput, AFullBufferDropsLaterCallsAndSaysHowMany) {
  const int n = 600;
  std::vector<int> data(n);
  array_view<int, 1> av(n, data);
  testing::internal::CaptureStdout();
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    direct3d_printf("%d\n", i[0]);
    av[i] = i[0] * 2;
  });
  av.synchronize();
  const std::string Out = testing::internal::GetCapturedStdout();
  const unsigned Fit = std::min<unsigned>(n, recordWords() / 2);
  std::vector<std::string> Lines = sortedLines(Out);
  unsigned Numbers = 0;
  std::string DroppedLine;
  for (const std::string &L : Lines) {
    if (L.rfind("ampvk: ", 0) == 0) {
      DroppedLine = L;
      continue;
    }
    const int V = std::stoi(L);
    EXPECT_TRUE(V >= 0 && V < n) << L;
    ++Numbers;
  }
  EXPECT_EQ(Numbers, Fit);
  if (Fit < static_cast<unsigned>(n)) {
    EXPECT_NE(DroppedLine.find(std::to_string(n - Fit) + " direct3d_printf calls of the kernel at "),
              std::string::npos)
        << DroppedLine;
    EXPECT_NE(DroppedLine.find("were dropped: its print buffer (AMPVK_PRINTF_BUFFER="),
              std::string::npos)
        << DroppedLine;
  } else {
    EXPECT_EQ(DroppedLine, "");
  }
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], i * 2) << i; // the kernel's work is not affected
}

// direct3d_errorf prints, then the launch throws at its next
// synchronization with the text and the call's place; views the launch did
// not write, and later launches, work on.
TEST(KernelOutput, ErrorfThrowsAtTheNextSynchronization) {
  const int n = 128;
  std::vector<int> in(n), out(n, -1), other(n, 7);
  for (int i = 0; i < n; ++i)
    in[i] = i == 77 ? -5 : i;
  array_view<const int, 1> iv(n, in);
  array_view<int, 1> ov(n, out);
  array_view<int, 1> untouched(n, other);
  testing::internal::CaptureStdout();
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
    if (iv[i] < 0)
      direct3d_errorf("negative input %d at %d\n", iv[i], i[0]);
    ov[i] = iv[i] * 3;
  });
  const int ErrorLine = __LINE__ - 3;
  try {
    ov.synchronize();
    ADD_FAILURE() << "no exception";
  } catch (const runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()), "negative input -5 at 77 (direct3d_errorf at " +
                                         std::string(__FILE__) + ":" +
                                         std::to_string(ErrorLine) + ")");
  }
  const std::string Out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(Out, "negative input -5 at 77\n");
  // The failure is thrown once; the accelerator and other views work on.
  ov.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], in[i] * 3) << "every thread ran to its end: " << i;
  parallel_for_each(untouched.extent, [=](index<1> i) restrict(amp) { untouched[i] += i[0]; });
  untouched.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(other[i], 7 + i) << i;
}

TEST(KernelOutput, AbortThrowsNamingItsPlace) {
  const int n = 64;
  std::vector<int> data(n, 1);
  array_view<int, 1> av(n, data);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    if (i[0] == 9)
      direct3d_abort();
    av[i] = 2;
  });
  const int AbortLine = __LINE__ - 3;
  try {
    accelerator().get_default_view().wait();
    ADD_FAILURE() << "no exception";
  } catch (const runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()), "ampvk: direct3d_abort() called at " +
                                         std::string(__FILE__) + ":" + std::to_string(AbortLine) +
                                         "; the kernel launch failed");
  }
  av.synchronize();
  EXPECT_EQ(data[0], 2);
}
