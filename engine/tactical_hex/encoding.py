# SPDX-License-Identifier: MIT
"""A Tactical Hex state as bytes (State.encode; saves.decode reads them back): a module of
its own, loaded when a state is first encoded, that imports nothing of the state's."""
from engine.core.codec import Writer, frame

from .consts import RULESET_ID

MAGIC = b"TH"
VERSION = 1
ENCODED = ("phase", "player", "turn", "first", "phasing", "acts", "declines", "mover", "mp",
           "must_stop", "target", "fire_str", "mg", "hits_att", "hits_def", "hit_side",
           "restored", "next_deploy", "result")


def encode(st):
    w = Writer()
    w.u8(RULESET_ID)
    z, ww = st.rng.get_state()
    w.u32(z)
    w.u32(ww)
    for arr in (st.cell, st.u_hex, st.u_face, st.u_flag, st.roll):
        w.raw(arr)
    for k in ENCODED:
        w.u8(getattr(st, k))
    w.u16(st.impulses)
    return frame(MAGIC, VERSION, w.buf)
