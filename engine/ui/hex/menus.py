# SPDX-License-Identifier: MIT
"""The Tactical Hex battle's menus: Start's menu, the choice among the actions of a hex, a
counter's card. Functions of the battle ``b`` (battle.py), which holds this code while one
is up and lets it go when it closes (``HexBattle.menus``, ``_back``): a menu's action is
applied, saved and answered by the CPU without it, and two CPU players never load it."""
from engine.tactical_hex import tables as T
from engine.tactical_hex.consts import F_SPENT, NONE
from engine.tactical_hex.counters import kind, move, side_of, strength
from engine.tactical_hex.names import COUNTER_NAMES

from engine.ui.kit import keys as K
from .battle import _PROMPT, M_CARD, M_MENU, SIDES, TYPES, hex_of


def open_menu(b, title, items):
    """A menu of ``items`` ((text, action or a word below)) under ``title``."""
    b.menu_title = title
    b.menu = items
    b.menu_i = 0
    b.mode = M_MENU
    draw_menu(b)


def draw_menu(b):
    top = max(0, b.menu_i - 7)
    lines = [b.menu_title]
    for text, _ in b.menu[top:top + 8]:
        lines.append(" " + text)
    side = b.human()
    b.panel.show(lines, 1 + b.menu_i - top, side if side >= 0 else 0)
    b.dirty = True


def start_menu(b):
    """Start's menu: the actions without a hex and the game's own entries for the person to
    act; while the CPU thinks or a die is due, a pause that offers to leave."""
    st = b.st
    items = [("Back to the map", "back")]  # under the bar: Start A changes nothing
    who = b.human()
    if who >= 0:  # a pause while the CPU thinks or a die is due: none of their choices
        for a in st.legal_actions():
            if hex_of(st, a) < 0:
                items.append((b._words(a), a))
        items.append(("Counter card", "card"))
        items.append(("Concede", "concede"))
        if b.saver.undo_on:
            items.append(("Undo last move", "undo"))
        if getattr(b.board, "replays", True):
            items.append(("Replay this game", "replay"))
    items.append(("Leave the game", "leave"))
    open_menu(b, "%s: %s" % (SIDES[who], _PROMPT.get(st.phase, "")) if who >= 0
              else "Paused", items)


def card(b):
    """The card of the counter under the cursor (both faces, spent or ready)."""
    st = b.st
    u = st.cell[b.cursor]
    if u == NONE:
        b.set_status("no counter here")
        return
    lines = [COUNTER_NAMES[u], "  %s" % SIDES[side_of(u)]]
    for f in (0, 1):
        if f and T.COUNTERS[u * T.COUNTER_SIZE + 5] == 255:
            lines.append("  back: blank")
            continue
        lines.append("  %s: %s %d, move %d%s" % (
            ("front", "back")[f], TYPES[kind(u, f)], strength(u, f), move(u, f),
            " <" if st.u_face[u] == f else ""))
    lines.append("  spent" if st.u_flag[u] & F_SPENT else "  ready")
    lines.append("")
    lines.append("  B: back")
    b.mode = M_CARD
    b.panel.show(lines)
    b.dirty = True


def menu_key(b, key):
    """A key while a menu is up."""
    n = len(b.menu)
    if key == K.UP:
        b.menu_i = (b.menu_i - 1) % n
        draw_menu(b)
    elif key == K.DOWN:
        b.menu_i = (b.menu_i + 1) % n
        draw_menu(b)
    elif key == K.B:
        b._back()
    elif key == K.A:
        what = b.menu[b.menu_i][1]
        if what == "back":
            b._back()
        elif what == "card":
            card(b)
        elif what == "leave":
            b.quit = True  # back to the title
        elif what == "concede":  # asked first, "No" under the bar (issue 31)
            open_menu(b, "%s: concede the game?" % SIDES[b.human()],
                            [("No, play on", "back"), ("Yes, concede", "yield")])
        elif what == "yield":
            who = b.human()
            b._back()  # this code goes: the save that follows runs without it
            b.conceded = who
            b.st.concede(b.conceded)
            b.saver.over(b.st, b.cursor)
            b.failed = b.saver.news()
            b._enter()
        elif what == "undo":
            b._back()
            b.undo()
        elif what == "replay":
            b._back()
            b.leave_for_replay()
        else:
            b._back()  # this code goes: the action's save and the CPU's answer run without it
            b._apply(what)
