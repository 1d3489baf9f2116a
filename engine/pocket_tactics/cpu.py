# SPDX-License-Identifier: MIT
"""The CPU opponent: engine/core/search.py with Pocket-Tactics hooks, at three levels.

    p = make_cpu("normal", seed)            # "easy", "normal", "hard"
    a = p.choose(st)                        # blocking (tools, tests)
    p.begin(st, now_ms); p.think(work, now_ms) -> True when done; p.best()   # sliced (UI)

Turn actions (and a hasted ally's move) are searched, tried in the order of the greedy
player's values; a play-out stops at an assault's dice, which evaluate.py values by their
odds (no sampled dice). "normal" and "hard" look at the other side's reply (horizon
2, the greedy player's); "hard" values assaults by the exact odds, with bumps and re-rolls
(odds.py), "easy" and "normal" by the single roll, which needs 3 KB less heap. The
dice decisions of an assault (bumps, re-rolls) use the greedy dice policy of forecast.py,
and the setup decisions fixed rules below (a compact map, room around the own feature, the
costliest units first).
"""
from engine.core.search import SearchPlayer

from . import tables as T
from .consts import (K_BUMP, K_REROLL, K_STOP, NONE, PH_BUMP, PH_FEATURE, PH_HASTE,
                     PH_PLACE_TILE, PH_REROLL, PH_ROLL, PH_SETUP_DEPLOY, PH_TURN, U_POINTS, action,
                     kind_of, x_of, y_of)
from .evaluate import evaluate, exact_odds, pbeat_odds
from .forecast import best_bump, best_reroll
from .players import GreedyPlayer
from .units import stat

# level: (evaluations a decision, horizon in turns, time limit in device ms, noise); the
# figures that chose them: docs/PERFORMANCE.md, "The CPU's strength"
LEVELS = {
    "easy": (12, 1, 1000, 3000),
    "normal": (48, 2, 1400, 0),
    "hard": (300, 2, 4500, 0),
}
EXACT = ("hard",)  # levels whose evaluation uses the exact assault odds (evaluate.exact_odds)
_PRIOR_MAX = 1 << 27


def _dice_action(st):
    """The greedy dice policy's bump or re-roll (or stop) for the side to act."""
    pa = stat(st, st.att, U_POINTS)
    pd = stat(st, st.dfd, U_POINTS)
    side = st.side
    if st.phase == PH_BUMP:
        b = best_bump(st.dice, st.ndice, st.bumps, side, pa, pd)
        return action(K_STOP) if b < 0 else action(K_BUMP, b >> 4, b & 15)
    s = best_reroll(st.dice, st.ndice, side, pa, pd) if st.rerolls[side] else -1
    return action(K_STOP) if s < 0 else action(K_REROLL, s)


def _setup_deploy(st):
    """A2.8: the costliest unit first, onto a feature if one is in reach (the other
    player's above all: it cannot deploy from a feature it does not hold), else as near
    the centre as possible."""
    b = st.board
    best = action(K_STOP)
    best_v = -1
    for a in st.legal_actions():
        if kind_of(a) == K_STOP:
            continue
        u = x_of(a)
        t = y_of(a)
        v = 100 * stat(st, u, U_POINTS) - 10 * b.route(t, 0)
        if b.t_feature[t] != NONE:
            v += 5000 if t != st.own_tile[st.player] else 3000
        if v > best_v:
            best = a
            best_v = v
    return best


def _place_tile(st):
    """A2.6: the drawn tile where it touches the most placed tiles, nearest the centre on a
    tie. A compact map leaves room around each feature for the setup deployment (A2.8);
    a long arm can put the two own features side by side (A2.7)."""
    b = st.board
    g = b.grid
    best = None
    best_v = -1
    for a in st.legal_actions():
        h = x_of(a)
        v = 0
        for d in range(6):
            nb = g.neighbour(h, d)
            if nb >= 0 and b.cell[nb]:
                v += 16
        v -= g.distance(h, b.t_hex[0]) if b.t_hex else 0
        if v > best_v:
            best = a
            best_v = v
    return best


def _feature(st):
    """A2.7: among the tiles the rule leaves, the one with the most free tiles around it
    (room to deploy, A2.8), then the farthest from the other player's feature."""
    b = st.board
    other = st.own_tile[1 - st.player]
    best = None
    best_v = -1
    for a in st.legal_actions():
        t = x_of(a)
        v = 0
        for u in range(b.n):
            if b.route(t, u) == 1 and b.t_feature[u] == NONE:
                v += 16
        if other != NONE:
            v += b.route(t, other)
        if v > best_v:
            best = a
            best_v = v
    return best


class CpuPlayer(SearchPlayer):
    """A CPU player of one level (search.SearchPlayer: begin/think/best/choose) and the
    hooks engine/core/search.py calls."""

    def __init__(self, level="normal", seed=1, clock=None, speed=1):
        SearchPlayer.__init__(self, LEVELS, level, seed, clock, speed, __name__)
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
        ph = st.phase
        if ph == PH_TURN or ph == PH_HASTE:
            return None
        if ph == PH_BUMP or ph == PH_REROLL:
            return _dice_action(st)
        if ph == PH_SETUP_DEPLOY:
            return _setup_deploy(st)
        if ph == PH_PLACE_TILE:
            return _place_tile(st)
        if ph == PH_FEATURE:
            return _feature(st)
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
        if ph == PH_BUMP or ph == PH_REROLL:
            return _dice_action(s)
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
