# SPDX-License-Identifier: MIT
"""The CPU opponent for Tactical Hex: engine/core/search.py with this ruleset's hooks.

    p = make_cpu("normal", seed)            # "easy", "normal", "hard"
    a = p.choose(st)                        # blocking (tools, tests)
    p.begin(st, now_ms); p.think(work, now_ms) -> True when done; p.best()   # sliced (UI)

Activations and each step of a move are searched: every candidate is played on by the
greedy player (with noise) until ``horizon`` more impulses have begun, and scored by
``evaluate``; at "hard" a play-out ends at a fire's or an engagement's die, scored by
``expected`` (the six rolls' mean). Deployment, opportunity fire, engagements, hits and the
reset use the greedy player alone. There is nothing hidden in this game: the search sees
what the player sees, and never the dice to come (it rolls its own).
"""
from engine.core.protocol import DRAW
from engine.core.search import SearchPlayer

from .combat import FIRE_RANGE
from .consts import OFF, PH_ACT, PH_FIRE, PH_HITS, PH_MELEE, PH_MOVE
from .tables import HOLDS_OUT, VICTORY_UNITS
from .counters import side_of
from .players import GreedyPlayer, enemy_field, worth

# level: (evaluations a decision, horizon in impulses, time limit in device ms, noise)
LEVELS = {
    "easy": (16, 1, 1000, 3000),
    "normal": (64, 2, 1400, 0),
    "hard": (192, 2, 4500, 0),
}
# level: the weight of each side's units left above the victory threshold (RULES B9), against
# 10000 for a whole side's strength: hard judges how near each side is to breaking
BREAKING = {"easy": 0, "normal": 0, "hard": 10000}
# levels whose play-outs stop at a fire's or an engagement's die and take its expected
# outcome (RULES B6, B7) instead of one sampled roll: hard's evaluations are of positions,
# not of lucky or unlucky dice
EXPECTED = ("hard",)
WIN = 1 << 20
APPROACH = 30  # a step nearer the enemy, against 10000 for a whole side

# the state expected() plays each roll on: one for every CPU player of the program (one
# thinks at a time), made at its first use
_spare = None
_TOTAL = [0, 0]  # each side's worth at full strength
_ABOVE = [-VICTORY_UNITS, -VICTORY_UNITS]  # each side's units above the threshold at the start
for _u in range(18):
    _TOTAL[side_of(_u)] += worth(_u, 0)
    _ABOVE[side_of(_u)] += 1


def evaluate(st, p, breaking=0):
    """``p``'s share of its strength left less the enemy's (x 10000): the measure of the
    game's end by turns (RULINGS B9), and a win or loss outright. ``breaking``: the weight
    of the share of ``p``'s units still above the victory threshold less the enemy's (B9:
    Japan breaks after 4 losses, Russia after 8)."""
    w = st.winner()
    if w is not None:
        return 0 if w == DRAW else (WIN if w == p else -WIN)
    have = [0, 0]
    units = [-VICTORY_UNITS, -VICTORY_UNITS]
    for u in range(len(st.u_hex)):
        if st.u_hex[u] < OFF:
            side = side_of(u)
            have[side] += worth(u, st.u_face[u])
            units[side] += 1
    mine = 10000 * have[p] // _TOTAL[p] + breaking * units[p] // _ABOVE[p]
    theirs = 10000 * have[1 - p] // _TOTAL[1 - p] + breaking * units[1 - p] // _ABOVE[1 - p]
    # the side that must break the other closes in; the side that holds out (RULINGS B9)
    # keeps out of the enemy's fire range unless it has the upper hand
    near = 0
    field = enemy_field(st, p)
    for u in range(len(st.u_hex)):
        h = st.u_hex[u]
        if h < OFF and side_of(u) == p:
            d = field[h]
            near += d if p != HOLDS_OUT else -(d if d <= FIRE_RANGE + 1 else FIRE_RANGE + 1)
    return mine - theirs - APPROACH * near


def expected(st, p, breaking, spare, hits):
    """``evaluate`` of a die to roll, a fire's (RULES B6) or an engagement's (B7): the mean
    over the six rolls, each played on ``spare`` (a state to copy ``st`` into) up to the
    next decision that is not the placing of a hit (B8: ``hits`` chooses them)."""
    total = 0
    for die in range(1, 7):
        spare.copy_from(st)
        spare.apply_trusted(die)
        while spare.phase == PH_HITS:
            spare.apply_trusted(hits.choose(spare))
        total += evaluate(spare, p, breaking)
    return total // 6


class CpuPlayer(SearchPlayer):
    """A CPU player of one level (search.SearchPlayer: begin/think/best/choose) and the
    hooks the search calls (docs/ARCHITECTURE.md)."""

    def __init__(self, level="normal", seed=1, clock=None, speed=1):
        SearchPlayer.__init__(self, LEVELS, level, seed, clock, speed, __name__)
        self.breaking = BREAKING[level]
        self.expected = level in EXPECTED
        self.greedy = GreedyPlayer(seed)
        self.rollout = GreedyPlayer(seed + 1, 8)

    def rngs(self):
        return (self.search.rng, self.greedy.rng, self.rollout.rng)

    # --- the search's hooks ----------------------------------------------------------------

    def scratch(self, st, old):
        if old is not None and hasattr(old, "u_face"):
            return old
        from .state import State

        s = State()
        s._spare = []  # one legal list, refilled at every step of a play-out
        return s

    def determinize(self, s, p, rng):
        return False  # nothing is hidden in Tactical Hex

    def quick(self, st):
        if st.phase == PH_ACT or st.phase == PH_MOVE:
            return None
        return self.greedy.choose(st)

    def priors(self, st, acts, n, out):
        """The greedy player's one-ply values of an activation's or a step's choices."""
        g = self.greedy
        g.prepare(st)
        for i in range(n):
            out[i] = g.value(st, acts[i])

    def turn(self, s):
        return s.impulses

    def expects(self, s):
        """A fire's or an engagement's die, at the levels of EXPECTED: evaluate() takes its
        expectation."""
        return self.expected and (s.phase == PH_FIRE or s.phase == PH_MELEE)

    def sample(self, s, rng):
        return rng.below(6) + 1

    def policy(self, s, rng):
        return self.rollout.choose(s)

    def apply(self, s, a):
        s.apply_trusted(a)

    def evaluate(self, s, p):
        if self.expects(s):
            global _spare
            if _spare is None:
                _spare = self.scratch(s, None)
            return expected(s, p, self.breaking, _spare, self.greedy)
        return evaluate(s, p, self.breaking)


def make_cpu(level, seed=1, clock=None, speed=1):
    return CpuPlayer(level, seed, clock, speed)
