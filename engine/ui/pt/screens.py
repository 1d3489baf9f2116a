# SPDX-License-Identifier: MIT
"""The Pocket-Tactics map screen without play (MapScreen: the hex map of a state, the status
line under it, the full-screen panel over it) and the short texts its pages and menus
share. The pages that come over the map at their moment (an assault's, its result, the
game's end) are pages.py.

The battle screen (battle.py) is a MapScreen with the buttons, the menus and the players on
top. A MapScreen on its own is the replay viewer's screen (view.py): the viewer needs none
of the battle's code for deciding, which keeps its heap small enough for the device."""
from engine.core.lazy import moment
from engine.pocket_tactics import names as N
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.consts import (K_STOP, PH_BUMP, PH_REROLL, PH_REROLL_DIE,
                                          PH_ROLL, PH_SPELL_ROLL, kind_of)
from engine.pocket_tactics.spells import count

from engine.ui.kit.sprites import SIDES


try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# Modes of the battle screen (Battle.mode), folded into the modules that import them
M_MAP = const(0)
M_MENU = const(1)
M_INFO = const(2)
M_ASSAULT = const(3)
M_HANDOVER = const(4)
M_OVER = const(5)
OPT_LINE = const(6)  # first option line on the assault screen
OPT_LINES = const(4)
# the phases the assault's page (assault_screen) shows
ROLL_PHASES = (PH_ROLL, PH_BUMP, PH_REROLL, PH_REROLL_DIE, PH_SPELL_ROLL)


class MapScreen:
    """A state on the map, not played: battle.Battle plays on it, replay.ReplayView steps
    through a record on it."""

    def __init__(self, board, st, kit=None):
        # imported here, once per screen: the pages' functions, which the battle calls
        # often, keep the module's globals few
        from engine.ui.kit.kit import Kit

        from .mapview import MapView

        self.board = board
        self.st = st
        if kit is None:
            kit = Kit(board)
        if kit.map_sheet is None:  # a kit made without the game (the tools, the tests)
            from engine.core.record import config_bytes

            from .sprites import map_sheet

            # with the features a scenario put on its tiles beside its config's
            kit.map_sheet = map_sheet(config_bytes(st.cfg), st.board.t_feature)
        sheet, palette, unit_palettes, self._cells = kit.map_sheet
        self.map = MapView(sheet, palette, self._cells, board.width, board.height - 16,
                           unit_palettes)
        self.root, self.status, self.panel = kit.frame(board, self.map.group)
        self.mode = M_MAP
        # the assault page's (assault_screen): its lines of choices, none here
        self.menu = []
        self.menu_i = 0
        self.menu_top = 0
        self.auto = [False, False]
        self.note = ""  # the last change to the dice and why (assault_screen)
        self.reroll = None  # (die, face, side) of the re-roll being rolled
        self.dirty = True

    def human(self):
        """Nobody decides on this screen."""
        return -1

    def unit_sprite(self, u):
        """The sprite cell of unit ``u``: its type's figure (the map draws it with its
        side's palette)."""
        return self._cells[T.N_FEATURES + self.st.u_type[u]]

    def set_status(self, text):
        if text != self.status.text:
            self.status.set(text)
            self.dirty = True


def side_name(p):
    """A side's name on screen: its colour (never "A"/"B", the buttons' names)."""
    return SIDES[p]


# --- text ---------------------------------------------------------------------------------

def uid(st, u):
    p = st.u_owner[u]
    first = 0
    while st.u_owner[first] != p:
        first += 1
    return "%s%d" % ("AB"[p], u - first + 1)


def stop_of(st):
    for a in st.legal_actions():
        if kind_of(a) == K_STOP:
            return a
    return None


def pct(k, n):
    return (200 * k + n) // (2 * n)


def hand_names(st, p):
    ns = T.N_SPELLS
    out = []
    for s in range(ns):
        for _ in range(st.hand[p * ns + s]):
            out.append(N.name(N.SPELL, s))
    return out


def hand_size(st, p):
    return count(st.hand, p)


def card(kind, st, x):
    """The lines of a unit's ("unit") or a tile's card (cards.py and the texts' reader,
    for the moment)."""
    return moment("engine.ui.pt.cards", "unit_card" if kind == "unit" else "tile_card", st, x)
