#!/usr/bin/env python3
"""Runs whole commands in turns and reports each one's wall time (median, min) and CPU medians.

This machine's speed swings by 20-40 % from one minute to the next; two binaries timed one after
the other compare the minutes as much as the code. Run in turns, each round running every command
once, they share the minutes (issue 16 point 1; docs/benchmarks.md).

Usage: bench/eventfile/interleaved.py ROUNDS "COMMAND A" "COMMAND B" ...
  e.g. bench/eventfile/interleaved.py 20 "old/gauntlet pair --event F --json" "build/release/gauntlet pair --event F --json"
Output: per command, wall median and min, user and system CPU medians, in ms (stdout discarded).
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    runs = {c: [] for c in commands}
    for _ in range(rounds):
        for c in commands:
            before, start = os.times(), time.perf_counter()
            subprocess.run(c, shell=True, stdout=subprocess.DEVNULL, check=True)
            wall, after = time.perf_counter() - start, os.times()
            runs[c].append((wall, after.children_user - before.children_user,
                            after.children_system - before.children_system))
    for c in commands:
        wall, user, system = ([r[k] * 1000 for r in runs[c]] for k in range(3))
        print(f"wall median {statistics.median(wall):7.1f} min {min(wall):7.1f}  "
              f"user median {statistics.median(user):7.1f}  sys median {statistics.median(system):6.1f}  {c}")


if __name__ == "__main__":
    main()
