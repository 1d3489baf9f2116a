# SPDX-License-Identifier: MIT
"""Text of the unit card (Select on a unit) and the tile card, as panel lines.

The long texts (engine/pocket_tactics/unit_texts.py and texts.py, a few KB of heap each) are
loaded only while a card is being written and let go afterwards: cards are rare, heap is
not."""
from engine.pocket_tactics import names as N
from engine.pocket_tactics.consts import (FAVORED_FEATURE, NONE, U_ABILITY, U_ABILITY_N,
                                          U_DEF, U_DEF_BUMPS, U_FAVORED, U_FLYING, U_OFF,
                                          U_OFF_BUMPS, U_POINTS, U_RANGED, U_SWIFT)
from engine.pocket_tactics.units import bump_values, type_mask, type_stat

from .lazy import forget

WIDTH = 26  # characters on a 160-px line of the 6-px font


def wrap(text, width=WIDTH):
    """Lines of at most ``width`` characters, broken at spaces."""
    out = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    if line:
        out.append(line)
    return out


def _load(name):
    """A texts module of engine.pocket_tactics (forget it with _done when finished)."""
    import engine.pocket_tactics

    __import__("engine.pocket_tactics." + name)
    return getattr(engine.pocket_tactics, name)


def _done(name):
    import engine.pocket_tactics

    forget(engine.pocket_tactics, name)


def _bumps(ty, field):
    vals = bump_values(ty, field)
    return " ".join("+%d" % v for v in vals) if vals else "-"


def unit_card(st, u):
    p = st.u_owner[u]
    first = 0
    while st.u_owner[first] != p:
        first += 1
    return type_card(st.u_type[u], "%s%d " % ("AB"[p], u - first + 1))


def type_card(ty, prefix=""):
    """The card of unit type ``ty`` (the unit browser shows it without a game)."""
    X = _load("unit_texts")
    types = [X.TYPES[i] for i in range(len(X.TYPES)) if type_mask(ty) & (1 << i)]
    lines = [prefix + N.UNIT_NAMES[ty],
             "%d pts  %s" % (type_stat(ty, U_POINTS), " ".join(types)),
             "OFF %d red  DEF %d blue" % (type_stat(ty, U_OFF), type_stat(ty, U_DEF)),
             "Bumps OFF %s DEF %s" % (_bumps(ty, U_OFF_BUMPS), _bumps(ty, U_DEF_BUMPS))]
    kw = []
    for name, field in (("Swift", U_SWIFT), ("Flying", U_FLYING), ("Ranged", U_RANGED)):
        if type_stat(ty, field):
            kw.append("%s %d" % (name, type_stat(ty, field)))
    fav = type_stat(ty, U_FAVORED)
    if fav:
        kw.append("Fav: %s" % (N.FEATURES[fav - FAVORED_FEATURE] if fav >= FAVORED_FEATURE
                               else N.TERRAINS[fav - 1]))
    if kw:
        lines.append(" ".join(kw))
    ab = type_stat(ty, U_ABILITY)
    if ab:
        text = X.ABILITY_TEXT[ab].replace("{n}", str(type_stat(ty, U_ABILITY_N)))
        lines.extend(wrap(X.ABILITIES[ab].capitalize() + ": " + text))
    else:
        lines.extend(wrap(X.UNIT_TEXT[ty]))
    _done("unit_texts")
    return lines[:10]


def tile_card(st, t):
    b = st.board
    return place_card(b.t_terrain[t], b.t_feature[t])


def place_card(terrain, f):
    """The card of a terrain, or of feature ``f`` on it (NONE: no feature; terrain -1: the
    feature alone)."""
    X = _load("texts")
    if f != NONE:
        lines = [N.FEATURES[f] + (" (on %s)" % N.TERRAINS[terrain] if terrain >= 0 else "")]
        lines.extend(wrap(X.FEATURE_TEXT[f]))
    else:
        lines = [N.TERRAINS[terrain]]
        lines.extend(wrap(X.TERRAIN_TEXT[terrain]))
    _done("texts")
    return lines[:10]
