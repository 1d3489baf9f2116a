# SPDX-License-Identifier: MIT
"""Tactical Hex actions in words, and a text picture of the map (the headless CLI, error
messages, tests). Hexes are named by column letter and row number: A1 is the top-left
corner (Japan's), L9 the bottom-right (Russia's). Not needed in play on the device."""
from . import names as NAMES
from . import tables as T
from .consts import (K_ATT, K_CLEAR, K_DEF, K_DEPLOY, K_DONE, K_END, K_FIRE, K_HIT, K_HOLD,
                     K_OPFIRE, K_RESOLVE, K_RESTORE, K_STEP, K_STOP, K_SWITCH, NONE, OFF,
                     kind_of, x_of, y_of, z_of)
from .counters import CAVALRY, MG, kind, move, side_of, strength
from .movement import is_river

SIDES = ("Japan", "Russia")
_TYPE = "IMC"  # infantry, MG, cavalry (the counter's type letter)


def hex_name(h):
    return "%s%d" % ("ABCDEFGHIJKL"[h % T.MAP_W], h // T.MAP_W + 1)


def unit_name(u):
    return NAMES.COUNTER_NAMES[u]


def describe(st, a):
    """The action ``a`` in words (at a chance node: the die face)."""
    if st.to_act() < 0:
        return "die %d" % a
    k = kind_of(a)
    x = x_of(a)
    y = y_of(a)
    if k == K_DEPLOY:
        u = st.next_deploy
        side = ""
        if y or kind(u, 0) == MG:
            side = " (%s side up)" % ("cavalry" if kind(u, y) == CAVALRY else "MG")
        return "deploy %s at %s%s" % (unit_name(u), hex_name(x), side)
    if k == K_STEP:
        return "move %s to %s" % (unit_name(x), hex_name(y))
    if k == K_FIRE:
        z = z_of(a)
        with_ = "" if z == NONE else " and %s" % unit_name(z)
        return "fire %s%s at %s" % (unit_name(x), with_, unit_name(y))
    if k == K_OPFIRE:
        return "opportunity fire %s" % unit_name(x)
    if k == K_DEF:
        return "attack %s" % unit_name(x)
    if k == K_ATT:
        return "with %s" % unit_name(x)
    if k == K_HIT:
        return "hit %s" % unit_name(x)
    if k == K_RESTORE:
        return "restore %s" % unit_name(x)
    if k == K_SWITCH:
        return "switch %s" % unit_name(x)
    words = {K_STOP: "stop", K_END: "end", K_HOLD: "hold fire", K_RESOLVE: "roll",
             K_CLEAR: "clear", K_DONE: "done"}
    return words.get(k, "action %d" % a)


def parse(st, text):
    """The legal action whose description is ``text`` (any case, spaces squeezed), or a
    die face at a chance node; ValueError naming the choices otherwise."""
    want = " ".join(text.lower().split())
    legal = st.legal_actions()
    for a in legal:
        if describe(st, a).lower() == want:
            return a
    raise ValueError("%r is not one of: %s" % (text, "; ".join(describe(st, a)
                                                                  for a in legal)))


def counter_label(st, u):
    """Type letter, strength, move, then * damaged or cavalry side up, ' spent."""
    f = st.u_face[u]
    mark = "*" if f else " "
    spent = "'" if st.u_flag[u] & 1 else " "
    return "%s%d%d%s%s" % (_TYPE[kind(u, f)], strength(u, f), move(u, f), mark, spent)


def picture(st):
    """The map as text: ``~~`` rivers, ``..`` plains, a counter as j or r and its type,
    strength and move (odd rows shifted right, as on the map); then the counter list."""
    lines = ["   " + "".join(" %s  " % c for c in "ABCDEFGHIJKL"[:T.MAP_W])]
    for row in range(T.MAP_H):
        cells = []
        for col in range(T.MAP_W):
            h = row * T.MAP_W + col
            u = st.cell[h]
            if u == NONE and st.mover != NONE and st.u_hex[st.mover] == h:
                u = st.mover
            if u != NONE:
                f = st.u_face[u]
                cells.append("%s%s%d " % ("jr"[side_of(u)], _TYPE[kind(u, f)],
                                          strength(u, f)))
            else:
                cells.append("~~~ " if is_river(h) else " .  ")
        lines.append("%2d %s%s" % (row + 1, "  " if row & 1 else "", "".join(cells)))
    for side in (0, 1):
        units = []
        for u in range(len(st.u_hex)):
            if side_of(u) == side:
                h = st.u_hex[u]
                where = "gone" if h == OFF else ("-" if h == NONE else hex_name(h))
                units.append("%s %s %s" % (where, counter_label(st, u), unit_name(u)))
        lines.append("%s: %s" % (SIDES[side], "; ".join(units)))
    return "\n".join(lines)
