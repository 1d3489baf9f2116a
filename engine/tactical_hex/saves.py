# SPDX-License-Identifier: MIT
"""Saving and loading Tactical Hex states and game records, and the consistency check a
loaded state must pass (also used by the tests after every action). Imported only when a
game is saved, loaded or replayed."""
from engine.core.codec import DecodeError, unframe

from . import tables as T
from .consts import (F_ATT, F_DEF, F_MOVED, F_SPENT, NONE, OFF, PH_COMBAT, PH_DEPLOY, PH_FIRE, PH_HITS,
                     PH_INIT, PH_MELEE, PH_MOVE, PH_OPFIRE, PH_OVER, PH_SUSTAIN, RULESET_ID)
from .counters import is_special, side_of
from .movement import is_river
from .encoding import ENCODED, MAGIC, VERSION, encode  # noqa: F401  (encode: the tools')
from .state import N, State, start

def decode(blob):
    """A State from encode()'s bytes, or DecodeError (nothing half-built) when the bytes
    are damaged, from another version, or describe an impossible position."""
    r = unframe(MAGIC, VERSION, blob)
    if r.u8() != RULESET_ID:
        raise DecodeError("not a Tactical Hex game")
    st = State()
    try:
        st.rng.set_state(r.u32(), r.u32())
    except ValueError as e:
        raise DecodeError(str(e))
    for arr in (st.cell, st.u_hex, st.u_face, st.u_flag, st.roll):
        got = r.raw()
        if len(got) != len(arr):
            raise DecodeError("saved game is inconsistent: an array of %d bytes, not %d"
                              % (len(got), len(arr)))
        arr[:] = got
    for k in ENCODED:
        setattr(st, k, r.u8())
    st.impulses = r.u16()
    r.done()
    why = problem(st)
    if why:
        raise DecodeError("saved game is inconsistent: " + why)
    return st


def problem(st):
    """What makes ``st`` impossible under RULES part B, or None."""
    n_hex = T.MAP_W * T.MAP_H
    if st.phase > PH_OVER:
        return "unknown phase %d" % st.phase
    if st.player > 1 or st.phasing > 1 or st.first > 1:
        return "a side other than Japan or Russia"
    if (st.result == NONE) != (st.phase != PH_OVER) or st.result > 2 and st.result != NONE:
        return "result %d in phase %d" % (st.result, st.phase)
    if st.next_deploy > N or (st.phase == PH_DEPLOY) != (st.next_deploy < N):
        return "deployment out of step"
    if st.turn > T.TURNS or (st.turn == 0) != (st.phase == PH_DEPLOY):
        return "turn %d in phase %d" % (st.turn, st.phase)
    if st.acts > 2 or st.hit_side > 1 or st.restored > 3:
        return "a count out of range"
    moving = st.phase in (PH_MOVE, PH_OPFIRE) or st.phase in (PH_FIRE, PH_SUSTAIN) \
        and st.mg != NONE
    if moving != (st.mover != NONE):
        return "a moving unit out of step"
    if st.mover != NONE and (st.mover >= N or st.u_hex[st.mover] >= OFF
                             and (st.mg == NONE or st.phase == PH_MOVE)):
        return "the moving unit is not on the map"  # (an MG may fire on when it fell)
    if st.mg != NONE and (st.mg >= N or st.u_hex[st.mg] >= OFF or st.u_flag[st.mg] & F_SPENT
                          or not is_special(st.mg)):
        return "the firing MG is not a ready MG"
    if st.phase == PH_FIRE and (st.target >= N or st.u_hex[st.target] >= OFF):
        return "the fire's target is not on the map"
    if st.phase in (PH_COMBAT, PH_MELEE, PH_HITS) and st.mover != NONE:
        return "combat during a move"
    for u in range(N):
        h = st.u_hex[u]
        if st.u_face[u] > 1:
            return "counter %d shows side %d" % (u, st.u_face[u])
        if u < st.next_deploy:
            if h == NONE:
                return "counter %d deployed but not placed" % u
        elif h != NONE:
            return "counter %d placed before its turn" % u
        if h < OFF:
            if h >= n_hex or is_river(h):
                return "counter %d on hex %d" % (u, h)
            if u != st.mover and st.cell[h] != u:
                return "counter %d not at rest on its hex" % u
            if st.u_face[u] and not is_special(u) and T.COUNTERS[u * T.COUNTER_SIZE + 5] == 255:
                return "counter %d has no back" % u
        elif st.u_flag[u] or (h == OFF and u >= st.next_deploy):
            return "counter %d off the map with flags" % u
        if st.u_flag[u] & (F_ATT | F_DEF) and st.phase not in (PH_COMBAT, PH_MELEE, PH_HITS):
            return "counter %d in an engagement outside combat" % u
        if st.u_flag[u] & F_MOVED and side_of(u) != st.phasing:
            return "counter %d moved out of its impulse" % u
    for h in range(n_hex):
        u = st.cell[h]
        if u != NONE and (u >= N or st.u_hex[u] != h):
            return "hex %d holds counter %d elsewhere" % (h, u)
    if st.phase == PH_INIT:
        for u in range(N):
            if st.u_flag[u]:
                return "counter %d spent at the start of a turn" % u
    return None


def record_for(seed):
    """An empty game record of a new Tactical Hex game (no configuration: one scenario)."""
    from engine.core.record import Record

    return Record(RULESET_ID, b"", seed)


def replay(record, upto=None):
    """The state reached by the first ``upto`` actions of ``record`` (all by default); an
    action the rules refuse raises IllegalAction naming the rule (a damaged record)."""
    if record.ruleset != RULESET_ID:
        raise DecodeError("record is not of a Tactical Hex game")
    st = start(record.config_bytes, record.seed)
    acts = record.actions if upto is None else record.actions[:upto]
    for a in acts:
        st.apply(a)
    return st

