#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""UI memory benchmark: prints figures, asserts nothing (tests/test_ui_memory.py asserts the
budgets).

Runs tools/mpcheck/drivers/ui_battle.py in the MicroPython check: a whole battle through the
displayio UI on the PyGamer board adapter, over the stand-ins of tools/mpcheck/standins/. For
the project's code loaded from .mpy and from .py, and for both driver kinds (CPU against CPU to the end, a scripted human
opening every screen), it prints the smallest heap the run goes through (bisection with
engine_bench.min_heap; the harness enforces the heap size) and what the harness measured.

  python tools/bench/ui_bench.py [--seeds 1] [--frames 2500] [--costs] [--saves]

--costs prints instead the heap of each stand-in object and of each import, the board and
the battle; --saves the heap of the device's replay viewer on its own (viewer.py, for a
game of each ruleset: tools/mpcheck/drivers/ui_view.py) and of the saved games' runs
(SAVE_RUNS, and CONTINUE_RUNS: switched off and continued). Also the helpers the test uses: ``tree_files(mode, dest)`` (the drivers and
the files of the check's tree, the viewer's store among them) and ``run_ui(arg, mode,
heap)``.
"""
import argparse
import glob
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MPCHECK = os.path.join(ROOT, "tools", "mpcheck")
sys.path.insert(0, ROOT)
sys.path.insert(0, MPCHECK)
sys.path.insert(0, HERE)

import mpcheck  # noqa: E402

DRIVER = os.path.join(MPCHECK, "drivers", "ui_battle.py")
HEX_DRIVER = os.path.join(MPCHECK, "drivers", "ui_hex.py")  # Tactical Hex's screen
VIEW_DRIVER = os.path.join(MPCHECK, "drivers", "ui_view.py")  # the device's viewer.py
# the scripted hands' presses, which both drivers import
PRESSES = (os.path.join(MPCHECK, "drivers", "presses.py"), "presses.py")
STANDINS = os.path.join(MPCHECK, "standins")
BUDGET = {"mpy": 110 * 1024, "py": 140 * 1024}
# a heap no run comes near (every driver run needs 120-180 KB with its garbage): the runs
# that only ask whether the UI goes through at all, and the top of the bisection. Not more:
# the check collects after every step, and each collection sweeps the whole heap (a run
# with 8 MB took three times as long as with 1 MB)
LARGE_HEAP = 1024 * 1024
CPU_SEED = 2  # a CPU game of 126 actions, assaults included (2550 frames)
CPU_FRAMES = 40000  # frame cap of a CPU game
HUMAN_SEED = 3  # the scripted hand reaches every screen, the forecast included
HUMAN_FRAMES = 2500  # frame cap of the scripted human run
SETUP_SEED = 3  # the title's new game: 100 points, the army builder, picked tiles
SETUP_FRAMES = 600  # frames of the battle that follows the title
SAVE_FRAMES = 4000  # frame cap of the saving title's game of two people: with the hand's
# undos it ends at 3549, so the finished game's record (printed and kept in the store) is
# measured too
HEX_SEED = 3  # a Tactical Hex battle of two CPU players at HEX_LEVEL
HEX_FRAMES = 3000  # its frame cap (the deployment and the first turns)
HEX_LEVEL = "normal"  # the level the title's new-game flow gives a CPU player
# the game whose record the view kind shows, per ruleset (view_store): the longest of seeds
# 0-9, 530 actions in Pocket-Tactics, 418 in Tactical Hex
VIEW_SEEDS = {1: 3, 2: 4}
HAND_FRAMES = 6000  # the scripted hand's Tactical Hex game against HEX_LEVEL (60 decisions)
# Pocket-Tactics battles against a CPU level (engine/ui/sliced.py, thinking as the device's
# board does), from .mpy; from .py a person against normal (.py offers no hard there:
# boards/common.py PT_HARD)
LEVEL_RUNS = (("cpu:normal:greedy", CPU_SEED, CPU_FRAMES), ("human:normal", HUMAN_SEED, HUMAN_FRAMES),
              ("human:hard", HUMAN_SEED, HUMAN_FRAMES), ("human:hard:100", HUMAN_SEED, HUMAN_FRAMES),
              ("cpu:hard:hard", CPU_SEED, CPU_FRAMES), ("cpu:hard:hard:100", CPU_SEED, CPU_FRAMES))
PY_LEVEL_RUNS = (("human:normal", HUMAN_SEED, HUMAN_FRAMES), ("human:hard", HUMAN_SEED, HUMAN_FRAMES))


def board_files():
    """The PyGamer board adapter and what it imports."""
    return [(os.path.join(ROOT, "boards", name), "boards/" + name)
            for name in ("__init__.py", "common.py", "pygamer.py", "restart.py", "saving.py")]


def standin_files():
    return [(p, os.path.basename(p)) for p in sorted(glob.glob(os.path.join(STANDINS, "*.py")))]


def view_store(ruleset, seed, dest):
    """Writes ``dest``/store.bin, the save store (the NVM's 8 KB) as a game of ``ruleset``
    left it: a game between greedy players (tools/bench/save_bench.py, Pocket-Tactics at
    100 points), autosaved as a game of two people, to its end, the finished game's record
    kept in it. The driver's view kind shows it. Returns the tree's extra file."""
    import save_bench

    path = os.path.join(dest, "store.bin")
    with open(path, "wb") as f:
        f.write(bytes(save_bench.play(ruleset, seed)[2].data))
    return path, "store.bin"


def continue_store(arg, mode, tree, dest, hex_screen=False):
    """The tree ``tree`` (what tree_files returned) with ``dest``/cont.bin: the save store as
    the run ``arg`` ("human:LEVEL,SEED,FRAMES,save"; with ``hex_screen`` Tactical Hex's
    "hand,SEED,FRAMES,LEVEL,save") left it when its game was switched off mid-way (the
    drivers' off field), which their continue field resumes from power-on."""
    res = run_ui(arg + ",off", mode, heap=LARGE_HEAP, tree=tree, hex_screen=hex_screen)
    nvm = [line[4:] for line in res.lines if line.startswith("NVM ")]
    if not res.ok or not nvm:
        raise mpcheck.MpcheckError("the switched-off run %s failed: %s" % (arg, res.error))
    path = os.path.join(dest, "cont.bin")
    with open(path, "wb") as f:
        f.write(bytes.fromhex(nvm[0]))
    return tree[0], list(tree[1]) + [(path, "cont.bin")]


def tree_files(mode, dest, view_ruleset=1):
    """(driver, extra files) for mpcheck.run. The board adapter comes in ``mode`` (.mpy or
    .py source, like engine/). The stand-ins and the driver, which are not on the device (the
    stand-ins stand for native modules, whose code takes no heap there), always come as
    .mpy, so their code takes the least heap it can; the driver given to mpcheck.run is a
    one-line module, written under ``dest``, that imports them. The store the view kind
    shows is a game of ``view_ruleset`` (view_store)."""
    items = [(src, name, mode == "mpy") for src, name in board_files()]
    items.append(view_store(view_ruleset, VIEW_SEEDS[view_ruleset], dest))
    items += [(src, name, True) for src, name in standin_files() + [
        (DRIVER, "ui_battle.py"), (HEX_DRIVER, "ui_hex.py"), (VIEW_DRIVER, "ui_view.py"),
        PRESSES]]
    for name, module in (("ui_run.py", "ui_battle"), ("ui_hex_run.py", "ui_hex"),
                         ("ui_view_run.py", "ui_view")):
        with open(os.path.join(dest, name), "w") as f:
            f.write("from %s import setup, step  # noqa: F401\n" % module)
    return os.path.join(dest, "ui_run.py"), items


def run_ui(arg, mode, heap=None, timeout=900, tree=None, hex_screen=False, view=False):
    """One run of the UI driver with ``arg`` ("cpu,SEED,FRAMES", ...; with ``hex_screen``
    the Tactical Hex driver, "hex,SEED,FRAMES" or "base,0,0"; with ``view`` the device's
    viewer.py, "view,0,0" or "base,0,0"); ``tree`` is what tree_files returned (made here
    when None)."""
    tmp = None
    if tree is None:
        tmp = tempfile.mkdtemp(prefix="ui-bench-")
        tree = tree_files(mode, tmp)
    shim = tree[0]
    if hex_screen or view:
        shim = os.path.join(os.path.dirname(shim),
                            "ui_view_run.py" if view else "ui_hex_run.py")
    try:
        return mpcheck.run(shim, arg, mode=mode, heap=heap, timeout=timeout,
                           extra_files=tree[1])
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def _kb(n):
    return "%.1f KB" % ((n or 0) / 1024.0)


# The interpreter interns names (identifiers, short strings, module paths) in a table that
# grows by blocks ("pools") that are never freed: the first holds 20 names and each next
# one twice as many as the last; a block costs 7 bytes a name (pointer, 2-byte hash, 1-byte
# length) and a 32-byte head (this build's micropython.qstr_info(): n_total_bytes less
# n_str_data_bytes, over runs that end in 6 and in 7 blocks).
NAMES_FIRST_POOL = 20
NAME_BYTES = 7
POOL_HEAD = 32


def names_of(res):
    """Interned names at the end of a driver run (its "qstr pool: ... n_qstr=N" line)."""
    for line in res.lines:
        if line.startswith("qstr pool:"):
            for part in line.split(","):
                k, _, v = part.strip().partition("=")
                if k == "n_qstr":
                    return int(v)
    raise mpcheck.MpcheckError("the driver printed no table of names")


def pool_bytes(n):
    """Heap of the blocks that hold ``n`` interned names."""
    total = 0
    cap = 0
    alloc = NAMES_FIRST_POOL
    while cap < n:
        total += NAME_BYTES * alloc + POOL_HEAD
        cap += alloc
        alloc *= 2
    return total


def names_credit(base_names, run_names):
    """Heap the check's table of names takes in a run beyond what the device's would.

    The check's own names (interpreter start, driver, stand-ins of native modules, about
    400; read by the base run) are interned first, so the game's names land in later and
    larger blocks; on the device the native modules' names are in flash, and the game's
    names fill a table of their own from its first block. The blocks the base run holds
    are already in check_overhead(). Negative when the device would need more."""
    game = run_names - base_names
    return pool_bytes(run_names) - pool_bytes(base_names) - pool_bytes(game)


def check_overhead(mode, tree=None, hex_screen=False, view=False):
    """(live heap, names) the check holds that a device does not: the interpreter's start,
    the driver and the stand-ins' code (on the device those modules are native and take no
    heap), read after they are imported and collected, with nothing of the game loaded;
    and the names interned by then."""
    res = run_ui("base,0,0", mode, tree=tree, hex_screen=hex_screen, view=view)
    if not res.ok:
        raise mpcheck.MpcheckError("the check's base run failed: %s" % res.error)
    return res.peak_live_heap, names_of(res)


def device_budget(mode, tree=None, run_names=None, hex_screen=False, view=False):
    """(heap to give a run, overhead): the device budget plus what only the check holds,
    its table of names included (names_credit, for a run that ends with ``run_names``)."""
    over, base_names = check_overhead(mode, tree, hex_screen, view)
    if run_names is not None:
        over += names_credit(base_names, run_names)
    return BUDGET[mode] + over, over


def device_need(driver, arg, mode, files, over, base_names, step):
    """(heap the run needs in the check, the check's own part of it, the run's result):
    the bisection of engine_bench.min_heap in ``step`` bytes, and ``over`` (check_overhead)
    plus the names' credit for the names the run ends with. The heap and the part are None
    when the run fails even with LARGE_HEAP."""
    from engine_bench import min_heap

    need, res = min_heap(driver, arg, mode, lo=32 * 1024, hi=LARGE_HEAP, step=step,
                         extra_files=files, timeout=900)
    if need is None:
        return None, None, res
    return need, over + names_credit(base_names, names_of(res)), res


def figures(seeds, frames):
    for mode in ("mpy", "py"):
        tmp = tempfile.mkdtemp(prefix="ui-bench-")
        try:
            shim, files = tree_files(mode, tmp)
            over, base_names = check_overhead(mode, (shim, files))
            print("UI from .%s: the check's own heap (interpreter start, driver, stand-ins' "
                  "code): %s and %d names, subtracted below" % (mode, _kb(over), base_names))
            runs = (("cpu", CPU_SEED, CPU_FRAMES), ("human", HUMAN_SEED, frames),
                    ("setup", SETUP_SEED, SETUP_FRAMES))
            runs += LEVEL_RUNS if mode == "mpy" else PY_LEVEL_RUNS
            for kind, seed0, cap in runs:
                for seed in range(seed0, seed0 + seeds):
                    arg = "%s,%d,%d" % (kind, seed, cap)
                    need, own, res = device_need(shim, arg, mode, files, over, base_names,
                                                 1024)
                    if need is None:
                        print("UI from .%s, %s seed %d FAILED: %s" % (mode, kind, seed,
                                                                      res.error))
                        continue
                    names = names_of(res)
                    end = [line for line in res.lines if line.startswith(("END", "SEEN"))]
                    print("UI from .%s, %s seed %d (budget %d KB): heap needed on the "
                          "device %s (%s in the check; %d names of the game, their table "
                          "%s on the device); largest live heap at a step's start %s; "
                          "allocated after a step, before collection: %s; %d steps; %s"
                          % (mode, kind, seed, BUDGET[mode] // 1024, _kb(need - own),
                             _kb(need), names - base_names, _kb(pool_bytes(names - base_names)),
                             _kb(res.peak_live_heap - own), _kb(res.peak_heap - own),
                             res.steps, "; ".join(end)))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


# Saved games on the device (.mpy; boards/common.py saves_games): the saving title and a game
# of two people played to its end with Undo, Tactical Hex's hand against normal saved with
# Undo; and, with the replay viewer beside the battle's leavings (the desktop's way: the
# device restarts into it, save_figures' first lines), the same games left for "Replay this
# game" and continued, and the title's "Replay last game"; and Pocket-Tactics games of a
# person against the CPU's levels, saved to their end (the search rests at each save:
# engine/ui/sliced.py).
SAVE_RUNS = (("setup,%d,%d,save,undo" % (SETUP_SEED, SAVE_FRAMES), False),
             ("hand,%d,%d,%s,save,undo" % (HEX_SEED, HAND_FRAMES, HEX_LEVEL), True),
             ("setup,%d,%d,save,replay" % (SETUP_SEED, SAVE_FRAMES), False),
             ("hand,%d,%d,%s,save,replay" % (HEX_SEED, HAND_FRAMES, HEX_LEVEL), True),
             ("human:easy,%d,%d,save" % (HUMAN_SEED, SAVE_FRAMES), False),
             ("human:normal,%d,%d,save" % (HUMAN_SEED, SAVE_FRAMES), False),
             ("human:hard,%d,%d,save" % (HUMAN_SEED, SAVE_FRAMES), False),
             ("human:hard:100,%d,%d,save" % (HUMAN_SEED, SAVE_FRAMES), False))


# saved games against the CPU switched off mid-way (RESUME_AT actions, the driver's off
# field) and continued from power-on (the continue field: the saving title's Continue)
CONTINUE_RUNS = (("human:normal,%d,%d,save" % (HUMAN_SEED, SAVE_FRAMES), False),
                 ("human:hard,%d,%d,save" % (HUMAN_SEED, SAVE_FRAMES), False),
                 ("human:human,%d,%d,save" % (HUMAN_SEED, SAVE_FRAMES), False),
                 ("hand,%d,%d,%s,save" % (HEX_SEED, HAND_FRAMES, HEX_LEVEL), True))


def save_figures():
    """The heap each of SAVE_RUNS needs on the device, from .mpy; then the device's replay
    viewer in an interpreter of its own (the view kind) for a game of each ruleset."""
    tmp = tempfile.mkdtemp(prefix="ui-bench-")
    try:
        shim, files = tree_files("mpy", tmp)
        for ruleset, name in ((1, "Pocket-Tactics"), (2, "Tactical Hex")):
            folder = os.path.join(tmp, "view%d" % ruleset)
            os.makedirs(folder)
            view_files = [f for f in files if f[1] != "store.bin"] + [
                view_store(ruleset, VIEW_SEEDS[ruleset], folder)]
            over = check_overhead("mpy", (shim, view_files), view=True)
            need, own, res = device_need(os.path.join(tmp, "ui_view_run.py"), "view,0,0",
                                         "mpy", view_files, *over, 512)
            if need is None:
                print("view, %s FAILED: %s" % (name, res.error))
                continue
            print("UI from .mpy, the replay viewer on its own (viewer.py), a %s game's "
                  "record (budget %d KB): heap needed on the device %s"
                  % (name, BUDGET["mpy"] // 1024, _kb(need - own)))
        overs = {}  # per screen kind: the check's own heap and names (check_overhead)
        for arg, hexes in SAVE_RUNS:
            driver = os.path.join(tmp, "ui_hex_run.py") if hexes else shim
            if hexes not in overs:
                overs[hexes] = check_overhead("mpy", (shim, files), hexes)
            need, own, res = device_need(driver, arg, "mpy", files, *overs[hexes], 512)
            if need is None:
                print("%s FAILED: %s" % (arg, res.error))
                continue
            end = [line for line in res.lines
                   if line.startswith(("END", "SAVED", "UNDOS", "REPLAYS", "HAND"))]
            print("UI from .mpy, %s (budget %d KB): heap needed on the device %s; %s"
                  % (arg, BUDGET["mpy"] // 1024, _kb(need - own), "; ".join(end)))
        for arg, hexes in CONTINUE_RUNS:
            cont = continue_store(arg, "mpy", (shim, files), tmp, hexes)[1]
            if hexes not in overs:  # the base run reads no store: the same as above
                overs[hexes] = check_overhead("mpy", (shim, files), hexes)
            driver = os.path.join(tmp, "ui_hex_run.py") if hexes else shim
            need, own, res = device_need(driver, arg + ",continue", "mpy", cont,
                                         *overs[hexes], 512)
            if need is None:
                print("%s,continue FAILED: %s" % (arg, res.error))
                continue
            end = [line for line in res.lines if line.startswith(("END", "SAVED", "RESUMED"))]
            print("UI from .mpy, %s switched off and continued (budget %d KB): heap needed "
                  "on the device %s; %s" % (arg, BUDGET["mpy"] // 1024, _kb(need - own),
                                            "; ".join(end)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def costs():
    """The heap of each stand-in object ("costs" kind of the driver) and of each import,
    the board and the battle ("trace" of a CPU game)."""
    for mode in ("mpy", "py"):
        print("-- from .%s" % mode)
        res = run_ui("costs,0,0", mode)
        for line in res.lines:
            print(line)
        res = run_ui("cpu,%d,%d,trace" % (CPU_SEED, CPU_FRAMES), mode)
        rows = []
        for line in res.lines:
            f = line.split()
            if f[0] == "HEAP":
                rows.append((" ".join(f[1:-4]), int(f[-3]), int(f[-1])))
        for i in range(len(rows) - 1):
            if rows[i][0].startswith("frame"):
                break
            print("%-36s live +%6d B   garbage of the step %7d B" % (
                rows[i][0], rows[i + 1][1] - rows[i][1], rows[i][2] - rows[i + 1][1]))
        for line in res.lines:
            if line.startswith(("qstr pool", "END")):
                print(line)
        print("largest live heap at a step's start: %s; largest allocated after a step "
              "(the battle's construction included): %s" % (
                  _kb(res.peak_live_heap), _kb(res.steps_peak_heap)))
        if not res.ok:
            print(res.error)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--frames", type=int, default=HUMAN_FRAMES,
                    help="frame cap of the human run")
    ap.add_argument("--costs", action="store_true",
                    help="only the per-object and per-module figures")
    ap.add_argument("--saves", action="store_true",
                    help="only the saved games' runs (autosave, Undo, the replay viewer)")
    args = ap.parse_args()
    if args.costs:
        costs()
    elif args.saves:
        save_figures()
    else:
        figures(args.seeds, args.frames)


if __name__ == "__main__":
    main()
