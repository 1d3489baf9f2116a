# SPDX-License-Identifier: MIT
"""MicroPython check driver: a whole battle through the displayio UI on the PyGamer board
adapter (boards/pygamer.py), over the stand-ins of tools/mpcheck/standins/ (displayio,
terminalio, keypad, ...). tools/bench/ui_bench.py builds
its tree (run_ui) and loads it as .mpy, so its own code takes the least heap it can.

arg: "KIND[:PLAYER_A:PLAYER_B[:POINTS]],SEED,MAX_FRAMES[,trace][,save[,undo][,replay]]"
(human: "human[:PLAYER_B[:POINTS]]"; POINTS: the point limit of the battle's suggested
builds, 50 unless given)
  cpu     greedy against random until the game is over (results close by themselves), or
          the two players given (cpu:normal:greedy: a CPU level of engine/ui/sliced.py, as
          the device's board thinks it)
  setup   the title: a rules page, a unit card, Settings, then a new CPU-against-CPU game
          at 100 points through the army builder and the tile picker, then the battle; the
          saving title (engine/ui/resume.py) where the board saves games (the .mpy build),
          as code.py starts it
  human   side A is played through the buttons by a scripted hand that opens the menus, a
          unit card, the map cursor and the assault forecast, against the greedy CPU (or
          the player given: human:normal); the frame cap ends the run unless the game ends
          first
  base    no battle: only the stand-ins of the native modules are imported; the live heap
          then is what the check itself holds that a device does not (the interpreter's
          start, this driver, the stand-ins' code), subtracted from a run's heap
  cards   no battle: every unit type's card and every terrain's and feature's card, as the
          browser and Select show them; prints "CARD <line / line / ...>" for each
  costs   no battle: the heap of one stand-in object (and of one text Label) of each kind,
          "COST <what> <bytes>", measured over 16 objects from one step to the next
  save    (a further field) the battle autosaves: "setup" plays a new game of two people
          (the scripted hand plays both), "human" makes its battle as the saving title does
          (engine/ui/resume.py prepare before the battle's modules are loaded, then its
          hooks; a CPU level made resting: its search loaded for its first decision and
          let go before each save, engine/ui/sliced.py). Where
          the "replay" field has the hand run the replay viewer beside what the battle
          left, as the desktop does (the device restarts for it instead: ui_view.py), once the
          record holds REPLAY_AT actions the hand chooses "Replay this game": the battle
          is left for the viewer, stepped by presses.REPLAY_KEYS, then the game continued, as
          engine.ui.app.run_app does it (_replay_steps); in "setup" a game played to its
          end is then followed by the saving title, the battle's code let go first as
          run_app lets it go: the title drawn (prints "TITLE again"), or where the board
          offers the viewer, its "Replay last game" chosen (prints "REPLAYS <n>", the
          viewers run)
  resume  (a further field, with "save" and "human") once the record holds RESUME_AT
          actions and the person is to decide, the game is switched off: the battle left
          and its code let go (engine/ui/letgo.py, as after a battle), then the saving
          title made and its "Continue" chosen, the title let go, resume.prepare, the
          battle's modules one a step and its screen (the players resting) with the
          continued game's replay over frames, then played on to its end; it prints
          "RESUMED <actions>". The device starts a fresh interpreter instead: this run
          keeps more (the first battle's names), the safe side
  off     (a further field, with "save" and "human") the same switch-off ends the run: it
          prints the stand-in NVM ("NVM <hex>", the save store as the game left it) for
          the continue field (tools/bench/ui_bench.py continue_store)
  continue (a further field, with "save" and "human") from power-on with the stand-in NVM
          filled from the tree's cont.bin: as code.py runs, the title's modules one a
          step, the sheet and panel (engine.ui.kit), the saving title and its "Continue"
          chosen, then as in resume; it prints "RESUMED <actions replayed>"
  undo    (a further field, with "save") the hand chooses "Undo last move" at every
          UNDO_EVERY-th position a person decides; it prints "UNDOS <n>"
  trace   (a further field) prints "HEAP <step> live <bytes> after <bytes>" for each import,
          the board, the battle and each frame that sets a new high

Every kind that plays ends by printing the table of interned names ("qstr pool: ...
n_qstr=N ..."), and so does base.

The first steps import the modules one per top-level call, in dependency order (the
device collects garbage during imports, this build only between calls), the search's
modules too when a player is a CPU level. Then one step
makes the board, one the battle (as engine.ui.app.run_app makes it), and every further step runs one
frame of engine.ui.app.loop, the stand-in clock moving 20 ms a frame. At the end it prints
"PT_HARD <0|1>" (whether the board offers Pocket-Tactics' CPU hard: boards/common.py),
"SAVES <0|1>" (whether it saves games: code.py), "SAVED <n>" (the autosave's writes, when
the battle has one),
"SEEN <screens>" and "END <over|phaseN> <frames>".
"""
import gc
import sys

import presses

MODULES = (
    # stand-ins of native modules, and the libraries
    "supervisor", "displayio", "fontio", "terminalio", "board", "digitalio",
    "analogio", "keypad", "microcontroller", "neopixel", "audiocore", "audioio",
    # the rules engine
    "engine.core.protocol", "engine.core.rng", "engine.core.hexgrid", "engine.core.ticks",
    "engine.pocket_tactics.consts", "engine.pocket_tactics.tables",
    "engine.pocket_tactics.names",
    "engine.pocket_tactics.units", "engine.pocket_tactics.board",
    "engine.pocket_tactics.config", "engine.pocket_tactics.movement",
    "engine.pocket_tactics.assault", "engine.pocket_tactics.spells",
    "engine.pocket_tactics.setup", "engine.pocket_tactics.turn",
    "engine.pocket_tactics.state",
    "engine.pocket_tactics.players",
    # the UI and the board adapter
    "engine.ui.keys", "engine.ui.sprites", "engine.ui.text", "engine.ui.feedback",
    "engine.ui.lazy", "engine.ui.mapview", "engine.ui.panel", "engine.ui.kit", "engine.ui.screens",
    "engine.ui.menus", "engine.ui.mapmode", "engine.ui.battle", "engine.ui.app",
    "boards", "boards.common", "boards.pygamer",
)
# The setup kind loads only what the title screens need before the title, as
# engine.ui.app.run_app does; the rest of MODULES comes after the title is gone.
SETUP_MODULES = MODULES[:MODULES.index("engine.core.protocol")] + (
    "engine.core.rng", "engine.core.ticks", "engine.pocket_tactics.consts",
    "engine.pocket_tactics.tables",
    "engine.pocket_tactics.names", "engine.pocket_tactics.units",
    "engine.pocket_tactics.config", "engine.ui.keys", "engine.ui.sprites", "engine.ui.text",
    "engine.ui.lazy", "engine.ui.panel", "engine.ui.kit", "engine.ui.app", "boards",
    "boards.common", "boards.pygamer")
# a battle with a CPU level of the search (engine/ui/sliced.py) imports these as well
SEARCH_MODULES = ("engine.core.search", "engine.pocket_tactics.forecast",
                  "engine.pocket_tactics.evaluate", "engine.pocket_tactics.cpu",
                  "engine.ui.sliced")
LEVELS = ("easy", "normal", "hard")
N_COST_MODULES = 4  # the costs kind needs the display stand-ins only
N_STANDINS = MODULES.index("engine.core.protocol")  # the stand-ins come first

FRAME_MS = 20
SEEN_NAMES = ("cursor", "menu", "card", "info", "forecast", "assault", "over", "builder",
              "replay")

_kind = ""
_players = None  # the two players of the battle, when given in KIND
_limit = 50  # their point limit
_imports = MODULES  # what the first steps import, one a step (set by setup)
_seed = 0
_max = 0
_trace = False
_save = False  # the battle autosaves as the saving title makes it (engine/ui/resume.py)
_loaded = 0
_board = None
_screen = None
_frames = 0
_seen = 0  # bits of SEEN_NAMES
_top = 0
_top_live = 0
# the scripted hand
_last_key = -1
_last_cursor = -1
_stuck = 0
_skip = 0
_replays = 0  # viewers run (_replay_steps)
_stage = None  # the steps between two screens (_replay_steps, _title_steps), or None
REPLAY_AT = 120  # actions in the record before the hand chooses "Replay this game"
# (the viewer's presses: presses.REPLAY_KEYS)
_replay = False  # the hand asks for the viewer beside the battle's leavings (the "replay" field)
_replay_due = False
_replay_asked = False
RESUME_AT = 60  # actions in the record before the game is switched off (the resume field)
_resume = False
_off = False  # the resume field's switch-off ends the run, the store printed ("NVM <hex>")
_cont = False  # the run starts from the store /app/cont.bin: the saving title's Continue
_resumed = -1  # the record's actions when the game was switched off (-1: not yet)
UNDO_EVERY = 7  # positions a person decides between two Undo choices (the undo field)
_undo = False
_undo_due = False
_undos = 0
_decided_at = -1  # the state's version at the last position a person decided
_decisions = 0
# the costs kind
_cost_i = 0
_keep = None
_live0 = 0


def _searches(players):
    """A player is a CPU level of the search (its modules are imported too)."""
    return players[0] in LEVELS or players[1] in LEVELS


def setup(arg):
    global _kind, _seed, _max, _trace, _players, _imports, _limit, _save, _undo, _replay
    global _resume, _off, _cont, _resumed
    parts = arg.split(",")
    kind = parts[0].split(":")
    _kind = kind[0]
    _trace = "trace" in parts[3:]
    _save = "save" in parts[3:]
    _undo = _save and "undo" in parts[3:]
    _replay = _save and "replay" in parts[3:]
    _off = _save and "off" in parts[3:]
    _resume = _save and ("resume" in parts[3:] or _off)
    _cont = _save and "continue" in parts[3:]
    if _cont:
        _resumed = 0
    if _kind == "human" and len(kind) > 1:
        _players = ("human", kind[1])
        if len(kind) > 2:
            _limit = int(kind[2])
    elif len(kind) > 2:
        _players = (kind[1], kind[2])
        if len(kind) > 3:
            _limit = int(kind[3])
    _imports = SETUP_MODULES if _kind == "setup" else MODULES
    if _save and _kind != "setup":  # the UI's modules after the title's choice is made ready
        _imports = tuple(m for m in MODULES if not m.startswith("engine.ui.")
                         or m == "engine.ui.lazy")
    if _players is not None and _searches(_players) and not _save:
        _imports = _imports + SEARCH_MODULES
    if _cont:
        _imports = SETUP_MODULES  # from power-on: the saving title's modules
    _seed = int(parts[1])
    _max = int(parts[2])
    gc.collect()


def step():
    global _top, _top_live
    if not _trace:
        return _step()
    live = gc.mem_alloc()
    more = _step()
    used = gc.mem_alloc()
    if _screen is None or used > _top or live > _top_live:
        if _board is None:
            what = _imports[_loaded - 1]
        elif _stage is not None or _screen is None and _frames:
            what = "between screens, frame %d" % _frames
        elif _screen is None:
            what = "board"
        else:
            what = "frame %d" % _frames if _frames else "battle"
        print("HEAP %s live %d after %d" % (what, live, used))
    _top = max(_top, used)
    _top_live = max(_top_live, live)
    return more


def _step():
    global _loaded, _board, _screen, _frames, _last_key, _resumed
    if _kind == "base" and _loaded == N_STANDINS:
        print("END base 0")
        _names()
        return False
    if _loaded < (N_COST_MODULES if _kind == "costs" else len(_imports)):
        __import__(_imports[_loaded])
        _loaded += 1
        return True
    if _kind == "costs":
        return _cost_step()
    if _kind == "cards":
        return _cards()
    global _stage
    if _board is None:
        from boards import pygamer

        if _cont:
            import microcontroller

            f = open("/app/cont.bin", "rb")
            microcontroller.nvm[:] = f.read()
            f.close()
            f = None
        _board = pygamer.make()
        if _cont:
            _stage = _resume_steps(True)
        return True
    if _stage is not None:  # between two screens
        try:
            next(_stage)
        except StopIteration:
            _stage = None
        if _stage is not None or _screen is not None:
            return True
        return _end(None)
    if _kind == "setup" and not _setup_done():
        return True
    if _screen is None:
        players = ("greedy", "random") if _kind == "cpu" else ("human", "greedy")
        if _save:
            _screen = _saving_battle(_players or players)
        else:
            _screen = _new_battle(_players or players)
        return True
    import supervisor
    from engine.pocket_tactics.consts import PH_OVER
    from engine.ui.app import loop
    from engine.ui.screens import M_MAP, M_OVER

    s = _screen
    if _kind == "human" or _save:
        key = presses.frame(_hand, s, _frames)
        if key is not None:
            _last_key = key
    loop(_board, s, 1)
    supervisor.stub_advance(FRAME_MS)
    _frames += 1
    _look(s)
    start = _saving_start or _start
    if s.quit and start is not None and start.get("after") and _frames < _max:
        _stage = _replay_steps(start["after"])  # "Replay this game": the battle left
        return True
    if _resume and _resumed < 0 and s.st.version >= RESUME_AT and s.human() >= 0 \
            and s.mode == M_MAP and not getattr(s, "replaying", False):
        if _off:
            import microcontroller
            from binascii import hexlify

            _resumed = s.st.version
            print("NVM " + hexlify(microcontroller.nvm).decode())
            return _end(s)
        _stage = _resume_steps()  # switched off while the person decides: Continue
        return True
    over = s.st.phase == PH_OVER and s.mode == M_OVER
    if over and _kind == "setup" and _save and _frames < _max:
        _stage = _title_steps()  # the saving title again (its "Replay last game")
        return True
    if s.quit or _frames >= _max or over:
        return _end(s)
    return True


_last_phase = 0  # the phase of the battle left (_leave), for _end
_saved_before = 0  # saves written by the autosaves of battles left (_leave)


def _end(s):
    """Prints the run's report on battle ``s`` (None: the battle left last, _leave)."""
    from engine.pocket_tactics.consts import PH_OVER

    phase = _last_phase if s is None else s.st.phase
    names = [SEEN_NAMES[i] for i in range(len(SEEN_NAMES)) if _seen & (1 << i)]
    print("PT_HARD %d" % (1 if _board.pt_hard else 0))  # the level offered (newgame.py)
    print("SAVES %d" % (1 if _board.saves_games else 0))  # code.py's run_app(saving=)
    start = _saving_start or _start
    saver = start.get("saver") if start else None
    if saver is not None or _saved_before:  # writes of the store by the autosaves
        print("SAVED %d" % (_saved_before + (saver.saves if saver is not None else 0)))
    if _undo:
        print("UNDOS %d" % _undos)  # "Undo last move" chosen
    if _save:
        print("REPLAYS %d" % _replays)  # replay viewers run
    if _resume or _cont:
        print("RESUMED %d" % _resumed)  # the game switched off and continued
    print("SEEN %s" % " ".join(names))
    print("END %s %d" % ("over" if phase == PH_OVER else "phase%d" % phase, _frames))
    _names()
    return False


def _replay_steps(start):
    """engine/ui/replay.py run over steps (presses.replay_steps), and when a game
    was left for its replay, its battle screen made as run_app's _battle makes it."""
    global _screen, _replays, _frames, _start
    _leave()
    _replays += 1
    _mark("replay")
    for n in presses.replay_steps(_board, _kit, start, FRAME_MS):
        _frames += n
        yield
    start = start.get("then")
    if start is None:
        return
    from engine.ui.app import make_player
    from engine.ui.battle import Battle

    seed = start["seed"]
    ps = [make_player(start["players"][0], seed * 2 + 1, _board),
          make_player(start["players"][1], seed * 2 + 2, _board)]
    _screen = Battle(_board, start["state"], ps, auto_draft=start["auto_draft"], kit=_kit)
    start["show"](_screen, start)
    _start = start


def _leave():
    """The battle and its start let go, as engine.ui.app.run_app lets them go after the
    battle: only what the end's report needs is kept."""
    global _screen, _start, _saving_start, _saved_before, _last_phase
    start = _saving_start or _start
    if start is not None and start.get("saver") is not None:
        _saved_before += start["saver"].saves
    if _screen is not None:
        _last_phase = _screen.st.phase
    _screen = _start = _saving_start = None


def _title_steps():
    """After the game's end: the battle's code let go and engine.ui.app.run_app's next
    title (the saving title, which offers "Replay last game" for the record the store kept
    where the board has the viewer); then the hand choosing that line, the title let go,
    and the viewer (_replay_steps)."""
    import engine.ui
    from engine.ui import keys as K
    from engine.ui.app import Settings, loop
    from engine.ui.lazy import forget

    _leave()
    from engine.ui.letgo import let_go_battle

    let_go_battle()  # as engine.ui.app.run_app does after a battle
    let_go_battle = None
    yield
    import engine.ui.newgame  # noqa: F401  (a step of its own, as in _setup_done)

    yield
    from engine.ui.resume import title_for

    title = title_for(_board, Settings(), kit=_kit)
    title_for = None
    yield
    if not _replay:  # the title shown (the device restarts for "Replay last game")
        loop(_board, title, 1)
        title = None
        print("TITLE again")
        return
    while not title.quit:
        line = title.page[1][title.sel][0]
        title.on_event(K.A if line == "Replay last game" else K.DOWN)
        line = None
        yield
    start = title.start
    title = None
    forget(engine.ui, "title")
    forget(engine.ui, "newgame")
    forget(engine.ui, "resume")
    yield
    for _ in _replay_steps(start):
        yield


def _resume_steps(fresh=False):
    """The game switched off and continued (the resume field): the battle left and its
    code let go, the saving title made and its Continue chosen, the title let go, the
    continued game made ready (resume.prepare), the battle's modules one a step, then its
    screen made as engine.ui.app._battle makes it (the players resting)."""
    global _resumed, _saving_start, _screen
    import engine.ui
    from engine.ui import keys as K
    from engine.ui.app import Settings
    from engine.ui.lazy import forget

    global _kit
    if fresh:  # run_app's sheet and panel, made before the title
        from engine.ui.kit import Kit

        _kit = Kit(_board)
        yield
    else:
        _resumed = _screen.st.version
        _leave()
        from engine.ui.letgo import let_go_battle

        let_go_battle()
        let_go_battle = None
        yield
    from engine.ui.resume import title_for

    title = title_for(_board, Settings(), kit=_kit)
    title_for = None
    yield
    while not title.quit:
        title.on_event(K.A if title.page[1][title.sel][0] == "Continue" else K.DOWN)
        yield
    start = title.start
    title = None
    forget(engine.ui, "title")
    forget(engine.ui, "newgame")
    yield
    from engine.ui import resume

    _saving_start = resume.prepare(_board, start, Settings())
    resume = None
    forget(engine.ui, "resume")
    if _saving_start is None or _saving_start.get("resume") is None:
        raise RuntimeError("Continue found no game to resume")
    if fresh:
        _resumed = _saving_start["saver"].log.count  # the actions its record replays
    yield
    screen = _saving_battle(_players)
    while screen is None:
        yield
        screen = _saving_battle(_players)
    _screen = screen


_saving_start = None


def _import_one(names):
    """Imports the first of ``names`` not loaded yet (one module a step); False when all
    are."""
    for name in names:
        if name not in sys.modules:
            __import__(name)
            return True
    return False


def _new_battle(players):
    """The battle of ``players`` (the suggested armies of factions 0 and 1 at the point
    limit), made as engine.ui.app.run_app makes a battle the title started."""
    from engine.pocket_tactics.forces import suggested
    from engine.pocket_tactics.state import State
    from engine.ui.app import make_player
    from engine.ui.battle import Battle

    st = State(suggested(0, 1, _limit), _seed)
    ps = [make_player(players[0], _seed * 2 + 1, _board),
          make_player(players[1], _seed * 2 + 2, _board)]
    return Battle(_board, st, ps)


def _saving_battle(players):
    """The battle of ``players`` as the saving title starts it, over steps: the title's
    choice made ready (engine/ui/resume.py prepare: the store read, the state autosaved)
    before the battle's modules are loaded, as the title does it, and the title's side let
    go as engine.ui.app.run_app does; the battle's modules, one a step; then the battle
    screen with its hooks (start["show"]). None until the screen is made."""
    global _saving_start
    from engine.ui.app import Settings

    if _saving_start is None:
        import engine.ui
        from engine.pocket_tactics.forces import suggested
        from engine.ui import resume
        from engine.ui.lazy import forget

        start = {"game": 0, "players": players, "seed": _seed, "auto_draft": False,
                 "config": suggested(0, 1, _limit)}
        _saving_start = resume.prepare(_board, start, Settings())
        forget(engine.ui, "resume")
        return None
    # a CPU level's search is loaded for its first decision, not with the battle (its
    # player is made resting, as engine.ui.app._battle makes it for a saved game)
    names = MODULES + SEARCH_MODULES[-1:] if _searches(players) else MODULES
    if _import_one(names):
        return None
    from engine.ui.app import make_player
    from engine.ui.battle import Battle

    global _kit
    from engine.ui.kit import Kit

    start = _saving_start
    ps = [make_player(players[0], _seed * 2 + 1, _board, True),
          make_player(players[1], _seed * 2 + 2, _board, True)]
    if _kit is None:  # one sheet and panel for the title, the battle and the viewer (run_app)
        _kit = Kit(_board)
    screen = Battle(_board, start["state"], ps, kit=_kit)
    start["show"](screen, start)
    return screen


def _cards():
    from engine.pocket_tactics.consts import NONE
    from engine.pocket_tactics.tables import N_FEATURES, N_TERRAINS, N_UNITS
    from engine.ui import cards

    for ty in range(N_UNITS):
        print("CARD %s" % " / ".join(cards.type_card(ty)))
    for t in range(N_TERRAINS):
        print("CARD %s" % " / ".join(cards.place_card(t, NONE)))
    for f in range(N_FEATURES):
        print("CARD %s" % " / ".join(cards.place_card(-1, f)))
    print("END cards 0")
    return False


def _names():
    """Prints the table of interned names ("qstr pool: ... n_qstr=N ..."): tools/bench/
    ui_bench.py reads how many names the run added to what the check itself holds."""
    import micropython

    micropython.qstr_info()


# --- the setup kind -------------------------------------------------------------------------

# Presses through the title: a rules page, a unit card in the browser, Settings, then a new
# game of CPU against CPU at 100 points with a custom army (the builder) and picked tiles.
SETUP_KEYS = (
    "DOWN A A B B",  # Rules, its first page, back, back
    "DOWN A A A B B B",  # Units and terrain, a faction, a unit card, back x3
    "DOWN A DOWN DOWN DOWN A DOWN A",  # Settings, the CPU level (to easy), Done
    "UP UP UP A",  # New game
    "A DOWN A A DOWN A A A",  # game; A: CPU normal; B: CPU easy (Settings); 100 points; factions
    "DOWN A RIGHT RIGHT RIGHT RIGHT DOWN RIGHT RIGHT DOWN RIGHT UP UP UP A",  # army builder
    "A DOWN DOWN A RIGHT RIGHT RIGHT DOWN RIGHT RIGHT RIGHT UP UP A",  # army B; tiles of A
    "A A A A A",  # tiles of B, central, features, draft
)
# The saving title's Settings page (engine/ui/resume.py: the board saves games, as the
# .mpy build's does) has an Undo line before Done; with "save", a game between two people
# (player B picked up from easy to Human), autosaved.
SAVING_SETTINGS = "DOWN A DOWN DOWN DOWN A DOWN DOWN A"  # Settings, CPU level (to easy), Done
HOT_SEAT = "A A UP UP A DOWN A A A"  # game; A: Human; B: Human; 100 points; factions


def _setup_key_list():
    keys = list(SETUP_KEYS)
    if _board.saves_games:
        keys[2] = SAVING_SETTINGS
    if _save:
        keys[4] = HOT_SEAT
    return " ".join(keys).split()


_setup_keys = None
_title = None
_start = None
_kit = None


def _setup_done():
    """One step of the title: import, make, press one key; True once a battle is made."""
    global _title, _setup_keys, _screen
    if _screen is not None:
        return True
    if _setup_keys is None:
        if "engine.ui.newgame" not in sys.modules:
            import engine.ui.newgame  # noqa: F401  (steps of their own: compiling them)

            return False
        import engine.ui.title  # noqa: F401

        _setup_keys = _setup_key_list()
        return False
    if _title is None:
        global _kit
        from engine.ui.app import Settings
        from engine.ui.kit import Kit
        from engine.ui.title import Title

        _kit = Kit(_board)  # as engine.ui.app.run_app: one sheet and panel for all screens
        if _board.saves_games:  # code.py: run_app(board, saving=board.saves_games)
            from engine.ui.resume import title_for as Title
        _title = Title(_board, Settings(), kit=_kit)
        _mark("menu")
        return False
    if _title is not False and not _title.quit:
        from engine.ui import keys as K

        if not _setup_keys:
            raise RuntimeError("setup keys ran out on page %r" % _title.page[0])
        name = _setup_keys.pop(0)
        _title.on_event(getattr(K, name))
        if _title.dirty:
            _title.dirty = False
            _board.display.refresh()
        if _title.page[0].startswith("Army A:"):
            _mark("builder")
        return False
    if _title is not False:
        global _start
        _start = _title.start
        _title = False
        import engine.ui
        from engine.ui.lazy import forget

        forget(engine.ui, "title")  # as engine.ui.app.run_app does
        forget(engine.ui, "newgame")
        return False
    if _board.saves_games and "saver" not in _start:
        # the rules' modules that prepare's State needs, one a step
        if _import_one([m for m in MODULES if m.startswith("engine.pocket_tactics.")]):
            return False
        import engine.ui
        from engine.ui.app import Settings
        from engine.ui.lazy import forget
        from engine.ui.resume import prepare

        _start = prepare(_board, _start, Settings())  # as engine.ui.app.run_app does
        forget(engine.ui, "resume")
        return False
    names = MODULES + SEARCH_MODULES if _searches(_start["players"]) else MODULES
    if _import_one(names):  # the rest, one per step, as the battle imports them
        return False
    start = _start
    from engine.pocket_tactics.state import State
    from engine.ui.app import make_player
    from engine.ui.battle import Battle

    seed = start["seed"]  # the players as engine.ui.app.run_app makes them
    ps = [make_player(start["players"][0], seed * 2 + 1, _board),
          make_player(start["players"][1], seed * 2 + 2, _board)]
    _screen = Battle(_board, start.get("state") or State(start["config"], seed), ps,
                     auto_draft=start["auto_draft"], kit=_kit)
    if "show" in start:
        start["show"](_screen, start)
    return True


def _mark(name):
    global _seen
    if name in SEEN_NAMES:
        _seen |= 1 << SEEN_NAMES.index(name)


# --- the costs kind -------------------------------------------------------------------------

_COSTS = ("Bitmap 16x16 16 values", "Bitmap 160x12 3 values", "Palette 16",
          "Palette 3", "TileGrid 1x1", "TileGrid 10x8", "Group", "Glyph",
          "Text line 26 characters")


def _make(i):
    import displayio
    import terminalio

    if i < 2:
        return displayio.Bitmap(16, 16, 16) if i == 0 else displayio.Bitmap(160, 12, 3)
    if i < 4:
        return displayio.Palette(16 if i == 2 else 3)
    if i < 6:
        bmp = _keep[-1]
        return displayio.TileGrid(bmp, pixel_shader=None, width=1 if i == 4 else 10,
                                  height=1 if i == 4 else 8, tile_width=16, tile_height=16)
    if i == 6:
        return displayio.Group()
    if i == 7:
        return terminalio.FONT.get_glyph(65)
    return displayio.TileGrid(terminalio.FONT.bitmap, pixel_shader=None, width=26, height=1,
                              tile_width=6, tile_height=12)


def _cost_step():
    """Three steps per kind: make the list that keeps the objects (and the sheet the
    TileGrids use); make 16 objects, the live memory read at the start of the step (after
    the collection); read the live memory again at the start of the next step."""
    global _cost_i, _keep, _live0
    import displayio

    i = _cost_i // 3
    if i >= len(_COSTS):
        return False
    phase = _cost_i % 3
    if phase == 0:
        _keep = [None] * 17
        _keep[-1] = displayio.Bitmap(16 * 39, 16, 16)
    elif phase == 1:
        _live0 = gc.mem_alloc()
        for k in range(16):
            _keep[k] = _make(i)
    else:
        print("COST %s %d" % (_COSTS[i], (gc.mem_alloc() - _live0) // 16))
        _keep = None
    _cost_i += 1
    return True


# --- the scripted hand ----------------------------------------------------------------------

def _menu_key(s):
    """Down to the line wanted, then A: "Assault!" in the forecast, else the first line
    that does something other than go back or quit (Resume / Cancel if none)."""
    from engine.ui import keys as K

    global _undo_due, _undos, _replay_due
    items = s.menu
    want = -1
    for i in range(len(items)):
        if _undo_due and items[i][0] == "Undo last move":
            if s.menu_i != i:
                return K.DOWN
            _undo_due = False
            _undos += 1
            return K.A
        if _replay_due and items[i][0] == "Replay this game":
            if s.menu_i != i:
                return K.DOWN
            _replay_due = False  # once: the battle is left for the viewer (_replay_steps)
            return K.A
    for i in range(len(items)):
        if items[i][0] == "Assault!":
            want = i
    for i in range(len(items)):
        t = items[i][0]
        if want < 0 and t not in ("Resume", "Cancel", "Quit to title", "Armies", "Rules",
                                  "Concede") and \
                items[i][1] is not None:
            want = i
    for i in range(len(items)):
        if want < 0 and items[i][0] in ("Resume", "Cancel"):
            want = i
    return K.A if want < 0 or s.menu_i == want else K.DOWN


def _enemy_dist(s, h):
    """Squared pixel distance from grid hex ``h`` to the nearest enemy unit on the map."""
    from engine.pocket_tactics.consts import NONE
    from engine.ui.mapview import hex_px

    st = s.st
    b = st.board
    x0, y0 = hex_px(h)
    best = 1 << 20
    for t in range(b.n):
        u = b.t_unit[t]
        if u != NONE and st.u_owner[u] != st.player:
            x, y = hex_px(b.t_hex[t])
            best = min(best, (x - x0) * (x - x0) + (y - y0) * (y - y0))
    return best


def _map_target(s):
    """The grid hex the hand wants the cursor on: an assault, else the pick nearest to an
    enemy, else a unit that can move; -1 for none."""
    from engine.pocket_tactics.consts import K_ASSAULT, K_MOVE, NONE, PH_TURN, kind_of, x_of

    picks = s.picks
    best = -1
    cost = 0
    for h in picks:
        a = picks[h]
        c = -1 if a is not None and kind_of(a) == K_ASSAULT else _enemy_dist(s, h)
        c = c * 64 + (h + _skip) % 64  # ties (and a stuck cursor) rotate
        if best < 0 or c < cost:
            best = h
            cost = c
    st = s.st
    if best >= 0 or st.phase != PH_TURN or s.sel != NONE:
        return best
    movers = []
    for a in st.legal_actions():
        k = kind_of(a)
        if (k == K_MOVE or k == K_ASSAULT) and x_of(a) not in movers:
            movers.append(x_of(a))
    if not movers:
        return -1
    return st.board.t_hex[st.u_tile[movers[_skip % len(movers)]]]


def _toward(s, target):
    """The direction key that brings the map cursor nearer to grid hex ``target``."""
    from engine.ui import keys as K
    from engine.ui.mapview import hex_px

    x0, y0 = hex_px(s.map.cursor_hex)
    x1, y1 = hex_px(target)
    dx = x1 - x0
    dy = y1 - y0
    across = abs(dx) >= abs(dy)
    if _stuck & 1:
        across = not across
    if across and dx == 0 or not across and dy == 0:
        across = not across
    if across:
        return K.RIGHT if dx > 0 else K.LEFT
    return K.DOWN if dy > 0 else K.UP


def _hand(s):
    """The key the scripted hand presses now, or -1."""
    global _last_cursor, _stuck, _skip, _decided_at, _decisions, _undo_due
    from engine.pocket_tactics.consts import NONE
    from engine.ui import keys as K
    # imported, not read as attributes: the device build folds the modes (screens.py) and
    # keeps no names for them
    from engine.ui.screens import M_ASSAULT, M_HANDOVER, M_INFO, M_MAP, M_MENU, M_OVER

    global _replay_due, _replay_asked
    m = s.mode
    if m == M_HANDOVER or m == M_INFO:
        return K.A
    if m == M_OVER:
        return -1
    if m == M_ASSAULT:
        return K.A if s.menu else -1
    if m == M_MENU:
        return _menu_key(s)
    if s.human() < 0 or getattr(s, "replaying", False):
        return -1
    if _replay and not _replay_asked and s.st.version >= REPLAY_AT and m == M_MAP:
        _replay_asked = _replay_due = True  # "Replay this game", once
    if _replay_due:
        return K.START
    if _undo and m == M_MAP:
        if s.st.version != _decided_at:  # a new position to decide
            _decided_at = s.st.version
            _decisions += 1
            if _decisions % UNDO_EVERY == 0:
                _undo_due = True
        if _undo_due:
            return K.START
    cur = s.map.cursor_hex
    if 0 <= _last_key <= K.RIGHT:
        if cur != _last_cursor:
            _stuck = 0
        else:
            _stuck += 1
            if _stuck > 3:  # give up on this target
                _stuck = 0
                _skip += 1
                return K.B
    _last_cursor = cur
    if not _seen & 4 and s._unit_at(cur) != NONE:
        return K.SELECT  # the unit card
    if not _seen & 2:
        return K.START  # the turn menu
    target = _map_target(s)
    if target < 0:
        return K.START
    if target == cur:
        return K.A
    return _toward(s, target)


def _look(s):
    global _seen
    from engine.pocket_tactics.consts import CENTRE, PH_OVER
    from engine.ui import keys as K
    from engine.ui.screens import M_ASSAULT, M_INFO, M_MENU

    m = s.mode
    if s.map.cursor_hex != CENTRE:
        _seen |= 1
    if m == M_MENU:
        _seen |= 2
        for item in s.menu:
            if item[0] == "Assault!":
                _seen |= 16
    if m == M_INFO:
        _seen |= 8
        if _last_key == K.SELECT:
            _seen |= 4
    if m == M_ASSAULT:
        _seen |= 32
    if s.st.phase == PH_OVER:
        _seen |= 64
