# SPDX-License-Identifier: MIT
"""MicroPython check driver: the device's replay viewer in an interpreter of its own
(viewer.py, engine/ui/replay.py on_its_own), over the stand-ins of the native modules.

arg: "KIND,0,0"

  view   the stand-in NVM filled from the tree's store.bin (a save store as a game left it:
         tools/bench/ui_bench.py view_store), what viewer.py imports before the viewer one
         module a step (FIRST), then presses.view_steps: the record read, the modules of
         its ruleset (MODULES) imported one a step, the viewer made and stepped by
         presses.REPLAY_KEYS, let go. Prints "REPLAYS 1", "SEEN replay", "END view 0".
  base   only the stand-ins: what the check itself holds (tools/bench/ui_bench.py)

Every kind ends by printing the table of interned names ("qstr pool: ... n_qstr=N").
"""
import gc

import presses

FIRST = (
    # stand-ins of native modules
    "supervisor", "displayio", "fontio", "terminalio", "board", "digitalio",
    "analogio", "keypad", "microcontroller", "neopixel", "audiocore", "audioio",
    # what viewer.py and replay.on_its_own import before the record is read
    "engine.ui.keys", "engine.ui.sprites", "engine.ui.text", "engine.ui.lazy",
    "engine.ui.panel", "engine.ui.kit", "engine.ui.app", "boards", "boards.common",
    "boards.pygamer", "engine.ui.replay",
)
N_STANDINS = FIRST.index("engine.ui.keys")
# then for the record's ruleset (1: Pocket-Tactics, 2: Tactical Hex)
MODULES = {
    1: ("engine.core.protocol", "engine.core.hexgrid", "engine.core.rng",
        "engine.pocket_tactics.consts", "engine.pocket_tactics.tables",
        "engine.pocket_tactics.names", "engine.pocket_tactics.units",
        "engine.pocket_tactics.config", "engine.pocket_tactics.board",
        "engine.pocket_tactics.movement", "engine.pocket_tactics.assault",
        "engine.pocket_tactics.spells", "engine.pocket_tactics.setup",
        "engine.pocket_tactics.turn", "engine.pocket_tactics.state",
        "engine.pocket_tactics.saves", "engine.core.gamesave", "engine.ui.mapview",
        "engine.ui.screens", "engine.pocket_tactics.notation"),
    2: ("engine.core.protocol", "engine.core.hexgrid", "engine.core.rng",
        "engine.tactical_hex.consts", "engine.tactical_hex.tables",
        "engine.tactical_hex.counters", "engine.tactical_hex.geometry",
        "engine.tactical_hex.movement", "engine.tactical_hex.combat",
        "engine.tactical_hex.setup", "engine.tactical_hex.activation",
        "engine.tactical_hex.melee", "engine.tactical_hex.state",
        "engine.tactical_hex.saves", "engine.core.gamesave", "engine.ui.hex_sprites",
        "engine.ui.sheet", "engine.ui.hex_sheet", "engine.ui.hex_view",
        "engine.ui.hex_battle", "engine.tactical_hex.notation"),
}
FRAME_MS = 20

_kind = ""
_loaded = 0
_board = None
_kit = None
_stage = None


def setup(arg):
    global _kind
    _kind = arg.split(",")[0]
    gc.collect()


def step():
    global _loaded, _board, _kit, _stage
    if _kind == "base" and _loaded == N_STANDINS:
        print("END base 0")
        _names()
        return False
    if _loaded < len(FIRST):
        __import__(FIRST[_loaded])
        _loaded += 1
        return True
    if _board is None:
        import microcontroller
        from boards import pygamer

        f = open("/app/store.bin", "rb")  # in the tree (the check puts it at /app)
        microcontroller.nvm[:] = f.read()  # the stand-in NVM: in the check's own heap
        f.close()
        f = None
        _board = pygamer.make()
        return True
    if _kit is None:
        from engine.ui.kit import Kit

        _kit = Kit(_board)  # as replay.on_its_own
        return True
    if _stage is None:
        _stage = presses.view_steps(_board, _kit, MODULES, FRAME_MS)
    try:
        next(_stage)
        return True
    except StopIteration:
        pass
    print("REPLAYS 1")
    print("SEEN replay")
    print("END view 0")
    _names()
    return False


def _names():
    """The table of interned names, for tools/bench/ui_bench.py (names_credit)."""
    import micropython

    micropython.qstr_info()
