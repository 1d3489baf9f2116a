# SPDX-License-Identifier: MIT
"""The engine's heap runs: whole CPU-against-CPU games of both rulesets at every level,
played by tools/mpcheck/drivers/pt_ai.py on the drivers' counted clock, so that each is the
same game on any machine and in every interpreter. tests/test_circuitpython.py checks each
in its budget less SPARE; tools/bench/engine_heap.py prints what each needs."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.path.join(ROOT, "tools", "mpcheck") not in sys.path:
    sys.path.append(os.path.join(ROOT, "tools", "mpcheck"))
import mpcheck  # noqa: E402

BUDGET = {"mpy": 64 * 1024, "py": 96 * 1024}  # the engine's heap budgets
SPARE = 2 * 1024  # a run must fit its budget with this much to spare
DRIVER = os.path.join(ROOT, "tools", "mpcheck", "drivers", "pt_ai.py")
# ms of the counted clock a think() call: a few slices a decision (the heap a search needs is
# made when it begins; how long decisions take at the device's speed is ai_bench.py's)
TICK = 16
# Pocket-Tactics: (level, point limit, seed, factions). Every faction plays; the seeds give
# long games (the turn limit, or over 180 actions), so the searches meet a full map.
PT_GAMES = (("easy", 50, 5, (0, 4)), ("easy", 100, 6, (3, 1)), ("normal", 50, 5, (2, 3)),
            ("normal", 100, 4, (4, 0)), ("hard", 50, 5, (0, 4)), ("hard", 100, 5, (1, 2)))
# Tactical Hex: (level, seed)
HEX_GAMES = (("easy", 8), ("normal", 10), ("hard", 8))


def pt_arg(level, limit, seed, factions):
    return mpcheck.pt_ai_arg(seed, factions[0], factions[1], level, level, tick=TICK,
                             limit=limit)


def hex_arg(level, seed):
    return mpcheck.pt_ai_arg(seed, "hex", 0, level, level, tick=TICK)


def engine_runs():
    """(name, driver argument) of every run: a game of the level against itself."""
    out = []
    for level, limit, seed, factions in PT_GAMES:
        out.append(("Pocket-Tactics %s vs %s, %d points" % (level, level, limit),
                    pt_arg(level, limit, seed, factions)))
    for level, seed in HEX_GAMES:
        out.append(("Tactical Hex %s vs %s" % (level, level), hex_arg(level, seed)))
    return out
