#!/usr/bin/env python3
"""Dumps every kernel module a build makes, to compare two versions of the plugin.

Runs each compile of BUILD/compile_commands.json that loads the ampvk plugin
again, with -fplugin-arg-ampvk-dump-spirv into OUT/<the object's path>/, so
that the same source compiled with other flags (kernel_tests and
kernel_tests_checked) keeps its own folder. Objects go to a scratch folder;
the build is not touched.

  scripts/dump-kernel-modules.py build /tmp/before
  ... change the plugin, rebuild it ...
  scripts/dump-kernel-modules.py build /tmp/after
  scripts/dump-kernel-modules.py --compare /tmp/before /tmp/after

--compare lists the modules that differ, are missing or are new (the
dump index is compared too) and exits 1 when there are any.
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys
import tempfile


def plugin_compiles(build):
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    for e in entries:
        args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        if any(a.startswith("-fplugin=") and "ampvk-plugin" in a for a in args):
            yield e["directory"], args


def dump_one(directory, args, out, scratch):
    args = list(args)
    obj = args[args.index("-o") + 1]
    # The object's path relative to the build names the dump folder.
    folder = os.path.join(out, os.path.relpath(os.path.join(directory, obj), directory))
    os.makedirs(folder, exist_ok=True)
    args[args.index("-o") + 1] = os.path.join(scratch, obj.replace("/", "_"))
    if "-MF" in args:  # dependency files would overwrite the build's
        i = args.index("-MF")
        args[i + 1] = os.path.join(scratch, obj.replace("/", "_") + ".d")
    args.insert(1, "-fplugin-arg-ampvk-dump-spirv=" + folder)
    r = subprocess.run(args, cwd=directory, capture_output=True, text=True)
    return obj, r.returncode, r.stderr


def dump(build, out, jobs):
    compiles = list(plugin_compiles(build))
    failed = 0
    with tempfile.TemporaryDirectory() as scratch, \
            concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for obj, rc, err in pool.map(lambda c: dump_one(*c, out, scratch), compiles):
            if rc != 0:
                failed += 1
                sys.stderr.write(f"{obj}: exit {rc}\n{err}\n")
    print(f"{len(compiles)} compiles dumped into {out}, {failed} failed")
    return 1 if failed else 0


def files_under(root):
    out = set()
    for folder, _, files in os.walk(root):
        for f in files:
            if f != "index.txt.lock":
                out.add(os.path.relpath(os.path.join(folder, f), root))
    return out


def compare(before, after):
    old, new = files_under(before), files_under(after)
    differ = [("missing", f) for f in sorted(old - new)] + [("new", f) for f in sorted(new - old)]
    for f in sorted(old & new):
        with open(os.path.join(before, f), "rb") as a, open(os.path.join(after, f), "rb") as b:
            if a.read() != b.read():
                differ.append(("differs", f))
    for kind, path in differ:
        print(f"{kind}: {path}")
    modules = len([f for f in old if f.endswith(".spv")])
    print(f"{modules} modules before, {len(differ)} differences")
    return 1 if differ else 0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--compare", action="store_true", help="compare two dumps")
    p.add_argument("first", help="the build folder (or, with --compare, the first dump)")
    p.add_argument("second", help="where to dump (or, with --compare, the second dump)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = p.parse_args()
    if a.compare:
        return compare(a.first, a.second)
    return dump(a.first, a.second, a.jobs)


if __name__ == "__main__":
    sys.exit(main())
