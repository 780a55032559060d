# lit configuration for the compiler tests: -verify diagnostics and SPIR-V
# FileCheck tests. Substitutions:
#   %ampxx      clang++-19 with <amp.h> and the ampvk plugin, compiling only
#   %spirv-dis  spirv-dis
import os
import lit.formats

config.name = "ampvk"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ampvk_build_dir, "test", "lit")

ampxx = "{} -std=c++17 -fsyntax-only -fdeclspec -I{} -fplugin={}".format(
    config.clangxx, config.ampvk_include_dir, config.ampvk_plugin)
ampxx_obj = "{} -std=c++17 -c -fdeclspec -I{} -fplugin={}".format(
    config.clangxx, config.ampvk_include_dir, config.ampvk_plugin)
config.substitutions.append(("%ampxx-obj", ampxx_obj))
config.substitutions.append(("%ampxx", ampxx))
config.substitutions.append(("%spirv-dis", config.spirv_dis))
config.substitutions.append(("%spirv-val", config.spirv_val))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
