# SPDX-License-Identifier: MIT
"""The CPU opponent: engine/core/search.py with Pocket-Tactics hooks, at three levels.

    p = make_cpu("normal", seed)            # "easy", "normal", "hard"
    a = p.choose(st)                        # blocking (tools, tests)
    p.begin(st, now_ms); p.think(work, now_ms) -> True when done; p.best()   # sliced (UI)

Turn actions (and a hasted ally's move) are searched, tried in the order of the greedy
player's values; a play-out stops at an assault's dice, which evaluate.py values by their
odds (no sampled dice). "normal" looks at the other side's reply (horizon 2, the greedy
player's), "hard" at its own next action after that reply too (horizon 3); "hard" values
assaults by the exact odds, with bumps and re-rolls (odds.py), "easy" and "normal" by the
single roll, which needs less heap. The dice decisions of an assault (bumps, re-rolls) and
the setup's are taken without a search, by cpu_quick.py (loaded for the moment).
"""
from engine.core.lazy import moment
from engine.core.search import SearchPlayer

from . import tables as T
from .consts import (PH_BUMP, PH_FEATURE, PH_HASTE, PH_PLACE_TILE, PH_REROLL, PH_ROLL,
                     PH_SETUP_DEPLOY, PH_TURN)
from .evaluate import evaluate, exact_odds, pbeat_odds
from .players import GreedyPlayer

# level: (evaluations a decision, horizon in turns, time limit in device ms, noise); the
# figures that chose them: docs/PERFORMANCE.md, "The CPU's strength"
LEVELS = {
    "easy": (12, 1, 1000, 3000),
    "normal": (48, 2, 1400, 0),
    "hard": (300, 3, 4500, 0),
}
EXACT = ("hard",)  # levels whose evaluation uses the exact assault odds (evaluate.exact_odds)
_PRIOR_MAX = 1 << 27
_QUICK = "engine.pocket_tactics.cpu_quick"  # the decisions of _QUICK_PHASES
_QUICK_PHASES = (PH_BUMP, PH_REROLL, PH_SETUP_DEPLOY, PH_PLACE_TILE, PH_FEATURE)


class CpuPlayer(SearchPlayer):
    """A CPU player of one level (search.SearchPlayer: begin/think/best/choose) and the
    hooks engine/core/search.py calls."""

    def __init__(self, level="normal", seed=1, clock=None, speed=1):
        SearchPlayer.__init__(self, LEVELS, level, seed, clock, speed, __name__, _QUICK)
        exact = level in EXACT
        self.greedy = GreedyPlayer(seed, exact)  # the single roll's odds need 3 KB less heap
        self.odds = exact_odds if exact else pbeat_odds

    def rngs(self):
        return (self.search.rng, self.greedy.rng)

    # --- the search's hooks ----------------------------------------------------------------

    def scratch(self, st, old):
        """A scratch state for ``st``: ``old`` if it still fits, else a new one that shares
        the map's fixed arrays with ``st`` (they never change once the battle begins; the
        search only runs in the battle)."""
        if getattr(old, "cfg", None) is st.cfg and old.board.cell is st.board.cell:
            return old
        old = None
        from .state import State

        s = State(st.cfg, checked=True, map_of=st)  # the config validated when it began
        s._spare = []  # one legal list, refilled at every step of a play-out
        return s

    def determinize(self, s, p, rng):
        """Redraw the other player's hand from the cards ``p`` cannot see (their deck and
        hand together); True if some are unknown. Public: how many cards they hold."""
        ns = T.N_SPELLS
        base = (1 - p) * ns
        hand = s.hand
        deck = s.deck
        held = 0
        left = 0
        for i in range(base, base + ns):
            held += hand[i]
            deck[i] += hand[i]
            hand[i] = 0
            left += deck[i]
        hidden = held > 0 and left > held
        for _ in range(held):
            r = rng.below(left)
            i = base
            while r >= deck[i]:
                r -= deck[i]
                i += 1
            deck[i] -= 1
            hand[i] += 1
            left -= 1
        return hidden

    def quick(self, st):
        """The decisions taken without a search: an assault's dice and the setup's by the
        rules of cpu_quick.py (its code loaded for the moment: a search's decision goes
        without it), the rest the greedy player's."""
        ph = st.phase
        if ph == PH_TURN or ph == PH_HASTE:
            return None
        if ph in _QUICK_PHASES:
            return moment(_QUICK, "quick_action", st)
        return self.greedy.choose(st)

    def priors(self, st, acts, n, out):
        """The greedy player's one-ply values (a turn's actions and a hasted ally's move)."""
        g = self.greedy
        for i in range(n):
            v = g.value(st, acts[i])
            out[i] = v if v < _PRIOR_MAX else _PRIOR_MAX

    def turn(self, s):
        return s.turn

    def expects(self, s):
        """An assault's dice: evaluate() takes the assault's expected outcome (A5)."""
        return s.phase == PH_ROLL

    def sample(self, s, rng):
        if s.chance_is_die():
            return rng.below(6) + 1
        outs = s.chance_outcomes()  # a spell draw: weighted by the cards in the deck
        total = 0
        for o in outs:
            total += o[1]
        r = rng.below(total)
        for o in outs:
            if r < o[1]:
                return o[0]
            r -= o[1]
        return outs[0][0]

    def policy(self, s, rng):
        ph = s.phase
        if ph == PH_BUMP or ph == PH_REROLL:  # (a play-out stops at the roll before: expects)
            return moment(_QUICK, "quick_action", s)
        if ph == PH_TURN:
            return self.greedy.choose(s)
        acts = s.legal_actions()
        return acts[rng.below(len(acts))]

    def apply(self, s, a):
        s.apply_trusted(a)

    def evaluate(self, s, p):
        return evaluate(s, p, self.odds)


def make_cpu(level, seed=1, clock=None, speed=1):
    return CpuPlayer(level, seed, clock, speed)
