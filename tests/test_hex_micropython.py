# SPDX-License-Identifier: MIT
"""Tactical Hex in the MicroPython check (DESIGN.md §6): random games keep the invariants
after every action inside the real interpreter, within the engine's heap budget from .mpy,
and end in the same state bytes as the same games on CPython."""
import os
import sys

from test_hex_playouts import playout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))
import mpcheck  # noqa: E402

DRIVERS = os.path.join(ROOT, "tools", "mpcheck", "drivers")
HEAP = 64 * 1024  # the engine's budget from .mpy (issue "rules engine", Tactical Hex issue)


def test_random_games_keep_invariants_and_match_cpython_in_micropython():
    games = 24
    res = mpcheck.run(os.path.join(DRIVERS, "hx_playout.py"), "500,%d" % games, mode="mpy",
                      heap=HEAP,
                      extra_files=[os.path.join(ROOT, "tests", "hex_invariants.py")])
    assert res.ok, res.error
    done = [line.split()[1:] for line in res.lines if line.startswith("GAME ")]
    assert len(done) == games and res.lines[-1] == "DONE"
    for seed, winner, n, state_hex in done:
        st = playout(int(seed))
        assert st.encode().hex() == state_hex, "game %s differs from CPython" % seed
        assert str(st.winner()) == winner
    print("Tactical Hex: %d random games in MicroPython, heap peak %.1f KB (.mpy, budget %d KB)"
          % (games, res.peak_heap / 1024, HEAP // 1024))


def test_cpu_game_fits_the_engine_heap_in_micropython():
    # the CPU at "normal" against the greedy player, thinking eight plies a slice as the
    # UI drives it, its time limit scaled for this machine (x18: docs/PERFORMANCE.md)
    res = mpcheck.run(os.path.join(DRIVERS, "pt_ai.py"), mpcheck.pt_ai_arg(3, "hex", 0, "normal", "greedy"),
                      mode="mpy", heap=HEAP)
    assert res.ok, res.error
    decisions = [line.split() for line in res.lines if line.startswith("D ")]
    assert any(int(d[3]) > 0 for d in decisions), "the CPU never searched"
    end = [line for line in res.lines if line.startswith("END ")]
    assert len(end) == 1 and end[0].split()[1] in ("0", "1")


def test_cpython_records_replay_to_the_same_bytes_in_micropython():
    from engine.core.protocol import CHANCE, TERMINAL, sample_chance
    from engine.core.rng import Rng
    from engine.tactical_hex.saves import record_for
    from engine.tactical_hex.state import State

    st = State(21)
    rec = record_for(21)
    pick = Rng(8)
    while st.to_act() != TERMINAL:
        legal = st.legal_actions()
        a = sample_chance(st) if st.to_act() == CHANCE else legal[pick.below(len(legal))]
        st.apply(a)
        rec.actions.append(a)
    # (the bytes are the point here: the heap of whole games is measured above)
    res = mpcheck.run(os.path.join(DRIVERS, "pt_replay.py"), rec.encode().hex(), mode="mpy")
    assert res.ok, res.error
    assert res.lines[-1] == "END " + st.encode().hex()

