#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""UI memory benchmark: the heap each of the game's programs needs on the device, measured
under CircuitPython (tools/cpcheck/: circuitpython-unix32, CircuitPython 10.3 with 32-bit
objects and the SAMD51's heap settings); prints figures, asserts nothing
(tests/test_ui_memory.py asserts the budgets).

The game is three programs, each in an interpreter of its own on the device (the title,
the battle, the replay viewer: engine/ui/kit/app.py), handing over through the save store.
So each run here is one program in a fresh interpreter: tools/mpcheck/drivers/ui_program.py
on the PyGamer board adapter over the stand-ins of the native modules
(tools/mpcheck/standins/; the unix port has no displayio, board, keypad, ...), a scripted
hand at the buttons, the store (the stand-in NVM) filled from the run's file when the
program needs one. The stores the runs start from are made here on CPython with the game's
own code: ``STORES``, a new game written as the title writes it (engine/ui/saving/store.py
new_game), or a finished game saved by its Saver (the viewer's); and the store a run
leaves, the run played by the same driver and hand on CPython over the same stand-ins (the
same bytes as in MicroPython and CircuitPython): the title's new game (its hand-over to the
battle program), and the game of a person against hard switched off at its 60th action
(``SOURCES``; Continue is the battle program with that store). RUNS lists the runs.

The device figure (``CpTree``; tools/cpcheck/uicp.py drives ui_program.py there): the
smallest heap the run goes through under CircuitPython (``-X heapsize``, bisection in
STEP (128-byte) steps; the collector runs when an allocation fails, as on the device, so the
figure includes the collector's tables and fragmentation) less the check's own part:

- what the check keeps on the heap that a device does not (the interpreter's start, the
  stand-ins' code, the driver and its hand: native or absent there): the live heap at the
  end of the run "base,HAND" of the same tree, after a collection (gc.mem_alloc()), in
  heap bytes (times heapsize / (mem_alloc + mem_free): the collector's tables take about
  1/32 of a heap). Not the base run's own need: that is 5-8 KB more, the garbage and
  buffers of loading the stand-ins' .mpy files, all free again before the program starts,
  so they are never on the heap with the program's peak; subtracting them would flatter
  every figure by that much. (A permanent bytearray of K bytes added to the check's part
  raises a run's need by K, to within a block or two: the run's need is its own figure plus
  the check's live part.)
- ``names_credit``: the interned names. The native modules' names are in flash on the
  device; here the base run interns the stand-ins' names into the table's first blocks
  (on the heap, in the base's live heap), so the game's own names go on in the check's
  later and larger blocks, where on the device they fill a table of their own from its
  first block of 20. The blocks differ by up to a few KB either way, so the credit is still
  needed; CP_NAMES is CircuitPython's table (6 bytes a name, a 24-byte head, 16-byte heap
  blocks; tests/test_ui_memory.py checks it against micropython.qstr_info()). It is taken
  from the names a run ends with (never freed: the most it had).

For every run, from CircuitPython's .mpy (the install of record) and from .py where the
run has a .py figure, it prints the device figure, the budget (110 KB .mpy, 140 KB .py),
the margin to it (within TIGHT, 2 KB, counts as not fitting: the interpreter and a device
differ by up to that much) and to the project's target of SPARE (8 KB) to spare, the
largest block on the heap after a frame (micropython.mem_info, a run in CP_HIGH bytes: the
largest single allocation the run keeps for a frame or more), the allocation that fails
STEP bytes below the figure and the check's own part. ``--mp`` adds the figure in the
MicroPython check (MicroPython 1.27 WebAssembly, ``MpTree``: it cannot collect in the middle
of a call, so it counts a frame's garbage as heap; some minutes).

  python tools/bench/ui_bench.py [--runs NAME,...] [--mode mpy|py] [--step BYTES] [--mp]
  python tools/bench/ui_bench.py --costs [--runs NAME]    # per object, per module

--costs (in the MicroPython check only: it reads the heap after each step, which that
harness measures) prints the heap of each stand-in object (against its device figure) and,
for a run (default "cpu"), each import and the board step by step (live heap added, the
step's garbage) and the largest live heap and allocation of its frames.

The helpers the test uses: ``CpTree(mode)`` (its ``go``, ``own``, ``budget_run``: one run at
a budget plus the check's own part), ``MpTree(mode, runs, imports)`` (the MicroPython
check's tree and ``run``), ``pool_bytes`` / ``names_credit`` and the name tables.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MPCHECK = os.path.join(ROOT, "tools", "mpcheck")
CPCHECK = os.path.join(ROOT, "tools", "cpcheck")
DRIVERS = os.path.join(MPCHECK, "drivers")
STANDINS = os.path.join(MPCHECK, "standins")
for _p in (ROOT, MPCHECK, CPCHECK, HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import cpcheck  # noqa: E402
import mpcheck  # noqa: E402
from tools import shortnames  # noqa: E402

DRIVER = os.path.join(DRIVERS, "ui_program.py")
# the hands (ui_program's HAND) and the presses they share
HANDS = ("ui_title", "ui_battle", "ui_hex", "ui_view")
PRESSES = (os.path.join(DRIVERS, "presses.py"), "presses.py")
UICP = os.path.join(CPCHECK, "uicp.py")  # the CircuitPython tier's driver of ui_program.py
BUDGET = {"mpy": 110 * 1024, "py": 140 * 1024}
SPARE = 8 * 1024  # the project's target: this much of the budget to spare
TIGHT = 2 * 1024  # a run within this much of its budget counts as not fitting
# the bisection's resolution, bytes: at 512 a run that fits its budget less 2 KB could be
# shown a few bytes over it (a person against normal: 108.0 KB at 512, 107.9 at 128)
STEP = 128
# CircuitPython: the top of the bisection, the heap of a run that only asks whether it goes
# through (and reads its names and largest block), and the heap of the base run
CP_HIGH = 384 * 1024
OWN_HEAP = 160 * 1024
# a heap no run comes near: the runs that only ask whether a program goes through at all,
# and the top of the bisection. Not more: the check collects after every step, and each
# collection sweeps the whole heap
LARGE_HEAP = 1024 * 1024
FRAMES = 40000  # the frame cap of a run played to its end (none comes near it)
HUMAN_FRAMES = 2000  # the scripted hand against greedy: the cursor, the menus, the forecast
HEX_FRAMES = 2500  # Tactical Hex, two CPU players: the deployment and the first turns
HAND_FRAMES = 5000  # Tactical Hex, the hand against normal with Undo
STOP_AT = 60  # the action at which a game is switched off (the continued run's store)
TRACE_FRAMES = 400  # frames of the CPython run that lists a run's modules (trace_imports)


class Run:
    """One program in an interpreter of its own: ``program`` ("title", "battle",
    "viewer"), the scripted ``hand`` (a module of tools/mpcheck/drivers, or "-"), at most
    ``cap`` frames (0: until the program returns), starting from the store ``store`` (a key
    of STORES, or "run:NAME": the store the run NAME leaves; None: erased), with the
    ``flags`` of ui_program.py; measured from each of ``modes`` ("mpy", "py"). ``what``
    says it in words."""

    def __init__(self, name, program, hand, cap, store, flags=(), modes=("mpy",), what=""):
        self.name = name
        self.program = program
        self.hand = hand
        self.cap = cap
        self.store = store
        self.flags = tuple(flags)
        self.modes = modes
        self.what = what

    def arg(self, trace=False):
        """ui_program.py's argument."""
        flags = self.flags + (("trace",) if trace else ())
        return ",".join((self.program, self.hand, str(self.cap), self.name) + flags)


RUNS = (
    Run("title", "title", "ui_title", 0, None, ("nvm",), ("mpy", "py"),
        "the title from power-on (an erased store): a rules page, a unit card, Settings, "
        "a new 100-point game through the army builder and the tile picker"),
    Run("title-continue", "title", "ui_title", 0, "run:hard-off", ("nvm",), ("mpy",),
        "the same, at power-on with a game in play in the store (Continue offered)"),
    Run("title-battle", "battle", "ui_battle", 600, "run:title", (), ("mpy",),
        "the battle program with the store the title left: the new game (CPU normal "
        "against easy, 100 points, army A built, the tiles of A picked), its first 600 "
        "frames"),
    Run("cpu", "battle", "ui_battle", FRAMES, "cpu", (), ("mpy", "py"),
        "greedy against random to the end"),
    Run("human", "battle", "ui_battle", HUMAN_FRAMES, "human", (), ("mpy", "py"),
        "the scripted hand against greedy (cursor, menus, unit card, forecast, assaults)"),
    Run("hard", "battle", "ui_battle", FRAMES, "hard", (), ("mpy",),
        "a person against hard to the end, saved at every decision"),
    Run("hard-continue", "battle", "ui_battle", FRAMES, "run:hard-off", (), ("mpy",),
        "the game of run hard switched off at its action %d: Continue (the record replayed "
        "over frames), then to the end" % STOP_AT),
    Run("hotseat-undo", "battle", "ui_battle", FRAMES, "hotseat", ("undo",), ("mpy",),
        "two people (hot seat) to the end, \"Undo last move\" every few decisions"),
    Run("normal", "battle", "ui_battle", FRAMES, "normal", (), ("py", "mpy"),
        "a person against normal to the end, saved at every decision"),
    Run("hex-normal", "battle", "ui_hex", HEX_FRAMES, "hex-normal", (), ("mpy",),
        "Tactical Hex, two CPU players at normal"),
    Run("hex-hard", "battle", "ui_hex", HEX_FRAMES, "hex-hard", (), ("mpy",),
        "Tactical Hex, two CPU players at hard"),
    Run("hex-hand-undo", "battle", "ui_hex", HAND_FRAMES, "hex-hand", ("undo",), ("mpy",),
        "Tactical Hex, the scripted hand against normal, \"Undo last move\" now and then"),
    Run("view-pt", "viewer", "ui_view", 0, "ended-pt", (), ("mpy",),
        "the replay viewer: a finished Pocket-Tactics game, forward and back"),
    Run("view-hex", "viewer", "ui_view", 0, "ended-hex", (), ("mpy",),
        "the replay viewer: a finished Tactical Hex game, forward and back"),
)
# runs that only make a store for others (store "run:NAME"), played on CPython (traced)
SOURCES = (
    Run("hard-off", "battle", "ui_battle", FRAMES, "hard", ("nvm", "off%d" % STOP_AT), (),
        "run hard until its record holds %d actions and the person is to decide: the "
        "power goes (the store it leaves)" % STOP_AT),
)
RUN = dict((r.name, r) for r in RUNS + SOURCES)


# --- the stores the runs start from, made on CPython -----------------------------------------

CPU_SEED = 2
CPU_FRAMES = FRAMES  # "cpu,CPU_SEED,CPU_FRAMES": the driver's own game (tests/test_deploy.py)
HUMAN_SEED = 3
HEX_SEED = 3
# the finished games the viewer shows: the longest record of seeds 0-9 of each ruleset, the
# game played by greedy players (Pocket-Tactics at 100 points: 543 actions; Tactical Hex:
# 418)
VIEW_SEEDS = {1: 2, 2: 4}

# key -> (ruleset, players, seed, points, played to its end: a new game as the title writes
# it, or the game played by greedy players to its end); and "run:NAME", the store the run
# NAME leaves (store_of)
STORES = {
    "cpu": (1, ("greedy", "random"), CPU_SEED, 50, False),
    "human": (1, ("human", "greedy"), HUMAN_SEED, 50, False),
    "hard": (1, ("human", "hard"), HUMAN_SEED, 50, False),
    "normal": (1, ("human", "normal"), HUMAN_SEED, 50, False),
    "hotseat": (1, ("human", "human"), HUMAN_SEED, 50, False),
    "hex-normal": (2, ("normal", "normal"), HEX_SEED, 0, False),
    "hex-hard": (2, ("hard", "hard"), HEX_SEED, 0, False),
    "hex-hand": (2, ("human", "normal"), HEX_SEED, 0, False),
    "ended-pt": (1, ("human", "human"), VIEW_SEEDS[1], 100, True),
    "ended-hex": (2, ("human", "human"), VIEW_SEEDS[2], 0, True),
}


class _Board:
    """What the store's code needs of a board: the store (8 KB, erased)."""

    def __init__(self, data=None):
        from boards.memstore import MemoryStore

        self.store = MemoryStore()
        if data is not None:
            self.store.data[:] = data


def make_store(key):
    """The bytes of the store STORES[key]: a new game written as the title writes it (a
    save of its move 0); for a finished game, then played by greedy players (a store holds
    the record, not who chose it), each action told to the game's Saver as the battle
    screen tells it, so that it saves as the battle saves (at every decision of a person,
    with the "over" flag at the end)."""
    from engine import rulesets
    from engine.core.protocol import CHANCE, TERMINAL, sample_chance
    from engine.ui.saving import store
    from engine.ui.saving.saver import Saver

    ruleset, players, seed, points, to_the_end = STORES[key]
    config = None
    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested

        config = suggested(seed % 5, (seed + 1) % 5, points) if to_the_end else \
            suggested(0, 1, points)
    board = _Board()
    why = store.new_game(board, None, ruleset, players, seed, config)
    if why is not None:
        raise RuntimeError(why)
    if to_the_end:
        play, ruleset, config, seed, actions, rng, newest = store.load_game(board)[0]
        st = rulesets.part(ruleset, "state").start(config, seed)
        greedy = rulesets.part(ruleset, "players").GreedyPlayer
        choosers = (greedy(seed), greedy(seed + 1))
        saver = Saver(board, play, ruleset, config, seed, actions, newest)
        while st.to_act() != TERMINAL:
            who = st.to_act()
            a = sample_chance(st) if who == CHANCE else choosers[who].choose(st)
            st.apply(a)
            saver.applied(st, a, who)
        if not saver.ended:
            raise RuntimeError("the game of store %s did not end" % key)
    return bytes(board.store.data)


def store_game(data):
    """(play bytes, ruleset, config bytes, seed, actions, (z, w) the dice generator's state)
    of the newest save in store bytes ``data``, a finished game's too (the battle's
    load_game refuses those), or (None, why)."""
    from engine.core import gamesave
    from engine.core.savestore import SaveSlots

    blob, why = SaveSlots(_Board(data).store).load()
    if blob is None:
        return None, why
    try:
        return gamesave.unpack(blob), None
    except ValueError as e:
        return None, str(e)


# --- the modules a run imports before its program starts ----------------------------------

def trace_imports(run, folder):
    """(modules, store): the game's modules (engine, boards) the run's program keeps loaded, in the order
    their loading ended (a module after the modules it imports), with "-" where the board
    is made and "@N" before the modules loaded in the program's frame N: ``run`` played by
    the same driver and hand on CPython (over the stand-ins, the store from ``folder``) for
    its first TRACE_FRAMES frames. A module loaded for a moment (engine/core/lazy.py) is
    let go again and is not listed: the program loads it itself. A module the program loads
    in a frame and keeps is listed for that frame: the device collects the garbage of
    importing it in the middle of the frame, this check only between calls. The store is
    the stand-in NVM as the run left it (for the title: the new game it hands over)."""
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--trace-imports",
                        folder, run.arg()], capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    if p.returncode != 0:
        raise mpcheck.MpcheckError("run %s does not go on CPython:\n%s%s" % (
            run.name, p.stdout[-2000:], p.stderr[-4000:]))
    out = p.stdout.split("\n")
    nvm = [line[4:] for line in out if line.startswith("NVM ")]
    return (out[out.index("IMPORTS") + 1:out.index("END IMPORTS")],
            bytes.fromhex(nvm[0]) if nvm else None)


def _trace_main(folder, arg):
    """--trace-imports: the run ``arg`` of ui_program.py here (its first TRACE_FRAMES
    frames; a run that prints the store: to its end), its imports printed."""
    import importlib.machinery

    sys.path[:0] = [STANDINS, DRIVERS]  # the stand-ins before any installed module
    order = []

    class Tracer:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] not in ("engine", "boards"):
                return None
            spec = importlib.machinery.PathFinder.find_spec(name, path)
            if spec is None:
                return None
            run = spec.loader.exec_module

            def exec_module(module):
                run(module)
                order.append((name, getattr(sys.modules.get("ui_program"), "_frames", 0)))
            spec.loader.exec_module = exec_module
            return spec

        def invalidate_caches(self):
            pass

    sys.meta_path.insert(0, Tracer())
    import ui_program as drv

    drv.ROOT = folder + os.sep
    made = drv._make_board

    def make_board():
        made()
        order.append(("-", 0))
    drv._make_board = make_board
    import io
    from contextlib import redirect_stdout

    with redirect_stdout(io.StringIO()):
        drv.setup(arg)
        whole = "nvm" in arg.split(",")[4:]
        while drv.step() and (whole or drv._frames < TRACE_FRAMES):
            pass
    last = {}  # a module let go and loaded again: the load that kept it
    for i in range(len(order)):
        last[order[i][0]] = i
    print("IMPORTS")
    frame = 0
    for i in range(len(order)):
        name, n = order[i]
        if last[name] == i and (name == "-" or name in sys.modules):
            if n > frame:
                frame = n
                print("@%d" % n)
            print(name)
    print("END IMPORTS")
    import microcontroller

    print("NVM " + bytes(microcontroller.nvm).hex())


# --- the check's tree ------------------------------------------------------------------------

def board_files():
    """The PyGamer board adapter and what it imports."""
    return [(os.path.join(ROOT, "boards", name), "boards/" + name)
            for name in ("__init__.py", "common.py", "device_parts.py", "pygamer.py", "restart.py",
                         "saving.py")]


def standin_files():
    return [(p, os.path.basename(p)) for p in sorted(glob.glob(os.path.join(STANDINS, "*.py")))]


def driver_files():
    """The driver, its presses and the hands, as (source, name in the tree)."""
    return [(DRIVER, "ui_program.py"), PRESSES] + [
        (os.path.join(DRIVERS, hand + ".py"), hand + ".py") for hand in HANDS]


_stores = {}  # STORES key -> bytes, made once per process
_traced = {}  # run name -> (its modules, the store it left): trace_imports, once per process


def store_of(key):
    """The store bytes of STORES[key] (make_store), or for "run:NAME" the store the run
    NAME leaves (played on CPython: its trace_imports); made once per process."""
    if key not in _stores:
        _stores[key] = traced(RUN[key[4:]])[1] if key.startswith("run:") else make_store(key)
    return _stores[key]


def traced(run):
    """(the modules ``run`` imports, the store it leaves): trace_imports, once per
    process."""
    if run.name not in _traced:
        folder = tempfile.mkdtemp(prefix="ui-trace-")
        try:
            if run.store is not None:
                with open(os.path.join(folder, run.name + ".nvm"), "wb") as f:
                    f.write(store_of(run.store))
            _traced[run.name] = trace_imports(run, folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return _traced[run.name]


def runs_folder(runs, imports=True):
    """A new folder with each run's files: RUN.nvm (its store) and, with ``imports``,
    RUN.imp (its modules)."""
    folder = tempfile.mkdtemp(prefix="ui-runs-")
    for run in runs:
        if run.store is not None:
            with open(os.path.join(folder, run.name + ".nvm"), "wb") as f:
                f.write(store_of(run.store))
        if imports:
            modules = shortnames.modules_map()  # the build's names (tools/shortnames.py)
            with open(os.path.join(folder, run.name + ".imp"), "w") as f:
                f.write("\n".join(modules.get(m, m) for m in traced(run)[0]) + "\n")
    return folder


# --- the MicroPython check's tree --------------------------------------------------------------

class MpTree:
    """The MicroPython check's tree for ``mode``: the engine and the board adapter in that
    mode, the stand-ins and the drivers always as .mpy (they are not on the device, where
    the native modules are C: their code takes the least heap it can, and the base run takes
    it out), and the files of ``runs`` (by default the runs measured from ``mode``): with
    ``imports``, the modules each run imports (RUN.imp), which this build needs to be
    measured (it cannot collect in the middle of an import); without, the program imports
    them itself, which is enough in a heap large enough for all that garbage."""

    def __init__(self, mode, runs=None, dest=None, imports=True):
        self.mode = mode
        self.runs = [r for r in RUNS if mode in r.modes] if runs is None else list(runs)
        self.tmp = None
        if dest is None:
            dest = self.tmp = tempfile.mkdtemp(prefix="ui-tree-%s-" % mode)
        self.root = dest
        folder = runs_folder(self.runs, imports)
        items = [(src, name, mode == "mpy") for src, name in board_files()]
        items += [(src, name, True) for src, name in standin_files() + driver_files()]
        items += [(p, os.path.basename(p)) for p in sorted(glob.glob(os.path.join(folder, "*")))]
        mpcheck.build_tree(mode, dest, items)
        shutil.rmtree(folder, ignore_errors=True)
        self._base = {}

    def close(self):
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def run(self, run, heap=None, trace=False, timeout=900):
        """One run (a Run, or ui_program.py's argument) with ``heap`` bytes."""
        arg = run if isinstance(run, str) else run.arg(trace)
        return mpcheck.run_tree(self.root, "ui_program", arg, heap=heap, timeout=timeout)

    def overhead(self, hand):
        """(live heap, names) the check holds that a device does not, with ``hand``: the
        interpreter's start, the driver, the hand and the stand-ins' code (on the device
        those modules are native and take no heap), read after they are imported and
        collected, with nothing of the game loaded; and the names interned by then."""
        if hand not in self._base:
            res = self.run("base,%s,0,-" % hand)
            if not res.ok:
                raise mpcheck.MpcheckError("the check's base run failed: %s" % res.error)
            self._base[hand] = (res.peak_live_heap, names_of(res))
        return self._base[hand]

    def own_part(self, run, res):
        """The check's own part of the heap ``run`` needed (its result ``res``): the base
        run's live heap and the names' credit for the names the run ends with."""
        over, base_names = self.overhead(run.hand)
        return over + names_credit(base_names, names_of(res))

    def need(self, run, step=STEP):
        """(the smallest heap ``run`` goes through, to ``step`` bytes; its run with a
        megabyte; the check's own part), or (None, that run, None) when it does not go
        through a megabyte. The bisection starts between the largest live heap (which has
        to fit) and a quarter more than the most it allocated after a step."""
        big = self.run(run, LARGE_HEAP)
        if not big.ok:
            return None, big, None
        own = self.own_part(run, big)
        lo = big.peak_live_heap
        hi = big.peak_heap + big.peak_heap // 4
        while not self.run(run, hi).ok:
            lo, hi = hi, min(LARGE_HEAP, hi + hi // 2)
        while hi - lo > step:
            mid = (lo + hi) // 2 // step * step
            if mid <= lo:
                break
            if self.run(run, mid).ok:
                hi = mid
            else:
                lo = mid
        return hi, big, own


def mp_figure(tree, run, step=STEP):
    """(device figure in the MicroPython check or None, the check's own part, the error)."""
    need, res, own = tree.need(run, step)
    if need is None:
        return None, None, (res.error or "").strip()[-300:]
    return need - own, own, None


# --- CircuitPython's tree --------------------------------------------------------------------

def build_cp_tree(mode, dest, runs):
    """Fills ``dest`` with the CircuitPython tier's tree for ``mode``: the engine and the
    board adapter in that mode (.mpy from CircuitPython's mpy-cross, or .py), the stand-ins
    and the drivers always as .mpy (as MpTree: on the device they are native), uicp.py, the
    runner, and each run's store (RUN.nvm) of ``runs``. CpcheckError when CircuitPython's
    binaries are missing or the tree does not compile."""
    mpy_cross = cpcheck.binaries()[0]
    items = [(src, name, mode == "mpy") for src, name in board_files()]
    items += [(src, name, True) for src, name in standin_files() + driver_files()]
    items.append((UICP, "uicp.py", True))
    try:
        mpcheck.build_tree(mode, dest, items, mpy_cross=mpy_cross)
    except mpcheck.CompileError as e:
        raise cpcheck.CpcheckError(str(e))
    shutil.copyfile(cpcheck.RUNNER, os.path.join(dest, "cprun.py"))
    for run in runs:
        if run.store is not None:
            with open(os.path.join(dest, run.name + ".nvm"), "wb") as f:
                f.write(store_of(run.store))
    return dest


class CpTree(cpcheck.Tree):
    """The CircuitPython tier's tree of the UI runs for ``mode`` (build_cp_tree; the runs of
    ``runs``, by default those measured from ``mode``), or a copy of the tree built in
    ``source`` (the tests build it once for all their processes). Its runs go through
    tools/cpcheck/uicp.py; ``run``, ``need`` and ``close`` are cpcheck.Tree's."""

    def __init__(self, mode, runs=None, source=None):
        if mode not in BUDGET:
            raise cpcheck.CpcheckError("mode must be mpy or py, not %r" % mode)
        self.mpy_cross, self.interpreter = cpcheck.binaries()
        self.mode = mode
        self.runs = [r for r in RUNS if mode in r.modes] if runs is None else list(runs)
        self.root = tempfile.mkdtemp(prefix="ui-cp-%s-" % mode)
        self._own = {}
        try:
            if source is None:
                build_cp_tree(mode, self.root, self.runs)
            else:
                shutil.copytree(source, self.root, dirs_exist_ok=True)
        except BaseException:
            self.close()
            raise

    def go(self, run, heap, blocks=False, timeout=900):
        """One run (a Run, or ui_program.py's argument) in a heap of ``heap`` bytes: a
        cpcheck Result."""
        return self.run("uicp", run if isinstance(run, str) else run.arg(), heap, blocks,
                        timeout)

    def nvm(self, name):
        """The store run ``name`` starts from, as it is in this tree (None: erased)."""
        path = os.path.join(self.root, name + ".nvm")
        if not os.path.exists(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def own(self, hand):
        """(bytes, names): the heap the check keeps that a device does not, with ``hand``
        (the interpreter's start, the stand-ins, the driver and the hand: the live heap at
        the end of the base run, after a collection, in heap bytes: the collector's tables
        included), and the names interned by then."""
        if hand not in self._own:
            res = self.go("base,%s,0,-" % hand, OWN_HEAP)
            live = lines_of(res, "LIVE")
            if not res.ok or not live:
                raise cpcheck.CpcheckError("the check's base run failed: %s" % (
                    res.error or res.lines[-5:]))
            used, free = [int(x) for x in live[0].split()]
            self._own[hand] = ((used * OWN_HEAP + used + free - 1) // (used + free),
                               names_of(res))
        return self._own[hand]

    def own_part(self, run, names):
        """The check's own part of the heap ``run`` needs when it ends with ``names``
        interned names: own() and the names' credit."""
        over, base_names = self.own(run.hand)
        return over + names_credit(base_names, names, CP_NAMES)

    def figure(self, run, step=STEP):
        """A CpFigure: the device figure of ``run`` (bisection), its run in CP_HIGH bytes
        and the run ``step`` bytes below its need."""
        big = self.go(run, CP_HIGH)
        if not big.ok:
            return CpFigure(run, self.mode, None, None, big, None)
        own = self.own_part(run, names_of(big))
        lo = self.own(run.hand)[0] // step * step  # the run needs more than the check's part
        hi = CP_HIGH
        below = None
        while hi - lo > step:
            mid = (lo + hi) // 2 // step * step
            res = self.go(run, mid)
            if res.ok:
                hi = mid
            else:
                lo = mid
                below = res
        if below is None or below.heap != hi - step:
            below = self.go(run, hi - step)
        return CpFigure(run, self.mode, hi - own, own, big, below)

    def budget_run(self, run, budget=None, spare=TIGHT):
        """``run`` in the heap of its budget (BUDGET of this mode, or ``budget``) less
        ``spare``, plus the check's own part: a CpVerdict, at most two runs. The names'
        credit depends on the names the run ends with, so it runs first with the most credit
        any run could get (most_credit): when it fails there, it fails with its own credit
        too; when it goes through, the names it ended with give its credit, and unless that
        is the most, it runs again with it."""
        budget = BUDGET[self.mode] if budget is None else budget
        over, base_names = self.own(run.hand)
        most = most_credit(base_names, table=CP_NAMES)
        limit = budget - spare
        res = self.go(run, limit + over + most)
        if res.ok:
            credit = names_credit(base_names, names_of(res), CP_NAMES)
            if credit < most:
                res = self.go(run, limit + over + credit)
                return CpVerdict(run, res, limit, over + credit)
        return CpVerdict(run, res, limit, over + most)


class CpFigure:
    """One run's device figure under CircuitPython: ``figure`` (bytes; None when the run
    does not go through CP_HIGH), the check's ``own`` part, ``big`` (its run in CP_HIGH
    bytes: its lines) and ``below`` (the run STEP bytes below the need: its
    ``failed_alloc``, the allocation the heap had no room for)."""

    def __init__(self, run, mode, figure, own, big, below):
        self.run = run
        self.mode = mode
        self.figure = figure
        self.own = own
        self.big = big
        self.below = below

    def error(self):
        return (self.big.error or "").strip()[-300:]

    def end(self):
        end = lines_of(self.big, "END")
        return end[0] if end else "?"


class CpVerdict:
    """A budget run under CircuitPython: ``res`` (cpcheck's Result), ``limit`` (the budget
    less its spare: the most the device figure may be), ``own`` (the check's own part the
    heap was given on top: heap = limit + own). ``ok``: the figure is at most the limit."""

    def __init__(self, run, res, limit, own):
        self.run = run
        self.res = res
        self.limit = limit
        self.own = own
        self.heap = limit + own
        self.ok = res.ok

    def out_of_memory(self):
        """Whether the run failed for want of heap (not some other error)."""
        return not self.res.ok and self.res.failed_alloc is not None


def lines_of(res, head):
    """The driver's lines that start with ``head`` (its word and a space), without it."""
    return [line[len(head) + 1:] for line in res.lines if line.startswith(head + " ")]


def nvm_of(res):
    """The store a run printed ("NVM <hex>", the flag "nvm"), as bytes."""
    got = lines_of(res, "NVM")
    return bytes.fromhex(got[0]) if got else None


def _kb(n):
    return "%.1f KB" % ((n or 0) / 1024.0)


# The interpreter interns names (identifiers, short strings, module paths) in a table that
# grows by blocks ("pools") that are never freed: the first holds 20 names and each next
# one twice as many as the last. A table: (names in the first block, bytes a name, bytes
# of a block's head, heap block size the block is rounded up to).
# - MicroPython 1.27 WebAssembly: 7 bytes a name (pointer, 2-byte hash, 1-byte length) and
#   a 32-byte head (micropython.qstr_info(): n_total_bytes less n_str_data_bytes, over runs
#   that end in 6 and in 7 blocks).
# - CircuitPython 10 (circuitpython-unix32 and the SAMD51: MICROPY_QSTR_BYTES_IN_HASH=1):
#   6 bytes a name (pointer, hash, length), a 24-byte head (six words), in 16-byte heap
#   blocks: 144, 272, 512, 992, ... bytes (qstr_info(); tests/test_ui_memory.py).
MP_NAMES = (20, 7, 32, 1)
CP_NAMES = (20, 6, 24, 16)


def names_of(res):
    """Interned names at the end of a driver run (its "qstr pool: ... n_qstr=N" line)."""
    for line in res.lines:
        if line.startswith("qstr pool:"):
            for part in line.split(","):
                k, _, v = part.strip().partition("=")
                if k == "n_qstr":
                    return int(v)
    raise mpcheck.MpcheckError("the driver printed no table of names")


def pool_bytes(n, table=MP_NAMES):
    """Heap of the blocks that hold ``n`` interned names."""
    first, per_name, head, block = table
    total = 0
    cap = 0
    alloc = first
    while cap < n:
        total += (per_name * alloc + head + block - 1) // block * block
        cap += alloc
        alloc *= 2
    return total


def names_credit(base_names, run_names, table=MP_NAMES):
    """Heap the check's table of names takes in a run beyond what the device's would.

    The check's own names (interpreter start, driver, stand-ins of native modules; read by
    the base run) are interned first, so the game's names land in later and larger blocks;
    on the device the native modules' names are in flash, and the game's names fill a table
    of their own from its first block. The blocks the base run holds are already in the
    check's own part. Negative when the device would need more."""
    game = run_names - base_names
    return pool_bytes(run_names, table) - pool_bytes(base_names, table) - pool_bytes(game, table)


def most_credit(base_names, top=2540, table=MP_NAMES):
    """The most names_credit a run could get over ``base_names``, for runs that end with
    at most ``top`` names (the check's seventh block; a UI run ends with 1,100-1,700)."""
    return max(names_credit(base_names, n, table) for n in range(base_names, top + 1))


# --- the figures -----------------------------------------------------------------------------

HEAD = ("| Run | from | device figure (KB) | budget (KB) | margin (KB) | margin to the target "
        "(KB) | fails %d B below on (B) | the check's own (KB) |%%s end |" % STEP)


def figures(runs, modes, step=STEP, mp=False):
    """Prints the table: every run of ``runs`` from each of ``modes`` under CircuitPython
    (with ``mp``: and its figure in the MicroPython check); returns the CpFigures."""
    print("UI heap runs: each program in an interpreter of its own; device figure = the "
          "heap it needs under CircuitPython less the check's own part (budget %d KB .mpy, "
          "%d KB .py; within %d KB counts as not fitting; target: %d KB to spare)" % (
              BUDGET["mpy"] // 1024, BUDGET["py"] // 1024, TIGHT // 1024, SPARE // 1024))
    print(HEAD % (" MicroPython check (KB) |" if mp else ""))
    print("|---" * (10 if mp else 9) + "|")
    out = []
    for mode in modes:
        todo = [r for r in runs if mode in r.modes]
        if not todo:
            continue
        tree = CpTree(mode, todo)
        mp_tree = MpTree(mode, todo) if mp else None
        try:
            for run in todo:
                fig = tree.figure(run, step)
                out.append(fig)
                extra = None
                if mp_tree is not None:
                    extra = mp_figure(mp_tree, run, step)[0]
                print(row_text(fig, extra, mp))
                sys.stdout.flush()
        finally:
            tree.close()
            if mp_tree is not None:
                mp_tree.close()
    return out


def margins(fig, budget):
    """(margin text, margin to the target text) of a figure."""
    m = budget - fig
    return ("%.1f%s" % (m / 1024.0, " OVER" if m < 0 else " TIGHT" if m < TIGHT else ""),
            "%.1f%s" % ((m - SPARE) / 1024.0, " short" if m < SPARE else ""))


def row_text(fig, mp_value=None, mp=False):
    run, mode = fig.run, fig.mode
    budget = BUDGET[mode]
    mp_cell = ""
    if mp:
        mp_cell = " %s |" % ("FAILS" if mp_value is None else "%.1f" % (mp_value / 1024.0))
    if fig.figure is None:
        return "| %s | .%s | FAILS | %d | - | - | - | - |%s %s |" % (
            run.name, mode, budget // 1024, mp_cell, fig.error())
    margin, target = margins(fig.figure, budget)
    failed = fig.below.failed_alloc if fig.below is not None else None
    return "| %s | .%s | %.1f | %d | %s | %s | %s | %.1f |%s %s |" % (
        run.name, mode, fig.figure / 1024.0, budget // 1024, margin, target,
        "-" if failed is None else failed, fig.own / 1024.0, mp_cell, fig.end())


# --- --costs ---------------------------------------------------------------------------------

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


def cost_lines(res):
    """{what: bytes} of a "costs" run's COST lines."""
    out = {}
    for line in res.lines:
        if line.startswith("COST "):
            what, n = line[5:].rsplit(" ", 1)
            out[what] = int(n)
    return out


def cp_costs(mode="mpy"):
    """{what: bytes} of each stand-in object under CircuitPython (the "costs" kind)."""
    tree = CpTree(mode, [])
    try:
        res = tree.go("costs,-,0,-", OWN_HEAP)
        if not res.ok:
            raise cpcheck.CpcheckError("the costs run failed: %s" % res.error)
        return cost_lines(res)
    finally:
        tree.close()


def costs(names, modes):
    """The heap of each stand-in object (in the MicroPython check and under CircuitPython),
    then of each import and the board of a run, and its frames' largest live heap and
    allocation (the MicroPython check: it reads the heap after every step)."""
    try:
        cp = cp_costs()
    except cpcheck.CpcheckError as e:
        print("(no CircuitPython figures: %s)" % e)
        cp = {}
    for mode in modes:
        print("-- from .%s" % mode)
        tree = MpTree(mode, [RUN[n] for n in names])
        try:
            res = tree.run("costs,-,0,-")
            for what, n in cost_lines(res).items():
                dev = DEVICE.get(what)
                print("%-28s %5d B   CircuitPython %5s B   device %s" % (
                    what, n, cp.get(what, "-"), "%d B" % dev if dev else "-"))
            for name in names:
                run = RUN[name]
                res = tree.run(run, LARGE_HEAP, trace=True)
                over, base_names = tree.overhead(run.hand)
                print("run %s (%s); the check's own: %s and %d names" % (
                    run.name, run.what, _kb(over), base_names))
                rows = []
                for line in res.lines:
                    f = line.split()
                    if f and f[0] == "HEAP":
                        rows.append((" ".join(f[1:-4]), int(f[-3]), int(f[-1])))
                for i in range(len(rows) - 1):
                    what = rows[i][0]
                    if what.startswith("frame") and what not in ("frame 0", "frame 1") and \
                            rows[i + 1][0].startswith(("frame", "the end")):
                        continue  # a frame, and no import after it
                    print("  %-44s live %+7d B   garbage of the step %7d B" % (
                        what, rows[i + 1][1] - rows[i][1], rows[i][2] - rows[i + 1][1]))
                for line in res.lines:
                    if line.startswith(("qstr pool", "END ", "SEEN ")):
                        print("  " + line)
                print("  largest live heap at a step's start: %s; largest allocated after "
                      "a step: %s (the check's own part included)" % (
                          _kb(res.peak_live_heap), _kb(res.steps_peak_heap)))
                if not res.ok:
                    print(res.error)
        finally:
            tree.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", default="", help="comma-separated names of RUNS (default: all)")
    ap.add_argument("--mode", choices=mpcheck.MODES, default=None,
                    help="only this mode (default: both)")
    ap.add_argument("--step", type=int, default=STEP, help="bisection step in bytes")
    ap.add_argument("--mp", action="store_true",
                    help="also each run's figure in the MicroPython check (some minutes)")
    ap.add_argument("--costs", action="store_true",
                    help="the per-object and per-module figures instead (MicroPython check)")
    ap.add_argument("--trace-imports", nargs=2, metavar=("FOLDER", "ARG"),
                    help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.trace_imports:
        _trace_main(*a.trace_imports)
        return 0
    modes = (a.mode,) if a.mode else ("mpy", "py")
    names = [n for n in a.runs.split(",") if n]
    for n in names:
        if n not in RUN:
            ap.error("no run %r (runs: %s)" % (n, ", ".join(RUN)))
    if a.costs:
        costs(names or ["cpu"], modes)
        return 0
    try:
        figures([RUN[n] for n in names] if names else RUNS, modes, a.step, a.mp)
    except cpcheck.CpcheckError as e:
        print("ui_bench: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
