# SPDX-License-Identifier: MIT
"""Shared helpers of the Tactical Hex game tests: a position set up directly (no deployment),
and actions applied one after another with every die scripted.

Counters (data/tactical_hex/heigoutai_1905.json): 0, 1 the MG/cavalry counters (MG 5 move 2
/ cavalry 3 move 6, defend with 3); 2-4 cavalry 3-6 blank; 5 infantry 4-3 / 2-3; 6 infantry
5-3 / 3-3. Russia: 7-10 infantry 5-3 / 3-3; 11-14 infantry 4-3 / 2-3; 15, 16 infantry 3-3
blank; 17 cavalry 3-5 blank. Tests that depend on these numbers say so by the counter's
number in a comment.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.core.protocol import CHANCE  # noqa: E402
from engine.tactical_hex.consts import (F_SPENT, JAPAN, NONE, OFF, RUSSIA,  # noqa: E402
                                        action)
from engine.tactical_hex.geometry import pack  # noqa: E402
from engine.tactical_hex.state import N, State  # noqa: E402

# far from the middle of the map, where the tests play
JAPAN_SPARES = [pack(c, r) for r in (0, 1) for c in range(4)]
RUSSIA_SPARES = [pack(c, r) for r in (8, 7, 6) for c in range(4) if (c, r) != (3, 6)]


def arrange(placed, phasing=JAPAN, spares=4, spent_spares=True, turn=1):
    """A state in ``phasing``'s first impulse of ``turn``: ``placed`` maps counters to
    (col, row) or (col, row, face); ``spares`` other counters of each side (a number, or
    one for Japan and one for Russia) stand in far corners, spent unless told, so that no
    side is near defeat (B9); the rest are eliminated."""
    if isinstance(spares, int):
        spares = (spares, spares)
    st = State(7)
    st.next_deploy = N
    st.turn = turn
    st.first = phasing
    for u in range(N):
        st.u_hex[u] = OFF
    for u, where in placed.items():
        h = pack(where[0], where[1])
        st.u_hex[u] = h
        st.u_face[u] = where[2] if len(where) > 2 else 0
        st.cell[h] = u
    for side, hexes, n in ((JAPAN, JAPAN_SPARES, spares[0]),
                           (RUSSIA, RUSSIA_SPARES, spares[1])):
        # the last counters first: Japan's MG/cavalry counters (0, 1) only when asked for
        free = [u for u in range(N - 1, -1, -1)
                if u not in placed and (u < 7) == (side == JAPAN)]
        for u, h in zip(free[:n], hexes):
            st.u_hex[u] = h
            st.cell[h] = u
            if spent_spares:
                st.u_flag[u] = F_SPENT
    st.start_impulse(phasing)
    return st


def play(st, *acts):
    """Apply each action; at a chance node the next item must be a die face (1-6)."""
    for a in acts:
        if st.to_act() == CHANCE:
            assert 1 <= a <= 6, "a die face expected at a chance node, got %r" % a
        st.apply(a)
    return st


def at(col, row):
    return pack(col, row)


__all__ = ["arrange", "play", "at", "action", "JAPAN", "RUSSIA", "NONE", "OFF", "N",
           "State", "CHANCE", "F_SPENT"]
