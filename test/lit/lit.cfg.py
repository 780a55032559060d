# lit configuration for the compiler tests: -verify diagnostics and SPIR-V
# FileCheck tests. Substitutions:
#   %ampxx      clang++-19 with <amp.h> and the ampvk plugin, compiling only
#   %ampxx-bare the same without the pre-included hide_bsd_index.h
#   %ampxx-obj  the same as %ampxx, writing an object file
#   %ampxx-noinclude  the plugin without ampvk's include folder
#   %ampxx-noplugin   ampvk's include flags without the plugin (what clangd and
#               clang-tidy see)
#   %spirv-dis  spirv-dis (also %spirv-as, %spirv-val, %spirv-opt)
#   %spirv-pass one of the plugin's own SPIR-V passes on a file (test/support/spirv_pass.cpp)
#   %node-kinds how the emitter treats each kind of AST node (test/support/node_kinds.cpp)
import os
import lit.formats

config.name = "ampvk"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".spvasm", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ampvk_build_dir, "test", "lit")

# The flags of `pkg-config --cflags ampvk`, which pre-include hide_bsd_index.h;
# %ampxx-bare leaves that out (for the test of what happens without it).
ampvk_flags = "-fdeclspec -I{0} -fplugin={1}".format(
    config.ampvk_include_dir, config.ampvk_plugin)
preinclude = "-include {}/ampvk/detail/hide_bsd_index.h".format(config.ampvk_include_dir)
ampxx = "{} -std=c++17 -fsyntax-only {} {}".format(config.clangxx, ampvk_flags, preinclude)
ampxx_bare = "{} -std=c++17 -fsyntax-only {}".format(config.clangxx, ampvk_flags)
ampxx_obj = "{} -std=c++17 -c {} {}".format(config.clangxx, ampvk_flags, preinclude)
# The plugin without ampvk's include folder, for tests that bring their own headers.
ampxx_noinclude = "{} -std=c++17 -fsyntax-only -fdeclspec -fplugin={}".format(
    config.clangxx, config.ampvk_plugin)
# The include flags without the plugin: what an editor's clangd sees.
ampxx_noplugin = "{} -std=c++17 -fsyntax-only -fdeclspec -I{} {}".format(
    config.clangxx, config.ampvk_include_dir, preinclude)
config.substitutions.append(("%ampxx-noplugin", ampxx_noplugin))
config.substitutions.append(("%ampxx-obj", ampxx_obj))
config.substitutions.append(("%ampxx-bare", ampxx_bare))
config.substitutions.append(("%ampxx-noinclude", ampxx_noinclude))
config.substitutions.append(("%ampxx", ampxx))
config.substitutions.append(("%spirv-dis", config.spirv_dis))
config.substitutions.append(("%spirv-val", config.spirv_val))
config.substitutions.append(("%spirv-as", config.spirv_as))
config.substitutions.append(("%spirv-opt", config.spirv_opt))
config.substitutions.append(("%spirv-pass", config.spirv_pass))
config.substitutions.append(("%node-kinds", config.node_kinds))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
