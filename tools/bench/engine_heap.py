#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The engine's heap runs (tools/cpcheck/runs.py: whole CPU-against-CPU games of both
rulesets at every level), each measured as the smallest heap it runs through (bisection,
512-byte steps):

- under CircuitPython (circuitpython-unix32, the device build, .mpy from CircuitPython's
  mpy-cross and .py; the collector runs when an allocation fails, as on the device), with
  the largest block seen in the heap after a step (micropython.mem_info, a run in a large
  heap) and the allocation that fails 512 bytes below the need;
- in the MicroPython check (MicroPython 1.27, WebAssembly; .mpy from its own mpy-cross),
  for comparison (--no-mp leaves it out: it takes some minutes).

Prints a table with each budget (64 KB from .mpy, 96 KB from .py) and the margin to it;
a margin under 2 KB is marked "TIGHT" (the tests require 2 KB).

  python tools/bench/engine_heap.py [--no-mp] [--runs N]
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (ROOT, os.path.join(ROOT, "tools", "cpcheck"), os.path.join(ROOT, "tools", "mpcheck"),
           os.path.join(ROOT, "tools", "bench")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import cpcheck  # noqa: E402
import runs  # noqa: E402

KB = 1024.0


def _kb(n):
    return "-" if n is None else "%.1f" % (n / KB)


def mp_need(arg):
    from engine_bench import min_heap

    need, _ = min_heap(runs.DRIVER, arg, "mpy", lo=32 * 1024, hi=128 * 1024)
    return need


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-mp", action="store_true", help="leave out the MicroPython check")
    ap.add_argument("--runs", type=int, default=0, help="only the first N runs")
    a = ap.parse_args(argv)
    try:
        trees = {mode: cpcheck.Tree(mode, [runs.DRIVER]) for mode in ("mpy", "py")}
    except cpcheck.CpcheckError as e:
        print("engine_heap: %s" % e, file=sys.stderr)
        return 2
    todo = runs.engine_runs()
    if a.runs:
        todo = todo[:a.runs]
    print("Engine heap runs (KB; budget %d KB .mpy, %d KB .py; margin = budget - need)" % (
        runs.BUDGET["mpy"] // 1024, runs.BUDGET["py"] // 1024))
    print("| Run | MicroPython check .mpy | CircuitPython .mpy | margin | largest block "
          "| fails 512 B below on | CircuitPython .py | margin |")
    print("|---|---|---|---|---|---|---|---|")
    try:
        for name, arg in todo:
            cp = {}
            below = None
            for mode, tree in trees.items():
                need, fail = tree.need("pt_ai", arg, lo=24 * 1024,
                                       hi=2 * runs.BUDGET[mode])
                cp[mode] = need
                if mode == "mpy":
                    below = fail.failed_alloc if fail is not None else None
            block = trees["mpy"].run("pt_ai", arg, 1024 * 1024, blocks=True).largest_block
            mp = None if a.no_mp else mp_need(arg)

            def margin(mode):
                if cp[mode] is None:
                    return "FAILS"
                m = runs.BUDGET[mode] - cp[mode]
                return "%.1f%s" % (m / KB, "" if m >= runs.SPARE else " TIGHT")

            print("| %s | %s | %s | %s | %s B | %s | %s | %s |" % (
                name, _kb(mp), _kb(cp["mpy"]), margin("mpy"), block,
                "-" if below is None else "%d B" % below, _kb(cp["py"]), margin("py")))
            sys.stdout.flush()
    finally:
        for tree in trees.values():
            tree.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
