# SPDX-License-Identifier: MIT
"""MicroPython check driver: a Tactical Hex battle through engine/ui/hex_battle.py on the
PyGamer board adapter (boards/pygamer.py), over the stand-ins of tools/mpcheck/standins/,
as tools/mpcheck/drivers/ui_battle.py does for Pocket-Tactics (a driver of its own, so that
neither run's heap depends on the other's code).

arg: "KIND,SEED,MAX_FRAMES[,LEVEL[,save[,undo]]]"
  hex    two CPU players at LEVEL (default "easy"; their clock the stand-in's, 20 ms a frame) until the
         game is over or MAX_FRAMES; the kit of the title (sprite sheet, panel) as on the
         device, where the battle starts from the title
  hand   Japan played through the buttons by a scripted hand against the CPU at LEVEL:
         it walks the cursor to the hex of an action it picked (seeded) and presses A,
         takes the others from the Start menu, answers the opportunity-fire prompts and
         opens a counter card now and then; it never leaves or concedes
  base   only the stand-ins: what the check itself holds (tools/bench/ui_bench.py)
  save   (fifth field) the battle autosaves as the saving title makes it (engine/ui/
         resume.py prepare, then its hooks): with "hex" saving at every decision as in a
         game of two people, while the CPU players (and their code) play it; with "hand"
         as a game of a person against the CPU is saved
  undo   (sixth field, with "hand" and "save") the board offers Undo, as the desktop's
         does (the device's does not: boards/common.py undoes), and the hand chooses "Undo
         last move" every UNDO_EVERY decisions: each undo replays the record from the
         start in one step, and the check counts all of that replay's garbage (it collects
         between steps only), so this run is not one of the budget's (docs/PERFORMANCE.md)

The first steps import the modules one per top-level call; then one step makes the board,
one the battle, and every further step runs one frame of engine.ui.app.loop. Ends with
"SEEN <screens>", "END <over|phaseN> <frames>" and the table of interned names.
"""
import gc

import presses

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
UNDO_EVERY = 9  # the hand's decisions between two Undo choices (a saved game)
CARD_EVERY = 23  # ... between two counter cards
_rand = 1  # the hand's generator (an LCG)
_plan = None  # the action the hand is carrying out
_decisions = 0
_undo_due = False
_undos = 0
_undo = False  # the hand chooses Undo (the "undo" field)


def setup(arg):
    global _kind, _seed, _max, _level, _save, _rand, _undo
    parts = arg.split(",")
    _kind = parts[0]
    _seed = int(parts[1])
    _max = int(parts[2])
    if len(parts) > 3:
        _level = parts[3]
    _save = len(parts) > 4 and parts[4] == "save"
    _undo = _save and "undo" in parts[5:]
    _rand = _seed * 7919 + 1
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
        if _undo:
            _board.undoes = True
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
        players = [None if _kind == "hand" else make_cpu(_level, 2 * _seed + 1, clock),
                   make_cpu(_level, 2 * _seed + 2, clock)]
        st = State(_seed) if _start is None else _start["state"]
        _screen = HexBattle(_board, st, players, kit=Kit(_board))
        if _start is not None:
            _start["show"](_screen, _start)
        return True
    import supervisor
    from engine.ui.app import loop

    s = _screen
    if _kind == "hand":
        presses.frame(_hand, s, _frames)
    loop(_board, s, 1)
    supervisor.stub_advance(FRAME_MS)
    _frames += 1
    if s.quit or _frames >= _max or s.over:
        if _start is not None:
            print("SAVED %d" % _start["saver"].saves)  # writes of the store by the autosave
        if _kind == "hand":
            print("HAND %d %d" % (_decisions, _undos))  # actions picked, Undo chosen
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

    people = ("human", _level) if _kind == "hand" else ("human", "human")
    _start = prepare(_board, {"game": 1, "players": people, "seed": _seed}, Settings())
    forget(engine.ui, "resume")


def _random(n):
    global _rand
    _rand = (_rand * 1103515245 + 12345) & 0x3FFFFFFF
    return (_rand >> 8) % n


def _hand(s):
    """The key the scripted hand presses now, or -1 (the CPU or the dice have the turn)."""
    global _plan, _decisions, _undo_due
    from engine.tactical_hex.tables import MAP_W
    from engine.ui import hex_battle as H
    from engine.ui import keys as K

    if s.mode == H.M_HANDOVER or s.mode == H.M_CARD:
        return K.A
    if s.mode == H.M_MENU:
        return _menu_key(s)
    if s.mode != H.M_MAP or s.human() < 0:
        return -1
    legal = s.st.legal_actions()
    if _plan not in legal:
        _plan = legal[_random(len(legal))]
        _decisions += 1
        if _undo and _decisions % UNDO_EVERY == 0:
            _undo_due = True
        if _decisions % CARD_EVERY == 0:
            return K.SELECT
    h = H.hex_of(s.st, _plan)
    if h < 0 or _undo_due:
        return K.START
    col, row = s.cursor % MAP_W, s.cursor // MAP_W
    if col != h % MAP_W:
        return K.LEFT if col > h % MAP_W else K.RIGHT
    if row != h // MAP_W:
        return K.UP if row > h // MAP_W else K.DOWN
    return K.A


def _menu_key(s):
    """Down to the line wanted, then A: Undo when it is due, else the planned action, else
    "Back to the map"."""
    global _undo_due, _undos
    from engine.ui import keys as K

    items = s.menu
    want = -1
    for i in range(len(items)):
        what = items[i][1]
        if _undo_due and what == "undo":
            want = i
            break
        if what == _plan or (want < 0 and what == "back"):
            want = i
    if want < 0:
        return K.B
    if s.menu_i != want:
        return K.DOWN
    if items[want][1] == "undo":
        _undo_due = False
        _undos += 1
    return K.A


def _names():
    """The table of interned names, for tools/bench/ui_bench.py (names_credit)."""
    import micropython

    micropython.qstr_info()
