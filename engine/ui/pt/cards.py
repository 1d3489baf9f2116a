# SPDX-License-Identifier: MIT
"""The unit card (Select on a unit, the unit browser), the tile card and the spell card
(Select on a card of the hand), as panel lines.

The cards are laid out when the data are compiled (tools/build_data.py) and read one at a
time from engine/pocket_tactics/texts.bin: a card holds only its own lines in memory, and
this module is loaded for the moment a card is made (engine/core/lazy.py moment)."""
from engine.pocket_tactics import names as N
from engine.pocket_tactics.consts import NONE
from engine.pocket_tactics.textfile import (FEATURE_CARD, SPELL_CARD, TERRAIN_CARD, UNIT_CARD,
                                           card)

def unit_card(st, u):
    p = st.u_owner[u]
    first = 0
    while st.u_owner[first] != p:
        first += 1
    return type_card(st.u_type[u], "%s%d " % ("AB"[p], u - first + 1))


def type_card(ty, prefix=""):
    """The card of unit type ``ty``, its title after ``prefix``."""
    lines = card(UNIT_CARD, ty)
    lines[0] = prefix + lines[0]
    return lines


def tile_card(st, t):
    b = st.board
    return place_card(b.t_terrain[t], b.t_feature[t])


def place_card(terrain, f):
    """The card of a terrain, or of feature ``f`` on it (NONE: no feature; terrain -1: the
    feature alone)."""
    if f != NONE:
        head = N.name(N.FEATURE, f) + (" (on %s)" % N.name(N.TERRAIN, terrain) if terrain >= 0 else "")
        return [head] + card(FEATURE_CARD, f)
    return [N.name(N.TERRAIN, terrain)] + card(TERRAIN_CARD, terrain)


def spell_card(s):
    """The card of spell ``s`` (RULES A9)."""
    return card(SPELL_CARD, s)
