# SPDX-License-Identifier: MIT
"""The CircuitPython tier (DESIGN.md §6): the engine's checks run by CircuitPython's own
interpreter (circuitpython-unix32: 32-bit objects, the SAMD51's heap settings) on the device
build, its .mpy files compiled by CircuitPython's own mpy-cross (tools/cpcheck/). The heap
has a fixed size and the collector runs only when an allocation fails, as on the device, so
a run that passes in a heap of N bytes fits a device heap of N bytes, fragmentation included.

- CPU-against-CPU games of both rulesets at every level, Pocket-Tactics at 50 and 100
  points, from .py and from .mpy, each in its budget less 2 KB (engine: 64 KB from .mpy,
  96 KB from .py), end in exactly the state CPython reaches with the same actions, and
  CPython's own CPU players choose those actions;
- records made on CPython replay to the same state bytes;
- random playouts keep the invariants after every action;
- the save store's power-cut model gives the same outcomes as on CPython (in a larger heap:
  the model of the flash lives in it, MODEL_HEAP);
- a tree installed by tools/deploy.py carries CircuitPython's .mpy header in every .mpy
  file and plays a whole game.

The UI's heap runs are CircuitPython's too (tests/test_ui_memory.py): the unix port has no
displayio, so the game's programs run there over the check's stand-ins of the native
modules (tools/mpcheck/standins/), which take the heap the device's C objects take. Without CircuitPython's binaries (tools/circuitpython.py: $CIRCUITPYTHON_BIN or
../shared/circuitpython) these tests are skipped with the reason, and the test run ends
with one line saying the tier did not run (tests/conftest.py); with CI=true they fail.
"""
import binascii
import importlib.util
import io
import os
import subprocess
import sys

import pytest

from engine.core.protocol import step
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer
from engine.pocket_tactics.saves import record_for, replay
from engine.pocket_tactics.state import State

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "tools", "cpcheck"), os.path.join(ROOT, "tools", "mpcheck")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import cpcheck  # noqa: E402
import mpcheck  # noqa: E402
from runs import BUDGET, HEX_GAMES, PT_GAMES, SPARE, TICK, hex_arg, pt_arg  # noqa: E402

DRIVERS = os.path.join(ROOT, "tools", "mpcheck", "drivers")
# The save store's check holds its models of the flash (two 8 KB images and the image being
# programmed) and of the file copy in the heap, which the device keeps outside it: its
# figure is the model's, so it runs in a heap of this size.
MODEL_HEAP = 256 * 1024
EXTRA = [os.path.join(DRIVERS, name) for name in (
    "pt_ai.py", "pt_replay.py", "pt_playout.py", "hx_playout.py", "savestore_check.py")] + [
    os.path.join(ROOT, "tests", name) for name in (
        "invariants.py", "hex_invariants.py", "powercut.py")]


def _binaries():
    try:
        return cpcheck.binaries(), None
    except cpcheck.CpcheckError as e:
        return None, str(e)


def _need_binaries():
    """CircuitPython's binaries; without them the test is skipped saying why (in CI it
    fails: CI has them)."""
    bins, why = _binaries()
    if bins is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the CircuitPython tier cannot run in CI: %s" % why)
        pytest.skip("the CircuitPython tier did not run: %s" % why)
    return bins


_trees = {}


def _tree(mode):
    """The built tree of ``mode``, one per test process."""
    _need_binaries()
    if mode not in _trees:
        _trees[mode] = cpcheck.Tree(mode, EXTRA)
    return _trees[mode]


@pytest.fixture(scope="module", params=["mpy", "py"])
def tree(request):
    yield _tree(request.param)


def teardown_module():
    for t in _trees.values():
        t.close()


def _fits(tree, driver, arg):
    """The run in the mode's budget less SPARE; asserts it passed."""
    heap = BUDGET[tree.mode] - SPARE
    res = tree.run(driver, arg, heap)
    assert res.ok, "%s (%s) does not fit %d bytes:\n%s" % (driver, arg[:60], heap, res.error)
    return res


def _end(res):
    end = [line.split() for line in res.lines if line.startswith("END ")]
    assert len(end) == 1, res.lines[-3:]
    return end[0]


def _actions(res):
    return [int(line.split()[1]) for line in res.lines if line.startswith("A ")]


@pytest.mark.parametrize("level,limit,seed,factions", PT_GAMES)
def test_pocket_tactics_cpu_game_fits_and_matches_cpython(tree, level, limit, seed, factions):
    fa, fb = factions
    res = _fits(tree, "pt_ai", pt_arg(level, limit, seed, factions))
    winner, turns, state_hex = _end(res)[1:]
    searched = [line for line in res.lines if line.startswith("D ") and
                int(line.split()[3]) > 0]
    assert searched, "the CPU never searched"
    rec = record_for(suggested(fa, fb, limit), seed)
    rec.actions = _actions(res)
    st = replay(rec)  # the same actions, checked by CPython's rules
    assert st.encode().hex() == state_hex
    assert (str(st.winner()), str(st.turn)) == (winner, turns)


@pytest.mark.parametrize("level,seed", HEX_GAMES)
def test_tactical_hex_cpu_game_fits_and_matches_cpython(tree, level, seed):
    from engine.tactical_hex.saves import record_for as hex_record, replay as hex_replay

    res = _fits(tree, "pt_ai", hex_arg(level, seed))
    state_hex = _end(res)[3]
    rec = hex_record(seed)
    rec.actions = _actions(res)
    assert hex_replay(rec).encode().hex() == state_hex


def _driver_on_cpython(path, arg):
    """The lines a driver prints when CPython runs it (the same code, the same clock)."""
    spec = importlib.util.spec_from_file_location("cpython_driver", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = io.StringIO()
    old = sys.stdout
    sys.stdout = out
    try:
        mod.setup(arg)
        while mod.step():
            pass
    finally:
        sys.stdout = old
    return [line for line in out.getvalue().split("\n") if line]


@pytest.mark.parametrize("game", [(5, 2, 4, "hard", "normal"), (6, "hex", 0, "normal", "easy")])
def test_cpython_cpu_players_choose_the_same_actions(game):
    # one build is enough: the choices do not depend on the form of the code
    arg = mpcheck.pt_ai_arg(*game, tick=TICK)
    res = _fits(_tree("mpy"), "pt_ai", arg)
    here = _driver_on_cpython(os.path.join(DRIVERS, "pt_ai.py"), arg)
    assert [line for line in res.lines if line[0] in "ADE"] == \
        [line for line in here if line[0] in "ADE"]


def test_cpython_records_replay_to_the_same_bytes(tree):
    for seed in (5, 6, 7):
        nf = T.N_FACTIONS
        cfg = suggested(seed % nf, (seed + 2) % nf, 100 if seed == 7 else 50)
        st = State(cfg, seed)
        rec = record_for(cfg, seed)
        players = [RandomPlayer(seed), GreedyPlayer(seed + 1)]
        while True:
            a = step(st, players)
            if a is None:
                break
            rec.actions.append(a)
        res = _fits(tree, "pt_replay", binascii.hexlify(rec.encode()).decode())
        assert res.lines[-1] == "END " + st.encode().hex()


def test_random_playouts_keep_the_invariants(tree):
    games = 12
    res = tree.run("pt_playout", "100,%d" % games, BUDGET[tree.mode])
    assert res.ok, res.error
    assert len([line for line in res.lines if line.startswith("GAME ")]) == games
    from test_hex_playouts import playout

    res = tree.run("hx_playout", "500,%d" % games, BUDGET[tree.mode])
    assert res.ok, res.error
    done = [line.split()[1:] for line in res.lines if line.startswith("GAME ")]
    assert len(done) == games and res.lines[-1] == "DONE"
    for seed, winner, n, state_hex in done:
        assert playout(int(seed)).encode().hex() == state_hex, "game %s differs" % seed


def test_save_store_power_cuts_as_on_cpython(tree):
    res = tree.run("savestore_check", "3,6", MODEL_HEAP)
    assert res.ok, res.error
    here = _driver_on_cpython(os.path.join(DRIVERS, "savestore_check.py"), "3,6")
    assert res.lines == here
    assert any(line.startswith("LOAD ") for line in here)


def test_a_deployed_tree_is_circuitpythons_and_plays(tmp_path):
    bins = _need_binaries()
    sys.path.insert(0, ROOT)
    from tools import circuitpython, deploy

    dest = tmp_path / "CIRCUITPY"
    dest.mkdir()
    lines = []
    deploy.deploy(str(dest), out=lines.append)  # CircuitPython's mpy-cross is found
    mpys = []
    for folder, _, files in os.walk(dest):
        for name in files:
            if name.endswith(".mpy"):
                with open(os.path.join(folder, name), "rb") as f:
                    assert circuitpython.is_circuitpython_mpy(f.read(4)), name
                mpys.append(name)
    from tools import shortnames

    battle = shortnames.device_path("engine/ui/pt/battle.py", shortnames.modules_map())
    assert len(mpys) > 40 and not os.path.exists(dest / battle)
    assert os.path.exists(dest / (battle[:-3] + ".mpy"))
    # a whole game on the installed engine, under CircuitPython

    cfg = suggested(1, 3, 50)
    game = dest / "game_check.py"
    game.write_text(shortnames.device_build({"game_check.py": (
        "from engine.core.protocol import step\n"
        "from engine.pocket_tactics.config import Config\n"
        "from engine.pocket_tactics.players import GreedyPlayer\n"
        "from engine.pocket_tactics.state import State\n"
        "cfg = Config(%r, %r, %r, %r, %r, %r, %r)\n"
        "st = State(cfg, 9)\n"
        "ps = [GreedyPlayer(1), GreedyPlayer(2)]\n"
        "n = 0\n"
        "while step(st, ps) is not None:\n"
        "    n += 1\n"
        "print('END', st.winner(), n)\n" % (cfg.factions, cfg.units, cfg.spells, cfg.tiles,
                                            cfg.central, cfg.features, cfg.limit))}
    )["game_check.py"])  # the device build's names and modules
    p = subprocess.run([bins[1], "-X", "heapsize=%d" % (BUDGET["mpy"] - SPARE), game.name],
                       cwd=str(dest), capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    here = State(cfg, 9)
    ps = [GreedyPlayer(1), GreedyPlayer(2)]
    n = 0
    while step(here, ps) is not None:
        n += 1
    assert p.stdout.split() == ["END", str(here.winner()), str(n)]


def test_the_device_time_kernel_does_the_same_work_on_both_interpreters():
    """tools/devicetime.py: the engine's kernel chooses the same actions under CircuitPython
    as under CPython (calibrate() raises otherwise), and the factor it measures is of the
    order a microcontroller's is (tens to thousands of times slower than this machine)."""
    _need_binaries()
    from tools import devicetime

    for ruleset in ("pt", "hex"):
        cal = devicetime.calibrate(ruleset, repeats=1)
        assert cal.k_cp > 0 and cal.k_py > 0 and cal.cp_pystones > devicetime.DEVICE_PYSTONES
        assert 20 < cal.factor < 5000, cal.line()
