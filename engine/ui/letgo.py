# SPDX-License-Identifier: MIT
"""Letting the code of saved games go: a module of its own, loaded only where games are
saved or loaded (the title's side, an undo, a game's end), so that a battle that saves
nothing carries none of it; it lets itself go too."""
from .lazy import forget


def let_go_saves(writer=False):
    """Lets the reading side of saved games go (engine/core: the save slots, the game save,
    the record and the codec) once a load, a check or an undo is done; with ``writer`` the
    write path too (slotwrite.py and its CRC), which an autosave holds while it lives."""
    import engine.core
    import engine.ui

    for name in ("gamesave", "savestore", "savecopy", "record", "codec") + (
            ("slotwrite", "crc") if writer else ()):
        forget(engine.core, name)
    forget(engine.ui, "letgo")
