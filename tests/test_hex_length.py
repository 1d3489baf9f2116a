# SPDX-License-Identifier: MIT
"""tools/bench/hex_length.py, the measure of Tactical Hex's game length (RULINGS.md B9): a
handful of games here; docs/TACTICAL_HEX.md has the tool's figures."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import hex_length  # noqa: E402

from engine.tactical_hex import tables as T  # noqa: E402


def test_wilson_interval():
    lo, hi = hex_length.wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert hex_length.wilson(0, 20)[0] == 0.0 and hex_length.wilson(20, 20)[1] == 1.0


def test_a_game_tells_its_winner_and_whether_the_limit_decided_it():
    for g in range(4):
        side, winner, turns, by_limit = hex_length.play(("greedy", g, 0))
        assert side == g % 2 and winner in (0, 1) and 1 <= turns <= T.TURNS
        # RULES B9: decided in play when a side fell to the threshold; else the limit
        # (RULINGS B9) gave the game to the side that holds out, on the last turn
        if by_limit:
            assert winner == T.HOLDS_OUT and turns == T.TURNS


def test_the_table_adds_up(capsys):
    hex_length.main(["--games", "6", "--players", "greedy", "--jobs", "1", "--turns",
                     str(T.TURNS + 2)])
    out = capsys.readouterr().out
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 4 and cells[1].isdigit():
            rows[cells[0]] = int(cells[1])
    assert rows["Japan wins"] + rows["Russia wins"] == 6
    assert rows["decided by the turn limit"] == (rows["Japan wins by the limit"]
                                                 + rows["Russia wins by the limit"])
    assert "a limit of %d turns" % (T.TURNS + 2) in out
    assert "| %d |" % (T.TURNS + 2) in out  # the what-if rows run up to the limit played
