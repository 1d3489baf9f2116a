# SPDX-License-Identifier: MIT
"""The battle's side of saved games: what a battle screen that autosaves (engine/ui/
autosave.py) gets from the title's ``start`` (engine/ui/resume.py prepare) once it is made.
The hex under the cursor is saved with the game and a continued game gets it back; a
person's Start menu gets "Undo last move" and "Replay this game", whose code
(engine/ui/save_menu.py) is loaded when one is chosen. Hooked from outside, as the autosave
is: the battle screens carry none of this code, and the title's side is let go before the
battle starts (docs/PERFORMANCE.md, "Autosave").
"""
from .lazy import forget


def _menu_lines(screen, saver, undo_on):
    """A person's Start menu gets "Undo last move" (when ``undo_on``) and "Replay this game"
    (where the board has the heap for the viewer: not the device's, ``replays_in_battle``)
    above its last line (Pocket-Tactics: Quit to title) or two (Tactical Hex: Leave the
    game, Back to the map), so the lines above keep their places. Pocket-Tactics' lines
    call; Tactical Hex's lines are actions or words, and the words "undo" and "replay" are
    caught on their way to its _apply."""
    hexes = hasattr(screen, "cursor")

    def run(word):
        import engine.ui

        from . import save_menu

        (save_menu.undo if word == "undo" else save_menu.replay)(screen, saver)
        forget(engine.ui, "save_menu")

    lines = []
    if undo_on:
        lines.append(("Undo last move", "undo" if hexes else lambda: run("undo")))
    if getattr(screen.board, "replays_in_battle", True):
        lines.append(("Replay this game", "replay" if hexes else lambda: run("replay")))
    opened = screen._open_menu

    def open_menu(title, items, *back):
        if screen.human() >= 0 and items and (items[-1][1] == "back" if hexes
                                              else items[0][0] == "Resume"):
            at = len(items) - (2 if hexes else 1)
            items[at:at] = lines
        opened(title, items, *back)

    screen._open_menu = open_menu
    screen.replaying = []  # the open replay viewer (save_menu.replay)
    if hexes:
        applied = screen._apply

        def apply(a):
            if a == "undo" or a == "replay":
                run(a)
                return
            applied(a)

        screen._apply = apply


def show(screen, start):
    """Called by the title's flow (app.run_app, hex_battle.from_title) with the battle
    screen it made for ``start``: the autosave saves the hex under the screen's cursor,
    and a continued game gets its cursor back (and, between two people, the hand-over
    first: the Pocket-Tactics battle shows it by itself)."""
    saver = start.get("saver")
    if saver is None:
        return
    h = start.get("cursor")  # a continued game's
    # Undo where it is switched on and the board has the heap for it (not the device's)
    _menu_lines(screen, saver, not saver.play[3] & 32 and getattr(screen.board, "undoes", True))
    if hasattr(screen, "cursor"):  # Tactical Hex: the cursor is the screen's hex
        saver.view = lambda: screen.cursor
        if h is not None:
            screen.cursor = h
            screen.map.set_cursor(h)
            screen._hover()
            who = screen.human()
            if screen.handover and who >= 0 and screen._two_humans():
                screen.viewer = 1 - who  # between two people: the hand-over first
                screen._enter()
    else:  # Pocket-Tactics: the map view's
        saver.view = lambda: screen.map.cursor_hex
        if h is not None:
            from . import mapmode

            screen.map.move_cursor(screen.st, h)
            mapmode.status(screen)
    screen.dirty = True
