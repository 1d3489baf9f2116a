# SPDX-License-Identifier: MIT
"""The battle screen's menus: the turn menu (Start) with deploying, casting, the armies,
the rules and conceding, and a unit's menu (A on the selected unit). The menus A opens on
a marked hex, and Select's card, are hexmenus.py; the battle loads this module while one
of its menus is up (Battle.menus). Each builds a list of (text, action or callable) lines
for Battle._open_menu."""
from engine.pocket_tactics import names as N
from engine.pocket_tactics.consts import (CAPTIVE, K_CAST, K_DEPLOY, K_PASS, K_RETURN, NONE,
                                          PH_HASTE, PH_SETUP_DEPLOY, PH_TURN, RESERVE,
                                          S_EFFECT, SP_RESCUE, kind_of, x_of, y_of)
from engine.pocket_tactics.units import spell_stat

from engine.core.lazy import moment

from .screens import M_MAP, M_MENU, card, hand_names, hand_size, side_name, stop_of, uid


def turn_menu(b):
    """Start: the turn's menu for the person to act. At any other moment on the map (the
    CPU's turn, a die between steps, an automatic draft) a pause: Resume or Quit to title,
    and nothing moves until it closes. (No pages there: a CPU-against-CPU game closes its
    pages by itself.)"""
    st = b.st
    h = b.human()
    items = [("Resume", None)]
    if h >= 0:
        legal = st.legal_actions()
        if st.phase == PH_SETUP_DEPLOY:
            items.append(("Done deploying", stop_of(st)))
        if st.phase == PH_TURN:
            if any(kind_of(a) == K_DEPLOY for a in legal):
                items.append(("Deploy a unit", lambda: deploy_units_menu(b)))
            if any(kind_of(a) == K_CAST for a in legal):
                items.append(("Cast a spell", lambda: cast_menu(b)))
            for a in legal:
                if kind_of(a) == K_PASS:
                    items.append(("Pass (nothing to do)", a))
        if st.phase == PH_HASTE:
            items.append(("Skip the haste move", stop_of(st)))
        items.append(("Armies", lambda: armies(b)))
        items.append(("Rules", lambda: rules_menu(b)))
        items.append(("Concede", lambda: concede_menu(b)))
        if b.saver.undo_on:
            items.append(("Undo last move", b.undo))
        if getattr(b.board, "replays", True):
            items.append(("Replay this game", b.leave_for_replay))
    items.append(("Quit to title", b._quit))
    b._open_menu("%s player - menu" % side_name(st.player), items)

def unit_menu(b, u):
    # A on the selected unit: the harmless line first, under the bar (a third A shows the
    # card; it never returns the unit to reserves, an action that ends the turn)
    st = b.st
    items = [("Unit card", lambda: b._show_info(card("unit", st, u), M_MAP))]
    for a in st.legal_actions():
        if kind_of(a) == K_RETURN and x_of(a) == u:
            items.append(("Return to reserves", a))
    for s in castable(b, u):
        items.append(("Cast %s" % N.name(N.SPELL, s), cast_picker(b, u, s)))
    items.append(("Cancel", None))
    b._open_menu("%s %s" % (uid(st, u), N.name(N.UNIT, st.u_type[u])), items)

def castable(b, u):
    out = []
    for a in b.st.legal_actions():
        if kind_of(a) == K_CAST and x_of(a) == u and (y_of(a) >> 6) not in out:
            out.append(y_of(a) >> 6)
    return out

def cast_menu(b):
    """The hand (RULES A9): each card once with its count; a card no Mage can cast now is
    shown but does nothing. Picking a card asks for the caster when several Mages can."""
    st = b.st
    ns = N.SPELL[1]  # spell ids
    p = st.player
    legal = st.legal_actions()
    items = []
    cards = []
    for s in range(ns):
        n = st.hand[p * ns + s]
        if not n:
            continue
        cards.append(_spell_card(s))
        casters = []
        for a in legal:
            if kind_of(a) == K_CAST and (y_of(a) >> 6) == s and x_of(a) not in casters:
                casters.append(x_of(a))
        text = N.name(N.SPELL, s) + (" x%d" % n if n > 1 else "")
        if not casters:
            items.append((text + " (no target)", None))
        elif len(casters) == 1:
            items.append((text, cast_picker(b, casters[0], s)))
        else:
            items.append((text, _caster_menu(b, s, casters)))
    items.append(("Cancel", None))
    cards.append(None)
    b._open_menu("Your hand (%d cards)" % hand_size(st, p), items, M_MAP, cards)


def _spell_card(s):
    def lines():
        return moment("engine.ui.pt.cards", "spell_card", s)
    return lines


def _caster_menu(b, s, casters):
    def pick():
        st = b.st
        items = [("%s %s" % (uid(st, u), N.name(N.UNIT, st.u_type[u])), cast_picker(b, u, s))
                 for u in casters]
        items.append(("Cancel", None))
        b._open_menu("Who casts %s?" % N.name(N.SPELL, s), items)
    return pick


def cast_picker(b, u, s):
    def pick():
        st = b.st
        if spell_stat(s, S_EFFECT) == SP_RESCUE:
            items = []
            for a in st.legal_actions():
                if kind_of(a) == K_CAST and x_of(a) == u and (y_of(a) >> 6) == s:
                    v = y_of(a) & 0x3F
                    items.append(("%s %s" % (uid(st, v), N.name(N.UNIT, st.u_type[v])), a))
            items.append(("Cancel", None))
            b._open_menu("Rescue which captive?", items)
            return
        b.intent = ("cast", u, s)
        b.sel = NONE
        b.mode = M_MAP
        b.show_map()
    return pick

def deploy_units_menu(b):
    st = b.st
    items = []
    seen = []
    for a in st.legal_actions():
        if kind_of(a) == K_DEPLOY and x_of(a) not in seen:
            u = x_of(a)
            seen.append(u)
            items.append(("%s %s" % (uid(st, u), N.name(N.UNIT, st.u_type[u])),
                          deploy_picker(b, u)))
    items.append(("Cancel", None))
    b._open_menu("Deploy which unit?", items)

def deploy_picker(b, u):
    def pick():
        b.intent = ("deploy", u)
        b.sel = NONE
        b.mode = M_MAP
        b.show_map()
    return pick

def armies(b):
    st = b.st
    lines = ["Armies"]
    for p in (0, 1):
        res = []
        cap = []
        for u in range(st.cfg.n_units):
            if st.u_owner[u] == p and st.u_where[u] == RESERVE:
                res.append(uid(st, u))
            if st.u_owner[u] != p and st.u_where[u] == CAPTIVE:
                cap.append(uid(st, u))
        lines.append("%s reserves: %s" % (side_name(p), " ".join(res) or "-"))
        lines.append("  captives: %s (%d pts)" % (" ".join(cap) or "-",
                                                  st.captive_points(p)))
        lines.append("  hand: %d cards" % hand_size(st, p))
    h = b.human()
    if h >= 0 and hand_size(st, h):
        lines.append("Your hand: " + ", ".join(hand_names(st, h)))
    b._show_info(lines, M_MAP)

def rules_menu(b):
    """The rules pages (engine/ui/rules_text.py, for the moment the list and each page are
    made)."""
    titles = moment("engine.ui.rules_text", "titles")
    b._open_menu("Rules", [(t, _rule_page(b, i)) for i, t in enumerate(titles)]
                 + [("Back", None)])


def _rule_page(b, i):
    def page():
        title, lines = moment("engine.ui.rules_text", "page", i)
        b.mode = M_MENU  # closing the page comes back to the list
        b._show_info([title] + list(lines), M_MENU)
    return page


def concede_menu(b):
    p = b.human()

    def give_up():
        b.concede(p)
    b._open_menu("%s: concede the game?" % side_name(p), [("No, play on", None),
                                                           ("Yes, concede", give_up)])

