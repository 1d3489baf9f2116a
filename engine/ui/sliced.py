# SPDX-License-Identifier: MIT
"""A Pocket-Tactics CPU level (engine/pocket_tactics/cpu.py) for the battle screen.

The battle asks its CPU players ``choose(st)`` once a frame. This one thinks WORK
plies of its search per call (a few milliseconds on a desktop) and answers None until its decision
is made, so the screen is redrawn and the buttons are read between slices; while the battle's pause menu is up it is not asked, and
the search waits where it is: the time it was not asked (more than PAUSE_MS between two
calls) is added to its deadline. A device thinks fewer plies a frame than a desktop
(``cpu_work`` of its board: boards/common.py).

``rest()`` lets the search go while a person decides (an autosaving battle calls it before
each save: the saving code and the search never share the heap, docs/PERFORMANCE.md): its
player and modules are dropped, its two PRNGs kept. At its next decision ``choose`` calls
``wake()`` (what the CPU's turn does not need can go; its heap is free by the next call),
loads the modules again one a call, makes the player anew with those PRNGs (so it decides
as if it had never rested) and its scratch state in a call of its own, then thinks; the
answer is given a call after the search has rested again. In an unsaved game (``wake``
None, no ``rest()``) it thinks from its first call and answers at once."""
from engine.core.ticks import ticks_add, ticks_diff

from .lazy import forget

LEVELS = ("easy", "normal", "hard")  # cpu.LEVELS' keys, without loading cpu.py
# the search's modules, in the order they are loaded again (cpu.py last, with the player)
_SEARCH = (("engine.core", "search"), ("engine.pocket_tactics", "forecast"),
           ("engine.pocket_tactics", "evaluate"), ("engine.pocket_tactics", "cpu"))


class SlicedCpu:
    WORK = 160  # plies a frame (about 8 of hard's evaluations): its 300 in about 40 frames
    PAUSE_MS = 200  # a longer gap between two calls was a pause, not thinking time

    def __init__(self, level, seed, board=None, resting=False):
        """``board``: its ``ticks_ms`` holds the search to the level's time limit (None: the
        evaluation budget alone). ``resting``: made as after a rest (its search loaded for
        its first decision)."""
        if level not in LEVELS:
            raise ValueError("unknown player kind %r" % level)
        self.level = level
        self.seed = seed
        self.clock = board.ticks_ms if board is not None else None
        self.work = getattr(board, "cpu_work", self.WORK)  # plies a frame on this board
        self.rngs = None  # the search's and the dice policy's PRNGs while it rests
        self.wake = None  # called before the search is loaded again (after a rest)
        self.thinking = False  # a decision has begun and is not made yet
        self.last = 0  # the clock at the last call while thinking
        self.cpu = None
        self.answer = None
        self.woke = False
        if not resting:
            self._make()

    def _make(self):
        from engine.pocket_tactics.cpu import make_cpu

        cpu = make_cpu(self.level, self.seed, self.clock)
        if self.rngs is not None:
            cpu.search.rng, cpu.greedy.rng = self.rngs
            self.rngs = None
        self.cpu = cpu

    def rest(self):
        """Lets the search go until the next decision (not while one is being made); True
        if it went now."""
        cpu = self.cpu
        if cpu is None or self.thinking:
            return False
        self.rngs = (cpu.search.rng, cpu.greedy.rng)
        self.cpu = cpu = None
        import sys

        for package, name in _SEARCH:
            forget(sys.modules[package], name)
        return True

    def _load(self):
        """After a rest: True once the search is back, else one of its modules loaded."""
        import sys

        if self.wake is not None and "engine.core.search" not in sys.modules \
                and not self.woke:
            self.wake()  # what it lets go is free at the next frame, before the imports
            self.woke = True
            return False
        self.woke = False
        for package, name in _SEARCH[:-1]:
            if package + "." + name not in sys.modules:
                __import__(package + "." + name)
                return False
        self._make()
        return True

    @property
    def search(self):
        return self.cpu.search

    def choose(self, st):
        a = self.answer
        if a is not None:
            if self.cpu is not None:  # a frame to let the search go before it is played
                self.rest()
                return None
            self.answer = None
            return a
        if self.cpu is None:
            self._load()
            return None
        cpu = self.cpu
        clock = cpu.search.clock
        now = clock() if clock is not None else None
        if not self.thinking:
            cpu.begin(st, now)
            self.thinking = True
            if self.wake is not None:  # its scratch state made: think from the next frame
                self.last = now
                return None
        elif now is not None:
            gap = ticks_diff(now, self.last)
            if gap > self.PAUSE_MS:  # paused: that time does not count against the limit
                s = cpu.search
                s.deadline = ticks_add(s.deadline, gap)
        self.last = now
        if not cpu.think(self.work, now):
            return None
        self.thinking = False
        if self.wake is None:
            return cpu.best()
        self.answer = cpu.best()
        return None
