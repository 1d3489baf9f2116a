# SPDX-License-Identifier: MIT
"""The replay viewer's screen for Tactical Hex: its battle screen with two seats that never
play (the map, the dice of a fight in progress, the end)."""
from engine.ui.saving.play import Settings

from .battle import HexBattle


class _Watcher:
    """A seat at the table that never decides: a replay has no players."""

    def choose(self, st):
        raise RuntimeError("a replay has no players")


class View(HexBattle):
    def __init__(self, board, st, kit):
        settings = Settings()
        settings.handover = False
        HexBattle.__init__(self, board, st, [_Watcher(), _Watcher()], None, settings, kit)

    def show(self):
        """The position of ``st`` as the battle shows it."""
        self.panel.hide()
        self.mode = 0  # the map
        self._enter()

    def words(self, st, a, secret):
        """Who did what: ``a`` taken in ``st``, in the notation (nothing is secret here)."""
        from engine.tactical_hex.notation import describe

        who = st.to_act()
        if who < 0:
            return describe(st, a)
        return "%s: %s" % ("JR"[who], describe(st, a))


def view(board, st, kit):
    return View(board, st, kit)
