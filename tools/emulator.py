#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the game on a desktop: the host board (boards/host.py) in a pygame window, or
headless from a key script.

    python tools/emulator.py                       window: the title menu, as on the device,
                                                   and Continue: a game with a person in
                                                   it is saved as it goes (the store file
                                                   of boards/host.py) and comes back after
                                                   closing the window
    python tools/emulator.py --players human,greedy a new game of those players (human,
                                                   greedy, random or a CPU level per side;
                                                   human,human: hot-seat), then as on the
                                                   device; --factions, --limit and --seed
                                                   choose its armies and dice
    python tools/emulator.py --script docs/scripts/hotseat-suggested.keys
                                                   window, plays the script, then the keyboard
    python tools/emulator.py --headless --script docs/scripts/hotseat-suggested.keys --shots out/
                                                   no window, fake clock, exits at the end
    python tools/emulator.py --headless            no window: a CPU-vs-CPU game to the end
                                                   (--players, --factions, --limit, --seed
                                                   too), a PNG every ten turns and of its
                                                   last screen, into --shots or the current
                                                   folder

With no screen (no DISPLAY or WAYLAND_DISPLAY on Linux, or SDL_VIDEODRIVER=dummy) the
emulator runs headless.

Script lines: a key name (up down left right a b select start) = press and release;
``hold KEY MS``; ``wait MS``; ``shot NAME`` (NAME.png into --shots); ``# comments``. MS is
0..268435455 (the range the board's ticks compare); NAME a file name, never a path. A
script, an option or a shots folder it cannot use is refused with one line and exit status
2 before anything runs (docs/RELIABILITY.md).
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _key_help():
    from boards.host import key_table_text

    return "keys:\n" + "\n".join("  " + line for line in key_table_text().splitlines())


def build_parser():
    from tools.cliutil import Parser

    p = Parser(
        prog="emulator.py",
        description="Pocket Tactics on the desktop (Blinka displayio in a pygame window).",
        epilog=_key_help()
        + "\n\nscript lines: KEY | hold KEY MS | wait MS | shot NAME | # comment"
        + "\n  (KEY: up down left right a b select start)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--headless", action="store_true",
                   help="no window; fake clock; run the script as fast as possible and exit")
    p.add_argument("--script", metavar="FILE", help="key script to play")
    p.add_argument("--shots", metavar="DIR",
                   help="folder for 'shot' lines and F12 screenshots (default: current folder)")
    p.add_argument("--scale", type=int, default=4, help="window scale factor (default 4)")
    p.add_argument("--frame-ms", type=int, default=20,
                   help="headless: fake milliseconds per frame (default 20)")
    p.add_argument("--full-redraw", action="store_true",
                   help="redraw the whole screen at every refresh (debugging)")
    p.add_argument("--players", default=None,
                   help="start a new game: who plays Blue,Red: human, greedy, random or a CPU "
                   "level (easy, normal, hard) (without it: the title; headless without a "
                   "script: greedy,random)")
    p.add_argument("--seed", type=int, default=None,
                   help="the new game's seed (default: from the clock); needs --players, "
                   "or --headless without --script")
    p.add_argument("--factions", default=None,
                   help="faction keys of Blue and Red (default clf,fsp); needs --players, "
                   "or --headless without --script")
    p.add_argument("--limit", type=int, default=None, choices=(50, 100),
                   help="point limit (default 50); needs --players, or --headless without "
                   "--script")
    p.add_argument("--no-handover", action="store_true",
                   help="hot-seat without the hand-over screen")
    return p


def no_screen():
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return True
    if sys.platform.startswith("linux"):
        return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return False


def game_app(args, demo):
    """The app for these options: the programs from the title, as on the device; or with
    ``--players`` a new game of those players and factions written to the store, and the
    programs from its battle."""
    from engine.pocket_tactics import ids as IDS
    from engine.rulesets import LEVELS
    from engine.ui.kit.app import loop, run_programs
    from engine.ui.pt.screens import M_MAP
    from engine.ui.saving import store
    from engine.ui.saving.play import Settings

    players = (args.players or ("greedy,random" if demo else "human,greedy")).split(",")
    keys = (args.factions or "clf,fsp").split(",")
    kinds = ("human", "greedy", "random") + LEVELS
    if len(players) != 2 or any(p not in kinds for p in players):
        raise SystemExit("emulator: --players takes two of %s" % ", ".join(kinds))
    if len(keys) != 2 or any(k not in IDS.FACTION_KEYS for k in keys):
        raise SystemExit("emulator: --factions takes two of %s" % ", ".join(IDS.FACTION_KEYS))
    factions = (IDS.FACTION_KEYS.index(keys[0]), IDS.FACTION_KEYS.index(keys[1]))

    def new_game(board, seed):
        from engine.pocket_tactics.forces import suggested

        settings = Settings()
        settings.handover = not args.no_handover
        why = store.new_game(board, store.offers(board).newest, 1, players, seed,
                             suggested(factions[0], factions[1], args.limit or 50), settings)
        if why is not None:
            raise SystemExit("emulator: %s" % why)

    def app(board):
        if not demo:
            if args.players is None:
                run_programs(board, "title")  # as on the device: Continue included
            else:  # a new game (the seed from the clock unless given), then as on the device
                new_game(board, args.seed if args.seed is not None
                         else board.ticks_ms() & 0x3FFFFFFF)
                run_programs(board, "battle")
            return
        # Headless without a script: play the game to its end, a screenshot every ten turns
        # (turn-NNN.png) and of the last screen (game-over.png).
        from engine.ui.play import open_battle

        new_game(board, args.seed if args.seed is not None else 1)
        screen = open_battle(board)
        st = screen.st
        shot_turn = 0
        while not screen.over:
            loop(board, screen, 1)
            if st.turn != shot_turn and st.turn % 10 == 1 and screen.mode == M_MAP:
                shot_turn = st.turn
                board.display.refresh()
                print("shot:", board.save_shot("turn-%03d" % st.turn))
        board.display.refresh()
        w = st.winner()
        print("game over: %s after %d turns (captives A %d pts, B %d pts)" % (
            ("A wins", "B wins", "draw")[w], st.turn, st.captive_points(0),
            st.captive_points(1)))
        print("shot:", board.save_shot("game-over"))
    return app


# A key script is a few KB; reading stops here, so that a wrong path is refused at once.
MAX_SCRIPT_FILE = 1 << 20
FRAME_MS_MAX = 1000


def read_script(path, host):
    """The parsed steps of the key script at ``path``; ScriptError (one line) when it
    cannot be read, is not UTF-8 text, or a line is wrong (host.parse_script)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SCRIPT_FILE + 1)
    except OSError as e:
        raise host.ScriptError("cannot read the script %s: %s" % (path, e.strerror or e))
    if len(data) > MAX_SCRIPT_FILE:
        raise host.ScriptError("the script %s is larger than %d KB: not a key script"
                               % (path, MAX_SCRIPT_FILE >> 10))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise host.ScriptError("the script %s is not text (not UTF-8 at byte %d); a key "
                               "script is lines like 'up', 'wait 100', 'shot NAME'"
                               % (path, e.start))
    if "\0" in text:
        raise host.ScriptError("the script %s is not text (it holds NUL bytes); a key script "
                               "is lines like 'up', 'wait 100', 'shot NAME'" % path)
    try:
        return host.parse_script(text)
    except host.ScriptError as e:
        raise host.ScriptError("%s: %s" % (path, e))


def check_shots_dir(folder):
    """None if screenshots can be written into ``folder`` (made if missing), else why."""
    try:
        os.makedirs(folder, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".shot-", suffix=".tmp", dir=folder)
        os.close(fd)
        os.remove(probe)
    except OSError as e:
        return "cannot write screenshots into %s: %s" % (folder, e.strerror or e)
    return None


def main(argv=None, app=None):
    """Create the host board and run ``app(board)`` (default: game_app's) on it.
    Returns the exit status: 0, or 2 with a one-line message for options, a script or a
    shots folder it refuses."""
    args = build_parser().parse_args(argv)
    if args.scale < 1 or args.scale > 16:
        print("emulator: --scale must be 1..16", file=sys.stderr)
        return 2
    if not 1 <= args.frame_ms <= FRAME_MS_MAX:
        print("emulator: --frame-ms must be 1..%d (the fake clock moves that much a frame; "
              "0 would stop it)" % FRAME_MS_MAX, file=sys.stderr)
        return 2
    if args.seed is not None and not 0 <= args.seed < 1 << 30:
        print("emulator: --seed must be 0..2**30-1", file=sys.stderr)
        return 2
    if not args.headless and no_screen():
        print("emulator: no screen here, running headless")
        args.headless = True
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    from boards import host
    from boards.memstore import MemoryStore

    script = None
    if args.script:
        try:
            script = read_script(args.script, host)
        except host.ScriptError as e:
            print("emulator: %s" % e, file=sys.stderr)
            return 2
    demo = args.headless and script is None
    if args.players is None and not demo:
        given = [o for o, v in (("--factions", args.factions), ("--limit", args.limit),
                                ("--seed", args.seed)) if v is not None]
        if given:
            names = given[-1] if len(given) == 1 else \
                ", ".join(given[:-1]) + " and " + given[-1]
            print("emulator: %s %s the new game of --players (or of --headless without "
                  "--script); without them the emulator opens the title"
                  % (names, "chooses" if len(given) == 1 else "choose"), file=sys.stderr)
            return 2
    shoots = args.shots is not None or demo and app is None or \
        any(step[0] == "shot" for step in script or ())
    why = check_shots_dir(args.shots or os.getcwd()) if shoots else None
    if why:
        print("emulator: %s (--shots DIR chooses the folder)" % why, file=sys.stderr)
        return 2
    if app is None:
        try:
            app = game_app(args, demo)
        except ImportError as e:
            print("emulator: the game UI cannot be loaded: %s" % e, file=sys.stderr)
            return 2
    elif demo:
        script = []  # a stand-in app with nothing to play: one frame, then exit
    try:
        # a game of --players, or the headless demo, is kept in memory: the saved game of
        # the store file stays as it is
        board = host.make(
            store=None if args.players is None and not demo else MemoryStore(),
            headless=args.headless,
            scale=args.scale,
            script=script,
            shots_dir=args.shots,
            frame_ms=args.frame_ms,
            full_redraw=args.full_redraw,
        )
    except host.pygame.error as e:
        print("emulator: cannot open a window (%s); try --headless" % e, file=sys.stderr)
        return 2
    try:
        app(board)
    except (host.Closed, host.ScriptDone):
        pass
    except host.ShotError as e:
        print("emulator: %s" % e, file=sys.stderr)
        return 2
    finally:
        board.close()
    for path in board.shots:
        print("shot:", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
