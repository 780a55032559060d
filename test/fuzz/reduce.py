#!/usr/bin/env python3
"""Shrinks a failing generated program while it keeps failing the same way.

  reduce.py --kind valid FILE.cpp -o FILE.min.cpp
  reduce.py --kind invalid FILE.cpp -o FILE.min.cpp

"The same way" is run.py's classification: the same class and signature (for
a crash its assertion or top frame, for a wrong result the mismatching
result, for a false reject the normalized first error, for an invalid program
also the expected error of its `// EXPECT:` line). Passes, repeated until
none removes anything or the time is up:
  1. blocks: a line ending in '{' through its matching '}' (whole functions,
     kernels, loops, branches), largest first;
  2. lines: chunks of lines, halving the chunk size down to single lines;
  3. expressions: a parenthesized subexpression replaced by each of its
     operands, or by 0.

A valid program must stay free of undefined behaviour while it shrinks, or
its mismatch means nothing. So the lines that zero a body's outputs (`o.ru =
0;`) are kept (without them the kernel's result struct is read uninitialized,
where the host's is zero), and candidates are built with
-fsanitize=undefined -fsanitize-trap=all: a division by zero, an overflow or
a shift out of range that a deletion or an expression's operand brings into
the host's computation stops the program (a crash, not the target), so the
candidate is dropped.
"""

import argparse
import copy
import os
import re
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import run  # noqa: E402


# A body's outputs zeroed at its start (gen_valid.py's Body).
OUTPUT_ZEROED = re.compile(r"^  o\.\w+ = (0|0\.0f|0\.0);$")

# Host-side undefined behaviour traps (no sanitizer runtime needed).
UB_TRAPS = ["-fsanitize=undefined", "-fsanitize-trap=all"]


class Reducer:
    def __init__(self, tc, kind, target, deadline, verbose=False):
        self.tc = tc
        self.kind = kind
        self.target = target  # (class, signature)
        self.deadline = deadline
        self.tests = 0
        self.verbose = verbose
        self.tmp = tempfile.mkdtemp(prefix="fuzz-reduce-")
        self.best_path = None

    def outcome(self, lines):
        src = os.path.join(self.tmp, "candidate.cpp")
        text = "\n".join(lines) + "\n"
        with open(src, "w") as f:
            f.write(text)
        self.tests += 1
        if self.kind == "valid":
            cls, sig, _ = run.classify_valid(self.tc, src, src[:-4])
        else:
            cls, sig, _ = run.classify_invalid(self.tc, src, text)
        return cls, sig

    def interesting(self, lines):
        if time.time() > self.deadline:
            return False
        return self.outcome(lines) == self.target

    def note(self, lines):
        """Keeps the smallest interesting program so far (also if stopped)."""
        if self.best_path:
            with open(self.best_path, "w") as f:
                f.write("\n".join(lines) + "\n")
        if self.verbose:
            print("reduce: %d lines after %d tests" % (len(lines), self.tests), file=sys.stderr)

    def out_of_time(self):
        return time.time() > self.deadline

    def blocks(self, lines):
        """(start, end) line ranges of brace-delimited blocks, largest first."""
        res = []
        stack = []
        for i, l in enumerate(lines):
            code = l.split("//")[0]
            for ch in code:
                if ch == "{":
                    stack.append(i)
                elif ch == "}" and stack:
                    s = stack.pop()
                    if s != i and lines[s].split("//")[0].rstrip().endswith("{"):
                        res.append((s, i))
        res = list(set(res))
        res.sort(key=lambda r: r[0] - r[1])
        return res

    def protected(self, line):
        if line.startswith("// EXPECT:") or line.startswith("#include"):
            return True
        return self.kind == "valid" and OUTPUT_ZEROED.match(line) is not None

    def frozen(self, lines, i):
        """Lines of a valid program's main part: the launches, host references
        and comparisons stay as generated (else a deleted launch leaves its
        output unwritten, a mismatch of another cause); whole kernel blocks
        may go."""
        if self.kind != "valid":
            return False
        for j, l in enumerate(lines):
            if l.startswith("static int run() {"):
                return i >= j
        return False

    def pass_blocks(self, lines):
        progress = False
        i = 0
        while not self.out_of_time():
            blocks = self.blocks(lines)
            if i >= len(blocks):
                break
            s, e = blocks[i]
            # The whole block, or only its body (keeping the braces).
            cands = [lines[:s] + lines[e + 1:],
                     lines[:s + 1] + [l for l in lines[s + 1:e] if self.protected(l)] + lines[e:]]
            if self.frozen(lines, s):
                cands = cands[:1] if "// kernel " in lines[s] else []
            for cand in cands:
                if len(cand) < len(lines) and self.interesting(cand):
                    lines = cand
                    progress = True
                    self.note(lines)
                    break
            else:
                i += 1
        return lines, progress

    def pass_lines(self, lines):
        progress = False
        chunk = max(1, len(lines) // 2)
        while chunk >= 1 and not self.out_of_time():
            i = 0
            while i < len(lines) and not self.out_of_time():
                part = lines[i:i + chunk]
                if self.frozen(lines, i + len(part) - 1):
                    i += chunk
                    continue
                if any(self.protected(l) for l in part) or all(not l.strip() for l in part):
                    cand = lines[:i] + [l for l in part if self.protected(l)] + lines[i + chunk:]
                    if len(cand) == len(lines):
                        i += chunk
                        continue
                else:
                    cand = lines[:i] + lines[i + chunk:]
                if self.interesting(cand):
                    lines = cand
                    progress = True
                    self.note(lines)
                else:
                    i += chunk
            chunk //= 2
        return lines, progress

    def pass_exprs(self, lines):
        progress = False
        for li in range(len(lines)):
            if self.out_of_time() or self.frozen(lines, li):
                break
            tried = 0
            while tried < 20 and not self.out_of_time():
                l = lines[li]
                spans = paren_spans(l)
                if not spans:
                    break
                done = False
                for (a, b) in spans:
                    inner = l[a + 1:b]
                    for rep in operands(inner) + ["0"]:
                        if rep == inner:
                            continue
                        cand = lines[:li] + [l[:a] + "(" + rep + ")" + l[b + 1:]] + lines[li + 1:]
                        tried += 1
                        if self.interesting(cand):
                            lines = cand
                            progress = done = True
                            break
                        if tried >= 20:
                            break
                    if done or tried >= 20:
                        break
                if not done:
                    break
        return lines, progress

    def reduce(self, lines):
        while not self.out_of_time():
            before = len("\n".join(lines))
            lines, p1 = self.pass_blocks(lines)
            lines, p2 = self.pass_lines(lines)
            lines, p3 = self.pass_exprs(lines)
            if self.verbose:
                print("reduce: %d lines, %d tests" % (len(lines), self.tests), file=sys.stderr)
            if not (p1 or p2 or p3) or len("\n".join(lines)) >= before:
                break
        return lines


def paren_spans(line):
    """Balanced (...) spans of a line, longest first."""
    spans = []
    stack = []
    for i, ch in enumerate(line):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            spans.append((stack.pop(), i))
    spans.sort(key=lambda s: s[0] - s[1])
    return spans


def operands(inner):
    """The operands of a binary or conditional expression at the top level."""
    depth = 0
    for i, ch in enumerate(inner):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and ch == "?":
            rest = inner[i + 1:]
            m = split_top(rest, ":")
            return [m[0].strip(), m[1].strip()] if m else []
    # Not the operators of the generators' guards (masks of indices and shift
    # counts, non-zero divisors): dropping one would make the program undefined.
    for op in (" || ", " && ", " ^ ", " == ", " != ", " < ", " > ", " <= ", " >= ", " + ", " - ",
               " * "):
        m = split_top(inner, op)
        if m:
            return [m[0].strip(), m[1].strip()]
    return []


def split_top(text, sep):
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            return text[:i], text[i + len(sep):]
        i += 1
    return None


def reduce_file(tc, kind, src, dst, seconds, verbose=False):
    with open(src) as f:
        lines = f.read().splitlines()
    if kind == "valid":
        tc = copy.copy(tc)
        tc.cflags = tc.cflags + UB_TRAPS
    r = Reducer(tc, kind, None, time.time() + seconds, verbose)
    r.target = r.outcome(lines)
    r.best_path = dst
    if r.target[0] == "ok":
        raise SystemExit("%s does not fail: nothing to reduce" % src)
    lines = r.reduce(lines)
    with open(dst, "w") as f:
        f.write("// Reduced by test/fuzz/reduce.py (%d tests): %s: %s\n" % (r.tests, r.target[0],
                                                                          r.target[1]))
        f.write("\n".join(lines) + "\n")
    return r.target, len(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", choices=["valid", "invalid"], required=True)
    ap.add_argument("file")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--minutes", type=float, default=20)
    run.add_toolchain_args(ap)
    a = ap.parse_args()
    tc = run.Toolchain(a)
    target, n = reduce_file(tc, a.kind, a.file, a.output, a.minutes * 60, verbose=True)
    print("%s: %s: %d lines in %s" % (target[0], target[1], n, a.output))


if __name__ == "__main__":
    main()
