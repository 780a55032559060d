#!/usr/bin/env python3
"""The compile-time rows of the bench (issue 11): each input compiled by
clang++ with and without the ampvk plugin, the same flags, in the same run.

Inputs: the samples given on the command line and the files written by
generate_inputs.py (a file of 20 kernels, a kernel of 10000 statements, a
switch of 4000 cases, copies of a struct of 16000 ints). Each compile runs
--repeat times, plain and plugin alternating; the table shows the least CPU
time (user + system, which a busy machine disturbs less than wall time) and
the least wall time of each, their ratios, and the plugin compile's peak
memory (max RSS). The plugin compiles kernels on one thread per processor
(jobs=N), so its wall time can be below its CPU time; plain clang's is not.

With --scaling, each generated shape (statements, if chain, switch, struct
copy, unrolled nest) is compiled at 1000, 2000, 4000 and 8000 units instead,
plain and plugin alternating, and a row per shape and size shows the two
times, their ratio and the plugin's seconds per 1000 units added since the
size before: constant when the compile grows linearly.

With --baseline OTHER.so (another build of the plugin, e.g. main's), each
input is also compiled with that one in the same rounds, and the table gets
its columns too: before and after a change, measured in one run. Each
--variant FILE=OPTION adds a row: FILE compiled with -fplugin-arg-ampvk-OPTION
(e.g. sgemm.cpp=unroll=driver), its plain column the same compile without
the plugin.

usage: compile_time.py --clang CLANG --plugin PLUGIN.so --include DIR
                       --work DIR [--repeat N] [--quick] [--baseline OTHER.so]
                       [--variant FILE=OPTION ...] [SAMPLE.cpp ...]
       compile_time.py --clang CLANG --plugin PLUGIN.so --include DIR
                       --work DIR --scaling [--repeat N]
"""
import argparse
import os
import subprocess
import sys
import time

from generate_inputs import SHAPES, add_compiler_arguments, include_flags

HERE = os.path.dirname(os.path.abspath(__file__))
# The samples are built RelWithDebInfo (samples/CMakeLists.txt, ampvk_enable).
FLAGS = ["-std=c++17", "-O2", "-g", "-DNDEBUG", "-Wall", "-Wextra", "-DSAMPLESIZE=2"]


def compile_once(cmd, timeout):
    """Runs one compile; returns (cpu seconds, wall seconds, peak RSS in MiB) or None."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > timeout:
            proc.kill()
            os.wait4(proc.pid, 0)
            return None
        time.sleep(0.005)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.stderr.write(proc.stderr.read().decode(errors="replace")[-4000:])
        raise SystemExit("compile failed: " + " ".join(cmd))
    # wait4 reports the whole process tree it reaped: the driver and its cc1.
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024.0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_compiler_arguments(p)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--timeout", type=float, default=900.0)
    p.add_argument("--quick", action="store_true",
                   help="generated inputs a tenth of the size, one run each (smoke test)")
    p.add_argument("--baseline", help="another plugin build to time in the same rounds")
    p.add_argument("--variant", action="append", default=[], metavar="FILE=OPTION",
                   help="also FILE with -fplugin-arg-ampvk-OPTION, in a row of its own")
    p.add_argument("--scaling", action="store_true",
                   help="each generated shape at 1000 to 8000 units (growth, not the samples)")
    p.add_argument("samples", nargs="*")
    args = p.parse_args()
    if args.scaling:
        return scaling(args)

    gen_dir = os.path.join(args.work, "inputs")
    sizes = ["--statements", "1000", "--ifs", "200", "--cases", "400", "--ints", "1600",
             "--nest", "800"] if args.quick else []
    subprocess.check_call([sys.executable, os.path.join(HERE, "generate_inputs.py"), gen_dir]
                          + sizes)
    repeat = 1 if args.quick else args.repeat
    # (source, plugin option or None) per row.
    inputs = [(src, None) for src in args.samples]
    inputs += [tuple(v.split("=", 1)) for v in args.variant]
    inputs += [(os.path.join(gen_dir, f), None) for f in (
        "kernels20.cpp", "statements.cpp", "if_chain.cpp", "switch.cpp", "struct_copy.cpp",
        "unrolled_nest.cpp")]

    base = [args.clang] + FLAGS + include_flags(args.include)
    obj = os.path.join(args.work, "out.o")
    print("compile time: %s %s, best of %d (same run); CPU seconds, then wall seconds" %
          (os.path.basename(args.clang), " ".join(FLAGS[:4]), repeat))
    plugins = ([args.baseline] if args.baseline else []) + [args.plugin]
    columns = ["plain"] + (["baseline", "ratio"] if args.baseline else []) + ["ampvk", "ratio"]
    print("%-34s" % "input" + "".join(" %9s" % c for c in columns) + " |" +
          "".join(" %9s" % c for c in columns) + " %12s" % "ampvk peak")
    totals = [[0.0] * (1 + len(plugins)) for _ in range(2)]
    # One compile first, so that the first row does not pay for cold caches.
    compile_once(base + ["-c", inputs[0][0], "-o", obj], args.timeout)
    for src, option in inputs:
        best = [[None] * (1 + len(plugins)) for _ in range(2)]  # CPU, wall
        peak = 0.0
        with_plugin = [["-fplugin=" + p] + (["-fplugin-arg-ampvk-" + option] if option else [])
                       for p in plugins]
        for _ in range(repeat):
            for which, extra in enumerate([[]] + with_plugin):
                r = compile_once(base + extra + ["-c", src, "-o", obj], args.timeout)
                for kind in range(2):
                    t = float("inf") if r is None else r[kind]
                    if best[kind][which] is None or t < best[kind][which]:
                        best[kind][which] = t
                if r is not None and which == len(plugins):
                    peak = max(peak, r[2])
        name = os.path.relpath(src, os.path.dirname(os.path.dirname(src)))
        if option:
            name += ", " + option
        elif src in args.samples:
            totals = [[t + b for t, b in zip(tk, bk)] for tk, bk in zip(totals, best)]
        print("%-34s" % name + cells(best[0]) + " |" + cells(best[1]) +
              (" %9.0f MB" % peak if peak else " %12s" % "-"))
    if totals[0][0]:
        print("%-34s" % "samples, all together" + cells(totals[0]) + " |" + cells(totals[1]))


def scaling(args):
    """The generated shapes at 1000, 2000, 4000 and 8000 units (--scaling)."""
    sizes = [1000, 2000, 4000, 8000]
    base = [args.clang] + FLAGS + include_flags(args.include)
    obj = os.path.join(args.work, "out.o")
    os.makedirs(args.work, exist_ok=True)
    print("compile time by size: %s %s, best of %d CPU seconds (same run); the plugin's "
          "seconds per 1000 units added" % (os.path.basename(args.clang), " ".join(FLAGS[:4]),
                                             args.repeat))
    print("%-18s %6s %9s %9s %9s %12s %10s" % ("shape", "units", "plain", "ampvk", "ratio",
                                                 "per 1000", "ampvk peak"))
    for name, generate in SHAPES:
        previous = None
        for n in sizes:
            src = os.path.join(args.work, "%d_%s" % (n, name))
            with open(src, "w") as f:
                f.write(generate(n))
            best = [float("inf"), float("inf")]
            peak = 0.0
            for _ in range(args.repeat):
                for which, extra in enumerate([[], ["-fplugin=" + args.plugin]]):
                    r = compile_once(base + extra + ["-c", src, "-o", obj], args.timeout)
                    if r is not None:
                        best[which] = min(best[which], r[0])
                        if which:
                            peak = max(peak, r[2])
            growth = "-"
            if previous is not None:
                growth = "%.3f" % ((best[1] - previous[1]) / ((n - previous[0]) / 1000.0))
            print("%-18s %6d %9.2f %9.2f %8.2fx %12s %7.0f MB" % (
                name[:-4], n, best[0], best[1], best[1] / best[0], growth, peak))
            previous = (n, best[1])


def cells(times):
    """plain, then each plugin's time and its ratio to plain ("timeout" past the limit)."""
    out = " %9.2f" % times[0]
    for t in times[1:]:
        if t == float("inf"):
            out += " %9s %9s" % ("timeout", "-")
        else:
            out += " %9.2f %8.2fx" % (t, t / times[0])
    return out


if __name__ == "__main__":
    main()
