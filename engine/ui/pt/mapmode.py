# SPDX-License-Identifier: MIT
"""The battle screen's map mode: the hexes the human at the device can pick now (marked on
the map: a move, an assault, a tile to place, a deployment or a spell's target), the status
line for the hex under the cursor, and the buttons on the map (the pad moves the cursor, A
picks, B backs out, Start opens the turn menu, Select shows a card). Functions of the
Battle ``b``, as in menus.py."""
from engine.pocket_tactics import names as N
from engine.pocket_tactics.consts import (K_ASSAULT, K_CAST, K_DEPLOY, K_MOVE, K_PLACE, NONE,
                                          PH_FEATURE, PH_HASTE, PH_PLACE_TILE,
                                          PH_SETUP_DEPLOY, PH_TURN, S_EFFECT, SP_FIREBALL, SU_DRAWN,
                                          SP_LIGHTNING, SP_TELEPORT, kind_of, x_of, y_of)
from engine.pocket_tactics.units import spell_stat

from engine.ui.kit import keys as K
from .sprites import MARK_MOVE, MARK_SELECT, MARK_TARGET

from . import screens
from .mapview import step_cursor

_ATTACKS = (SP_FIREBALL, SP_LIGHTNING)  # spells that roll dice at a unit (RULES A9)


def refresh(b):
    st = b.st
    b.map.sync(st, b.unit_sprite)
    b.picks = _picks(b)
    hexes = list(b.picks.keys())
    hexes.sort()
    kinds = []
    for hx in hexes:
        a = b.picks[hx]
        kinds.append(MARK_TARGET if a is not None and kind_of(a) == K_ASSAULT else MARK_MOVE)
    caster = b.intent[1] if b.intent is not None and b.intent[0] == "cast" else NONE
    for u in (b.sel, caster):  # the unit acting stays marked while the cursor moves
        if u != NONE and st.u_tile[u] != NONE:
            hexes.append(st.board.t_hex[st.u_tile[u]])
            kinds.append(MARK_SELECT)
    b.map.set_marks(hexes, kinds)
    b.map.show_cursor(b.human() >= 0)
    status(b)
    b.dirty = True


def _picks(b):
    st = b.st
    picks = {}
    if b.human() < 0:
        return picks
    ph = st.phase
    bd = st.board
    legal = st.legal_actions()
    for a in legal:
        k = kind_of(a)
        if ph == PH_PLACE_TILE and k == K_PLACE:
            picks[x_of(a)] = a
        elif ph == PH_FEATURE:
            picks[bd.t_hex[x_of(a)]] = a
        elif k == K_DEPLOY:
            if b.intent is not None and b.intent[0] == "deploy":
                if x_of(a) == b.intent[1]:
                    picks[bd.t_hex[y_of(a)]] = a
            elif ph == PH_SETUP_DEPLOY:
                picks[bd.t_hex[y_of(a)]] = None  # choose the unit in a menu
        elif k == K_CAST and b.intent is not None and b.intent[0] == "cast":
            if x_of(a) == b.intent[1] and (y_of(a) >> 6) == b.intent[2]:
                picks[bd.t_hex[_cast_tile(st, a)]] = a
        elif k in (K_MOVE, K_ASSAULT) and b.intent is None:
            if ph == PH_HASTE or x_of(a) == b.sel:
                t = y_of(a) if k == K_MOVE else st.u_tile[y_of(a)]
                picks[bd.t_hex[t]] = a
    return picks


def _cast_tile(st, a):
    s = y_of(a) >> 6
    tgt = y_of(a) & 0x3F
    if spell_stat(s, S_EFFECT) == SP_TELEPORT:
        return tgt
    return st.u_tile[tgt]


def status(b):
    st = b.st
    h = b.human()
    if h < 0:
        who = st.to_act()
        if who >= 0:
            b.set_status("%s is thinking..." % screens.side_name(who))
        else:
            b.set_status("")
        return
    ph = st.phase
    side = screens.side_name(h)  # a colour: "A"/"B" name buttons
    if ph == PH_PLACE_TILE:
        text = "%s: place %s" % (side, N.name(N.TERRAIN, st.setup[SU_DRAWN]))
    elif ph == PH_FEATURE:
        text = "%s: place %s" % (side, N.name(N.FEATURE, st.cfg.features[h]))
    elif ph == PH_SETUP_DEPLOY:
        text = "%s: deploy (Start: done)" % side
    elif ph == PH_HASTE:
        text = "%s: haste move (B: skip)" % side
    else:
        hx = b.map.cursor_hex
        a = b.picks.get(hx)
        u = b._unit_at(hx)
        if a is not None:  # what A does here (issue 31: never a guess)
            text = _doing(st, a)
        elif b.intent is not None:
            text = "%s: pick a hex (B: back)" % side
        elif u != NONE:
            text = "%s %s" % (screens.uid(st, u), N.name(N.UNIT, st.u_type[u]))
        elif b.sel != NONE:
            text = "%s: not here (B: back)" % side
        else:
            text = "%s: pick unit; Start: menu" % side
    b.set_status(text)


def _doing(st, a):
    """The status line for the pick ``a`` under the cursor: what pressing A does."""
    k = kind_of(a)
    if k == K_ASSAULT:  # RULES A6: from two hexes or more an assault is a shot
        x = x_of(a)
        y = y_of(a)
        far = st.board.route(st.u_tile[x], st.u_tile[y]) > 1
        return "A: %s %s" % ("shoot" if far else "assault", screens.uid(st, y))
    return "A: %s here" % ("move", "deploy", "cast")[(k == K_DEPLOY) + 2 * (k == K_CAST)]


def on_key(b, key):
    st = b.st
    if key <= K.RIGHT:
        cands = list(b.picks.keys())
        for t in range(st.board.n):
            cands.append(st.board.t_hex[t])
        b.map.move_cursor(st, step_cursor(b.map.cursor_hex, key, cands))
        status(b)
        return
    if key == K.SELECT:
        b.menus(on_hex=True).card_at(b, b.map.cursor_hex)
        return
    if key == K.START:  # also while the CPU thinks: a pause (menus.turn_menu)
        b.menus().turn_menu(b)
        return
    h = b.human()
    if h < 0:
        return
    if key == K.B:
        if st.phase == PH_HASTE:
            b._apply(screens.stop_of(st))
        b.sel = NONE
        b.intent = None
        refresh(b)
    elif key == K.A:
        _on_a(b, b.map.cursor_hex)


def _on_a(b, hx):
    st = b.st
    if hx in b.picks:
        a = b.picks[hx]
        if a is None:
            b.menus(on_hex=True).deploy_menu(b, st.board.tile_at(hx))
        elif kind_of(a) == K_ASSAULT:
            b.menus(on_hex=True).forecast_menu(b, a)
        elif kind_of(a) == K_CAST and spell_stat(y_of(a) >> 6, S_EFFECT) in _ATTACKS:
            b.menus(on_hex=True).spell_forecast_menu(b, a)
        else:
            b._apply(a)
        return
    if st.phase != PH_TURN or b.intent is not None:
        return
    u = b._unit_at(hx)
    if u == NONE or st.u_owner[u] != st.player:
        b.sel = NONE
    elif u == b.sel:
        b.menus().unit_menu(b, u)
        return
    else:
        b.sel = u
    refresh(b)
