# SPDX-License-Identifier: MIT
"""Letting the code of saved games go: a module of its own, loaded only where games are
saved or loaded (the title's side, an undo, a game's end), so that a battle that saves
nothing carries none of it; it lets itself go too."""
from .lazy import forget


def let_go_saves(writer=False):
    """Lets the reading side of saved games go (engine/core: the save slots, the game save,
    the record and the codec; the rulesets' saves.py, which a record's replay loads and
    which holds the codec) once a load, a check or an undo is done; with ``writer`` the
    write path too (slotwrite.py and its CRC), which an autosave holds while it lives."""
    import sys

    import engine.core
    import engine.ui

    for name in ("gamesave", "savestore", "savecopy", "record", "codec") + (
            ("slotwrite", "crc") if writer else ()):
        forget(engine.core, name)
    for package in ("engine.pocket_tactics", "engine.tactical_hex"):
        loaded = sys.modules.get(package)
        if loaded is not None:
            forget(loaded, "saves")
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


# what a battle of each ruleset loads that the title does not use: (package, prefix of the
# module names); Pocket-Tactics' own are named in let_go_battle (the title needs some)
_BATTLE_ONLY = (("engine.tactical_hex", ""), ("engine.ui", "hex_"))
# (saves and notation import the state's modules: were they kept, the next import of those
# would load a second copy beside the first)
_PT_BATTLE = ("state", "turn", "setup", "assault", "movement", "spells", "board", "saves",
              "notation", "ids", "players", "cpu", "evaluate", "forecast")
_UI_BATTLE = ("battle", "mapview", "screens", "mapmode", "menus", "feedback",
              "sliced", "autosave", "save_hooks")


def let_go_battle():
    """The code a battle plays and saves with, once it is left: the battle screens, their
    menus and pages, the CPU's search, the autosave and its write path, the rules' play
    (the title needs only the rules' tables). Neither the title nor the replay viewer
    (which shows a Pocket-Tactics map on engine/ui/screens.py) needs most of it, and the
    heap a finished game leaves is fragmented: the next battle or the viewer loads what it
    needs again. This module is let go too (let_go_saves)."""
    import sys

    import engine.core
    import engine.ui

    for name in _UI_BATTLE:
        forget(engine.ui, name)
    rules = sys.modules.get("engine.pocket_tactics")
    if rules is not None:
        for name in _PT_BATTLE:
            forget(rules, name)
    for package, prefix in _BATTLE_ONLY:
        pkg = sys.modules.get(package)
        if pkg is None:
            continue
        start = package + "." + prefix
        for name in [n for n in sys.modules if n.startswith(start)]:
            forget(pkg, name[len(package) + 1:])
    forget(engine.core, "search")
    let_go_saves(writer=True)
