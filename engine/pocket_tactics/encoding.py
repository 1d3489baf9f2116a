# SPDX-License-Identifier: MIT
"""A Pocket-Tactics state as bytes (State.encode; saves.decode reads them back): a module of
its own, loaded when a state is first encoded, that imports nothing of the state's."""
from engine.core.codec import Writer, frame

from .consts import RULESET_ID

MAGIC = b"PT"  # the state's frame
VERSION = 2  # 2: the setup's bytes in one array, the hazard tests a stack


def encode(st):
    """The whole state ``st`` as framed bytes: magic, version, payload, CRC-16."""
    w = Writer()
    w.u8(RULESET_ID)
    st.cfg.encode(w)
    z, ww = st.rng.get_state()
    w.u32(z)
    w.u32(ww)
    b = st.board
    w.u8(b.n)
    for t in range(b.n):
        w.u16(b.t_hex[t])
        w.u8(b.t_terrain[t])
        w.u8(b.t_feature[t])
    for arr in (st.u_where, st.u_tile, st.u_status, st.bag, st.deck, st.hand,
                st.discard, st.setup, st.dice, st.ndice, st.bumps, st.rerolls,
                st.stopped, st.hz):
        w.raw(arr)
    for x in (st.phase, st.player, st.turn_player, st.passes, st.result, st.stage,
              st.att, st.dfd, st.side, st.pos & 0xFF, st.hz_n, st.spell, st.haste,
              st.outcome):
        w.u8(x)
    w.u16(st.turn)
    return frame(MAGIC, VERSION, w.buf)
