#!/usr/bin/env python3
"""Runs samples/mpi/mpi_heat under mpirun with AMPVK_PROFILE=1 and checks,
from each rank's profile table, that only the halo rows cross between host
and accelerator.

  check_mpi_bytes.py RANKS ROWS COLS ITERATIONS -- mpirun ... mpi_heat

Rank r owns `own` rows of the grid and keeps two blocks of own + 2 rows (a
halo row above and below), stepping from one into the other. Its first
kernel uploads the first block whole (the second is discarded: nothing of it
goes up); after that, every iteration but the last downloads the edge rows
its neighbours need (one per neighbour, synchronize_async) and the next
iteration's first kernel uploads the halo rows they sent (one per
neighbour); the final synchronize downloads the rows the kernels wrote, the
owned ones. Bytes of float rows, for each rank:
  host->device 4 * cols * (own + 2 + (iterations - 1) * neighbours)
  device->host 4 * cols * (own + (iterations - 1) * neighbours)
"""
import os
import re
import subprocess
import sys


def expected(ranks, rows, cols, iterations):
    up, down = [], []
    base, extra = divmod(rows, ranks)
    for r in range(ranks):
        own = base + (1 if r < extra else 0)
        neighbours = (r > 0) + (r < ranks - 1)
        up.append(4 * cols * (own + 2 + (iterations - 1) * neighbours))
        down.append(4 * cols * (own + (iterations - 1) * neighbours))
    return sorted(up), sorted(down)


def main():
    ranks, rows, cols, iterations = map(int, sys.argv[1:5])
    command = sys.argv[sys.argv.index("--") + 1:]
    env = dict(os.environ, AMPVK_PROFILE="1")
    run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    text = run.stdout + run.stderr
    problems = []
    if run.returncode != 0:
        problems.append(f"exit status {run.returncode}")
    if not re.search(r"check against the host: PASSED", text):
        problems.append("no PASSED line")
    up = sorted(int(m) for m in re.findall(r"^host->device\s+\d+\s+(\d+)$", text, re.M))
    down = sorted(int(m) for m in re.findall(r"^device->host\s+\d+\s+(\d+)$", text, re.M))
    want_up, want_down = expected(ranks, rows, cols, iterations)
    if up != want_up:
        problems.append(f"host->device bytes per rank {up}, expected {want_up}")
    if down != want_down:
        problems.append(f"device->host bytes per rank {down}, expected {want_down}")
    if problems:
        print(text)
        for p in problems:
            print("FAILED:", p)
        return 1
    print(f"{ranks} ranks, {rows}x{cols}, {iterations} iterations: bytes per rank "
          f"{want_up} up and {want_down} down, as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
