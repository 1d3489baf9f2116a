# SPDX-License-Identifier: MIT
"""The game's programs under CircuitPython (tools/cpcheck/: circuitpython-unix32, 32-bit
objects and the SAMD51's heap settings; the collector runs when an allocation fails, as on
the device), each in an interpreter of its own as on the device (the title, the battle, the
replay viewer: engine/ui/kit/app.py), on the PyGamer board adapter over the stand-ins of the
native modules (tools/mpcheck/standins/), played by the scripted hands of
tools/mpcheck/drivers/ (ui_program.py, driven by tools/cpcheck/uicp.py);
tools/bench/ui_bench.py builds the tree, makes the stores the runs start from and prints
each run's device figure.

- Every run goes through and ends as it should (the program returns the next program's
  name, or the frame cap stops it), showing the screens it is there for.
- Every run fits its budget less 2 KB (110 KB with the code loaded from .mpy, 140 KB from
  .py; the heap given is that plus the check's own part, ui_bench.CpTree.own_part).
- The title hands its new game to the battle program through the store it leaves, the same
  bytes under CircuitPython as on CPython.
- Each stand-in object takes the heap its C object takes on the device, plus at most the
  Python object's own overhead (tools/mpcheck/standins/README.md); the table of interned
  names grows as ui_bench.CP_NAMES says.
"""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import ui_bench  # noqa: E402  (puts tools/cpcheck on the path)

cpcheck = ui_bench.cpcheck

BUDGET = ui_bench.BUDGET  # {"mpy": 110 KB, "py": 140 KB}
KB = 1024
SCREENS = {
    "title": {"menu", "rules", "text", "browser", "settings", "builder", "tiles", "draft"},
    "title-continue": {"menu", "continue", "builder", "tiles"},
    "title-battle": set(),
    "cpu": {"over"},
    "human": {"cursor", "menu", "card", "info", "forecast", "assault"},
    "hard": {"cursor", "menu", "card", "info", "forecast", "assault", "over"},
    "hard-continue": {"loading", "menu", "forecast", "assault", "over"},
    "hotseat-undo": {"cursor", "menu", "assault", "over"},
    "normal": {"cursor", "menu", "forecast", "assault", "over"},
    "hex-normal": set(),
    "hex-hard": set(),
    "hex-hand-undo": {"menu"},
    "view-pt": {"replay", "back", "end"},
    "view-hex": {"replay", "back", "end"},
}
NEXT = {"title": "battle", "title-continue": "battle", "view-pt": "title", "view-hex": "title"}
TO_THE_END = ("cpu", "hard", "hard-continue", "hotseat-undo", "normal")
CASES = [(run.name, mode) for mode in ("mpy", "py") for run in ui_bench.RUNS
         if mode in run.modes]


@pytest.fixture(scope="module")
def trees():
    try:
        cpcheck.binaries()
    except cpcheck.CpcheckError as e:
        if os.environ.get("CI") == "true":
            pytest.fail("the CircuitPython tier cannot run in CI: %s" % e)
        pytest.skip("the CircuitPython tier did not run: %s" % e)
    made = {}

    def tree(mode):
        if mode not in made:
            made[mode] = ui_bench.CpTree(mode)
        return made[mode]

    yield tree
    for t in made.values():
        t.close()


def _line(res, head):
    got = ui_bench.lines_of(res, head)
    assert len(got) == 1, (head, res.lines[-8:])
    return got[0]


def _check_end(name, mode, res):
    """The run ended as it should and showed what it is there for."""
    run = ui_bench.RUN[name]
    seen = set(_line(res, "SEEN").split())
    nxt = _line(res, "NEXT")
    end, frames = _line(res, "END").split()
    assert SCREENS[name] <= seen, (name, seen)
    if name in NEXT:
        assert nxt == NEXT[name], res.lines[-8:]
    elif name in TO_THE_END:  # a battle played to its end quits for the title
        assert end == "over" and nxt == "title", res.lines[-8:]
    else:  # the frame cap, unless the game ended first
        assert nxt == "title" and end == "over" or nxt == "-" and int(frames) == run.cap, \
            res.lines[-8:]
    saved = ui_bench.lines_of(res, "SAVED")
    if name in ("human", "hard", "hard-continue", "hotseat-undo", "normal", "hex-hand-undo"):
        assert int(saved[0]) > 10, saved  # a save at every decision of a person
    if name.endswith("undo"):  # "Undo last move" chosen
        undos = ui_bench.lines_of(res, "UNDOS") or [_line(res, "HAND").split()[1]]
        assert int(undos[0]) >= (5 if name == "hotseat-undo" else 1), res.lines[-8:]
    if name == "hex-hand-undo":
        assert int(_line(res, "HAND").split()[0]) >= 10  # the hand's decisions
    if name == "hard-continue":  # the game of run "hard" at its action 60, continued
        assert int(_line(res, "RECORD")) >= ui_bench.STOP_AT
    if run.program == "title":  # the CPU at hard is offered from the .mpy build only
        assert ("hard" in seen) == (mode == "mpy"), seen
    if name.startswith("view"):  # the whole record, stepped to its end and back
        store = ui_bench.store_of(run.store)
        assert int(_line(res, "VIEWED")) == len(ui_bench.store_game(store)[0][4])


def _check_title_store(name, res):
    """The title's run left the new game in the store, the same bytes as the same run on
    CPython leaves (the store the title-battle run starts from), and the battle program
    makes its screen from that store (on CPython, the same code)."""
    from boards import stub
    from boards.memstore import MemoryStore
    from engine.core.codec import Reader
    from engine.pocket_tactics.config_check import decode_config
    from engine.pocket_tactics.forces import suggested
    from engine.ui.play import open_battle
    from engine.ui.saving.play import Play

    nvm = ui_bench.nvm_of(res)
    assert nvm is not None and len(nvm) == 8192
    assert nvm == ui_bench.traced(ui_bench.RUN[name])[1]
    got, why = ui_bench.store_game(nvm)
    assert got is not None, why
    play, ruleset, config, seed, actions = got[:5]
    assert ruleset == 1 and len(actions) == 0
    assert Play(play).players == ("normal", "easy")  # CPU normal; the level set: easy
    cfg = decode_config(Reader(config))
    assert cfg.limit == 100
    assert cfg.units[0] != suggested(cfg.factions[0], cfg.factions[1], 100).units[0]
    store = MemoryStore()
    store.data[:] = nvm
    screen = open_battle(stub.make(store=store))
    assert screen.st.version == 0 and screen.saver.log.count == 0


@pytest.mark.parametrize("name,mode", CASES)
def test_program_fits_heap_budget(name, mode, trees):
    tree = trees(mode)
    v = tree.budget_run(ui_bench.RUN[name])
    assert v.ok, "%s from .%s needs more than %s (with the check's own %s): %s" % (
        name, mode, _kb(v.limit), _kb(v.own), (v.res.error or "").strip()[-400:])
    _check_end(name, mode, v.res)
    if ui_bench.RUN[name].program == "title":
        _check_title_store(name, v.res)


def _kb(n):
    return "%.1f KB" % ((n or 0) / 1024.0)


def test_the_table_of_names_grows_as_cp_names_says(trees):
    # blocks of 20, 40, 80, ... names; 6 bytes a name and a 24-byte head, in 16-byte blocks
    assert ui_bench.pool_bytes(0, ui_bench.CP_NAMES) == 0
    assert ui_bench.pool_bytes(20, ui_bench.CP_NAMES) == 144
    assert ui_bench.pool_bytes(21, ui_bench.CP_NAMES) == 144 + 272
    res = trees("mpy").go(ui_bench.RUN["title"], ui_bench.CP_HIGH)
    assert res.ok, res.error
    line = [x for x in res.lines if x.startswith("qstr pool:")][-1]
    info = dict(part.strip().split("=") for part in line[len("qstr pool:"):].split(","))
    n = int(info["n_qstr"])
    assert n > 500
    # qstr_info(): the blocks' heap (gc_nbytes) and the names' text
    assert int(info["n_total_bytes"]) - int(info["n_str_data_bytes"]) == \
        ui_bench.pool_bytes(n, ui_bench.CP_NAMES)


def test_names_credit_follows_the_table_blocks():
    # the check's 328 names take the blocks up to 620; 931 more end in the 640 block in the
    # check but need blocks up to 1260 on the device: the device needs 4500 bytes more
    # (MicroPython's table: 7 bytes a name, 32 a head)
    assert ui_bench.names_credit(328, 1259) == -4500
    assert ui_bench.names_credit(328, 1315) == 7 * 1280 + 32 - 4500
    assert ui_bench.most_credit(328) == 7 * 1280 + 32 - 4500


def test_standin_objects_take_the_device_heap(trees):
    res = trees("mpy").go("costs,-,0,-", ui_bench.OWN_HEAP)
    assert res.ok, res.error
    costs = ui_bench.cost_lines(res)
    assert set(ui_bench.DEVICE) <= set(costs), res.lines
    for name, device in ui_bench.DEVICE.items():
        # a Python instance and its attribute table where the C struct is one block
        assert device <= costs[name] <= device + 32, (name, costs[name], device)


def test_every_card_is_written_in_circuitpython(trees):
    # The unit browser and Select show these; CircuitPython's str has fewer methods than
    # CPython's (no capitalize, title, ...), so each card is written there once.
    from engine.pocket_tactics.consts import NONE
    from engine.pocket_tactics.tables import N_FEATURES, N_TERRAINS, N_UNITS
    from engine.ui.pt import cards

    res = trees("mpy").go("cards,-,0,-", ui_bench.CP_HIGH)
    assert res.ok, res.error
    got = [line[5:] for line in res.lines if line.startswith("CARD ")]
    want = [" / ".join(cards.type_card(ty)) for ty in range(N_UNITS)]
    want += [" / ".join(cards.place_card(t, NONE)) for t in range(N_TERRAINS)]
    want += [" / ".join(cards.place_card(-1, f)) for f in range(N_FEATURES)]
    assert got == want
