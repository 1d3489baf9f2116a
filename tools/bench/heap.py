#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every heap run of the project in one table, each with its budget and the margin to it:

- the engine's runs (tools/bench/engine_heap.py: whole CPU-against-CPU games of both
  rulesets at every level), under CircuitPython (circuitpython-unix32, .mpy and .py) and in
  the MicroPython check (.mpy); budgets 64 KB (.mpy) and 96 KB (.py), the tests require
  runs.SPARE (2 KB) to spare;
- the UI's runs (tools/bench/ui_bench.py: each of the game's programs in an interpreter of
  its own, from power-on to a battle's end and the replay viewer), their device figures
  under CircuitPython (ui_bench.CpTree); budgets 110 KB (.mpy) and 140 KB (.py), the
  project's target ui_bench.SPARE (8 KB) to spare, which is the engine runs' target too.

The rows come as each run is measured (bisections: the whole table takes a while).

  python tools/bench/heap.py [--no-engine] [--no-ui] [--no-mp] [--runs N] [--ui-runs A,B]
                             [--mode mpy|py]
"""
import argparse
import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import engine_heap  # noqa: E402  (puts tools/cpcheck and tools/mpcheck on sys.path)
import runs  # noqa: E402  (tools/cpcheck/runs.py: the engine's runs and budgets)
import ui_bench  # noqa: E402

KB = 1024.0
HEAD = ("| Run | from | measured in | need (KB) | budget (KB) | margin (KB) | "
        "to spare: target | margin to it (KB) |")


def _row(name, mode, where, need, budget, spare):
    """One line of the table; ``need`` None: the run fails."""
    if need is None:
        return "| %s | .%s | %s | FAILS | %d | - | %.0f KB | - |" % (
            name, mode, where, budget / KB, spare / KB)
    m = budget - need
    return "| %s | .%s | %s | %.1f | %d | %.1f%s | %.0f KB | %.1f%s |" % (
        name, mode, where, need / KB, budget / KB, m / KB, "" if m >= 0 else " OVER",
        spare / KB, (m - spare) / KB, "" if m >= spare else " short")


def _kb_of(text):
    """Bytes of a figure engine_heap printed in KB ("57.5"), None for "-"."""
    text = text.strip()
    return None if text in ("-", "") else int(round(float(text) * KB))


class _EngineRows(io.TextIOBase):
    """What engine_heap.main prints, turned into rows of this table as each line comes."""

    def __init__(self, out):
        self.out = out
        self.part = ""

    def write(self, text):
        self.part += text
        while "\n" in self.part:
            line, self.part = self.part.split("\n", 1)
            self._line(line)
        return len(text)

    def _line(self, line):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 8 or not line.startswith("| ") or cells[0] in ("Run", "---"):
            return
        name = "engine: " + cells[0]
        mp, cp_mpy, cp_py = _kb_of(cells[1]), _kb_of(cells[2]), _kb_of(cells[6])
        rows = [(name, "mpy", "CircuitPython", cp_mpy, runs.BUDGET["mpy"]),
                (name, "py", "CircuitPython", cp_py, runs.BUDGET["py"])]
        if cells[1] != "-":
            rows.append((name, "mpy", "MicroPython check", mp, runs.BUDGET["mpy"]))
        for r in rows:
            self.out.write(_row(*(r + (ui_bench.SPARE,))) + "\n")
        self.out.flush()


def engine_table(no_mp, n_runs):
    """The engine's rows (engine_heap.main, its lines turned into this table's)."""
    argv = (["--no-mp"] if no_mp else []) + (["--runs", str(n_runs)] if n_runs else [])
    real = sys.stdout
    sys.stdout = _EngineRows(real)
    try:
        code = engine_heap.main(argv)
    finally:
        sys.stdout = real
    if code:
        print("| engine runs | - | CircuitPython | not measured (engine_heap.py: exit %d) "
              "| - | - | - | - |" % code)


def ui_table(names, modes):
    """The UI's rows: ui_bench's device figure of each run."""
    todo = [ui_bench.RUN[n] for n in names] if names else list(ui_bench.RUNS)
    for mode in modes:
        mine = [r for r in todo if mode in r.modes]
        if not mine:
            continue
        tree = ui_bench.CpTree(mode, mine)
        try:
            for run in mine:
                fig = tree.figure(run).figure
                print(_row("UI: %s" % run.name, mode, "CircuitPython (device figure)",
                           fig, ui_bench.BUDGET[mode], ui_bench.SPARE))
                sys.stdout.flush()
        finally:
            tree.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-engine", action="store_true", help="leave out the engine's runs")
    ap.add_argument("--no-ui", action="store_true", help="leave out the UI's runs")
    ap.add_argument("--no-mp", action="store_true",
                    help="the engine's runs under CircuitPython only")
    ap.add_argument("--runs", type=int, default=0, help="only the first N engine runs")
    ap.add_argument("--ui-runs", default="", help="comma-separated names of ui_bench.RUNS")
    ap.add_argument("--mode", choices=("mpy", "py"), default=None,
                    help="the UI's runs from this mode only")
    a = ap.parse_args(argv)
    names = [n for n in a.ui_runs.split(",") if n]
    for n in names:
        if n not in ui_bench.RUN:
            ap.error("no UI run %r (runs: %s)" % (n, ", ".join(ui_bench.RUN)))
    print("Heap runs: the smallest heap each run goes through (KB; for the UI the device "
          "figure: less what only the check holds); margin = budget - need")
    print(HEAD)
    print("|---|---|---|---|---|---|---|---|")
    sys.stdout.flush()
    if not a.no_engine:
        engine_table(a.no_mp, a.runs)
    if not a.no_ui:
        ui_table(names, (a.mode,) if a.mode else ("mpy", "py"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
