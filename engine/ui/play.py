# SPDX-License-Identifier: MIT
"""The battle program (battle.py on the device): the game in the save store, continued.

Every battle starts here, a new game too (the title wrote it as a save of its move 0:
engine/ui/saving/store.py ``new_game``): the saved game is read (its reading code loaded for
that moment: engine/core/lazy.py), its ruleset's battle screen made with the game's
Saver (engine/ui/saving/saver.py) and its players, and the record replayed on the screen
over frames. When the battle quits, the next program is the title, or the replay viewer
("Replay this game"), after which the battle continues the game again.
"""
from .kit.app import frames
from .kit.kit import Kit, Page
from engine.core.lazy import collect, held, let_go, moment
from .kit.text import wrap

_OPENING = "engine.ui.opening"  # the battle screen's making: only while the battle is made


def program(board, on_screen=None):
    """Yields a frame at a time; returns the next program's name. ``on_screen(screen)`` is
    called with each screen the program shows (the tools and the checks watch them)."""
    got, why = load(board)
    yield  # the reading code's garbage in a frame of its own
    kit = Kit(board, None if got is None else got[1], None if got is None else got[2])
    screen = None
    if got is not None:
        screen, why = make(board, kit, got)
        got = None
    if screen is None:
        screen = Page(board, kit, ["Saved game"] + wrap(why or "No saved game")
                      + ["", "A: to the title"])
    collect()  # what making the screen left, freed before the game goes on
    if on_screen is not None:
        on_screen(screen)
    yield from frames(board, screen)
    return getattr(screen, "next", "title")


def load(board):
    """The saved game to continue as plain values (engine/ui/saving/store.py load_game),
    read by code loaded for the moment; or (None, why)."""
    return moment("engine.ui.saving.store", "load_game", board)


def make(board, kit, got):
    """(the battle screen of the saved game ``got`` (load's), its record being replayed on
    it from the next frame, None), or (None, why): made by engine/ui/opening.py, held for
    that moment and let go after, so that the battle goes without its code."""
    try:
        return held(_OPENING).make(board, kit, got)
    finally:
        let_go(_OPENING)


def open_battle(board, kit=None):
    """The battle screen of the game in the store, as the program makes it (the tools' and
    the tests' way in); ValueError when it cannot be made."""
    got, why = load(board)
    if got is not None:
        screen, why = make(board, kit or Kit(board, got[1], got[2]), got)
        if screen is not None:
            return screen
    raise ValueError(why)
