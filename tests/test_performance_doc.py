# SPDX-License-Identifier: MIT
"""docs/PERFORMANCE.md's tables agree with the runs and the budgets the tests hold: the
engine's table lists every run of tools/cpcheck/runs.py, each CircuitPython figure within
its budget less the 2 KB tests/test_circuitpython.py requires; the programs' table lists
every run of tools/bench/ui_bench.py from each of its modes, each with its budget and a
figure under that budget less 2 KB, as tests/test_ui_memory.py requires. The figures themselves
are what the benchmarks print (`python tools/bench/heap.py`)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "tools", "bench"), os.path.join(ROOT, "tools", "cpcheck"),
           os.path.join(ROOT, "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import runs  # noqa: E402
import test_ui_memory  # noqa: E402
import ui_bench  # noqa: E402

PAGE = os.path.join(ROOT, "docs", "PERFORMANCE.md")
KB = 1024


def _table(heading):
    """The rows (lists of cells) of the first table under the section ``heading``."""
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    assert heading in text, heading
    rows = []
    for line in text[text.index(heading):].splitlines()[1:]:
        if line.startswith("## "):
            break
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows and not line.startswith("|"):
            break
    return rows[0], rows[1:]


def test_the_engine_table_lists_every_run_within_its_budget():
    head, rows = _table("## The engine")
    names = [name for name, _ in runs.engine_runs()]
    assert [r[0] for r in rows] == names
    cp_mpy, cp_py = head.index("CircuitPython .mpy"), head.index("CircuitPython .py")
    for r in rows:
        assert float(r[cp_mpy]) * KB <= runs.BUDGET["mpy"] - runs.SPARE, r
        assert float(r[cp_py]) * KB <= runs.BUDGET["py"] - runs.SPARE, r


def test_the_programs_table_agrees_with_the_budget_tests():
    head, rows = _table("## The game's programs")
    listed = [(r[0], r[1].lstrip(".")) for r in rows]
    assert sorted(listed) == sorted(test_ui_memory.CASES)
    fig, budget = head.index("figure"), head.index("budget")
    for r in rows:
        case = (r[0], r[1].lstrip("."))
        need = float(r[fig]) * KB
        assert int(r[budget]) * KB == ui_bench.BUDGET[case[1]], r
        # a figure rounded to 0.1 KB: at the 2 KB line exactly it may be a little over it
        # (ui_bench prints TIGHT), so it counts as not fitting, as within TIGHT does
        assert need < ui_bench.BUDGET[case[1]] - ui_bench.TIGHT, r
