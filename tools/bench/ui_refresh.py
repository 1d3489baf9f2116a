#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Screen area redrawn per input: prints figures, asserts nothing.

Plays whole games on the stub board (displayio through Blinka, drawing only the dirty
areas, as on the device): side A by button presses (tools/ui_bot.py, choosing with the
greedy player), side B the greedy CPU. After every button press it takes the union of the
rectangles displayio redrew in that frame (the stub's refresh_log) and prints, for cursor
moves and for all inputs, the median and largest area, and the number of frames.

  python tools/bench/ui_refresh.py [--games 3]
"""
import argparse
import os
import statistics
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from boards import stub  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.players import GreedyPlayer  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402
from engine.ui import keys as K  # noqa: E402
from engine.ui.battle import Battle  # noqa: E402
from engine.ui.screens import M_HANDOVER, M_INFO, M_OVER  # noqa: E402
from tools.ui_bot import Bot  # noqa: E402

SCREEN = 160 * 128


def union_area(rects):
    """Pixels covered by the rectangles (x1, y1, x2, y2; x2, y2 exclusive)."""
    rows = {}
    for x1, y1, x2, y2 in rects:
        for y in range(y1, y2):
            rows.setdefault(y, []).append((x1, x2))
    total = 0
    for spans in rows.values():
        spans.sort()
        end = -1
        for a, b in spans:
            if b <= end:
                continue
            total += b - max(a, end)
            end = b
    return total


class MeasuringBot(Bot):
    def __init__(self, board, battle):
        super().__init__(board, battle)
        self.samples = []  # (key, pixels redrawn by the frame after the press)

    def press(self, key):
        log = self.board.refresh_log
        n = len(log)
        super().press(key)
        rects = []
        for entry in log[n:]:
            rects.extend(entry)
        self.samples.append((key, union_area(rects)))


def play(seed, fa, fb):
    board = stub.make()
    st = State(suggested(fa, fb, 50, max_turns=80), seed)
    battle = Battle(board, st, [None, GreedyPlayer(seed)], handover=True)
    bot = MeasuringBot(board, battle)
    chooser = GreedyPlayer(seed + 1)
    frames = 0
    while battle.mode != M_OVER:
        bot.settle()
        if battle.mode in (M_HANDOVER, M_INFO):
            bot.press(K.A)
            continue
        if battle.mode == M_OVER:
            break
        bot.act(chooser.choose(st))
    frames = len(board.refresh_log)
    return bot.samples, frames, st


def describe(name, values):
    if not values:
        return "%s: none" % name
    med = statistics.median(values)
    top = max(values)
    return "%s: %d inputs, median %d px (%.1f%% of the screen), max %d px (%.1f%%)" % (
        name, len(values), med, 100.0 * med / SCREEN, top, 100.0 * top / SCREEN)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    cursor = []
    everything = []
    frames = 0
    for g in range(args.games):
        samples, f, st = play(11 + g, g % 5, (g + 2) % 5)
        frames += f
        for key, px in samples:
            everything.append(px)
            if key <= K.RIGHT:
                cursor.append(px)
        print("game %d: %d turns, %d refreshes, %d button presses" % (
            g + 1, st.turn, f, len(samples)))
    print(describe("cursor moves", cursor))
    print("  cursor moves within 1/8 of the screen (%d px): %d of %d" % (
        SCREEN // 8, sum(1 for v in cursor if v <= SCREEN // 8), len(cursor)))
    print(describe("all button presses", everything))
    print("refreshes (frames that drew something): %d" % frames)


if __name__ == "__main__":
    main()
