# SPDX-License-Identifier: MIT
"""The CPU levels in scripted Pocket-Tactics positions (engine/pocket_tactics/cpu.py): a win
in one is taken at every level, a free capture is taken and a threatened unit saved by
"normal" and "hard". Cards are pinned (tests/helpers.py), so a change of the data does not
change the position; each level decides from several seeds of its own."""
from helpers import describe, do, pin, pin_feature, pin_plain, position, row, uid

from engine.pocket_tactics.state import State

from engine.pocket_tactics.cpu import LEVELS, make_cpu

A1, A2 = "company_trooper", "company_scout"
B1, B2 = "goblin_rascal", "goblin_thug"
SEEDS = range(4)


def _choices(st, levels):
    """{level: set of the actions chosen (notation) over SEEDS}."""
    out = {}
    for level in levels:
        out[level] = {describe(st, make_cpu(level, seed).choose(st)) for seed in SEEDS}
    return out


def _two_rows():
    return row(0, 5, 0) + row(0, 5, 1)


def test_a_win_in_one_is_taken_at_every_level(monkeypatch):
    # RULES A10: holding every feature wins at once. A holds the village; the tower next to
    # A2 is empty: "move A2 2,0" wins now. An assault on B1 beside A2 tempts, and every
    # other move is a step somewhere.
    pin_plain(monkeypatch, A1, A2, B1, B2)
    pin_feature(monkeypatch, "village")
    pin_feature(monkeypatch, "tower")
    tiles = [("0,0", "grid", "village"), "1,0", ("2,0", "grid", "tower"), "3,0", "4,0",
             "0,1", "1,1", "2,1", "3,1", "4,1"]
    st = position(tiles, [("A", A1, "0,0"), ("A", A2, "1,0"), ("B", B1, "1,1"),
                          ("B", B2, "4,1")])
    for level, chosen in _choices(st, LEVELS).items():
        assert chosen == {"move A2 2,0"}, (level, chosen)


def _face_off(monkeypatch, a1_off, b1_off):
    """A1 beside B1 (one DEF die each, ``a1_off`` and ``b1_off`` OFF dice), A2 and B2 plain
    and far from them, on two rows of tiles with no features."""
    pin(monkeypatch, A1, off=a1_off, def_=1)
    pin_plain(monkeypatch, A2, B2)
    pin(monkeypatch, B1, off=b1_off, def_=1)
    return position(_two_rows(), [("A", A1, "2,0"), ("A", A2, "0,1"), ("B", B1, "3,0"),
                                  ("B", B2, "5,1")])


def test_a_free_capture_is_taken_by_normal_and_hard(monkeypatch):
    # A1 (three OFF dice) stands beside B1, which has no OFF dice and cannot strike back
    # (RULES A6): the assault risks nothing and wins B1 most of the time. Nothing else on
    # the map is worth as much (no features; B2 far away).
    st = _face_off(monkeypatch, 3, 0)
    for level, chosen in _choices(st, ("normal", "hard")).items():
        assert chosen == {"assault A1 B1"}, (level, chosen)


def test_a_threatened_unit_is_saved_by_normal_and_hard(monkeypatch):
    # B1 (three OFF dice) stands beside A1, which cannot strike (no OFF dice) and falls to
    # one roll of B1 most of the time: A's one action (RULES A3) should take A1 out of B1's
    # reach (two hexes or more from it), not move A2 about.
    st = _face_off(monkeypatch, 0, 3)
    for level, chosen in _choices(st, ("normal", "hard")).items():
        for text in chosen:
            after = State(st.cfg)
            after.copy_from(st)
            do(after, text)
            a1 = after.u_tile[uid(after, "A1")]
            b1 = after.u_tile[uid(after, "B1")]
            assert after.board.route(a1, b1) >= 2, (level, text)
