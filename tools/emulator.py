#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the game on a desktop: the host board (boards/host.py) in a pygame window, or
headless from a key script.

    python tools/emulator.py                       window: the title menu, as on the device,
                                                   and Continue: a game with a person in
                                                   it is saved as it goes (the store file
                                                   of boards/host.py) and comes back after
                                                   closing the window
    python tools/emulator.py --players human,greedy straight into a battle (human, greedy
                                                   or random per side; human,human: hot-seat)
    python tools/emulator.py --script demo.keys    window, plays the script, then the keyboard
    python tools/emulator.py --headless --script demo.keys --shots out/
                                                   no window, fake clock, exits at the end
    python tools/emulator.py --headless            no window: a CPU-vs-CPU game to the end,
                                                   its last screen saved as a PNG

With no screen (no DISPLAY or WAYLAND_DISPLAY on Linux, or SDL_VIDEODRIVER=dummy) the
emulator runs headless.

Script lines: a key name (up down left right a b select start) = press and release;
``hold KEY MS``; ``wait MS``; ``shot NAME`` (NAME.png into --shots); ``# comments``.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _key_help():
    from boards.host import key_table_text

    return "keys:\n" + "\n".join("  " + line for line in key_table_text().splitlines())


def build_parser():
    p = argparse.ArgumentParser(
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
                   help="who plays A,B: human, greedy, random or a CPU level (easy, normal, "
                   "hard) (default human,greedy; headless without a script: greedy,random)")
    p.add_argument("--seed", type=int, default=None, help="game seed (default: from the clock)")
    p.add_argument("--factions", default="clf,fsp", help="faction keys of A and B")
    p.add_argument("--limit", type=int, default=50, choices=(50, 100), help="point limit")
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
    """The app for these options: a battle with the chosen players and factions (or the
    title menu, as on the device)."""
    from engine.pocket_tactics import ids as IDS
    from engine.ui.app import PLAYER_KINDS, loop, run_app
    from engine.ui.direct import new_battle
    from engine.ui.screens import M_MAP

    players = (args.players or ("greedy,random" if demo else "human,greedy")).split(",")
    keys = args.factions.split(",")
    kinds = PLAYER_KINDS + ("easy", "normal", "hard")  # the CPU levels: engine/ui/sliced.py
    if len(players) != 2 or any(p not in kinds for p in players):
        raise SystemExit("emulator: --players takes two of %s" % ", ".join(kinds))
    if len(keys) != 2 or any(k not in IDS.FACTION_KEYS for k in keys):
        raise SystemExit("emulator: --factions takes two of %s" % ", ".join(IDS.FACTION_KEYS))
    factions = (IDS.FACTION_KEYS.index(keys[0]), IDS.FACTION_KEYS.index(keys[1]))

    def app(board):
        if not demo:
            if args.players is None:
                run_app(board, saving=True)  # the title menu, Continue included
            else:  # straight into a battle (the seed from the clock unless given)
                seed = args.seed if args.seed is not None else board.ticks_ms() & 0x3FFFFFFF
                loop(board, new_battle(board, players, seed, factions, args.limit,
                                       not args.no_handover))
            return
        # Headless without a script: play the game to its end, a screenshot every ten turns
        # (turn-NNN.png) and of the last screen (game-over.png).
        seed = args.seed if args.seed is not None else 1
        screen = new_battle(board, players, seed, factions, args.limit,
                            not args.no_handover)
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


def main(argv=None, app=None):
    """Create the host board and run ``app(board)`` (default: game_app's) on it.
    Returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.scale < 1:
        print("emulator: --scale must be 1 or more", file=sys.stderr)
        return 2
    if not args.headless and no_screen():
        print("emulator: no screen here, running headless")
        args.headless = True
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    from boards import host

    script = None
    if args.script:
        try:
            with open(args.script) as f:
                script = host.parse_script(f.read())
        except (OSError, host.ScriptError) as e:
            print("emulator: %s" % e, file=sys.stderr)
            return 2
    demo = args.headless and script is None
    if app is None:
        try:
            app = game_app(args, demo)
        except ImportError as e:
            print("emulator: the game UI cannot be loaded: %s" % e, file=sys.stderr)
            return 2
    elif demo:
        script = []  # a stand-in app with nothing to play: one frame, then exit
    try:
        board = host.make(
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
    finally:
        board.close()
    for path in board.shots:
        print("shot:", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
