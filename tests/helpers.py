# SPDX-License-Identifier: MIT
"""Shared helpers of the Pocket-Tactics rules tests (tests/test_rules_*.py).

Positions are written as scenario dicts (engine/pocket_tactics/scenario.py) and actions in the
text notation (engine/pocket_tactics/notation.py). Every die is scripted: ``scripted(st,
faces)`` applies the given faces at chance nodes and never lets the state's PRNG choose an
outcome that a test asserts on.

Unit cards are the project's data and may be re-balanced, so a test that depends on a number
on a card first pins that card with ``pin(monkeypatch, key, ...)``: the card is replaced for
the duration of the test (the engine reads ``tables.UNITS`` at call time). Features and spell
cards are pinned the same way (``pin_feature``, ``pin_spell``).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402

from engine.core.protocol import CHANCE, DRAW, TERMINAL, IllegalAction  # noqa: E402,F401
from engine.pocket_tactics import consts as C  # noqa: E402
from engine.pocket_tactics import tables as T  # noqa: E402
from engine.pocket_tactics.consts import (CAPTIVE, DESTROYED, MAP, NONE,  # noqa: E402,F401
                                          RESERVE, PH_BUMP, PH_REROLL, PH_TURN)
from engine.pocket_tactics.notation import _hex, describe, parse  # noqa: E402,F401
from engine.pocket_tactics.scenario import build  # noqa: E402

from engine.pocket_tactics import ids as IDS  # noqa: E402
from engine.pocket_tactics import textfile as TF  # noqa: E402

ABILITY_NAMES = TF.section(TF.ABILITIES)

UNIT_KEYS = IDS.UNIT_KEYS
SPELL_KEYS = IDS.SPELL_KEYS
TERRAIN_KEYS = IDS.TERRAIN_KEYS
FEATURE_KEYS = IDS.FEATURE_KEYS

# Unit cards are packed records of C.UNIT_SIZE bytes (bumps: three bytes, 0 = none); spell
# cards records of C.SPELL_SIZE bytes.
_UNIT_FIELDS = ("points", "off", "def_", "off_bumps", "def_bumps", "swift", "flying",
                "ranged", "favored", "ability", "ability_n", "ability_type")
_OFFSET = {"points": "U_POINTS", "off": "U_OFF", "def_": "U_DEF", "off_bumps": "U_OFF_BUMPS",
           "def_bumps": "U_DEF_BUMPS", "swift": "U_SWIFT", "flying": "U_FLYING",
           "ranged": "U_RANGED", "favored": "U_FAVORED", "ability": "U_ABILITY",
           "ability_n": "U_ABILITY_N", "ability_type": "U_ABILITY_TYPE"}


def unit_id(key):
    return UNIT_KEYS.index(key)


def spell_id(key):
    return SPELL_KEYS.index(key)


def terrain_id(key):
    return TERRAIN_KEYS.index(key)


def feature_id(key):
    return FEATURE_KEYS.index(key)


def faction_id(key):
    return IDS.FACTION_KEYS.index(key)


def card(key):
    """The card of unit ``key`` as a dict: points, off, def_, off_bumps, def_bumps (tuples),
    swift, flying, ranged, favored, ability, ability_n, ability_type."""
    i = unit_id(key)
    out = {}
    for name in _UNIT_FIELDS:
        off = getattr(C, _OFFSET[name])
        base = i * C.UNIT_SIZE + off
        if name.endswith("_bumps"):
            out[name] = tuple(v for v in T.UNITS[base:base + 3] if v)
        else:
            out[name] = T.UNITS[base]
    return out


def points(key):
    return card(key)["points"]


def spell_card(key):
    """(points, effect name, range, n) of spell ``key``."""
    i = spell_id(key)
    r = T.SPELLS[i * C.SPELL_SIZE:(i + 1) * C.SPELL_SIZE]
    pts, eff, rng, n = r[C.S_POINTS], r[C.S_EFFECT], r[C.S_RANGE], r[C.S_N]
    return pts, IDS.EFFECTS[eff], rng, n


def favored_code(word):
    """The card encoding of a favored terrain or feature key (None: no favored place)."""
    if word is None:
        return 0
    if word in TERRAIN_KEYS:
        return 1 + terrain_id(word)
    return C.FAVORED_FEATURE + feature_id(word)


def pin(monkeypatch, key, off=1, def_=1, off_bumps=(), def_bumps=(), swift=0, flying=0,
        ranged=0, favored=None, ability=None, ability_n=0, ability_type=0):
    """Replace the card of unit ``key`` for this test (faction, types and points are kept):
    by default a plain unit with one OFF die, one DEF die and nothing else."""
    i = unit_id(key)
    values = {"off": off, "def_": def_, "off_bumps": tuple(off_bumps),
              "def_bumps": tuple(def_bumps), "swift": swift, "flying": flying,
              "ranged": ranged, "favored": favored_code(favored),
              "ability": 0 if ability is None else ABILITY_NAMES.index(ability),
              "ability_n": ability_n, "ability_type": ability_type}
    units = bytearray(T.UNITS)
    for name, v in values.items():
        base = i * C.UNIT_SIZE + getattr(C, _OFFSET[name])
        if name.endswith("_bumps"):
            assert len(v) <= 3
            units[base:base + 3] = bytes((tuple(v) + (0, 0, 0))[:3])
        else:
            units[base] = v
    monkeypatch.setattr(T, "UNITS", bytes(units))


def pin_plain(monkeypatch, *keys):
    """Pin every unit in ``keys`` to the plain 1 OFF / 1 DEF card."""
    for k in keys:
        pin(monkeypatch, k)


def _set_byte(monkeypatch, name, index, value):
    arr = bytearray(getattr(T, name))
    arr[index] = value
    monkeypatch.setattr(T, name, bytes(arr))


def pin_feature(monkeypatch, key, def_bump=0, off_bump=0, def_reroll=0, range_bonus=0,
                stops=0):
    """Replace the card of feature ``key`` (by default: a feature with no effect at all)."""
    f = feature_id(key)
    _set_byte(monkeypatch, "F_DEF_BUMP", f, def_bump)
    _set_byte(monkeypatch, "F_OFF_BUMP", f, off_bump)
    _set_byte(monkeypatch, "F_DEF_REROLL", f, def_reroll)
    _set_byte(monkeypatch, "F_RANGE", f, range_bonus)
    _set_byte(monkeypatch, "F_STOPS", f, stops)


def pin_spell(monkeypatch, key, rng, n=0):
    """Replace a spell card's range (0 = anywhere) and n; its cost and effect are kept."""
    i = spell_id(key)
    spells = bytearray(T.SPELLS)
    spells[i * C.SPELL_SIZE + C.S_RANGE] = rng
    spells[i * C.SPELL_SIZE + C.S_N] = n
    monkeypatch.setattr(T, "SPELLS", bytes(spells))


# --- positions --------------------------------------------------------------------------

def tiles_of(*specs):
    """Tile dicts from ``"q,r"`` strings or ``("q,r", terrain[, feature])`` tuples."""
    out = []
    for s in specs:
        if isinstance(s, str):
            out.append({"at": s, "terrain": "grid"})
        elif isinstance(s, dict):
            out.append(s)
        else:
            d = {"at": s[0], "terrain": s[1] if len(s) > 1 and s[1] else "grid"}
            if len(s) > 2 and s[2]:
                d["feature"] = s[2]
            out.append(d)
    return out


def row(q0, q1, r=0):
    """Tiles ``q0,r`` .. ``q1,r`` (a straight row, each touching the one before)."""
    return ["%d,%d" % (q, r) for q in range(q0, q1 + 1)]


def position(tiles, units, to_move="A", seed=1, **extra):
    """A State at the start of ``to_move``'s turn. ``units``: (owner, unit key, at) tuples
    (or dicts; ``at`` is "q,r", "reserve", "captive" or "destroyed")."""
    doc = {"tiles": tiles_of(*tiles), "units": [], "to_move": to_move}
    for u in units:
        if isinstance(u, dict):
            doc["units"].append(u)
        else:
            d = {"owner": u[0], "unit": u[1], "at": u[2]}
            if len(u) > 3:
                d.update(u[3])
            doc["units"].append(d)
    doc.update(extra)
    return build(doc, seed)


# --- acting ---------------------------------------------------------------------------

def do(st, text):
    """Apply one action written in notation; returns the action int."""
    a = parse(st, text)
    st.apply(a)
    return a


def scripted(st, faces):
    """Apply die faces at chance nodes, in order. Every face must meet a die-roll chance
    node: a scripted die never falls through to the PRNG and none is left unused."""
    for f in faces:
        assert st.to_act() == CHANCE, "face %r scripted but %s acts" % (f, who(st))
        assert st.chance_is_die(), "face %r scripted at a non-die chance node" % f
        st.apply(f)
    return st


def act(st, text, faces=()):
    """``do`` then ``scripted``."""
    do(st, text)
    return scripted(st, faces)


def draw(st, *spells):
    """Spell draws at chance nodes (the shuffled deck), by spell key."""
    for s in spells:
        assert st.to_act() == CHANCE and not st.chance_is_die(), who(st)
        st.apply(spell_id(s))
    return st


def who(st):
    w = st.to_act()
    return {CHANCE: "chance", TERMINAL: "nobody (game over)"}.get(w, "AB"[w] if w >= 0 else w)


def legal(st):
    """The legal actions now, in notation."""
    return {describe(st, a) for a in st.legal_actions()}


def refused(st, what, rule=None):
    """Assert that ``what`` (notation or an action int) is illegal now, that the state's
    encoding did not change, and (if given) that the message names ``rule``. Returns the
    message."""
    a = parse(st, what) if isinstance(what, str) else what
    before = st.encode()
    with pytest.raises(IllegalAction) as e:
        st.apply(a)
    assert st.encode() == before, "an illegal action changed the state"
    msg = str(e.value)
    if rule is not None:
        assert rule in msg, "message %r does not name %s" % (msg, rule)
    return msg


# --- looking ----------------------------------------------------------------------------

def uid(st, name):
    """Unit index of A1.. / B1.."""
    p = "AB".index(name[0].upper())
    i = int(name[1:]) - 1
    for u in range(st.cfg.n_units):
        if st.u_owner[u] == p:
            if i == 0:
                return u
            i -= 1
    raise KeyError(name)


def where(st, name):
    """"q,r" of a unit on the map, else "reserve", "captive" or "destroyed"."""
    u = uid(st, name)
    w = st.u_where[u]
    if w == MAP:
        from engine.pocket_tactics.notation import hex_name
        return hex_name(st.board.t_hex[st.u_tile[u]])
    return ("map", "reserve", "captive", "destroyed")[w]


def tile(st, qr):
    return st.board.tile_at(_hex(qr))


def moves_of(st, name):
    """Destinations of unit ``name`` among the legal actions, as "q,r" strings."""
    prefix = "move %s " % name
    return {s[len(prefix):] for s in legal(st) if s.startswith(prefix)}


def pile(st, arr, p):
    """The spell cards of player ``p`` ("A"/"B") in a pile (st.hand, st.deck, st.discard),
    as a sorted list of keys."""
    ns = len(SPELL_KEYS)
    out = []
    for s in range(ns):
        out.extend([SPELL_KEYS[s]] * arr["AB".index(p) * ns + s])
    return sorted(out)


def hand(st, p):
    return pile(st, st.hand, p)


def dice(st):
    """The assault dice on the table: (att OFF, att DEF, dfd OFF, dfd DEF), each a list."""
    nd = st.ndice
    d = st.dice
    return ([d[i] for i in range(0, nd[0])], [d[3 + i] for i in range(nd[1])],
            [d[6 + i] for i in range(nd[2])], [d[9 + i] for i in range(nd[3])])
