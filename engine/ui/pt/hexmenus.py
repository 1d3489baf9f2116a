# SPDX-License-Identifier: MIT
"""The menus A opens on a marked hex of the map, and Select's card: an assault's and an
attack spell's forecast, the unit to deploy on a hex in the setup (RULES A2.8). The turn's
menu (Start) and a unit's menu are menus.py; the battle loads this module while one of its
menus is up (Battle.menus). Each builds a list of (text, action or callable) lines for
Battle._open_menu."""
from engine.pocket_tactics import names as N
from engine.pocket_tactics.consts import K_DEPLOY, NONE, S_N, U_DEF, kind_of, x_of, y_of
from engine.pocket_tactics.players import P_BEAT
from engine.pocket_tactics.units import spell_stat, stat

from engine.core.lazy import moment

from .screens import M_MAP, card, pct, uid


def deploy_menu(b, t):
    """Setup deployment: the hex was picked first, now the unit."""
    st = b.st
    items = []
    for a in st.legal_actions():
        if kind_of(a) == K_DEPLOY and y_of(a) == t:
            u = x_of(a)
            items.append(("%s %s" % (uid(st, u), N.name(N.UNIT, st.u_type[u])), a))
    items.append(("Cancel", None))
    b._open_menu("Deploy which unit?", items)


def forecast_menu(b, a):
    """Assault ``a``'s forecast (RULES A5, A6): how often each side falls over the battle's
    samples, then "Assault!" under the bar."""
    st = b.st
    u = x_of(a)
    v = y_of(a)
    n = b.samples
    # loaded for the moment, as the CPU's dice policy loads it (cpu_quick.py)
    c = moment("engine.pocket_tactics.forecast", "forecast", st, u, v, n, st.version + 1)
    lines = [
        "%s falls: %d%%" % (uid(st, v), pct(c[1] + c[3], n)),
        "%s falls: %d%%" % (uid(st, u), pct(c[2] + c[3], n)),
        "Both fall: %d%%" % pct(c[3], n),
    ]
    items = [(t, None) for t in lines]
    items.append(("Assault!", a))
    items.append(("Cancel", None))
    b._open_menu("%s > %s" % (uid(st, u), uid(st, v)), items)
    b.menu_i = 3
    b._show_menu()


def spell_forecast_menu(b, a):
    """An attack spell's forecast, as an assault's (RULES A9: the card's red dice against
    the target's DEF dice, one roll, no bumps or re-rolls: players.P_BEAT is exact)."""
    st = b.st
    s = y_of(a) >> 6
    v = y_of(a) & 0x3F
    n = spell_stat(s, S_N)
    d = stat(st, v, U_DEF)
    fall = P_BEAT[n if n < 4 else 3][d if d < 4 else 3]
    items = [("%s falls: %d%%" % (uid(st, v), (fall + 5) // 10), None), ("Cast!", a),
             ("Cancel", None)]
    b._open_menu("%s > %s" % (N.name(N.SPELL, s), uid(st, v)), items)
    b.menu_i = 1
    b._show_menu()


def card_at(b, hx):
    """Select on the map: the card of the unit, or else of the tile, under the cursor."""
    st = b.st
    u = b._unit_at(hx)
    if u != NONE:
        b._show_info(card("unit", st, u), M_MAP)
        return
    t = st.board.tile_at(hx)
    if t != NONE:
        b._show_info(card("tile", st, t), M_MAP)
