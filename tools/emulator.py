#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the game on a desktop: the host board (boards/host.py) in a pygame window, or
headless from a key script.

    python tools/emulator.py                       window, keyboard as the buttons
    python tools/emulator.py --script demo.keys    window, plays the script, then the keyboard
    python tools/emulator.py --headless --script demo.keys --shots out/
                                                   no window, fake clock, exits at the end

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
    return p


def _default_app(board):
    from engine.ui.app import run

    return run(board)


def main(argv=None, app=None):
    """Create the host board and run ``app(board)`` (default: engine.ui.app.run) on it.
    Returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.scale < 1:
        print("emulator: --scale must be 1 or more", file=sys.stderr)
        return 2
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
    if args.headless and script is None:
        script = []  # nothing to play: one frame, then exit
    if app is None:
        try:
            from engine.ui.app import run  # noqa: F401
        except ImportError as e:
            print("emulator: the game UI cannot be loaded: %s" % e, file=sys.stderr)
            return 2
        app = _default_app
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
