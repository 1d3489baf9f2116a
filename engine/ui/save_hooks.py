# SPDX-License-Identifier: MIT
"""The battle's side of saved games: what a battle screen that autosaves (engine/ui/
autosave.py) gets from the title's ``start`` (engine/ui/resume.py prepare) once it is made.
The hex under the cursor is saved with the game and a continued game gets it back; a
person's Start menu gets "Undo last move", whose code (engine/ui/save_menu.py) is loaded
when it is chosen, and "Replay this game", which leaves the battle for the viewer. Hooked
from outside, as the autosave is: the battle screens carry none of this code, and the
title's side is let go before the battle starts (docs/PERFORMANCE.md, "Autosave").
"""
from .lazy import forget


def _menu_lines(screen, saver, undo_on, start):
    """A person's Start menu gets "Undo last move" (when ``undo_on``) and "Replay this game"
    above its last line (Pocket-Tactics: Quit to title) or two (Tactical Hex: Leave the
    game, Back to the map), so the lines above keep their places. Pocket-Tactics' lines
    call; Tactical Hex's lines are actions or words, and the words "undo" and "replay" are
    caught on their way to its _apply. The battle is left for the replay (``leave``) and
    the game continued after it: the viewer and the battle never share the heap. A board
    whose heap has no room for the viewer (``replays`` False) gets no Replay line."""
    hexes = hasattr(screen, "cursor")

    def run(word):
        import engine.ui

        from . import save_menu

        if word == "replay":
            save_menu.leave(screen, saver, start)
        else:
            save_menu.undo(screen, saver)
        forget(engine.ui, "save_menu")

    lines = []
    if undo_on:
        lines.append(("Undo last move", "undo" if hexes else lambda: run("undo")))
    if getattr(screen.board, "replays", True):  # the viewer fits the board's heap
        lines.append(("Replay this game", "replay" if hexes else lambda: run("replay")))
    opened = screen._open_menu

    def open_menu(title, items, *back):
        if screen.human() >= 0 and items and (items[-1][1] == "back" if hexes
                                              else items[0][0] == "Resume"):
            at = len(items) - (2 if hexes else 1)
            items[at:at] = lines
        opened(title, items, *back)

    screen._open_menu = open_menu
    screen.replaying = False  # its record is replayed over frames (save_menu.over_frames)
    if hexes:
        applied = screen._apply

        def apply(a):
            if a == "undo" or a == "replay":
                run(a)
                return
            applied(a)

        screen._apply = apply


def _wake():
    """Before a resting CPU player loads its search again: the write path and the menus,
    which only a person's turn uses, can go (each is loaded again when used)."""
    import engine.core
    import engine.ui

    forget(engine.core, "slotwrite")
    forget(engine.core, "crc")
    forget(engine.ui, "menus")


def _cpu_rests(screen, saver):
    """The CPU players whose search can rest (engine/ui/sliced.py) let it go before each
    save and load it again for their next decision: the heap then never holds the search
    and the saving code together (docs/PERFORMANCE.md)."""
    cpus = [p for p in screen.players if p is not None and hasattr(p, "rest")]
    if not cpus:
        return
    for p in cpus:
        p.wake = _wake

    def quiet():
        went = False
        for p in cpus:
            went = p.rest() or went
        return went

    saver.quiet = quiet
    ticked = screen.tick

    def tick(now):
        # a save that waited for the search to go (Autosave.quiet) is written a frame
        # later, once the collector can have its heap back
        saver.settle(screen.st)
        return ticked(now)

    screen.tick = tick


def _no_key(ev):
    pass


def show(screen, start):
    """Called by the title's flow (app.run_app, hex_battle.from_title) with the battle
    screen it made for ``start``: the autosave saves the hex under the screen's cursor. A
    continued game (``start["resume"]``: engine/ui/resume.py prepare) is first replayed
    from its record on the screen, over frames (save_menu.continued), then autosaved; if
    its record does not replay, the battle quits and ``start["refused"]`` says why. A
    continued game gets its cursor back (and, between two people, the hand-over first:
    the Pocket-Tactics battle shows it by itself; not when the game comes back from its
    replay, ``start["back"]``)."""
    saver = start.get("saver")
    if saver is None:
        return
    _cpu_rests(screen, saver)
    _menu_lines(screen, saver, not saver.play[3] & 32, start)  # Undo where it is switched on
    if start.get("resume") is None:
        shown(screen, start)
        return
    # the replay starts at the screen's first frame (its code loaded then, not with the
    # screen: the two together are the largest step of a continued game); the screen is
    # replaying from now on: it neither steps nor takes keys
    tick = screen.tick
    keys = screen.on_event
    screen.replaying = True
    screen.set_status("Loading...")

    def first(now):
        screen.tick = tick
        screen.on_event = keys
        import engine.ui

        from . import save_menu

        save_menu.continued(screen, start)
        forget(engine.ui, "save_menu")

    screen.tick = first
    screen.on_event = _no_key


def shown(screen, start):
    """show's end, once the screen shows the game as it was saved (a continued game's:
    save_menu.continued)."""
    saver = start["saver"]
    h = start.get("cursor")  # a continued game's
    if hasattr(screen, "cursor"):  # Tactical Hex: the cursor is the screen's hex
        saver.view = lambda: screen.cursor
        if h is not None:
            screen.cursor = h
            screen.map.set_cursor(h)
            screen._hover()
            who = screen.human()
            if screen.handover and who >= 0 and screen._two_humans() and not start.get("back"):
                screen.viewer = 1 - who  # between two people: the hand-over first
                screen._enter()
    else:  # Pocket-Tactics: the map view's
        saver.view = lambda: screen.map.cursor_hex
        if h is not None:
            from . import mapmode

            screen.map.move_cursor(screen.st, h)
            mapmode.status(screen)
    if start.get("note"):  # why its replay could not be shown (replay.run)
        screen.set_status(start["note"])
    screen.dirty = True
