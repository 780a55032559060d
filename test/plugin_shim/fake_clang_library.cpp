// Built as libclang-cpp.so.18 and libclang-cpp.so.19.1 (test/plugin_shim):
// only the file names matter to the shim; they define none of Clang's symbols.
extern "C" int ampvk_test_fake_clang_library() { return 0; }
