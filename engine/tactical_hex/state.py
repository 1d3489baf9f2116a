# SPDX-License-Identifier: MIT
"""The Tactical Hex game state and the protocol of docs/ARCHITECTURE.md (RULES part B).

All of a game lives in small ints and bytearrays. ``phase`` selects a row of PHASES: the
deployment and the turn's frame (initiative, impulses, reset, victory) are here; the
activations (move, fire, opportunity fire) are in activation.py, the combat step (engagements
and hits) in melee.py.
"""
from engine.core.game import GameState
from engine.core.rng import Rng

from . import activation, melee
from . import tables as T
from .consts import (F_MOVED, F_SPENT, F_SWITCHED, JAPAN, K_DEPLOY, K_DONE, K_RESTORE,
                     K_SWITCH, NONE, OFF, PH_DEPLOY, PH_INIT, PH_INIT2, PH_OVER, PH_RESET,
                     RUSSIA, action, kind_of, x_of, y_of)
from .counters import dies_of_hit, is_special, side_of
from .geometry import mark_next
from .setup import deploy_hexes, initiative

N = T.N_COUNTERS
_DIE = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))
ARRAYS = ("cell", "u_hex", "u_face", "u_flag", "roll")
FIELDS = ("phase", "player", "turn", "first", "phasing", "acts", "declines", "mover", "mp",
           "must_stop", "target", "fire_str", "mg", "hits_att", "hits_def", "hit_side",
           "restored", "next_deploy", "impulses", "result", "version", "_legal")


def _die(st):
    return list(_DIE)


def _legal_deploy(st, out):
    u = st.next_deploy
    faces = (0, 1) if is_special(u) else (0,)
    for h in deploy_hexes(side_of(u), st.side_at):
        for f in faces:
            out.append(action(K_DEPLOY, h, f))


def _apply_deploy(st, a):
    st.deploy(x_of(a), y_of(a))


def _apply_init(st, d):
    st.roll[0] = d
    st.phase = PH_INIT2


def _apply_init2(st, d):
    st.roll[1] = d
    first = initiative(st.roll[0], d)
    if first < 0:
        st.phase = PH_INIT  # B3.1: a tie, both roll again
    else:
        st.first = first
        st.start_impulse(first)


def _legal_reset(st, out):
    p = st.player
    if not st.restored & (1 << p):
        for u in st.units(p):
            if st.u_face[u] == 1 and not is_special(u):
                out.append(action(K_RESTORE, u))
    if p == JAPAN:
        for u in st.units(p):
            if is_special(u) and not st.u_flag[u] & F_SWITCHED:
                out.append(action(K_SWITCH, u))
    out.append(action(K_DONE))


def _apply_reset(st, a):
    k = kind_of(a)
    u = x_of(a)
    if k == K_RESTORE:
        st.u_face[u] = 0
        st.restored |= 1 << st.player
    elif k == K_SWITCH:
        st.u_face[u] ^= 1
        st.u_flag[u] |= F_SWITCHED
    else:
        st.reset_from(st.player + 1)
        return
    out = []
    _legal_reset(st, out)
    if len(out) == 1:  # nothing left to choose
        st.reset_from(st.player + 1)


# phase -> (is chance, legal(st, out) or outcomes(st), apply(st, action), rule, name)
PHASES = (
    (False, _legal_deploy, _apply_deploy, "B2", "deployment"),
    (True, _die, _apply_init, "B3.1", "Japan's initiative die"),
    (True, _die, _apply_init2, "B3.1", "Russia's initiative die"),
    (False, activation.legal_act, activation.apply_act, "B3.2", "activation"),
    (False, activation.legal_move, activation.apply_move, "B4", "move"),
    (False, activation.legal_opfire, activation.apply_opfire, "B6", "opportunity fire"),
    (True, _die, activation.apply_fire_die, "B6", "fire die"),
    (True, _die, activation.apply_sustain_die, "B6", "sustained-fire die"),
    (False, melee.legal_combat, melee.apply_combat, "B7", "combat"),
    (True, _die, melee.apply_melee_die, "B7", "combat die"),
    (False, melee.legal_hits, melee.apply_hit, "B8", "hits"),
    (False, _legal_reset, _apply_reset, "B3.7", "reset"),
    (False, None, None, "B9", "game over"),
)


class State(GameState):
    PHASES = PHASES
    OVER = PH_OVER
    END_RULE = "B9"
    ARRAYS = ARRAYS
    FIELDS = FIELDS

    def __init__(self, seed=1):
        self.rng = Rng(seed)
        self.cell = bytearray(b"\xff" * (T.MAP_W * T.MAP_H))  # the unit at rest on a hex
        self.u_hex = bytearray(b"\xff" * N)  # NONE until deployed, OFF once eliminated
        self.u_face = bytearray(N)  # 0 front, 1 back (damaged, or the cavalry side)
        self.u_flag = bytearray(N)
        self.roll = bytearray(2)  # this turn's initiative dice, Japan's and Russia's
        self._zoc = bytearray(T.MAP_W * T.MAP_H)  # enemy_next's buffer
        self.phase = PH_DEPLOY
        self.next_deploy = 0
        self.player = side_of(0)
        self.turn = 0
        self.first = JAPAN
        self.phasing = JAPAN
        self.acts = 0  # activations used in this impulse
        self.declines = 0  # impulses in a row with no activation
        self.mover = NONE
        self.mp = 0
        self.must_stop = 0
        self.target = NONE  # the fire's target
        self.fire_str = 0
        self.mg = NONE  # the MG making opportunity fire
        self.hits_att = 0
        self.hits_def = 0
        self.hit_side = 0  # PH_HITS: 0 the attackers take the hit, 1 the defenders
        self.restored = 0  # bit per side: restored a counter in this reset
        self.impulses = 0  # impulses begun in the game (the CPU's search horizon counts them)
        self.result = NONE
        self.version = 0  # counts applied actions
        self._legal = None

    # --- protocol (engine/core/game.py; these are Tactical Hex's own) --------------------

    def chance_is_die(self):
        return PHASES[self.phase][0]

    def side_name(self, p):
        return "Japan" if p == JAPAN else "Russia"

    def encode(self):
        from .encoding import encode  # loaded when a state is first encoded

        return encode(self)

    # --- the map -------------------------------------------------------------------------

    def side_at(self, h):
        """The side of the unit at rest on hex ``h``, or -1."""
        u = self.cell[h]
        return -1 if u == NONE else side_of(u)

    def enemy_next(self, side):
        """movement.enemy_next from the units at rest (18 counters, not 108 hexes), in one
        buffer of the state, overwritten by the next call (nothing allocated)."""
        z = self._zoc
        for i in range(len(z)):
            z[i] = 0
        for u in range(N):
            h = self.u_hex[u]
            if h < OFF and side_of(u) != side and self.cell[h] == u:
                mark_next(z, h)
        return z

    def occupied(self, h):
        """A unit stands on hex ``h``: at rest, or moving through it (RULES B6: it blocks
        the sight of a sustained fire at another target)."""
        return self.cell[h] != NONE or self.mover != NONE and self.u_hex[self.mover] == h

    def on_map(self, u):
        return self.u_hex[u] < OFF

    def units(self, side):
        """``side``'s counters on the map."""
        out = []
        for u in range(N):
            if self.u_hex[u] < OFF and side_of(u) == side:
                out.append(u)
        return out

    def count(self, side):
        n = 0
        for u in range(N):
            if self.u_hex[u] < OFF and side_of(u) == side:
                n += 1
        return n

    def hit(self, u):
        """One hit on ``u`` (B8): flip it, or eliminate it."""
        if dies_of_hit(u, self.u_face[u]):
            h = self.u_hex[u]
            if self.cell[h] == u:
                self.cell[h] = NONE
            self.u_hex[u] = OFF
            self.u_flag[u] = 0
        else:
            self.u_face[u] = 1

    # --- flow ----------------------------------------------------------------------------

    def deploy(self, h, face):
        """B2: the next counter goes on hex ``h``, side ``face`` up."""
        u = self.next_deploy
        self.cell[h] = u
        self.u_hex[u] = h
        self.u_face[u] = face
        u += 1
        self.next_deploy = u
        if u < N:
            self.player = side_of(u)
        else:
            self.begin_turn()

    def begin_turn(self):
        if self.turn == T.TURNS:
            self.finish_at_time()
            return
        self.turn += 1
        self.phase = PH_INIT

    def start_impulse(self, p):
        """B3.2/3.4: side ``p`` activates, or declines at once when it has no unspent
        counter (then it has no combat step either: only unspent or moving units attack)."""
        self.phasing = p
        self.acts = 0
        self.impulses += 1
        for u in range(N):
            if self.u_hex[u] < OFF and side_of(u) == p and not self.u_flag[u] & F_SPENT:
                activation.begin(self)
                return
        self.end_impulse()

    def end_impulse(self):
        """After the combat step: the other side's impulse, or the reset when every unit is
        spent or both sides declined in a row (B3.6)."""
        if self.acts:
            self.declines = 0
        else:
            self.declines += 1
        spent = True
        for u in range(N):
            self.u_flag[u] &= ~F_MOVED
            if self.u_hex[u] < OFF and not self.u_flag[u] & F_SPENT:
                spent = False
        if spent or self.declines >= 2:
            self.reset_from(JAPAN)
        else:
            self.start_impulse(1 - self.phasing)

    def reset_from(self, p):
        """B3.7: side ``p`` (then the next) makes its reset choices; a side with none is
        passed over. Then every counter is unspent and the next turn begins."""
        while p <= RUSSIA:
            self.phase = PH_RESET
            self.player = p
            out = []
            _legal_reset(self, out)
            if len(out) > 1:
                return
            p += 1
        for u in range(N):
            self.u_flag[u] = 0
        self.restored = 0
        self.declines = 0
        self.begin_turn()

    def check_victory(self):
        """B9 ruling: a side with VICTORY_UNITS or fewer on the map loses at once; when both
        do together, the side second in this turn's initiative wins. True if it is over."""
        lose_j = self.count(JAPAN) <= T.VICTORY_UNITS
        lose_r = self.count(RUSSIA) <= T.VICTORY_UNITS
        if lose_j and lose_r:
            self.finish(1 - self.first)
        elif lose_j or lose_r:
            self.finish(RUSSIA if lose_j else JAPAN)
        else:
            return False
        return True

    def finish_at_time(self):
        """RULINGS.md B9: when the last turn is over and no side has fallen, the side that
        holds out (scenario data: Japan, holding the line) wins."""
        self.finish(T.HOLDS_OUT)

    def finish(self, result):
        self.result = result
        self.phase = PH_OVER
        self.mover = NONE


def start(config, seed):
    """A game at its start from a record's or a save's ``config`` bytes (none: the postcard
    has one scenario) and ``seed``; DecodeError for config bytes."""
    if config:
        from engine.core.protocol import DecodeError

        raise DecodeError("a Tactical Hex game has no config")
    return State(seed)
