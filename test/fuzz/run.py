#!/usr/bin/env python3
"""Runs generated C++ AMP programs through ampvk and sorts the outcomes.

  run.py --kind valid --seeds 1-500 --jobs 2 --out /tmp/fuzz-valid
  run.py --kind invalid --seeds 1-2000 --out /tmp/fuzz-invalid --reduce

Valid programs (gen_valid.py) are compiled, linked and run with the Khronos
validation layer on (AMPVK_VALIDATION=1); each must compile and print PASSED.
Invalid programs (gen_invalid.py) break one restrict(amp) rule each and must be
rejected with the diagnostic they name.

Classes of outcome: ok, crash (the compiler or the program killed by a
signal, or Clang's crash report), internal_error (`ampvk internal error`),
false_reject (a valid program does not compile), false_accept (an invalid one
does), wrong_diagnostic (rejected, but not with the expected error),
wrong_result (a device result differs from the host's), validation_error (a
Vulkan validation message), runtime_error (an exception from the runtime),
timeout. Each failure gets a signature (the crash's assertion or top frame, the
normalized first error, the mismatching result...); the summary lists every
class and signature with its seeds and its smallest program (reduced with
reduce.py under --reduce). Failing programs and logs are kept under OUT.

The compiler comes from pkg-config (`ampvk`, PKG_CONFIG_PATH) or from
--include/--plugin/--libdir. Exit status 0 when every program was ok.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import gen_invalid  # noqa: E402
import gen_valid  # noqa: E402

VALID_WERROR = ["-Werror=return-type", "-Werror=uninitialized", "-Werror=sometimes-uninitialized",
                "-Werror=array-bounds", "-Werror=shift-count-overflow", "-Werror=division-by-zero"]

FAIL_CLASSES = ["crash", "internal_error", "false_reject", "false_accept", "wrong_diagnostic",
                "wrong_result", "validation_error", "runtime_error", "timeout"]


class Toolchain:
    def __init__(self, args):
        self.cxx = args.cxx
        if args.include:
            inc = args.include
            self.cflags = ["-I" + inc, "-include", os.path.join(inc, "ampvk/detail/hide_bsd_index.h"),
                           "-fplugin=" + args.plugin, "-fdeclspec"]
            self.libs = ["-L" + args.libdir, "-Wl,-rpath," + args.libdir, "-lampvk"]
        else:
            self.cflags = shlex.split(subprocess.check_output(["pkg-config", "--cflags", "ampvk"],
                                                              text=True))
            self.libs = shlex.split(subprocess.check_output(["pkg-config", "--libs", "ampvk"],
                                                            text=True))
        self.compile_timeout = args.compile_timeout
        self.run_timeout = args.run_timeout


def add_toolchain_args(ap):
    ap.add_argument("--cxx", default="clang++-19")
    ap.add_argument("--include", help="ampvk's include folder (instead of pkg-config)")
    ap.add_argument("--plugin", help="libampvk-plugin.so (with --include)")
    ap.add_argument("--libdir", help="the folder of libampvk.so (with --include)")
    ap.add_argument("--compile-timeout", type=float, default=300)
    ap.add_argument("--run-timeout", type=float, default=120)


def execute(cmd, timeout, env=None):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           env=env)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"), \
            time.time() - t0
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace")
        err = (e.stderr or b"").decode(errors="replace")
        return None, out, err, time.time() - t0


def clip(text, keep=10000):
    """The start (the first errors) and the end of a long output."""
    if len(text) <= 2 * keep:
        return text
    return text[:keep] + "\n[... %d characters ...]\n" % (len(text) - 2 * keep) + text[-keep:]


def normalize(msg):
    """A message without the names and numbers that differ between programs."""
    msg = re.sub(r"(?<![A-Za-z])'[^']*'", "'X'", msg)  # quoted names, not "kernel's"
    msg = re.sub(r"\b\d+(\.\d+)?\b", "N", msg)
    msg = re.sub(r"\b0x[0-9a-fA-F]+\b", "N", msg)
    return msg.strip()[:200]


def crash_signature(text):
    m = re.search(r"Assertion `.*' failed", text)
    if m:
        return normalize(m.group(0))
    m = re.search(r"(LLVM ERROR: .*|UNREACHABLE executed.*)", text)
    if m:
        return normalize(m.group(1))
    # The first frame of the stack dump inside the plugin, else the first one.
    frames = re.findall(r"^\s*#\d+ 0x[0-9a-f]+ (?:in )?(\S+)", text, re.M)
    for f in frames:
        if "ampvk" in f.lower() or "Emitter" in f:
            return "frame " + f[:120]
    for f in frames:
        if not re.search(r"llvm::sys::|PrintStackTrace|SignalHandler|__restore_rt|raise|abort", f):
            return "frame " + f[:120]
    m = re.search(r"PLEASE submit a bug report.*", text)
    return "clang crash" if m else "signal"


def compiler_failure(rc, err):
    """(class, signature) for a compiler that did not succeed, or None."""
    if rc is None:
        return "timeout", "compile timeout"
    if rc < 0 or "PLEASE submit a bug report" in err or "Stack dump:" in err or rc not in (0, 1):
        return "crash", crash_signature(err) + (" (rc %d)" % rc)
    m = re.search(r"ampvk internal error: (.*)", err)
    if m:
        # A message that ends in ':' goes on with its reason (the validator's).
        lines = err[m.start(1):].splitlines()[:3] if m.group(1).endswith(":") else [m.group(1)]
        return "internal_error", normalize(" ".join(l.strip() for l in lines))
    return None


def first_error(err):
    m = re.search(r"error: (.*)", err)
    return m.group(1) if m else err.strip().splitlines()[-1] if err.strip() else "no message"


def classify_valid(tc, src, exe):
    """(class, signature, details) for one valid program file."""
    # Warnings that mean undefined behaviour are errors: a reduced program
    # (reduce.py) must not get its mismatch from a missing return.
    rc, out, err, ct = execute([tc.cxx, "-std=c++17"] + VALID_WERROR + tc.cflags + [src] + tc.libs +
                               ["-o", exe], tc.compile_timeout)
    f = compiler_failure(rc, err)
    if f:
        return f + ({"compile_s": ct, "log": clip(err)},)
    if rc != 0:
        return "false_reject", normalize(first_error(err)), {"compile_s": ct, "log": clip(err)}
    env = dict(os.environ, AMPVK_VALIDATION="1")
    rc, out, rerr, rt = execute([exe], tc.run_timeout, env)
    d = {"compile_s": ct, "run_s": rt, "log": clip(out + rerr)}
    try:
        os.unlink(exe)
    except OSError:
        pass
    if rc is None:
        return "timeout", "run timeout", d
    if "Validation Error" in rerr or "VUID-" in rerr:
        m = re.search(r"(VUID-[\w-]+)", rerr)
        return "validation_error", m.group(1) if m else normalize(rerr.strip().splitlines()[0]), d
    if rc < 0:
        return "crash", "program killed by signal %d" % -rc, d
    if "MISMATCH" in out:
        # The result that differs, kernel and field (k3.ru): what the reducer keeps.
        m = re.search(r"MISMATCH (\S+)", out)
        return "wrong_result", m.group(1), d
    m = re.search(r"EXCEPTION (.*)", out)
    if m:
        return "runtime_error", normalize(m.group(1)), d
    if rc == 0 and "PASSED" in out:
        return "ok", "", d
    return "runtime_error", "exit status %d" % rc, d


def expected_of(text):
    m = re.search(r"^// EXPECT: (.*)$", text, re.M)
    return m.group(1) if m else None


def classify_invalid(tc, src, text=None):
    if text is None:
        with open(src) as f:
            text = f.read()
    expected = expected_of(text)
    rc, out, err, ct = execute([tc.cxx, "-std=c++17", "-c"] + tc.cflags + [src, "-o", os.devnull],
                               tc.compile_timeout)
    d = {"compile_s": ct, "log": clip(err), "expected": expected}
    f = compiler_failure(rc, err)
    if f:
        return f + (d,)
    if rc == 0:
        return "false_accept", "accepted: " + normalize(expected), d
    errors = re.findall(r"error: (.*)", err)
    if any(expected in e for e in errors):
        return "ok", "", d
    return "wrong_diagnostic", "expected '%s', got: %s" % (normalize(expected), normalize(first_error(err))), d


def run_one(tc, kind, seed, work, size):
    if kind == "valid":
        text = gen_valid.generate(seed, size)
        src = os.path.join(work, "v%d.cpp" % seed)
    else:
        text = gen_invalid.generate(seed)
        src = os.path.join(work, "i%d.cpp" % seed)
    with open(src, "w") as f:
        f.write(text)
    if kind == "valid":
        cls, sig, d = classify_valid(tc, src, src[:-4])
    else:
        cls, sig, d = classify_invalid(tc, src, text)
    return seed, src, cls, sig, d, len(text.splitlines())


def parse_seeds(spec):
    seeds = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            seeds += range(int(a), int(b) + 1)
        else:
            seeds.append(int(part))
    return seeds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", choices=["valid", "invalid"], required=True)
    ap.add_argument("--seeds", required=True, help="e.g. 1-100 or 1,5,9-12")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="/tmp/fuzz-run")
    ap.add_argument("--size", type=float, default=1.0, help="statement budget scale (valid)")
    ap.add_argument("--reduce", action="store_true", help="reduce the smallest program of each signature")
    ap.add_argument("--reduce-minutes", type=float, default=10)
    ap.add_argument("--time-limit", type=float, default=0,
                    help="stop starting programs after this many seconds (0: none)")
    add_toolchain_args(ap)
    args = ap.parse_args()
    tc = Toolchain(args)
    # A run starts afresh in OUT: only what run.py writes there is removed.
    for old in ("work", "failures"):
        shutil.rmtree(os.path.join(args.out, old), ignore_errors=True)
    work = os.path.join(args.out, "work")
    os.makedirs(work, exist_ok=True)
    seeds = parse_seeds(args.seeds)
    t0 = time.time()
    results = []
    counts = {}
    groups = {}
    log = open(os.path.join(args.out, "results.jsonl"), "w")
    stopped = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending = set()
        it = iter(seeds)
        while True:
            while len(pending) < args.jobs * 2 and not stopped:
                if args.time_limit and time.time() - t0 > args.time_limit:
                    stopped = True
                    break
                s = next(it, None)
                if s is None:
                    stopped = True
                    break
                pending.add(pool.submit(run_one, tc, args.kind, s, work, args.size))
            if not pending:
                break
            done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                seed, src, cls, sig, d, lines = fut.result()
                counts[cls] = counts.get(cls, 0) + 1
                results.append(seed)
                rec = {"seed": seed, "kind": args.kind, "class": cls, "signature": sig,
                       "lines": lines, "compile_s": round(d.get("compile_s", 0), 2),
                       "run_s": round(d.get("run_s", 0), 2)}
                log.write(json.dumps(rec) + "\n")
                log.flush()
                if cls == "ok":
                    os.unlink(src)
                    continue
                fdir = os.path.join(args.out, "failures", cls)
                os.makedirs(fdir, exist_ok=True)
                dst = os.path.join(fdir, os.path.basename(src))
                os.replace(src, dst)
                with open(dst[:-4] + ".log", "w") as f:
                    f.write(d.get("log", ""))
                groups.setdefault((cls, sig), []).append((lines, seed, dst))
                print("seed %d: %s: %s" % (seed, cls, sig), flush=True)
    elapsed = time.time() - t0
    summary = write_summary(args, tc, counts, groups, len(results), elapsed)
    print(summary)
    return 0 if all(c == "ok" for c in counts) else 1


def write_summary(args, tc, counts, groups, n, elapsed):
    lines = ["%s programs: %d in %.0f s (%s)" % (args.kind, n, elapsed,
             ", ".join("%s %d" % (c, counts[c]) for c in sorted(counts)))]
    for (cls, sig), items in sorted(groups.items()):
        items.sort()
        lines.append("  %s: %s: %d program(s), seeds %s" % (
            cls, sig, len(items), " ".join(str(s) for (_, s, _) in items[:8])))
        smallest = items[0][2]
        if args.reduce:
            import reduce as reducer
            out = smallest[:-4] + ".min.cpp"
            reducer.reduce_file(tc, args.kind, smallest, out, args.reduce_minutes * 60)
            smallest = out
        lines.append("    smallest: %s" % smallest)
    text = "\n".join(lines)
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write(text + "\n")
    return text


if __name__ == "__main__":
    sys.exit(main())
