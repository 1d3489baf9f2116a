# SPDX-License-Identifier: MIT
"""An anytime search for a CPU player, over the state protocol (docs/ARCHITECTURE.md).

At the root (a decision of the CPU player) every legal action is tried by *evaluations*:
copy the root into the scratch state, redraw what the CPU cannot see
(``determinize``), apply the action, play on with a cheap policy until ``horizon`` turns
have begun (chance nodes sampled from the search's own Rng, never the state's PRNG: the CPU
does not know the dice to come), then score the leaf with the ruleset's evaluation. A chance
node that the evaluation values by its expectation (an assault's dice, for Pocket-Tactics; a
fire's or an engagement's at Tactical Hex's hard) ends the play-out there: an exact
expectation instead of one sampled outcome.

The work is sliced by plies: ``think(work)`` does at most ``work`` plies (setting an
evaluation up, each action of its play-out, scoring its leaf), so a slice is bounded however
long a play-out runs; an evaluation in progress goes on at the next call. Between slices the
UI redraws and reads buttons (and the device's collector frees what a slice left). With a
deadline the clock is read after every ply, so a decision ends at the first ply past it.

Root actions compete by sequential halving, tried first in the order of a cheap prior (the
ruleset's one-ply value), so that a budget or deadline smaller than the root leaves out the
least likely actions, never those that happen to be listed last: every action gets one
evaluation, then the better half (by mean) gets twice the samples, and so on down to the
best two, which share what is left until the budget or the deadline runs out. A play-out
that ends the game scores its win less the plies it took (a loss plus them), so a sooner win
is preferred to a later one. An evaluation that met no chance node and nothing hidden is
exact and is never repeated. Statistics live in arrays made at the first decision, as long
as its root's actions (grown only for a root with more actions than ever before); the
scratch state is shared by every Search of the program (two CPU players never think at the
same time), made at a decision's start when there is none (``let_go_scratch`` drops it); an
evaluation allocates only what the ruleset's own calls allocate.

The ruleset supplies ``hooks``, an object with:
    scratch(st, old)            a state that copy_from(st) can fill: ``old`` if it can
    determinize(s, p, rng)      redraw the cards player p cannot see; True if any are hidden
    quick(st)                   an action to play without searching, or None
    priors(st, acts, n, out)    out[i] = a cheap score of acts[i], i < n (|v| < 2**28): the
                                order in which the root's actions are first tried
    turn(s)                     a count that grows by one at the start of each turn
    expects(s)                  True if evaluate() values chance node s by its expectation
                                (the play-out ends there instead of sampling it)
    sample(s, rng)              a chance outcome, drawn from ``rng``
    policy(s, rng)              the action of the player to act inside an evaluation
    apply(s, a)                 apply an action known to be legal
    evaluate(s, p)              the leaf's value for player p (int, |v| < 2**22)

Times are in milliseconds of a clock that may wrap (CircuitPython's ``supervisor.ticks_ms``
wraps at 2**29): ``ticks_diff`` compares them.
"""
from engine.core.protocol import CHANCE, TERMINAL
from engine.core.rng import Rng
from engine.core.ticks import ticks_diff  # noqa: F401  (also for the tests)

_MAX_STEPS = 400  # safety bound on the plies of one evaluation
SLICE = 8  # plies a think() of the blocking choose(): a frame's on the device (boards' cpu_work)
_EXACT = 1


_scratch = None  # the one scratch state, shared by every Search (one thinks at a time)
_owner = None  # the Search whose evaluation the scratch state holds


class Search:
    def __init__(self, hooks, max_actions=255, seed=1, clock=None):
        self.hooks = hooks
        self.max_actions = max_actions if max_actions < 256 else 255
        self.rng = Rng(seed)
        self.clock = clock  # a function returning ms (ticks), read after each ply
        self.sums = None  # per root action: made by the first begin(), grown for a larger root
        self.n = None
        self.flag = None
        self.order = None
        self.root = None
        self.acts = None
        self.count = 0
        self.done = True
        self.choice = None
        # parameters of the decision (set by begin)
        self.player = 0
        self.budget = 0
        self.horizon = 1
        self.noise = 0
        self.deadline = 0
        self.limited = False
        self.evals = 0
        self.cut = False  # the last decision was ended by its deadline
        # sequential halving: order[:alive] are the candidates, each wants target samples
        self.alive = 0
        self.target = 1
        self.cursor = 0
        # the evaluation in progress (cur: its root action, -1 none), kept across calls
        self.cur = -1
        self.stop = 0
        self.steps = 0
        self.chance = False
        self.hidden = False

    def let_go_scratch(self):
        """Drops the scratch state; the next decision makes a new one. The battle screens
        call it once the decision of a CPU playing a person is made (engine/ui/kit/thinker.py):
        the heap goes to the person's turn (a menu's code, a save), not to a state kept for
        later."""
        global _scratch, _owner
        _scratch = None
        _owner = None

    def begin(self, st, player, budget=100, horizon=1, noise=0, now_ms=None, limit_ms=0):
        """Start a decision of ``player`` in state ``st`` (not changed; keep it unchanged
        until best()). ``budget`` evaluations at most; ``limit_ms`` after ``now_ms`` (when
        both are given) the search stops where it is."""
        h = self.hooks
        self.root = st
        self.player = player
        self.budget = budget
        self.horizon = horizon
        self.noise = noise
        self.evals = 0
        self.cut = False
        self.cur = -1
        self.limited = now_ms is not None and limit_ms > 0
        if self.limited:
            self.deadline = now_ms + limit_ms
        acts = st.legal_actions()
        self.acts = acts
        n = len(acts)
        if n > self.max_actions:
            n = self.max_actions  # the first max_actions actions only (documented limit)
        self.count = n
        self.choice = acts[0] if n else None
        self.done = n <= 1
        if not self.done:
            q = h.quick(st)
            if q is not None:
                self.choice = q
                self.done = True
        if self.done:
            return
        global _scratch, _owner
        s = h.scratch(st, _scratch)
        if s is not _scratch:
            _owner = None
        _scratch = s
        if self.n is None or n > len(self.n):
            self._size(n)
        h.priors(st, acts, n, self.sums)
        for i in range(n):
            self.n[i] = 0
            self.flag[i] = 0
            self.order[i] = i
        self.alive = n
        self._rank()  # by the prior: the likeliest first, should the budget run out
        for i in range(n):
            self.sums[i] = 0
        self.target = 1
        self.cursor = 0

    def think(self, work, now_ms=None):
        """At most ``work`` plies of evaluation (setting one up, each action of its play-out
        and scoring its leaf count one each; an evaluation may span calls); True when the
        decision is made (forced, budget spent, deadline passed, or one candidate left).
        ``now_ms``: the clock now. The clock is read again after each ply."""
        if self.done:
            return True
        if now_ms is not None and self._late(now_ms):
            return self._finish()
        clock = self.clock
        while work > 0:
            if self.cur >= 0 and _owner is not self:
                self.cur = -1  # another search used the scratch state: set it up again
            if self.cur < 0:
                i = self._next()
                if i < 0:
                    return self._finish()
                self._start(i)
                work -= 1
                continue
            work -= self._play(work)
            if self.cut:  # the deadline passed in the middle of the evaluation
                return self._finish()
            if self.cur < 0:  # an evaluation ended
                self.evals += 1
                if self.evals >= self.budget:
                    return self._finish()
                if clock is not None and self._late(clock()):
                    return self._finish()
        return False

    def best(self):
        """The chosen action (while thinking: the best so far)."""
        if self.done:
            return self.choice
        return self._pick()

    def choose(self, st, player, budget=100, horizon=1, noise=0, limit_ms=0):
        """Blocking: begin, think until done, return the action (tools and tests). The clock
        is read before each slice of SLICE plies, as the screens give it each frame
        (engine/ui/kit/thinker.py): a long evaluation is cut at the deadline, not only after
        it ends."""
        clock = self.clock
        self.begin(st, player, budget, horizon, noise,
                   clock() if clock is not None else None, limit_ms)
        while not self.think(SLICE, clock() if clock is not None else None):
            pass
        return self.choice

    # --- internals -----------------------------------------------------------------------

    def _size(self, n):
        self.sums = None
        self.n = self.flag = self.order = None
        self.sums = [0] * n
        self.n = bytearray(n)
        self.flag = bytearray(n)
        self.order = bytearray(n)

    def _late(self, now):
        if self.limited and ticks_diff(now, self.deadline) >= 0:
            self.cut = True
            return True
        return False

    def _finish(self):
        self.cur = -1  # an evaluation cut short by the deadline counts nothing
        self.choice = self._pick()
        self.done = True
        return True

    def _wants(self, i):
        return self.n[i] < self.target and not self.flag[i] & _EXACT

    def _next(self):
        """The next candidate to sample under sequential halving (round-robin within a
        round, so a deadline leaves the candidates evenly sampled), or -1 when done."""
        order = self.order
        while True:
            while self.cursor < self.alive:
                i = order[self.cursor]
                self.cursor += 1
                if self._wants(i):
                    return i
            self.cursor = 0
            more = False
            for k in range(self.alive):
                if self._wants(order[k]):
                    more = True
            if more:
                continue
            # a round is over: rank, keep the better half, double the samples
            self._rank()
            if self.alive <= 1 or self.target >= 128:
                return -1
            if self.alive > 2:
                self.alive = (self.alive + 1) >> 1  # the last two share the budget left
            self.target <<= 1
            more = False
            for k in range(self.alive):
                if not self.flag[order[k]] & _EXACT:
                    more = True
            if not more:
                return -1

    def _mean(self, i):
        c = self.n[i]
        if c:
            return self.sums[i] // c
        return self.sums[i] - (1 << 29)  # not sampled yet: after every sampled one, by prior

    def _rank(self):
        """Insertion sort of order[:alive] by mean, best first (no allocation)."""
        order = self.order
        for k in range(1, self.alive):
            i = order[k]
            m = self._mean(i)
            j = k - 1
            while j >= 0 and self._mean(order[j]) < m:
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = i

    def _pick(self):
        best = -1
        best_v = 0
        noise = self.noise
        for k in range(self.alive):  # the candidates still in the race
            i = self.order[k]
            if not self.n[i]:
                continue
            v = self._mean(i)
            if noise:
                v += self.rng.below(noise)
            if best < 0 or v > best_v:
                best = i
                best_v = v
        return self.acts[best] if best >= 0 else self.acts[0]

    def _start(self, i):
        """Set up an evaluation of root action ``i`` on the scratch state."""
        global _owner
        h = self.hooks
        s = _scratch
        _owner = self
        s.copy_from(self.root)
        self.hidden = h.determinize(s, self.player, self.rng)
        h.apply(s, self.acts[i])
        self.stop = h.turn(self.root) + self.horizon
        self.chance = False
        self.steps = 0
        self.cur = i

    def _play(self, work):
        """Up to ``work`` plies of the evaluation in progress, then its leaf once the
        horizon or the end is reached; the plies done (at least one)."""
        h = self.hooks
        s = _scratch
        rng = self.rng
        stop = self.stop
        clock = self.clock if self.limited else None
        done = 0
        while done < work:
            done += 1
            who = s.to_act()
            if (who == TERMINAL or h.turn(s) >= stop or self.steps >= _MAX_STEPS
                    or (who == CHANCE and h.expects(s))):
                i = self.cur
                v = h.evaluate(s, self.player)
                if who == TERMINAL:  # a sooner win is better, a later loss less bad
                    v = v - self.steps if v > 0 else (v + self.steps if v < 0 else v)
                self.sums[i] += v
                self.n[i] += 1
                if not self.chance and (self.horizon <= 1 or not self.hidden):
                    self.flag[i] |= _EXACT
                self.cur = -1
                break
            if who == CHANCE:
                a = h.sample(s, rng)
                self.chance = True
            else:
                a = h.policy(s, rng)
            h.apply(s, a)
            self.steps += 1
            # the clock after every ply: a slice of long plies (Tactical Hex's moves) ends
            # at the deadline, not up to a slice later
            if clock is not None and self._late(clock()):
                break
        return done


class SearchPlayer:
    """A CPU player of one level that decides with a Search of its own and is the Search's
    hooks object too (one object: less memory on the device). Each ruleset's CpuPlayer
    derives from it and adds the hooks. ``levels[level]``: (evaluations a decision, horizon,
    time limit in device ms, noise); ``clock``: a ms clock (e.g. supervisor.ticks_ms) read to
    keep to the limit; ``speed``: how many times faster than the device this machine runs
    (the limit is divided by it); ``quick_code``: the module whose ``quick_action(st)`` takes
    the decisions that need no search (None where there is none to take; the hooks' quick()
    returns the same), so that a CPU put away between decisions takes them without its
    search's code (engine/ui/kit/thinker.py)."""

    def __init__(self, levels, level, seed, clock, speed, code=None, quick_code=None):
        self.level = level
        self.budget, self.horizon, self.limit, self.noise = levels[level]
        self.limit //= speed
        self.search = Search(self, 255, seed, clock)
        # how to make it again: the module of its code (``code``) and make_cpu's arguments
        # (a CPU level is made again for each of its decisions: kit/thinker.py)
        self.made = (code, level, seed, clock, speed)
        self.quick_code = quick_code

    def rngs(self):
        """The random generators whose states go on from one decision to the next: the
        search's (a ruleset adds its play-out policy's)."""
        return (self.search.rng,)

    def begin(self, st, now_ms=None):
        s = self.search
        if now_ms is None and s.clock is not None:
            now_ms = s.clock()
        s.begin(st, st.player, self.budget, self.horizon, self.noise, now_ms, self.limit)

    def think(self, work=8, now_ms=None):
        return self.search.think(work, now_ms)

    def best(self):
        return self.search.best()

    def choose(self, st):
        """Blocking (tools, tests): the decision of the player to act, or None at the end."""
        if st.to_act() == TERMINAL:
            return None
        return self.search.choose(st, st.player, self.budget, self.horizon, self.noise,
                                  self.limit)

