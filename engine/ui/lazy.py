# SPDX-License-Identifier: MIT
"""Modules loaded for a moment: import, use, let go, so that rarely used code and texts do
not stay on the heap (on the device heap is scarcer than the time to load them again)."""
import sys


def forget(package, name):
    """Drop module ``name`` of ``package`` from sys.modules and from the package, so that
    nothing refers to it any more and the collector can free it."""
    sys.modules.pop(package.__name__ + "." + name, None)
    try:
        delattr(package, name)
    except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError
        pass


def let_go_saves(writer=False):
    """Lets the reading side of saved games go (engine/core: the save slots, the game save,
    the record and the codec) once a load, a check or an undo is done; with ``writer`` the
    write path too (slotwrite.py and its CRC), which an autosave holds while it lives."""
    import engine.core

    for name in ("gamesave", "savestore", "savecopy", "record", "codec") + (
            ("slotwrite", "crc") if writer else ()):
        forget(engine.core, name)
