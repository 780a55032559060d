#!/usr/bin/env python3
"""CTest guard for the compile-time paths of issue 11 (not a timed test):
the generated pathological inputs (a kernel of 10000 statements, one of 2000
if statements on one variable, a switch of 4000 cases, copies of a struct of
16000 ints, a `#pragma unroll` nest of 8000 iterations, a file of 20 kernels)
must compile with the plugin inside an
address-space limit (RLIMIT_AS, as `ulimit -v`), and every module the plugin
writes must pass spirv-val. A superlinear path in the emitter or in how
SPIRV-Tools is driven shows here as an out-of-memory failure (issue 11
measured 4.2 GB for 10000 statements before). The plugin compiles kernels
on two threads here (jobs=2), whatever the machine's processor count: the
file of 20 kernels then has two in memory at once on every machine, and each
thread's stack and malloc arena count against the same limit.

usage: bounded_compile.py --clang CLANG --plugin PLUGIN.so --include DIR
                          --spirv-val SPIRV_VAL --work DIR [--limit-mb N]
"""
import argparse
import glob
import os
import resource
import shutil
import subprocess
import sys

from generate_inputs import add_compiler_arguments, include_flags

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_compiler_arguments(p)
    p.add_argument("--spirv-val", required=True)
    p.add_argument("--limit-mb", type=int, default=1024)
    args = p.parse_args()

    gen_dir = os.path.join(args.work, "inputs")
    subprocess.check_call([sys.executable, os.path.join(HERE, "generate_inputs.py"), gen_dir])
    limit = args.limit_mb * 1024 * 1024

    def bounded():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    failures = 0
    for name in ("statements", "if_chain", "switch", "struct_copy", "unrolled_nest", "kernels20"):
        dump = os.path.join(args.work, "spirv", name)
        shutil.rmtree(dump, ignore_errors=True)
        cmd = [args.clang, "-std=c++17", "-O2"] + include_flags(args.include) + [
               "-fplugin=" + args.plugin, "-fplugin-arg-ampvk-jobs=2",
               "-fplugin-arg-ampvk-dump-spirv=" + dump,
               "-c", os.path.join(gen_dir, name + ".cpp"),
               "-o", os.path.join(args.work, name + ".o")]
        r = subprocess.run(cmd, preexec_fn=bounded, capture_output=True, text=True)
        if r.returncode != 0:
            print("FAIL %s: compile within %d MB of address space failed (exit %d)\n%s" %
                  (name, args.limit_mb, r.returncode, r.stderr[-3000:]))
            failures += 1
            continue
        modules = sorted(glob.glob(os.path.join(dump, "*.spv")))
        if not modules:
            print("FAIL %s: no SPIR-V module written" % name)
            failures += 1
        for m in modules:
            v = subprocess.run([args.spirv_val, "--target-env", "vulkan1.1", m],
                               capture_output=True, text=True)
            if v.returncode != 0:
                print("FAIL %s: spirv-val rejected %s\n%s" % (name, m, v.stderr[-2000:]))
                failures += 1
        print("ok %s: %d modules, within %d MB" % (name, len(modules), args.limit_mb))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
