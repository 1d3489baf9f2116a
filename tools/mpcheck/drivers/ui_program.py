# SPDX-License-Identifier: MIT
"""MicroPython check driver: one of the game's programs (engine/ui/kit/app.py: the title,
the battle, the replay viewer) in an interpreter of its own, as the device runs it after a
restart, on the PyGamer board adapter (boards/pygamer.py) over the stand-ins of
tools/mpcheck/standins/. tools/bench/ui_bench.py builds its tree and loads it as .mpy, so
its own code takes the least heap it can.

arg: "PROGRAM,HAND,CAP,RUN[,FLAG...]"

  PROGRAM  "title", "battle" or "viewer" (the module engine/ui/kit/app.py PROGRAMS names);
           or "base", "costs", "cards" (below)
  HAND     the scripted hand, a module of this folder (ui_title, ui_battle, ui_hex,
           ui_view: ``setup(flags)``, ``key(screen)``, ``look(screen)``, ``report()``),
           or "-": A pressed once a battle is over (presses.end_key)
  CAP      frames at most (0: until the program returns)
  RUN      the run's files in the tree (the check puts them under /app): RUN.nvm, the save
           store the program starts with (the stand-in NVM is filled from it; none: the
           store is erased, as at the first power-on), and RUN.imp, the modules the program
           keeps loaded, one a line in dependency order: a line "-" where the board is made,
           a line "@N" before the modules the program loads in its frame N (none: before it
           starts) (tools/bench/ui_bench.py traces them on CPython)
  FLAG     "undo": the hand chooses "Undo last move" now and then; "nvm": at the end the
           store is printed ("NVM <hex>", the hand-over to the next program's run);
           "offN": a battle is switched off (the run ends, "NEXT off") at the first frame
           where its record holds N actions or more, saved, and a person is to decide;
           "trace": "HEAP <what> live <bytes> after <bytes>" for every step that imports
           or makes the board, the first three frames and every frame that sets a new high

The first steps import the stand-ins of the native modules, one a step, and fill the NVM;
then the modules of RUN.imp one a top-level call (the device collects garbage during
imports, this build only between calls), the board made where the list says, as
boards.start makes it before it imports the program; then the program's generator is made
and every further step runs one frame of it, the hand's key pressed before it (a press and
a release a frame each, every presses.HAND_EVERY frames), the stand-in clock moving
FRAME_MS a frame; before frame N, the modules the program loads in it, one a step (so the
code a program loads only after a frame of its own, as the battle loads the rules after
reading the store, is not on the heap before that frame). The screens the program shows
are handed to the driver by its ``on_screen``.

At the end (the program returned, or CAP frames ran) the hand's lines (SEEN, ...),
"NEXT <program>" (the program it returned, "-" at the frame cap), "FRAMES <n>", the NVM
with "nvm", "END <over|phaseN|done> <frames>" (a battle's game over, or its phase) and the
table of interned names ("qstr pool: ... n_qstr=N ...").

  base   only the stand-ins, this driver and the hand (and the NVM filled): the live heap
         then is what the check itself holds that a device does not, subtracted from a
         run's heap (tools/bench/ui_bench.py check_overhead)
  costs  the heap of one stand-in object of each kind, "COST <what> <bytes>", over 16
         objects from one step to the next
  cards  every unit type's card and every terrain's and feature's card, as the browser and
         Select show them; prints "CARD <line / line / ...>" for each

"cpu,SEED,FRAMES" is kept for the install's check (tests/test_deploy.py): a battle of the
greedy against the random player (suggested armies of 50 points), the game written to the
store by this driver first (engine/ui/saving/store.py new_game, its code let go after).
"""
import gc
import sys

import presses

STANDINS = ("supervisor", "displayio", "fontio", "terminalio", "board", "digitalio",
            "analogio", "keypad", "microcontroller", "neopixel", "audiocore", "audioio")
N_COST_MODULES = 4  # the costs kind needs the display stand-ins only
FRAME_MS = 20
PROGRAMS = {"title": "engine.ui.title", "battle": "engine.ui.play",
            "viewer": "engine.ui.viewer"}  # engine/ui/kit/app.py PROGRAMS
ROOT = "/app/"  # where the run's files are (the host sets it to run this on CPython)

_program = ""
_hand = None  # the hand module
_cap = 0
_run = "-"
_flags = ()
_trace = False
_legacy = -1  # the seed of the "cpu" form's game (-1: not that form)
_off = 0  # the flag "offN": switched off once the record holds N actions (0: not)
_imports = None  # RUN.imp, open: the modules to import (a line "@N": before frame N)
_name = None  # its next line
_loaded = 0  # stand-ins imported
_filled = False
_board = None
_gen = None  # the program's generator
_screen = None  # the screen the program shows (its on_screen)
_frames = 0
_ended = None  # (NEXT, END) once the program returned or the cap was reached
_top = 0
_top_live = 0
# the costs kind
_cost_i = 0
_keep = None
_live0 = 0


def setup(arg):
    global _program, _hand, _cap, _run, _flags, _trace, _imports, _legacy, _off
    parts = arg.split(",")
    _program = parts[0]
    if _program == "cpu":  # "cpu,SEED,FRAMES"
        _legacy = int(parts[1])
        _program = "battle"
        parts = ["battle", "-", parts[2], "-"]
    _cap = int(parts[2]) if len(parts) > 2 else 0
    _run = parts[3] if len(parts) > 3 else "-"
    _flags = parts[4:]
    _trace = "trace" in _flags
    for flag in _flags:
        if flag[:3] == "off":
            _off = int(flag[3:])
    if len(parts) > 1 and parts[1] != "-":
        __import__(parts[1])
        _hand = sys.modules[parts[1]]
        _hand.setup(_flags)
    if _program in PROGRAMS and _run != "-":
        try:
            _imports = open(ROOT + _run + ".imp")  # read a line at a time: no list held
        except OSError:
            pass
        _next_import()
    gc.collect()


def _next_import():
    """The next line of RUN.imp in ``_name`` (None at its end, the file closed)."""
    global _name, _imports
    _name = None
    if _imports is not None:
        _name = _imports.readline().strip() or None
        if _name is None:
            _imports.close()
            _imports = None


def step():
    global _top, _top_live
    if not _trace:
        return _step()
    live = gc.mem_alloc()
    more = _step()
    used = gc.mem_alloc()
    if _doing[:5] != "frame" or _frames <= 3 or used > _top or live > _top_live:
        print("HEAP %s live %d after %d" % (_doing, live, used))
    _top = max(_top, used)
    _top_live = max(_top_live, live)
    return more


_doing = ""  # what the last step did, for "trace"


def _step():
    global _loaded, _filled, _board, _gen, _doing
    if _loaded < (N_COST_MODULES if _program == "costs" else len(STANDINS)):
        _doing = "import " + STANDINS[_loaded]
        __import__(STANDINS[_loaded])
        _loaded += 1
        return True
    if _program == "costs":
        return _cost_step()
    if not _filled:  # the store as the last program (or the host) left it
        _filled = True
        _doing = "the store filled"
        _fill()
        return True
    if _program == "base":
        print("END base 0")
        _names()
        return False
    if _program == "cards":
        return _cards()
    if _ended is not None:
        return _report()
    while _name is not None:
        name = _name
        if name[0] == "@" and int(name[1:]) > _frames:
            break  # the program's frames first
        _next_import()
        if name == "-":
            _make_board()
            return True
        if name[0] != "@":
            _doing = "import " + name
            __import__(name)
            return True
    if _board is None:
        _make_board()
        return True
    if _legacy >= 0:
        _doing = "the new game written"
        _new_game(_legacy)
        return True
    if _gen is None:
        __import__(PROGRAMS[_program])
        _gen = sys.modules[PROGRAMS[_program]].program(_board, _shown)
    return _frame()


def _fill():
    import microcontroller

    try:
        f = open(ROOT + _run + ".nvm", "rb")
    except OSError:
        return  # erased, as at the first power-on
    try:
        f.readinto(microcontroller.nvm)  # no copy on the heap
    finally:
        f.close()


def _make_board():
    global _board, _doing
    from boards import pygamer

    _doing = "the board"
    _board = pygamer.make()


def _shown(screen):
    """The program's on_screen: the screen it shows now."""
    global _screen
    _screen = screen


def _frame():
    global _frames, _ended, _gen, _screen, _doing
    import supervisor

    if _trace:
        _doing = "frame %d" % _frames
    if _screen is not None:
        presses.frame(presses.end_key if _hand is None else _hand.key, _screen, _frames)
    nxt = None
    try:
        next(_gen)
    except StopIteration as e:
        nxt = e.value or "?"
    supervisor.stub_advance(FRAME_MS)
    _frames += 1
    if _screen is not None and _hand is not None:
        _hand.look(_screen)
    if _off and nxt is None and _screen is not None:
        sv = _screen.saver
        if sv.log.count >= _off and sv.saved == sv.log.count and _screen.human() >= 0 \
                and _screen.busy is None:
            nxt = "off"  # switched off while a person decides: the game is in the store
        sv = None
    if nxt is None and not (_cap and _frames >= _cap):
        return True
    end = "done"
    st = getattr(_screen, "st", None)
    if _program == "battle" and st is not None:
        from engine.core.protocol import TERMINAL

        end = "over" if st.to_act() == TERMINAL else "phase%d" % st.phase
    st = None
    _ended = (nxt or "-", end)
    _gen = _screen = None  # let go before the report
    _doing = "the end"
    return True


def _report():
    if _hand is not None:
        _hand.report()
    else:
        print("SEEN %s" % ("over" if _ended[1] == "over" else ""))
    print("NEXT %s" % _ended[0])
    print("FRAMES %d" % _frames)
    if "nvm" in _flags:
        _print_nvm()
    print("END %s %d" % (_ended[1], _frames))
    _names()
    return False


def _print_nvm():
    """The stand-in NVM as one line "NVM <hex>", written a little at a time (no text of the
    whole store on the heap)."""
    import microcontroller
    from binascii import hexlify

    nvm = microcontroller.nvm
    sys.stdout.write("NVM ")
    for at in range(0, len(nvm), 256):
        sys.stdout.write(hexlify(nvm[at:at + 256]).decode())
    sys.stdout.write("\n")


def _new_game(seed):
    """The "cpu" form: the game written to the store (greedy against random, the suggested
    armies of factions 0 and 1 at 50 points), the modules that wrote it let go."""
    global _legacy
    before = list(sys.modules)
    from engine.pocket_tactics.forces import suggested
    from engine.ui.saving.store import new_game

    why = new_game(_board, None, 1, ("greedy", "random"), seed, suggested(0, 1, 50))
    if why is not None:
        raise RuntimeError(why)
    suggested = new_game = None
    for name in list(sys.modules):
        if name not in before:
            sys.modules.pop(name)
            package, _, leaf = name.rpartition(".")
            try:
                delattr(sys.modules[package], leaf)
            except (AttributeError, KeyError):
                pass
    _legacy = -1


def _names():
    """The table of interned names, for tools/bench/ui_bench.py (names_credit)."""
    try:
        from micropython import qstr_info
    except ImportError:  # CPython (the host's run of this driver)
        return
    qstr_info()


def _cards():
    from engine.pocket_tactics.consts import NONE
    from engine.pocket_tactics.tables import N_FEATURES, N_TERRAINS, N_UNITS
    from engine.ui.pt import cards

    for ty in range(N_UNITS):
        print("CARD %s" % " / ".join(cards.type_card(ty)))
    for t in range(N_TERRAINS):
        print("CARD %s" % " / ".join(cards.place_card(t, NONE)))
    for f in range(N_FEATURES):
        print("CARD %s" % " / ".join(cards.place_card(-1, f)))
    print("END cards 0")
    return False


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
