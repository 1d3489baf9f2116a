# SPDX-License-Identifier: MIT
"""MicroPython check driver: a Tactical Hex battle through engine/ui/hex_battle.py on the
PyGamer board adapter (boards/pygamer.py), over the stand-ins of tools/mpcheck/standins/,
as tools/mpcheck/drivers/ui_battle.py does for Pocket-Tactics (a driver of its own, so that
neither run's heap depends on the other's code).

arg: "KIND,SEED,MAX_FRAMES[,LEVEL[,save[,undo][,replay]]][,trace]"
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
         With "hand", "save" and "replay", once the record holds REPLAY_AT actions the
         hand chooses "Replay this game": the battle is left for the viewer beside what it
         left in the heap (presses.replay_steps), then the game continued, as
         engine.ui.app.run_app does it on the desktop ("REPLAYS <n>"; the device restarts
         into the viewer instead: ui_battle.py's view kind)
  undo   (sixth field, with "hand" and "save") the hand chooses "Undo last move" every
         UNDO_EVERY decisions (engine/ui/save_menu.py replays the record UNDO_STEP actions
         a frame)
  off    (a further field, with "hand" and "save") once the record holds RESUME_AT
         actions and the hand is to decide, the game is switched off: the run ends with
         the stand-in NVM printed ("NVM <hex>", tools/bench/ui_bench.py continue_store)
  continue (a further field, with "hand" and "save") from the tree's cont.bin in the
         stand-in NVM: the title's Continue made ready (resume.prepare), the screen and
         its hooks (the record replayed over frames), then played on; prints
         "RESUMED <actions replayed>"

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
    "engine.ui.sheet", "engine.ui.hex_sheet",  # imported, drawn and let go by hex_view
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
REPLAY_AT = 150  # actions in the record before the hand chooses "Replay this game"
_replay = False  # the hand asks for the viewer beside the battle's leavings (the "replay" field)
_trace = False  # print "HEAP step <n> frame <f> live <bytes> after <bytes>" for each step
_replay_due = False
_replay_asked = False
_replays = 0
_saved_before = 0  # saves written by the autosave of a screen left for its replay
_stage = None  # the steps from a battle left for its replay to the game continued
_kit = None
RESUME_AT = 60  # actions in the record before the game is switched off (the off field)
_off = False
_cont = False
_resumed = -1


def setup(arg):
    global _kind, _seed, _max, _level, _save, _rand, _undo, _replay, _trace, _off, _cont
    parts = arg.split(",")
    _kind = parts[0]
    _seed = int(parts[1])
    _max = int(parts[2])
    if len(parts) > 3:
        _level = parts[3]
    _save = len(parts) > 4 and parts[4] == "save"
    _undo = _save and "undo" in parts[5:]
    _replay = _save and "replay" in parts[5:]
    _off = _save and "off" in parts[5:]
    _cont = _save and "continue" in parts[5:]
    _trace = "trace" in parts[3:]
    _rand = _seed * 7919 + 1
    gc.collect()


def step():
    if not _trace:
        return _step()
    live = gc.mem_alloc()
    more = _step()
    print("HEAP step %d frame %d live %d after %d" % (_loaded, _frames, live, gc.mem_alloc()))
    return more


def _step():
    global _loaded, _board, _screen, _frames, _max
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

        if _cont:
            import microcontroller

            f = open("/app/cont.bin", "rb")
            microcontroller.nvm[:] = f.read()
            f.close()
            f = None
        _board = pygamer.make()
        return True
    global _stage
    if _stage is not None:  # from a battle left for its replay to the game continued
        try:
            next(_stage)
        except StopIteration:
            _stage = None
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
        global _kit
        st = State(_seed) if _start is None else _start["state"]
        _kit = Kit(_board)
        _screen = HexBattle(_board, st, players, kit=_kit)
        return True
    if _start is not None and not _shown:
        _show()
        return True
    import supervisor
    from engine.ui.app import loop

    s = _screen
    if _off and _start["saver"].log.count >= RESUME_AT and s.human() >= 0 \
            and not getattr(s, "replaying", False):
        import microcontroller
        from binascii import hexlify

        print("NVM " + hexlify(microcontroller.nvm).decode())
        _max = _frames  # switched off: the run ends here
    if _kind == "hand":
        presses.frame(_hand, s, _frames)
    loop(_board, s, 1)
    supervisor.stub_advance(FRAME_MS)
    _frames += 1
    if s.quit and _start is not None and _start.get("after") and _frames < _max:
        _stage = _replay_steps(_start["after"])  # "Replay this game": the battle left
        return True
    if s.quit or _frames >= _max or s.over:
        if _start is not None:  # writes of the store by the autosaves
            print("SAVED %d" % (_saved_before + _start["saver"].saves))
            print("REPLAYS %d" % _replays)  # replay viewers run
        if _kind == "hand":
            print("HAND %d %d" % (_decisions, _undos))  # actions picked, Undo chosen
        if _cont:
            print("RESUMED %d" % _resumed)
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

    global _resumed
    people = ("human", _level) if _kind == "hand" else ("human", "human")
    choice = {"continue": True} if _cont else {"game": 1, "players": people, "seed": _seed}
    _start = prepare(_board, choice, Settings())
    forget(engine.ui, "resume")
    if _cont:
        if _start is None or _start.get("resume") is None:
            raise RuntimeError("Continue found no game to resume")
        _resumed = _start["saver"].log.count


def _replay_steps(start):
    """engine/ui/replay.py run over steps (presses.replay_steps), then the game
    continued: its screen made as hex_battle.from_title makes it, and its hooks."""
    global _screen, _replays, _frames, _start, _saved_before
    _saved_before += _start["saver"].saves
    _screen = _start = None  # let go, as run_app lets the battle and its start go
    _replays += 1
    for n in presses.replay_steps(_board, _kit, start, FRAME_MS):
        _frames += n
        yield
    from engine.tactical_hex.cpu import make_cpu
    from engine.ui.hex_battle import HexBattle

    then = start["then"]
    _start = then
    players = [None, make_cpu(_level, 2 * _seed + 2, _board.ticks_ms)]
    _screen = HexBattle(_board, then["state"], players, kit=_kit)
    yield
    then["show"](_screen, then)


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
    global _replay_due, _replay_asked
    if _replay and not _replay_asked and s.st.version >= REPLAY_AT:
        _replay_asked = _replay_due = True  # "Replay this game", once
    if _replay_due:
        return K.START
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
    global _undo_due, _undos, _replay_due
    from engine.ui import keys as K

    items = s.menu
    want = -1
    for i in range(len(items)):
        what = items[i][1]
        if _undo_due and what == "undo" or _replay_due and what == "replay":
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
    if items[want][1] == "replay":
        _replay_due = False
    return K.A


_shown = False


def _show():
    """The title's hooks on the screen made (engine/ui/hex_battle.py from_title calls them
    right after making it: a step of their own here, for the device collects the garbage
    of making the screen when it needs the room, this build only between steps)."""
    global _shown
    _shown = True
    _start["show"](_screen, _start)


def _names():
    """The table of interned names, for tools/bench/ui_bench.py (names_credit)."""
    import micropython

    micropython.qstr_info()
