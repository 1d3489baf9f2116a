# SPDX-License-Identifier: MIT
"""MicroPython check driver: a Tactical Hex battle through engine/ui/hex_battle.py on the
PyGamer board adapter (boards/pygamer.py), over the stand-ins of tools/mpcheck/standins/,
as tools/mpcheck/drivers/ui_battle.py does for Pocket-Tactics (a driver of its own, so that
neither run's heap depends on the other's code).

arg: "KIND,SEED,MAX_FRAMES[,LEVEL[,save]]"
  hex    two CPU players at LEVEL (default "easy"; their clock the stand-in's, 20 ms a frame) until the
         game is over or MAX_FRAMES; the kit of the title (sprite sheet, panel) as on the
         device, where the battle starts from the title
  base   only the stand-ins: what the check itself holds (tools/bench/ui_bench.py)
  save   (fifth field) the battle autosaves as the saving title makes it (engine/ui/
         resume.py prepare, then its hooks), saving at every decision as in a game of two
         people, while the CPU players (and their code) play it: more than a hot-seat
         game holds

The first steps import the modules one per top-level call; then one step makes the board,
one the battle, and every further step runs one frame of engine.ui.app.loop. Ends with
"SEEN <screens>", "END <over|phaseN> <frames>" and the table of interned names.
"""
import gc

MODULES = (
    "supervisor", "displayio", "fontio", "terminalio", "board", "digitalio",
    "analogio", "keypad", "microcontroller", "neopixel", "audiocore", "audioio",
    "engine.core.protocol", "engine.core.rng", "engine.core.hexgrid", "engine.core.ticks",
    "engine.core.search", "engine.tactical_hex.consts", "engine.tactical_hex.tables",
    "engine.tactical_hex.counters", "engine.tactical_hex.geometry",
    "engine.tactical_hex.movement", "engine.tactical_hex.combat", "engine.tactical_hex.setup",
    "engine.tactical_hex.activation", "engine.tactical_hex.melee",
    "engine.tactical_hex.state", "engine.tactical_hex.players", "engine.tactical_hex.cpu",
    "engine.pocket_tactics.names", "engine.ui.keys", "engine.ui.sprites", "engine.ui.text",
    "engine.ui.lazy", "engine.ui.panel", "engine.ui.kit", "engine.ui.hex_sprites",
    "engine.ui.hex_view", "engine.ui.hex_battle", "engine.ui.app", "boards",
    "boards.common", "boards.pygamer",
)
N_STANDINS = MODULES.index("engine.core.protocol")
FRAME_MS = 20

_kind = ""
_seed = 0
_max = 0
_loaded = 0
_board = None
_screen = None
_frames = 0
_level = "easy"
_save = False
_start = None


def setup(arg):
    global _kind, _seed, _max, _level, _save
    parts = arg.split(",")
    _kind = parts[0]
    _seed = int(parts[1])
    _max = int(parts[2])
    if len(parts) > 3:
        _level = parts[3]
    _save = len(parts) > 4 and parts[4] == "save"
    gc.collect()


def step():
    global _loaded, _board, _screen, _frames
    if _kind == "base" and _loaded == N_STANDINS:
        print("END base 0")
        _names()
        return False
    if _loaded < len(MODULES):
        __import__(MODULES[_loaded])
        _loaded += 1
        return True
    if _board is None:
        from boards import pygamer

        _board = pygamer.make()
        return True
    if _save and _start is None:
        _prepare()
        return True
    if _screen is None:
        from engine.tactical_hex.cpu import make_cpu
        from engine.tactical_hex.state import State
        from engine.ui.hex_battle import HexBattle
        from engine.ui.kit import Kit

        clock = _board.ticks_ms
        players = [make_cpu(_level, 2 * _seed + 1, clock), make_cpu(_level, 2 * _seed + 2, clock)]
        st = State(_seed) if _start is None else _start["state"]
        _screen = HexBattle(_board, st, players, kit=Kit(_board))
        if _start is not None:
            _start["show"](_screen, _start)
        return True
    import supervisor
    from engine.ui.app import loop

    s = _screen
    loop(_board, s, 1)
    supervisor.stub_advance(FRAME_MS)
    _frames += 1
    if s.quit or _frames >= _max or s.over:
        if _start is not None:
            print("SAVED %d" % _start["saver"].saves)  # writes of the store by the autosave
        print("SEEN %s" % ("over" if s.over else ""))
        print("END %s %d" % ("over" if s.over else "phase%d" % s.st.phase, _frames))
        _names()
        return False
    return True


def _prepare():
    """The title's choice made ready as engine.ui.app.run_app does it (resume.prepare), the
    title's side let go: a new game of two people, autosaved."""
    global _start
    import engine.ui
    from engine.ui.app import Settings
    from engine.ui.lazy import forget
    from engine.ui.resume import prepare

    _start = prepare(_board, {"game": 1, "players": ("human", "human"), "seed": _seed},
                     Settings())
    forget(engine.ui, "resume")


def _names():
    """The table of interned names, for tools/bench/ui_bench.py (names_credit)."""
    import micropython

    micropython.qstr_info()
