// The pipeline cache on disk (runtime/src/kernels/pipeline_disk_cache.h), through
// child processes (pipeline_cache_check.cpp) that each open the device, run a
// kernel, check it and save the cache at exit: a second run finds the first
// one's data; corrupt, truncated or foreign files are ignored and replaced;
// concurrent writers leave one valid file; an unwritable directory and a
// disabled cache leave the program working.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace {

struct child_result {
  int status = -1;
  unsigned long long loaded = 0;
  std::string output;
};

std::string quote(const std::string &s) { return "'" + s + "'"; }

FILE *start_child(const std::string &dir, const std::string &extra_env = std::string()) {
  std::string command = "AMPVK_PIPELINE_CACHE_DIR=" + quote(dir) + " " + extra_env + " " +
                        quote(AMPVK_PIPELINE_CACHE_CHECK);
  return popen(command.c_str(), "r");
}

child_result finish_child(FILE *pipe) {
  child_result r;
  char line[256];
  while (pipe && std::fgets(line, sizeof line, pipe))
    r.output += line;
  r.status = pipe ? pclose(pipe) : -1;
  std::sscanf(r.output.c_str(), "loaded=%llu", &r.loaded);
  return r;
}

child_result run_child(const std::string &dir, const std::string &extra_env = std::string()) {
  return finish_child(start_child(dir, extra_env));
}

// The directories the tests made, removed when the test program ends.
struct temp_dirs {
  std::vector<std::string> made;
  ~temp_dirs() {
    for (const std::string &dir : made) {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  }
} all_temp_dirs;

std::string make_temp_dir() {
  char name[] = "/tmp/ampvk-pcache-XXXXXX";
  const char *made = mkdtemp(name);
  if (!made)
    return "";
  all_temp_dirs.made.push_back(made);
  return made;
}

std::vector<std::string> entries(const std::string &dir) {
  std::vector<std::string> names;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d))
      if (e->d_name[0] != '.')
        names.push_back(e->d_name);
    closedir(d);
  }
  return names;
}

std::string the_cache_file(const std::string &dir) {
  std::vector<std::string> names = entries(dir);
  if (names.size() != 1 || names[0].rfind("pipelines-", 0) != 0)
    return "";
  return dir + "/" + names[0];
}

std::string read_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_file(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A directory with a valid cache file written by one run.
std::string warm_dir() {
  std::string dir = make_temp_dir();
  child_result first = run_child(dir);
  EXPECT_EQ(first.status, 0) << first.output;
  EXPECT_EQ(first.loaded, 0u) << first.output;
  EXPECT_NE(the_cache_file(dir), "") << "no single cache file in " << dir;
  return dir;
}

// The file was rejected (nothing loaded, the kernel still right) and then
// replaced by a valid one that the next run loads.
void expect_rejected_then_replaced(const std::string &dir) {
  child_result bad = run_child(dir);
  EXPECT_EQ(bad.status, 0) << bad.output;
  EXPECT_EQ(bad.loaded, 0u) << bad.output;
  child_result again = run_child(dir);
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_GT(again.loaded, 0u) << again.output;
  EXPECT_EQ(entries(dir).size(), 1u);
}

} // namespace

TEST(PipelineDiskCache, SecondRunLoadsTheFirstRunsPipelines) {
  std::string dir = warm_dir();
  const std::string file = the_cache_file(dir);
  child_result second = run_child(dir);
  EXPECT_EQ(second.status, 0) << second.output;
  EXPECT_GT(second.loaded, 0u) << second.output;
  // The file is named after the device and driver.
  EXPECT_NE(file.find("pipelines-"), std::string::npos);
  EXPECT_EQ(file.substr(file.size() - 4), ".bin");
}

TEST(PipelineDiskCache, CorruptPayloadIsIgnoredAndReplaced) {
  std::string dir = warm_dir();
  const std::string file = the_cache_file(dir);
  std::string bytes = read_file(file);
  // Our header is 56 bytes; the driver's data follows (at least its own
  // 32-byte header: lavapipe stores nothing more).
  ASSERT_GE(bytes.size(), 88u);
  for (std::size_t i = bytes.size() - 8; i < bytes.size(); ++i)
    bytes[i] = static_cast<char>(bytes[i] ^ 0x5a);
  write_file(file, bytes);
  expect_rejected_then_replaced(dir);
}

TEST(PipelineDiskCache, GarbageFileIsIgnoredAndReplaced) {
  std::string dir = warm_dir();
  const std::string file = the_cache_file(dir);
  std::string garbage(read_file(file).size(), '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i)
    garbage[i] = static_cast<char>((i * 131 + 7) & 0xff);
  write_file(file, garbage);
  expect_rejected_then_replaced(dir);
}

TEST(PipelineDiskCache, TruncatedFileIsIgnoredAndReplaced) {
  std::string dir = warm_dir();
  const std::string file = the_cache_file(dir);
  std::string bytes = read_file(file);
  write_file(file, bytes.substr(0, bytes.size() / 2));
  expect_rejected_then_replaced(dir);
  // Cut inside our own header too.
  write_file(file, read_file(file).substr(0, 20));
  expect_rejected_then_replaced(dir);
}

TEST(PipelineDiskCache, ConcurrentWritersLeaveOneValidFile) {
  std::string dir = make_temp_dir();
  std::vector<FILE *> children;
  for (int i = 0; i < 6; ++i)
    children.push_back(start_child(dir));
  for (FILE *c : children) {
    child_result r = finish_child(c);
    EXPECT_EQ(r.status, 0) << r.output;
  }
  // No temporary file left behind, and the survivor loads.
  EXPECT_NE(the_cache_file(dir), "");
  child_result after = run_child(dir);
  EXPECT_EQ(after.status, 0) << after.output;
  EXPECT_GT(after.loaded, 0u) << after.output;
}

TEST(PipelineDiskCache, UnwritableDirectoryStillRuns) {
  // A directory under a regular file can never be created (even by root).
  std::string base = make_temp_dir();
  write_file(base + "/not-a-directory", "x");
  const std::string dir = base + "/not-a-directory/cache";
  child_result r = run_child(dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.loaded, 0u);
  EXPECT_EQ(entries(base).size(), 1u);
}

TEST(PipelineDiskCache, DisabledWritesNothing) {
  std::string dir = make_temp_dir();
  child_result r = run_child(dir, "AMPVK_PIPELINE_CACHE=0");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(entries(dir).empty());
  // A valid file is not read either.
  std::string warm = warm_dir();
  child_result off = run_child(warm, "AMPVK_PIPELINE_CACHE=0");
  EXPECT_EQ(off.status, 0) << off.output;
  EXPECT_EQ(off.loaded, 0u) << off.output;
}

TEST(PipelineDiskCache, XdgCacheHomeIsTheDefaultPlace) {
  std::string home = make_temp_dir();
  std::string command = "env -u AMPVK_PIPELINE_CACHE_DIR XDG_CACHE_HOME=" + quote(home) + " " +
                        quote(AMPVK_PIPELINE_CACHE_CHECK);
  child_result r = finish_child(popen(command.c_str(), "r"));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(the_cache_file(home + "/ampvk"), "");
}
