# SPDX-License-Identifier: MIT
"""Checks that must hold after every action of any Tactical Hex game (CPython and the
MicroPython check). ``Watch`` remembers the last position to check what changed."""
from engine.core.protocol import IllegalAction
from engine.tactical_hex.consts import K_STEP, NONE, OFF, PH_INIT, PH_INIT2, PH_RESET, action
from engine.tactical_hex.counters import is_special
from engine.tactical_hex.saves import problem


class Watch:
    def __init__(self, st):
        self.hexes = bytes(st.u_hex)
        self.faces = bytes(st.u_face)
        self.phase = st.phase
        self.turn = st.turn

    def check(self, st):
        """The position is consistent (saves.problem: one unit per hex at rest, no unit in
        a river, spent flags clear at the start of a turn, ...), and since the last check
        every counter only flipped to its back or left the map - except in the reset
        (B3.7), where one may flip back and the MG/cavalry counters switch."""
        why = problem(st)
        assert why is None, why
        resetting = self.phase == PH_RESET
        for u in range(len(st.u_hex)):
            was = self.hexes[u]
            if was == OFF:
                assert st.u_hex[u] == OFF, "counter %d came back" % u
            if was < OFF and st.u_hex[u] < OFF:
                f0 = self.faces[u]
                f1 = st.u_face[u]
                if f0 != f1:
                    assert f1 == 1 and not is_special(u) or resetting, \
                        "counter %d turned from side %d to %d outside the reset" % (u, f0, f1)
        if st.phase == PH_INIT and self.phase not in (PH_INIT, PH_INIT2) and self.turn:
            assert st.turn == self.turn + 1, "the turn did not advance"
        self.hexes = bytes(st.u_hex)
        self.faces = bytes(st.u_face)
        self.phase = st.phase
        self.turn = st.turn


def illegal_example(legal):
    for a in (0, 7, action(K_STEP, 0, 7), action(K_STEP, 17, 0), action(99), -1):
        if a not in legal:
            return a
    return None


def check_illegal_refused(st, legal):
    a = illegal_example(legal)
    before = st.encode()
    try:
        st.apply(a)
    except IllegalAction:
        pass
    else:
        raise AssertionError("illegal action %r was accepted" % a)
    assert st.encode() == before, "an illegal action changed the state"


__all__ = ["Watch", "check_illegal_refused", "NONE"]
