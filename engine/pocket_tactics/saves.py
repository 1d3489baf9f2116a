# SPDX-License-Identifier: MIT
"""Saving and loading states, game records and replays (Pocket-Tactics).

Kept apart from state.py so that a game in play does not hold this code in memory; it is
imported when a game is first saved, loaded or replayed.
"""
from engine.core.codec import DecodeError, unframe

from . import spells
from . import tables as T
from .config_check import decode_config
from .consts import (DESTROYED, MAP, MAX_TILES, NONE, PH_FEATURE, PH_OVER, RULESET_ID,
                     SU_COUNT, SU_DRAWN, SU_FIRST, SU_LAST, SU_OWN)
from .encoding import MAGIC, VERSION, encode  # noqa: F401  (encode: the tools' and tests')
from .state import DRAW, State, start


def decode(blob):
    """A State from ``State.encode()`` bytes; DecodeError (nothing half-built) if the
    bytes are damaged, from another version, or describe an impossible position."""
    r = unframe(MAGIC, VERSION, blob)
    try:
        return _decode(r)
    except DecodeError:
        raise
    except (ValueError, IndexError, KeyError) as e:
        raise DecodeError("saved game is inconsistent: %s" % e)


def _decode(r):
    if r.u8() != RULESET_ID:
        raise DecodeError("not a Pocket-Tactics game")
    cfg = decode_config(r)
    st = State(cfg)  # validates the config
    st.rng.set_state(r.u32(), r.u32())
    n = r.u8()
    if n > MAX_TILES:
        raise DecodeError("too many tiles")
    b = st.board
    grid = b.grid
    for _ in range(n):
        h = r.u16()
        terrain = r.u8()
        feat = r.u8()
        if h >= grid.size or b.cell[h] or terrain >= T.N_TERRAINS:
            raise DecodeError("bad tile")
        if feat != NONE and feat >= T.N_FEATURES:
            raise DecodeError("bad feature")
        t = b.add_tile(h, terrain)
        b.t_feature[t] = feat
    arrays = (st.u_where, st.u_tile, st.u_status, st.bag, st.deck, st.hand, st.discard,
              st.setup, st.dice, st.ndice, st.bumps, st.rerolls, st.stopped, st.hz)
    for arr in arrays:
        data = r.raw()
        if len(data) != len(arr):
            raise DecodeError("array of the wrong size")
        arr[:] = data
    (st.phase, st.player, st.turn_player, st.passes, st.result, st.stage, st.att, st.dfd,
     st.side, pos, st.hz_n, st.spell, st.haste, st.outcome) = [r.u8() for _ in range(14)]
    st.pos = -1 if pos == 0xFF else pos
    st.turn = r.u16()
    r.done()
    _check(st)
    return st


def _check(st):
    """Refuse positions no game can reach (DecodeError)."""
    b = st.board
    su = st.setup
    if st.phase > PH_OVER or st.player > 1 or st.turn_player > 1 or su[SU_FIRST] > 1:
        raise DecodeError("bad phase or player")
    if st.result not in (NONE, 0, 1, DRAW) or (st.result == NONE) == (st.phase == PH_OVER):
        raise DecodeError("bad result")
    if st.phase >= PH_FEATURE and b.n == 0:
        raise DecodeError("battle without a map")
    for u in range(st.cfg.n_units):
        w = st.u_where[u]
        t = st.u_tile[u]
        if w > DESTROYED:
            raise DecodeError("bad unit place")
        if w == MAP:
            if t >= b.n or b.t_unit[t] != NONE:
                raise DecodeError("two units on one hex, or a unit off the map")
            b.t_unit[t] = u
        elif t != NONE:
            raise DecodeError("unit off the map has a tile")
    if st.hz_n > len(st.hz) or max(st.ndice) > 3 or max(st.dice) > 6:
        raise DecodeError("bad scratch values")
    n = st.cfg.n_units
    for u in (st.att, st.dfd, st.haste):
        if u != NONE and u >= n:
            raise DecodeError("bad unit reference")
    if (st.outcome > 3 or st.side > 1 or st.stage > 2 or st.passes > 2 or st.pos > 11
            or su[SU_LAST] not in (NONE, 0, 1) or su[SU_COUNT] > 3
            or (st.spell != NONE and st.spell >= T.N_SPELLS)
            or (su[SU_DRAWN] != NONE and su[SU_DRAWN] >= T.N_TERRAINS)):
        raise DecodeError("bad scratch values")
    for o in su[SU_OWN:SU_OWN + 2]:
        if o != NONE and o >= b.n:
            raise DecodeError("bad feature tile")
    ns = T.N_SPELLS
    cfg = st.cfg
    for p in (0, 1):
        if spells.count(st.hand, p) > 5:
            raise DecodeError("hand over five cards")
        for s in range(ns):  # RULES A9: every card of the army in one of its three piles
            i = p * ns + s
            if st.deck[i] + st.hand[i] + st.discard[i] != list(cfg.spells[p]).count(s):
                raise DecodeError("the spell cards do not add up to the army's")
    if len(st.deck) != 2 * ns:
        raise DecodeError("bad deck")
    for t in range(T.N_TERRAINS):  # RULES A2.2-A2.6: every tile in the bag or on the map
        placed = 0
        for k in range(b.n):
            if b.t_terrain[k] == t:
                placed += 1
        chosen = list(cfg.tiles[0]).count(t) + list(cfg.tiles[1]).count(t)
        if st.bag[t] + placed != chosen:
            raise DecodeError("the tiles do not add up to the chosen ones")
    feats = 0
    for k in range(b.n):
        if b.t_feature[k] != NONE:
            feats += 1
    if feats > 3 or (PH_FEATURE < st.phase < PH_OVER and feats != 3):
        raise DecodeError("bad features")
    if cfg.max_turns and st.turn > cfg.max_turns + 1:
        raise DecodeError("past the turn limit")


def record_for(config, seed):
    """An empty game record for a new game of this ruleset."""
    from engine.core.record import Record, config_bytes

    return Record(RULESET_ID, config_bytes(config), seed)


def replay(record, upto=None):
    """The state reached by the first ``upto`` actions of ``record`` (all by default)."""
    if record.ruleset != RULESET_ID:
        raise DecodeError("record is not of a Pocket-Tactics game")
    st = start(record.config_bytes, record.seed)
    acts = record.actions if upto is None else record.actions[:upto]
    for a in acts:
        st.apply(a)
    return st
