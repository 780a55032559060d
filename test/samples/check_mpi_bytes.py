#!/usr/bin/env python3
"""Runs samples/mpi/mpi_heat under mpirun with AMPVK_PROFILE=1 and checks,
from each rank's profile table, that only the halo rows cross between host
and accelerator.

  check_mpi_bytes.py RANKS ROWS COLS ITERATIONS DEPTH -- mpirun ... mpi_heat

Rank r owns `own` rows of the grid and keeps two blocks of own + 2 DEPTH
rows (DEPTH halo rows above and below), stepping from one into the other.
Its first kernel uploads the first block whole (the second is discarded:
nothing of it goes up). Every DEPTH-th iteration but the last downloads the
DEPTH edge rows each neighbour needs (synchronize_async), and the next
iteration's first kernel uploads the DEPTH halo rows each neighbour sent;
that happens floor((ITERATIONS - 1) / DEPTH) times. The final synchronize
downloads the owned rows. Bytes of float rows, for each rank:
  host->device 4 * cols * (own + 2 DEPTH + exchanges * DEPTH * neighbours)
  device->host 4 * cols * (own + exchanges * DEPTH * neighbours)
"""
import os
import re
import subprocess
import sys


def expected(ranks, rows, cols, iterations, depth):
    up, down = [], []
    base, extra = divmod(rows, ranks)
    exchanges = (iterations - 1) // depth
    for r in range(ranks):
        own = base + (1 if r < extra else 0)
        neighbours = (r > 0) + (r < ranks - 1)
        up.append(4 * cols * (own + 2 * depth + exchanges * depth * neighbours))
        down.append(4 * cols * (own + exchanges * depth * neighbours))
    return sorted(up), sorted(down)


def main():
    ranks, rows, cols, iterations, depth = map(int, sys.argv[1:6])
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
    want_up, want_down = expected(ranks, rows, cols, iterations, depth)
    if up != want_up:
        problems.append(f"host->device bytes per rank {up}, expected {want_up}")
    if down != want_down:
        problems.append(f"device->host bytes per rank {down}, expected {want_down}")
    if problems:
        print(text)
        for p in problems:
            print("FAILED:", p)
        return 1
    print(f"{ranks} ranks, {rows}x{cols}, {iterations} iterations, halo depth {depth}: bytes per rank "
          f"{want_up} up and {want_down} down, as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
