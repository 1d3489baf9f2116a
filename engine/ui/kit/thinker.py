# SPDX-License-Identifier: MIT
"""A player of the battle screens that is not a person, asked once a frame (both rulesets).

A CPU level (engine/core/search.py's SearchPlayer: ``begin``, ``think``, ``best``) thinks
``work`` plies of its search a frame and answers None until its decision is made, so the
screen is redrawn and the buttons are read between slices. While the battle's pause menu is
up it is not asked, and its search waits where it is: the time it was not asked (more than
PAUSE_MS between two calls) is added to its deadline. A baseline player (``choose`` only:
the greedy and the random player) answers at once.

A CPU level is on the heap only while it decides: once its decision is made, the player
and its code (engine/core/lazy.py ``let_go``) go, and the next decision makes it again
(``keep``, the player's ``made``) with its random generators where they were, so it decides
as one player kept all game would. A person's turn, its menus and its saves, has that heap,
and so do an assault's pages between two CPU players (the Demo). A decision that needs no
search (an assault's dice, the setup's: the player's ``quick_code``) is taken with that
code alone, for the moment.
"""
from engine.core.lazy import collect, keep, let_go, moment
from engine.core.ticks import ticks_add, ticks_diff

PAUSE_MS = 200  # a longer gap between two calls was a pause, not thinking time


def thinkers(players, work):
    """A battle's players as its screen asks them: None for a person, else a Thinker of
    ``work`` plies a frame."""
    return [None if p is None else Thinker(p, work) for p in players]


class Thinker:
    def __init__(self, player, work):
        self.player = player
        # a CPU level: how to make it again, and its random generators
        self.made = player.made if hasattr(player, "think") else None
        self.quick_code = player.quick_code if self.made is not None else None
        self.rngs = None
        self.work = work  # plies of the search a frame
        self.thinking = False  # a decision has begun and is not made yet
        self.last = 0  # the clock at the last call while thinking
        if self.made is not None:  # made again at its first decision, as at every other
            self._put_away(player)

    def step(self, st, now):
        """The player's action for ``st``, or None while it is still thinking."""
        p = self.player
        if p is None:  # put away since its last decision
            if self.quick_code is not None:  # a decision with no search: without its code
                a = moment(self.quick_code, "quick_action", st)
                if a is not None:
                    return a
            p = self.player = self._again()  # made again
        if not hasattr(p, "think"):
            return p.choose(st)
        if not self.thinking:
            collect()  # its search makes its scratch state: where the collector made room
            p.begin(st, now)
            self.thinking = True
        elif ticks_diff(now, self.last) > PAUSE_MS:  # paused: not counted against its limit
            s = p.search
            s.deadline = ticks_add(s.deadline, ticks_diff(now, self.last))
        self.last = now
        if not p.think(self.work, now):
            return None
        self.thinking = False
        a = p.best()
        self._put_away(p)
        return a

    def _again(self):
        """The CPU made again, its code loaded where the collector has made room, its
        random generators where the last one's were."""
        made = self.made
        p = keep(made[0], "make_cpu", made[1], made[2], made[3], made[4])
        for new, old in zip(p.rngs(), self.rngs):
            z, w = old.get_state()
            new.set_state(z, w)
        return p

    def _put_away(self, p):
        """The decision made: the player, its search's scratch state and its code go (its
        generators stay: engine/core/rng.py's, no code of the CPU's)."""
        self.rngs = p.rngs()
        p.search.let_go_scratch()
        self.player = None
        let_go(self.made[0])
