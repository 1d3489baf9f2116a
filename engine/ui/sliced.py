# SPDX-License-Identifier: MIT
"""A Pocket-Tactics CPU level (engine/pocket_tactics/cpu.py) for the battle screen.

The battle asks its CPU players ``choose(st)`` once a frame. This one thinks WORK
plies of its search per call (a few milliseconds on a desktop) and answers None until its decision
is made, so the screen is redrawn and the buttons are read between slices; while the battle's pause menu is up it is not asked, and
the search waits where it is: the time it was not asked (more than PAUSE_MS between two
calls) is added to its deadline. A device thinks fewer plies a frame than a desktop
(``cpu_work`` of its board: boards/common.py)."""
from engine.core.ticks import ticks_add, ticks_diff
from engine.pocket_tactics.cpu import LEVELS, make_cpu


class SlicedCpu:
    WORK = 160  # plies a frame (about 8 of hard's evaluations): its 300 in about 40 frames
    PAUSE_MS = 200  # a longer gap between two calls was a pause, not thinking time

    def __init__(self, level, seed, board=None):
        """``board``: its ``ticks_ms`` holds the search to the level's time limit (None: the
        evaluation budget alone)."""
        if level not in LEVELS:
            raise ValueError("unknown player kind %r" % level)
        self.cpu = make_cpu(level, seed, board.ticks_ms if board is not None else None)
        self.work = getattr(board, "cpu_work", self.WORK)  # plies a frame on this board
        self.thinking = False  # a decision has begun and is not made yet
        self.last = 0  # the clock at the last call while thinking

    @property
    def search(self):
        return self.cpu.search

    def choose(self, st):
        cpu = self.cpu
        clock = cpu.search.clock
        now = clock() if clock is not None else None
        if not self.thinking:
            cpu.begin(st, now)
            self.thinking = True
        elif now is not None:
            gap = ticks_diff(now, self.last)
            if gap > self.PAUSE_MS:  # paused: that time does not count against the limit
                s = cpu.search
                s.deadline = ticks_add(s.deadline, gap)
        self.last = now
        if not cpu.think(self.work, now):
            return None
        self.thinking = False
        return cpu.best()
