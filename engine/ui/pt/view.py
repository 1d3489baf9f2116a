# SPDX-License-Identifier: MIT
"""The replay viewer's screen for Pocket-Tactics: the battle's map screen (screens.MapScreen)
with none of the battle's code for deciding: the map, and over it the assault's page with
its dice, or the game's end, as the battle shows them."""
from engine.pocket_tactics.consts import PH_DRAW_SPELL, PH_OVER

from . import screens
from .pages import assault_screen, game_over


class View(screens.MapScreen):
    def __init__(self, board, st, kit):
        screens.MapScreen.__init__(self, board, st, kit)
        self.map.centre_on(st)

    def show(self):
        """The position of ``st`` as the battle shows it."""
        st = self.st
        self.panel.hide()  # the end's or a result's panel of another position
        self.mode = screens.M_MAP
        self.map.sync(st, self.unit_sprite)
        self.map.show_cursor(False)
        if st.phase == PH_OVER:
            game_over(self)
        elif st.phase in screens.ROLL_PHASES:
            assault_screen(self)

    def words(self, st, a, secret):
        """Who did what: ``a`` taken in ``st``, in the notation; with ``secret`` (the game
        is still on) a spell card drawn is not named (the hands are private, RULES A9)."""
        from engine.pocket_tactics.notation import describe

        who = st.to_act()
        if who < 0:  # a die ("roll 5") or a draw
            if secret and st.phase == PH_DRAW_SPELL:
                return "a spell card drawn"
            return describe(st, a)
        return "%s: %s" % (screens.side_name(who), describe(st, a))


def view(board, st, kit):
    return View(board, st, kit)
