# SPDX-License-Identifier: MIT
"""The UI in the MicroPython check: tools/mpcheck/drivers/ui_battle.py plays a battle
through engine/ui on the PyGamer board adapter, over the stand-ins of
tools/mpcheck/standins/ (native modules: displayio, terminalio, keypad, ...);
tools/bench/ui_bench.py builds the tree. The UI draws text as TileGrids over the built-in
font, so no text library is loaded.

- A whole battle fits the heap budget of issue "Memory: the UI code runs in the MicroPython
  check too": 110 KB with the code loaded from .mpy, 140 KB from .py (the harness enforces
  the heap size: a run that needs more fails with MemoryError). Both a CPU-against-CPU game
  to its end and a scripted human who opens the turn menu, a unit card, the map cursor and
  the assault forecast.
- With a heap of several megabytes the same runs go through: the UI runs in MicroPython at
  all, whatever the budget.
- Each stand-in object takes the heap its C object takes on the device, plus at most the
  Python object's own overhead (tools/mpcheck/standins/README.md).
"""
import importlib.util
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import ui_bench  # noqa: E402

BUDGET = ui_bench.BUDGET  # {"mpy": 110 KB, "py": 140 KB}
LARGE_HEAP = 8 * 1024 * 1024  # the forecast's 300 samples make megabytes of garbage
ARGS = {
    "cpu": "cpu,%d,%d" % (ui_bench.CPU_SEED, ui_bench.CPU_FRAMES),
    "human": "human,%d,%d" % (ui_bench.HUMAN_SEED, ui_bench.HUMAN_FRAMES),
}
SCREENS = {
    "cpu": {"info", "assault", "over"},
    "human": {"cursor", "menu", "card", "info", "forecast", "assault"},
}

# Heap of the device's C objects (CircuitPython, 32-bit, 16-byte GC blocks), from
# shared-module/displayio and fontio: Bitmap struct 36 B -> 48, its rows padded to 32-bit
# words; Palette struct 16 B + 16 B per colour; TileGrid struct 84 B -> 96, tile indices
# inline up to 4 bytes, else 1 byte each; Group struct 44 B -> 48 + list object 16 + 4 item
# slots 16; Glyph an 8-field named tuple, 40 B -> 48.
DEVICE = {
    "Bitmap 16x16 16 values": 48 + 8 * 16,
    "Bitmap 160x12 3 values": 48 + 40 * 12,
    "Palette 16": 16 + 16 * 16,
    "Palette 3": 16 + 16 * 3,
    "TileGrid 1x1": 96,
    "TileGrid 10x8": 96 + 80,
    "Group": 48 + 16 + 16,
    "Glyph": 48,
}
OVERHEAD = 32  # a Python instance and its attribute table where the C struct is one block


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    made = {}

    def tree(mode):
        if mode not in made:
            made[mode] = ui_bench.tree_files(mode, str(tmp_path_factory.mktemp("ui-" + mode)))
        return made[mode]

    return tree


def _kb(n):
    return "%.1f KB" % ((n or 0) / 1024.0)


def _where(steps):
    """What the driver's step number ``steps`` (1-based) does."""
    spec = importlib.util.spec_from_file_location("ui_battle_host", ui_bench.DRIVER)
    drv = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(drv)
    n = len(drv.MODULES)
    if steps <= n:
        return "importing " + drv.MODULES[steps - 1]
    return ("making the board", "making the battle")[steps - n - 1] if steps <= n + 2 else \
        "frame %d" % (steps - n - 2)


def _check_end(res, kind):
    end = [line for line in res.lines if line.startswith("END ")]
    seen = [line for line in res.lines if line.startswith("SEEN")]
    assert len(end) == 1 and len(seen) == 1, res.lines[-5:]
    phase, frames = end[0].split()[1:]
    if kind == "cpu":
        assert phase == "over"
    else:
        assert phase == "over" or int(frames) == ui_bench.HUMAN_FRAMES
    assert SCREENS[kind] <= set(seen[0].split()[1:]), seen[0]


@pytest.mark.parametrize("mode", ["mpy", "py"])
@pytest.mark.parametrize("kind", ["cpu", "human"])
def test_battle_fits_heap_budget(kind, mode, trees):
    # The heap given is the device budget plus what only the check holds (the interpreter's
    # start, the driver and the stand-ins' code, measured by ui_bench.check_overhead).
    heap, over = ui_bench.device_budget(mode, trees(mode))
    assert 0 < over < 40 * 1024, over
    res = ui_bench.run_ui(ARGS[kind], mode, heap=heap, tree=trees(mode))
    assert res.ok, "%s, %s: over the %s budget %s (step %d; so far allocated %s, live %s, " \
        "the check's own %s)\n%s" % (kind, mode, _kb(BUDGET[mode]), _where(res.steps),
                                     res.steps, _kb(res.peak_heap), _kb(res.peak_live_heap),
                                     _kb(over), res.error)
    _check_end(res, kind)


@pytest.mark.parametrize("kind", ["cpu", "human"])
def test_battle_runs_through_in_micropython(kind, trees):
    res = ui_bench.run_ui(ARGS[kind], "mpy", heap=LARGE_HEAP, tree=trees("mpy"))
    assert res.ok, res.error
    _check_end(res, kind)


def test_standin_objects_take_the_device_heap(trees):
    res = ui_bench.run_ui("costs,0,0", "mpy", tree=trees("mpy"))
    assert res.ok, res.error
    costs = {}
    for line in res.lines:
        if line.startswith("COST "):
            name, n = line[5:].rsplit(" ", 1)
            costs[name] = int(n)
    assert set(DEVICE) <= set(costs), res.lines
    for name, device in DEVICE.items():
        assert device <= costs[name] <= device + OVERHEAD, (name, costs[name], device)


def test_title_and_setup_screens_run_in_micropython(trees):
    # The title menu, a rules page, a unit card, Settings, and a new game through the army
    # builder and the tile picker, then the battle it starts: all inside MicroPython. (Their
    # heap is printed by tools/bench/ui_bench.py; see docs/PERFORMANCE.md.)
    res = ui_bench.run_ui("setup,3,600", "mpy", heap=LARGE_HEAP, tree=trees("mpy"))
    assert res.ok, res.error
    seen = [line for line in res.lines if line.startswith("SEEN")]
    assert seen and {"menu", "builder"} <= set(seen[0].split()[1:]), res.lines[-3:]
    end = [line for line in res.lines if line.startswith("END ")]
    assert end and int(end[0].split()[2]) == 600  # the battle ran its 600 frames
