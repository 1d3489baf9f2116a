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


def let_go_replay():
    """The replay viewer's code and what replaying loaded: the rulesets' replay and
    notation, and the reading side of saved games."""
    import sys

    import engine.ui

    forget(engine.ui, "replay")
    for package in ("engine.pocket_tactics", "engine.tactical_hex"):
        loaded = sys.modules.get(package)
        if loaded is not None:  # only the game in play's is loaded
            forget(loaded, "saves")
            forget(loaded, "notation")
    let_go_saves()
