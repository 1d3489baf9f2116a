# SPDX-License-Identifier: MIT
"""The UI in the MicroPython check: tools/mpcheck/drivers/ui_battle.py plays a battle
through engine/ui on the PyGamer board adapter, over the stand-ins of
tools/mpcheck/standins/ (native modules: displayio, terminalio, keypad, ...);
tools/bench/ui_bench.py builds the tree. The UI draws text as TileGrids over the built-in
font, so no text library is loaded.

- A whole battle fits the heap budget of issue "Memory: the UI code runs in the MicroPython
  check too": 110 KB with the code loaded from .mpy, 140 KB from .py (the harness enforces
  the heap size: a run that needs more fails with MemoryError). A CPU-against-CPU game to
  its end, a scripted human who opens the turn menu, a unit card, the map cursor and the
  assault forecast, the title screens from power-on through a new 100-point game (army
  builder, tile picker) followed by its battle in the same interpreter, a Tactical Hex
  battle of two CPU players at "normal" and "hard" (its deployment and first turns), and
  Pocket-Tactics against the CPU's levels: a scripted human against hard from .mpy and
  against normal from .py; and from .mpy, saved games: the saving title and an autosaved
  game of two people after it, with Undo, a person against hard autosaved to the game's
  end, and Tactical Hex's screen autosaving;
  Tactical Hex played by a scripted hand against the CPU, saved, with Undo; and the
  device's replay viewer in an interpreter of its own, for a game of each ruleset.
- What only the check holds is added to the heap it gets: the interpreter's start, the
  driver and the stand-ins (ui_bench.check_overhead), and the blocks of the table of
  interned names that the check's own names cost the game, or save it
  (ui_bench.names_credit; docs/PERFORMANCE.md).
- With a heap of a megabyte (ui_bench.LARGE_HEAP, several times what any run needs) the
  same runs go through (the budget test makes that run first): the UI runs in MicroPython
  at all, whatever the budget.
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
LARGE_HEAP = ui_bench.LARGE_HEAP  # 1 MB
ARGS = {
    "cpu": "cpu,%d,%d" % (ui_bench.CPU_SEED, ui_bench.CPU_FRAMES),
    "human": "human,%d,%d" % (ui_bench.HUMAN_SEED, ui_bench.HUMAN_FRAMES),
    "setup": "setup,%d,%d" % (ui_bench.SETUP_SEED, ui_bench.SETUP_FRAMES),
    "hex": "hex,%d,%d,%s" % (ui_bench.HEX_SEED, ui_bench.HEX_FRAMES, ui_bench.HEX_LEVEL),
    "hex-hard": "hex,%d,%d,hard" % (ui_bench.HEX_SEED, ui_bench.HEX_FRAMES),  # in Settings
    # Pocket-Tactics against the CPU's search (engine/ui/sliced.py, thinking as the device's
    # board does): a person against hard from .mpy, the build that offers hard
    # (boards/common.py PT_HARD); from .py a person against normal. (Hard against hard,
    # 108.2 KB, is left to ui_bench.py: a whole game of it takes minutes in the check.)
    "human-hard": "human:hard,%d,%d" % (ui_bench.HUMAN_SEED, ui_bench.HUMAN_FRAMES),
    "human-normal": "human:normal,%d,%d" % (ui_bench.HUMAN_SEED, ui_bench.HUMAN_FRAMES),
    # saved games, which the device's .mpy build has (boards/common.py saves_games) for every
    # game a person plays in: the saving title from power-on, then a new game of two people
    # played by the scripted hand to its end, autosaved at every decision, "Undo last move"
    # chosen every few decisions (the record printed on the console and kept in the store at
    # the end); a person against hard, saved, to its end (the CPU's search rests at each
    # save: engine/ui/sliced.py); and Tactical Hex's screen saving at every decision of its
    # two CPU players (their code loaded too: more than a game of a person against the CPU
    # holds)
    "setup-save": "setup,%d,%d,save,undo" % (ui_bench.SETUP_SEED, ui_bench.SAVE_FRAMES),
    "human-hard-save": "human:hard,%d,%d,save" % (ui_bench.HUMAN_SEED, ui_bench.SAVE_FRAMES),
    # the same game switched off at its 60th action (the driver's off field: the store it
    # left, ui_bench.continue_store), then from power-on the saving title's Continue, the
    # record replayed over frames and the game played on to its end
    "human-hard-continue": "human:hard,%d,%d,save,continue" % (ui_bench.HUMAN_SEED,
                                                                ui_bench.SAVE_FRAMES),
    "hex-save": "hex,%d,%d,%s,save" % (ui_bench.HEX_SEED, ui_bench.HEX_FRAMES,
                                       ui_bench.HEX_LEVEL),
    # Tactical Hex through the buttons (tools/mpcheck/drivers/ui_hex.py "hand"): a person
    # against the CPU, saved as the device saves it (every game a person plays in),
    # "Undo last move" chosen every few decisions
    "hex-hand-save": "hand,%d,%d,%s,save,undo" % (ui_bench.HEX_SEED, ui_bench.HAND_FRAMES,
                                                  ui_bench.HEX_LEVEL),
    # the device's replay viewer in an interpreter of its own (viewer.py), stepped forward
    # and back through the record the store kept at a game's end: a Pocket-Tactics game and
    # a Tactical Hex game (the longest of ui_bench.VIEW_SEEDS' kind)
    "view": "view,0,0",  # tools/mpcheck/drivers/ui_view.py
    "view-hex": "view,0,0",
}
SCREENS = {
    "cpu": {"info", "assault", "over"},
    "human": {"cursor", "menu", "card", "info", "forecast", "assault"},
    "setup": {"menu", "builder"},
    "hex": set(),  # Tactical Hex's screen: the map, marks, status line, CPU thinking
    "hex-hard": set(),
    "human-hard": {"cursor", "menu", "card", "info", "forecast", "assault"},
    "human-normal": {"cursor", "menu", "card", "info", "forecast", "assault"},
    "setup-save": {"menu", "builder", "cursor", "card", "info", "assault"},
    "human-hard-save": {"cursor", "menu", "card", "info", "forecast", "assault", "over"},
    "human-hard-continue": {"cursor", "menu", "card", "info", "forecast", "assault", "over"},
    "hex-save": set(),
    "hex-hand-save": set(),
    "view": {"replay"},
    "view-hex": {"replay"},
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

    def tree(mode, kind=""):
        ruleset = 2 if kind == "view-hex" else 1  # the game whose record the view kind shows
        if (mode, ruleset) not in made:
            made[mode, ruleset] = ui_bench.tree_files(
                mode, str(tmp_path_factory.mktemp("ui-" + mode)), view_ruleset=ruleset)
        if kind.endswith("-continue"):  # with the store its game was switched off with
            if (mode, kind) not in made:
                made[mode, kind] = ui_bench.continue_store(
                    ARGS[kind].replace(",continue", ""), mode, made[mode, ruleset],
                    str(tmp_path_factory.mktemp("cont-" + mode)))
            return made[mode, kind]
        return made[mode, ruleset]

    return tree


def _kb(n):
    return "%.1f KB" % ((n or 0) / 1024.0)


def _where(steps, kind):
    """What the driver's step number ``steps`` (1-based) does."""
    if kind.startswith("setup"):
        return "step %d of the title and the battle after it" % steps
    if kind.startswith("view"):
        return "step %d of the device's viewer.py (tools/mpcheck/drivers/ui_view.py)" % steps
    spec = importlib.util.spec_from_file_location("ui_battle_host", ui_bench.DRIVER)
    drv = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(ui_bench.DRIVER))  # its presses.py
    try:
        spec.loader.exec_module(drv)
    finally:
        sys.path.pop(0)
    mods = drv.MODULES
    if kind.startswith("hex"):
        return "step %d of the Tactical Hex driver (tools/mpcheck/drivers/ui_hex.py)" % steps
    n = len(mods)
    if steps <= n:
        return "importing " + mods[steps - 1]
    return ("making the board", "making the battle")[steps - n - 1] if steps <= n + 2 else \
        "frame %d" % (steps - n - 2)


def _check_end(res, kind):
    end = [line for line in res.lines if line.startswith("END ")]
    seen = [line for line in res.lines if line.startswith("SEEN")]
    assert len(end) == 1 and len(seen) == 1, res.lines[-5:]
    phase, frames = end[0].split()[1:]
    if kind.startswith("view"):  # the viewer ran and closed
        assert "REPLAYS 1" in res.lines, res.lines[-6:]
    elif kind.startswith("cpu"):
        assert phase == "over"
    elif kind == "setup":
        assert int(frames) == ui_bench.SETUP_FRAMES  # the battle ran its frames
    elif kind == "setup-save":  # played to its end: the record exported, the save cleared
        assert phase == "over" and int(frames) < ui_bench.SAVE_FRAMES
        assert "SAVES 1" in res.lines
    elif kind in ("human-hard-save", "human-hard-continue"):  # played to its end: the
        # record written in the store
        assert phase == "over" and int(frames) < ui_bench.SAVE_FRAMES
        assert "SAVES 1" in res.lines
    elif kind.startswith("hex"):
        cap = ui_bench.HAND_FRAMES if kind.startswith("hex-hand") else ui_bench.HEX_FRAMES
        assert phase == "over" or int(frames) == cap
    else:
        assert phase == "over" or int(frames) == ui_bench.HUMAN_FRAMES
    assert SCREENS[kind] <= set(seen[0].split()[1:]), seen[0]
    if kind.startswith("hex-hand"):  # the hand played Japan's side
        hand = [line.split() for line in res.lines if line.startswith("HAND ")]
        assert hand and int(hand[0][1]) >= 40, res.lines[-6:]
    if kind.endswith("-save"):  # the autosave wrote the store, a save per decision
        saved = [int(line.split()[1]) for line in res.lines if line.startswith("SAVED ")]
        assert saved and saved[0] > 20, res.lines[-6:]
    if kind == "setup-save":  # Undo chosen and done (the device undoes)
        undos = [int(line.split()[1]) for line in res.lines if line.startswith("UNDOS ")]
        assert undos and undos[0] > 5, res.lines[-6:]
        # the game played to its end and the title drawn again, with the battle let go
        assert "TITLE again" in res.lines, res.lines[-6:]
    if kind == "human-hard-continue":  # continued: its record replayed, then saved again
        resumed = [int(line.split()[1]) for line in res.lines if line.startswith("RESUMED ")]
        saved = [int(line.split()[1]) for line in res.lines if line.startswith("SAVED ")]
        assert resumed and resumed[0] >= 60 and saved and saved[0] > 10, res.lines[-6:]
    if kind == "hex-hand-save":
        hand = [line.split() for line in res.lines if line.startswith("HAND ")]
        assert int(hand[0][2]) > 2, hand  # Undo chosen


@pytest.fixture(scope="module")
def through(trees):
    """The run of each kind with LARGE_HEAP (cached: the budget test reads how many
    names it interns)."""
    made = {}

    def run(kind, mode):
        if (kind, mode) not in made:
            made[kind, mode] = ui_bench.run_ui(ARGS[kind], mode, heap=LARGE_HEAP,
                                               tree=trees(mode, kind),
                                               hex_screen=kind.startswith("hex"),
                                               view=kind.startswith("view"))
        return made[kind, mode]

    return run


# Tactical Hex at normal from .mpy runs saved only ("hex-save"): the same game, seed and
# frames as "hex" with the saving code on top (110.0 KB against 102.0), so the unsaved run
# would add minutes to the suite and nothing to what it holds
@pytest.mark.parametrize("kind,mode", [(k, m) for k in ("cpu", "human", "setup", "hex", "hex-hard")
                                       for m in ("mpy", "py") if (k, m) != ("hex", "mpy")]
                         + [("human-hard", "mpy"), ("human-normal", "py"),
                            ("setup-save", "mpy"), ("human-hard-save", "mpy"),
                            ("human-hard-continue", "mpy"), ("hex-save", "mpy"),
                            ("hex-hand-save", "mpy"), ("view", "mpy"), ("view-hex", "mpy")])
def test_battle_fits_heap_budget(kind, mode, trees, through):
    # The heap given is the device budget plus what only the check holds: the interpreter's
    # start, the driver and the stand-ins' code (ui_bench.check_overhead), and the blocks
    # of the table of names its own names cost the game (ui_bench.names_credit: negative
    # when the device needs more).
    big = through(kind, mode)
    assert big.ok, big.error  # with a megabyte: the UI runs in MicroPython at all
    _check_end(big, kind)
    names = ui_bench.names_of(big)
    heap, over = ui_bench.device_budget(mode, trees(mode, kind), run_names=names,
                                        hex_screen=kind.startswith("hex"),
                                        view=kind.startswith("view"))
    assert 0 < over < 44 * 1024, over  # the check's own: about 31-42 KB
    res = ui_bench.run_ui(ARGS[kind], mode, heap=heap, tree=trees(mode, kind),
                          hex_screen=kind.startswith("hex"), view=kind.startswith("view"))
    assert res.ok, "%s, %s: over the %s budget %s (step %d; so far allocated %s, live %s, " \
        "the check's own %s)\n%s" % (kind, mode, _kb(BUDGET[mode]), _where(res.steps, kind),
                                     res.steps, _kb(res.peak_heap), _kb(res.peak_live_heap),
                                     _kb(over), res.error)
    _check_end(res, kind)
    assert ui_bench.names_of(res) == names  # the same run: the credit was the right one


def test_the_device_offers_hard_and_saves_from_the_mpy_build_only(trees):
    # boards/common.py MPY_BUILD: a battle against hard and the saving title with its
    # autosaved battle fit the budget from .mpy (above), not from .py source
    # (docs/PERFORMANCE.md), so only the .mpy build offers them (a few frames of the
    # human run print what the board offers)
    for mode, offered in (("mpy", "1"), ("py", "0")):
        res = ui_bench.run_ui("human,%d,40" % ui_bench.HUMAN_SEED, mode, heap=LARGE_HEAP,
                              tree=trees(mode))
        assert res.ok, res.error
        assert "PT_HARD " + offered in res.lines, (mode, res.lines[-6:])
        assert "SAVES " + offered in res.lines, (mode, res.lines[-6:])


def test_names_credit_follows_the_table_blocks():
    # blocks of 20, 40, 80, ... names; 7 bytes a name, 32 a head
    assert ui_bench.pool_bytes(0) == 0
    assert ui_bench.pool_bytes(20) == 7 * 20 + 32
    assert ui_bench.pool_bytes(21) == 7 * 60 + 64
    assert ui_bench.pool_bytes(1260) == 7 * 1260 + 6 * 32
    # the check's 328 names take the blocks up to 620; 931 more end in the 640 block in the
    # check but need blocks up to 1260 on the device: the device needs 4500 bytes more
    assert ui_bench.names_credit(328, 1259) == -4500
    # 987 more cross into the 1280 block in the check only
    assert ui_bench.names_credit(328, 1315) == 7 * 1280 + 32 - 4500


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


def test_every_card_is_written_in_micropython(trees):
    # The unit browser and Select show these; MicroPython's str has fewer methods than
    # CPython's (no capitalize, title, ...), so each card is written there once.
    from engine.pocket_tactics.consts import NONE
    from engine.pocket_tactics.tables import N_FEATURES, N_TERRAINS, N_UNITS
    from engine.ui import cards

    res = ui_bench.run_ui("cards,0,0", "mpy", heap=LARGE_HEAP, tree=trees("mpy"))
    assert res.ok, res.error
    got = [line[5:] for line in res.lines if line.startswith("CARD ")]
    want = [" / ".join(cards.type_card(ty)) for ty in range(N_UNITS)]
    want += [" / ".join(cards.place_card(t, NONE)) for t in range(N_TERRAINS)]
    want += [" / ".join(cards.place_card(-1, f)) for f in range(N_FEATURES)]
    assert got == want
