#!/usr/bin/env python3
"""Checks that runtime/src keeps its layers (runtime/README.md).

Each folder of runtime/src is a layer, from the bottom: vulkan, memory,
kernels, diagnostics, execution; the files at the top of runtime/src (the
device and the process's runtime state) sit above them all. A header may
include headers of its own layer and of layers below it, never above: the
interfaces form a stack, so a reader can understand each layer from the ones
under it. Source files may include any header, since implementing a layer
may need the device that owns it.

Exits 1, naming each offending include, when a header breaks the rule, or
when a file sits in a folder that is not a layer.
"""
import os
import re
import sys

LAYERS = ["vulkan", "memory", "kernels", "diagnostics", "execution", ""]


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "runtime", "src")
    problems = []
    headers = []
    for root, _, files in os.walk(src):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), src)
            layer = os.path.dirname(rel)
            if layer not in LAYERS:
                problems.append(f"{rel}: folder '{layer}' is not a layer")
            elif name.endswith(".h"):
                headers.append(rel)
    for rel in sorted(headers):
        own = LAYERS.index(os.path.dirname(rel))
        with open(os.path.join(src, rel)) as f:
            for number, line in enumerate(f, 1):
                m = re.match(r'#include "([a-z_/]+\.h)"', line)
                if not m or not os.path.exists(os.path.join(src, m.group(1))):
                    continue
                target = os.path.dirname(m.group(1))
                if target in LAYERS and LAYERS.index(target) > own:
                    problems.append(f"{rel}:{number}: includes {m.group(1)}, a layer above")
    for p in problems:
        print(p)
    print(f"{len(headers)} headers checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
