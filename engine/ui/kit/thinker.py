# SPDX-License-Identifier: MIT
"""A player of the battle screens that is not a person, asked once a frame (both rulesets).

A CPU level (engine/core/search.py's SearchPlayer: ``begin``, ``think``, ``best``) thinks
``work`` plies of its search a frame and answers None until its decision is made, so the
screen is redrawn and the buttons are read between slices. While the battle's pause menu is
up it is not asked, and its search waits where it is: the time it was not asked (more than
PAUSE_MS between two calls) is added to its deadline. A baseline player (``choose`` only:
the greedy and the random player) answers at once.
"""
from engine.core.lazy import collect
from engine.core.ticks import ticks_add, ticks_diff

PAUSE_MS = 200  # a longer gap between two calls was a pause, not thinking time


class Thinker:
    def __init__(self, player, work, alone=False):
        """``alone``: the game's only CPU player (the other is a person): once it has
        decided, its search's scratch state is let go, so that the person's turn (a menu's
        code, a save) has that heap; between two CPU players it stays for the next."""
        self.player = player
        self.alone = alone
        self.first = True  # no decision made yet
        self.work = work  # plies of the search a frame
        self.thinking = False  # a decision has begun and is not made yet
        self.last = 0  # the clock at the last call while thinking

    def step(self, st, now):
        """The player's action for ``st``, or None while it is still thinking."""
        p = self.player
        if not hasattr(p, "think"):
            return p.choose(st)
        if not self.thinking:
            if self.alone or self.first:  # its search makes a scratch state: where the
                collect()  # collector has made room
                self.first = False
            p.begin(st, now)
            self.thinking = True
        elif ticks_diff(now, self.last) > PAUSE_MS:  # paused: not counted against its limit
            s = p.search
            s.deadline = ticks_add(s.deadline, ticks_diff(now, self.last))
        self.last = now
        if not p.think(self.work, now):
            return None
        self.thinking = False
        if self.alone:
            p.search.let_go_scratch()
        return p.best()
