# SPDX-License-Identifier: MIT
"""engine/core/search.py on a toy game (it knows no Pocket-Tactics): deadlines with a fake
clock, the wrap-safe tick difference, forced moves, budgets, determinism, legality."""
from engine.core.protocol import CHANCE, TERMINAL
from engine.core.search import Search, SearchPlayer, ticks_diff

_WRAP = 1 << 29
_PLIES = 3  # work units of one Race evaluation at horizon 1: set-up, the die, the leaf


class Race:
    """Two runners; a player picks a stride 0-3, then a die: above the stride, the runner
    advances by it; else it slips back one. First to 10 wins. Stride 0 is always safe."""

    def __init__(self, only=None):
        self.pos = [0, 0]
        self.player = 0
        self.stride = -1  # >= 0: the die of that stride is to roll
        self.turn = 0
        self.only = only  # legal strides (None: all four)

    def copy_from(self, o):
        self.pos[:] = o.pos
        self.player = o.player
        self.stride = o.stride
        self.turn = o.turn
        self.only = o.only

    def to_act(self):
        if max(self.pos) >= 10:
            return TERMINAL
        return CHANCE if self.stride >= 0 else self.player

    def legal_actions(self):
        if self.stride >= 0:
            return [1, 2, 3, 4, 5, 6]
        return list(self.only) if self.only else [0, 1, 2, 3]

    def apply(self, a):
        assert a in self.legal_actions()
        if self.stride < 0:
            self.stride = a
            return
        p = self.player
        if a > self.stride:
            self.pos[p] += self.stride
        elif self.pos[p]:
            self.pos[p] -= 1
        self.stride = -1
        self.player = 1 - p
        self.turn += 1


class RaceHooks:
    def __init__(self):
        self.evaluated = 0

    def scratch(self, st, old):
        return old if old is not None and isinstance(old, Race) else Race()

    def determinize(self, s, p, rng):
        return False

    def quick(self, st):
        return None

    def priors(self, st, acts, n, out):
        for i in range(n):
            out[i] = 0  # no opinion: the listed order

    def turn(self, s):
        return s.turn

    def expects(self, s):
        return False

    def sample(self, s, rng):
        return rng.below(6) + 1

    def policy(self, s, rng):
        acts = s.legal_actions()
        return acts[rng.below(len(acts))]

    def apply(self, s, a):
        s.apply(a)

    def evaluate(self, s, p):
        self.evaluated += 1
        if s.pos[p] >= 10:
            return 1000
        if s.pos[1 - p] >= 10:
            return -1000
        return 100 * (s.pos[p] - s.pos[1 - p])


class FakeClock:
    """Advances ``step`` ms each time it is read, wrapping at 2**29 like supervisor."""

    def __init__(self, start, step):
        self.t = start
        self.step = step
        self.reads = 0

    def __call__(self):
        self.t = (self.t + self.step) & (_WRAP - 1)
        self.reads += 1
        return self.t


def test_ticks_diff_is_wrap_safe():
    assert ticks_diff(1500, 1000) == 500
    assert ticks_diff(1000, 1500) == -500
    assert ticks_diff(5, _WRAP - 5) == 10  # across the wrap
    assert ticks_diff(_WRAP - 5, 5) == -10
    assert ticks_diff(0, _WRAP - 1) == 1
    assert ticks_diff((1 << 28) - 1, 0) == (1 << 28) - 1


def _deadline_run(start):
    clock = FakeClock(start, 10)
    s = Search(RaceHooks(), seed=3, clock=clock)
    st = Race()
    s.begin(st, 0, budget=10000, now_ms=start, limit_ms=95)
    assert not s.think(3 * _PLIES)  # sliced: three evaluations' plies, not done
    assert s.evals == 3
    while not s.think(50):
        pass
    return s


def test_think_stops_at_the_deadline_with_a_fake_clock():
    s = _deadline_run(1000)
    # the clock is read after each ply (an evaluation here has one: its die) and after each
    # evaluation, 10 ms later at each reading: the deadline (95 ms) passes at the end of
    # the 5th; the search stops there
    assert s.evals == 5 and s.cut
    assert s.best() in (0, 1, 2, 3)


def test_deadline_across_the_clock_wrap():
    s = _deadline_run(_WRAP - 40)  # the deadline lies beyond the wrap
    assert s.evals == 5 and s.cut


def test_now_ms_past_the_deadline_stops_at_once():
    s = Search(RaceHooks(), seed=3)
    s.begin(Race(), 0, budget=10000, now_ms=_WRAP - 10, limit_ms=20)
    assert not s.think(2 * _PLIES, _WRAP - 1)  # 9 ms in: goes on
    assert s.think(2 * _PLIES, 15)  # 25 ms in, across the wrap: stops without evaluating
    assert s.evals == 2


def test_budget_bounds_the_evaluations():
    hooks = RaceHooks()
    s = Search(hooks, seed=1)
    s.begin(Race(), 0, budget=37)
    while not s.think(5):
        pass
    assert s.evals == 37 == hooks.evaluated


def test_the_root_statistics_are_made_for_the_first_root_and_grown_only_for_more():
    """A Search makes its per-action arrays at its first decision, as long as that root's
    actions (a CPU level is made again at each of its decisions on the device, so nothing
    sized for more than the root is made at its peak), and grows them only for a root with
    more actions."""
    s = Search(RaceHooks(), seed=1)
    assert s.n is None
    s.begin(Race(only=(0, 2, 3)), 0, budget=10)
    assert len(s.sums) == len(s.n) == len(s.flag) == len(s.order) == 3
    made = s.n
    s.begin(Race(only=(1, 2)), 0, budget=10)
    assert s.n is made
    s.begin(Race(), 0, budget=10)
    assert len(s.sums) == len(s.n) == 4
    while not s.think(5):
        pass
    assert s.best() in (0, 1, 2, 3)


def test_forced_move_returns_at_once():
    hooks = RaceHooks()
    s = Search(hooks)
    s.begin(Race(only=(2,)), 0, budget=100)
    assert s.think(1)
    assert s.best() == 2 and s.evals == 0 and hooks.evaluated == 0


def test_choice_is_legal_deterministic_and_leaves_the_root_alone():
    for seed in range(5):
        st = Race(only=(0, 2, 3))
        st.pos[:] = [seed, 3]
        a = Search(RaceHooks(), seed=seed).choose(st, 0, budget=60, horizon=2)
        b = Search(RaceHooks(), seed=seed).choose(st, 0, budget=60, horizon=2)
        assert a == b and a in (0, 2, 3)
        assert st.pos == [seed, 3] and st.stride == -1 and st.turn == 0


def test_sure_win_is_found():
    st = Race()
    st.pos[:] = [9, 9]
    # stride 0 never advances; stride 1 wins unless the die shows 1; 3 wins on 4-6 only
    assert Search(RaceHooks(), seed=2).choose(st, 0, budget=200) == 1


class CountingHooks(RaceHooks):
    """Counts the actions applied to the scratch state."""

    def __init__(self):
        RaceHooks.__init__(self)
        self.applied = 0

    def apply(self, s, a):
        self.applied += 1
        s.apply(a)


def test_a_slice_is_bounded_in_plies_whatever_the_horizon():
    hooks = CountingHooks()
    s = Search(hooks, seed=4)
    s.begin(Race(), 0, budget=50, horizon=30)  # a play-out of up to 30 turns (60 plies)
    for work in (1, 2, 5):
        before = hooks.applied
        assert not s.think(work)
        assert hooks.applied - before <= work  # never more actions than the slice allows
    assert s.evals == 0  # the first evaluation is still under way across the slices


def test_slicing_does_not_change_the_choice():
    for seed in range(4):
        st = Race(only=(0, 1, 2, 3))
        st.pos[:] = [seed, 4]
        whole = Search(RaceHooks(), seed=seed)
        whole.begin(st, 0, budget=40, horizon=3)
        while not whole.think(10000):
            pass
        fine = Search(RaceHooks(), seed=seed)
        fine.begin(st, 0, budget=40, horizon=3)
        slices = 0
        while not fine.think(1):
            slices += 1
        assert slices > 40 * 3  # one ply a call: many more calls than evaluations
        assert fine.best() == whole.best() and fine.sums == whole.sums and fine.evals == 40


def test_a_deadline_mid_evaluation_stops_at_the_next_slice():
    s = Search(RaceHooks(), seed=5)
    s.begin(Race(), 0, budget=1000, horizon=20, now_ms=100, limit_ms=50)
    assert not s.think(1, 120)
    assert not s.think(1, 140)  # an evaluation under way
    assert s.think(1, 151)  # past the deadline: stops, the unfinished evaluation dropped
    assert s.evals == 0 and s.best() in (0, 1, 2, 3)


class StandStillHooks(RaceHooks):
    """Play-outs that never end the race: every runner takes the safe stride 0."""

    def policy(self, s, rng):
        return 0


class StandStillPlayer(SearchPlayer, StandStillHooks):
    pass


def test_a_blocking_choice_is_cut_by_its_deadline_mid_evaluation():
    # choose() (the tools' and the tests' way) reads the clock before each slice, as the
    # screens do each frame: a play-out longer than the time left (100 turns, 200 plies)
    # ends the decision at the deadline, not when the play-out is over
    clock = FakeClock(0, 30)  # begin reads 30: the deadline is 80
    s = Search(StandStillHooks(), seed=6, clock=clock)
    s.choose(Race(), 0, budget=100, horizon=100, limit_ms=50)
    assert s.cut and s.evals == 0 and clock.reads == 3  # 60: a slice; 90: past it, stop
    # the CPU players' blocking choose() does the same
    clock = FakeClock(0, 30)
    p = StandStillPlayer({"lvl": (100, 100, 50, 0)}, "lvl", 6, clock, 1)
    assert p.choose(Race()) in (0, 1, 2, 3)
    assert p.search.cut and p.search.evals == 0 and clock.reads == 3


class CountingStandStill(StandStillHooks, CountingHooks):
    pass


def test_a_slice_ends_at_the_ply_that_passes_the_deadline():
    # a frame's slice of plies (Tactical Hex's can take long each) ends at the first ply
    # past the deadline, not at the end of the slice: the clock is read after every ply
    clock = FakeClock(0, 10)
    hooks = CountingStandStill()
    s = Search(hooks, seed=7, clock=clock)
    s.begin(Race(), 0, budget=100, horizon=100, now_ms=0, limit_ms=45)
    assert s.think(1000)  # one slice of up to 1000 plies: done at the deadline
    # the root action, then four plies read 10..40 ms, the fifth 50: past 45, stop
    assert s.cut and s.evals == 0 and clock.reads == 5 and hooks.applied == 6


class StartHooks(RaceHooks):
    """Counts the evaluations set up (determinize is called once for each)."""

    def __init__(self):
        RaceHooks.__init__(self)
        self.started = 0

    def determinize(self, s, p, rng):
        self.started += 1
        return False


def test_another_search_on_the_scratch_state_restarts_the_evaluation():
    ha = StartHooks()
    a = Search(ha, seed=1)
    b = Search(RaceHooks(), seed=2)
    st = Race()
    a.begin(st, 0, budget=5, horizon=10)
    a.think(3)  # a's first evaluation is under way on the shared scratch state
    assert ha.started == 1 and a.evals == 0
    b.begin(st, 0, budget=5, horizon=10)
    while not b.think(7):
        pass
    while not a.think(7):
        pass
    # b played on the scratch state in between: a set its evaluation up again from its
    # root rather than going on from b's position
    assert a.evals == 5 and b.evals == 5
    assert ha.started == 6 and ha.evaluated == 5


class Corridor:
    """Player 0 stands ``left`` steps from a goal: action 0 takes one step, action 1 (while
    within ``reach``) jumps onto it; player 1 can only wait. Reaching the goal wins. No
    dice: every evaluation is exact."""

    def __init__(self, left=4, reach=4):
        self.left = left
        self.reach = reach
        self.player = 0
        self.turn = 0

    def copy_from(self, o):
        self.left, self.reach, self.player, self.turn = o.left, o.reach, o.player, o.turn

    def to_act(self):
        return TERMINAL if self.left <= 0 else self.player

    def legal_actions(self):
        if self.player == 1:
            return [0]
        return [0, 1] if self.left <= self.reach else [0]

    def apply(self, a):
        if self.player == 0:
            self.left = 0 if a == 1 else self.left - 1
        self.player = 1 - self.player
        self.turn += 1


class CorridorHooks(RaceHooks):
    def __init__(self, prior=None):
        RaceHooks.__init__(self)
        self.prior = prior  # {action: prior}
        self.tried = []

    def scratch(self, st, old):
        return old if isinstance(old, Corridor) else Corridor()

    def priors(self, st, acts, n, out):
        for i in range(n):
            out[i] = self.prior.get(acts[i], 0) if self.prior else 0

    def policy(self, s, rng):
        return 0  # the play-outs only ever step

    def apply(self, s, a):
        if s.turn == self.root_turn and s.player == 0:
            self.tried.append(a)
        s.apply(a)

    def evaluate(self, s, p):
        return (1000 if s.left <= 0 else -10 * s.left) if p == 0 else 0


def test_a_win_now_is_preferred_to_a_win_later():
    # both actions win within the horizon; listed first, the step wins three plies later
    # than the jump: the sooner win scores higher (the plies it took count against it)
    hooks = CorridorHooks()
    hooks.root_turn = 0
    st = Corridor(left=2)
    assert Search(hooks, seed=1).choose(st, 0, budget=50, horizon=10) == 1


def test_the_prior_orders_the_first_tries_when_the_budget_is_short():
    # one evaluation only: the action the prior ranks first is the one tried (and chosen),
    # whatever the listed order
    for prior, first in (({0: 5, 1: 1}, 0), ({0: 1, 1: 5}, 1)):
        hooks = CorridorHooks(prior)
        hooks.root_turn = 0
        st = Corridor(left=8, reach=8)
        s = Search(hooks, seed=1)
        assert s.choose(st, 0, budget=1, horizon=1) == first
        assert hooks.tried == [first]
