// Tests of process-wide state that is fixed by its first use (the default
// accelerator, each accelerator's default CPU access type) must see that state
// unset whatever tests ran before them in the same binary. EXPECT_IN_FRESH_PROCESS
// runs the checks in a new process: GoogleTest's "threadsafe" death-test style
// re-executes this test binary, filtered to the current test, and runs only
// the checks there. Failed checks are printed from the child (the parent shows
// them under "Actual msg") and make it exit 1; a validation error makes it exit
// 3 (AMPVK_VALIDATION); anything but 0 fails the test.
#ifndef AMPVK_TEST_SUPPORT_FRESH_PROCESS_H
#define AMPVK_TEST_SUPPORT_FRESH_PROCESS_H

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

namespace freshprocess {

// In the child: run the checks, print each failure, exit 0 only if none.
template <typename Checks> [[noreturn]] void runChecksAndExit(Checks checks) {
  testing::TestPartResultArray results;
  {
    testing::ScopedFakeTestPartResultReporter reporter(
        testing::ScopedFakeTestPartResultReporter::INTERCEPT_ALL_THREADS, &results);
    checks();
  }
  int failures = 0;
  for (int i = 0; i < results.size(); ++i) {
    const testing::TestPartResult &r = results.GetTestPartResult(i);
    if (!r.failed())
      continue;
    ++failures;
    std::fprintf(stderr, "%s:%d: %s\n", r.file_name() ? r.file_name() : "?",
                 r.line_number(), r.message());
  }
  std::fflush(stderr);
  std::exit(failures ? 1 : 0);
}

} // namespace freshprocess

#define EXPECT_IN_FRESH_PROCESS(checks)                                                      \
  do {                                                                                       \
    ::testing::FLAGS_gtest_death_test_style = "threadsafe";                                  \
    EXPECT_EXIT(::freshprocess::runChecksAndExit(checks), ::testing::ExitedWithCode(0), ""); \
  } while (0)

#endif
